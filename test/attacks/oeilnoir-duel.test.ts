/**
 * Attacks on L'Œil Noir's duel card, each made by a player's client of the double against the real code (issue 12):
 * the card's author rewrites the numbers and ids the GM's client acts on (the defender's parry value, the weapon a
 * master parry tests), and a helper sends an unbounded healer's value past the rescue dialog.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DoubleActor, resetFoundryDouble } from "../double/index.ts";
import { DoubleChatMessage, addUser, asClient, installClients, useRealTemplates } from "../double/shared-core.ts";
import { registerChatHooks, registerCardAction } from "../../src/foundry/chat/index.ts";
import { CARD_ACTION_KIND, requestCardAction } from "../../src/foundry/chat/actions.ts";
import { registerRelay, relayToGM } from "../../src/foundry/relay/index.ts";
import { registerDamage } from "../../src/foundry/damage/index.ts";
import type { CardState } from "../../src/foundry/chat/types.ts";
import { ACTOR_MODELS, ITEM_MODELS } from "../../src/foundry/oeilnoir/models.ts";
import { OEILNOIR_CARD_ACTIONS, rescueCardFor, setRescuePrompt } from "../../src/foundry/oeilnoir/actions.ts";
import { performAttack } from "../../src/foundry/oeilnoir/launch.ts";
import { duelOf, type DuelData } from "../../src/foundry/oeilnoir/duel.ts";
import { setDiceRoller } from "../../src/foundry/oeilnoir/roll.ts";
import { installEffectsDouble } from "../double/effects.ts";
import { cardOf, rewriteCard } from "../cards.ts";

let alrik: DoubleActor;
let bruna: DoubleActor;
let orc: DoubleActor;
let queue: number[][] = [];

const dice = (...rolls: number[][]) => (queue = rolls.map((r) => [...r]));
const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
const duel = (m: DoubleChatMessage) => duelOf(stored(m));
const sword = (a: DoubleActor) => a.items.get("epee")?.system as unknown as { breakage: number; broken: boolean };

/** The card's author rewrites its duel data from the console (Foundry lets the author update the message). */
async function forge(m: DoubleChatMessage, user: string, change: (d: DuelData) => DuelData): Promise<void> {
  const card = structuredClone(stored(m));
  const data = card.data as unknown as { duel: DuelData };
  data.duel = change(structuredClone(data.duel));
  await asClient(user, () => rewriteCard(m, card));
}

const weapon = (breakage: number) => ({
  _id: "epee",
  name: "Épée",
  type: "on-arme-melee",
  system: { skill: "epees", pi: { dice: 1, bonus: 3 }, piFo: { threshold: 11, step: 4 }, breakage },
});

beforeEach(async () => {
  installClients(resetFoundryDouble({ lang: "fr" }));
  useRealTemplates("fr");
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  registerRelay();
  registerChatHooks();
  registerDamage();
  registerCardAction(...OEILNOIR_CARD_ACTIONS);
  setDiceRoller(async (formula) => {
    const faces = queue.shift();
    if (!faces) throw new Error(`no scripted dice for ${formula}`);
    return { faces, total: faces.reduce((a, b) => a + b, 0), roll: null };
  });
  setRescuePrompt(async (config) => ({
    values: { skill: Number(config.inputs.find((i) => i.name === "skill")?.initial), modifier: 0 },
    rollMode: "publicroll",
  }));
  const hero = (id: string, name: string, owner: string, IN: number) => ({
    _id: id,
    name,
    type: "heros",
    ownership: { default: 0, [owner]: 3 },
    system: {
      qualities: { CO: 12, IN, AG: 14, FO: 13, DE: 12, CN: 13 },
      ev: { value: 30, max: 30 },
      skills: { epees: { points: 10, toAttack: 6 } },
    },
    items: [weapon(1)],
  });
  alrik = await DoubleActor.create(hero("alrik", "Alrik", "player1", 13));
  bruna = await DoubleActor.create(hero("bruna", "Bruna", "player2", 14));
  orc = await DoubleActor.create({
    _id: "orc",
    name: "Orc",
    type: "adversaire",
    system: { at: 12, prd: 9, iniBase: 9, pi: { dice: 1, bonus: 4 }, pr: 2, cn: 14, ev: { value: 28, max: 28 } },
  });
  Object.assign(addUser("player2"), { character: bruna });
});

afterEach(() => {
  setDiceRoller(null);
  setRescuePrompt(null);
});

describe("attack: the attacker's player rewrites the parry the GM rolls", () => {
  async function alrikAttacksOrc(): Promise<DoubleChatMessage> {
    dice([4]);
    const m = (await asClient("player1", () =>
      performAttack(alrik as never, { weaponId: "epee", target: orc as never }),
    )) as unknown as DoubleChatMessage;
    expect(duel(m)?.stage).toBe("awaitParry");
    return m;
  }

  it("a parry value far below the defender's own PRD is not used: the GM rolls against the orc's PRD 9", async () => {
    const m = await alrikAttacksOrc();
    await forge(m, "player1", (d) => ({ ...d, defender: { ...d.defender!, prd: -50 } }));
    dice([5]);
    const r = await asClient("gm", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(r.status).toBe("applied");
    expect(duel(m)).toMatchObject({ stage: "parried", parry: { d20: 5, value: 9, success: true } });
  });

  it("a declared situation no attack dialog can build is refused, nothing rolled", async () => {
    const m = await alrikAttacksOrc();
    await forge(m, "player1", (d) => ({ ...d, defender: { ...d.defender!, situation: { prd: 40, dodge: 40 } } }));
    dice([5]);
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.parry"))).status).toBe("invalid");
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.dodge"))).status).toBe("invalid");
    expect(duel(m)?.stage).toBe("awaitParry");
  });

  it("a free attack's parry penalty beyond the fumble tables' is refused", async () => {
    const m = await alrikAttacksOrc();
    await forge(m, "player1", (d) => ({ ...d, free: { parryPenalty: 30, unparryable: false, attackModifier: 0 } }));
    dice([5]);
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.parry"))).status).toBe("invalid");
    expect(duel(m)?.stage).toBe("awaitParry");
  });

  it("a master parry never breaks a weapon that is not the attacker's (another player's sword)", async () => {
    const m = await alrikAttacksOrc();
    const bruneSword = `${bruna.uuid}.Item.epee`;
    await forge(m, "player1", (d) => ({ ...d, attacker: { ...d.attacker, weaponUuid: bruneSword, breakage: 12 } }));
    dice([1], [6, 6]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(sword(bruna)).toMatchObject({ breakage: 1, broken: false });
  });

  it("honest path: the card as rolled is parried, and a master parry tests the attacker's own sword", async () => {
    const m = await alrikAttacksOrc();
    dice([1], [5, 6]);
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.parry"))).status).toBe("applied");
    expect(duel(m)).toMatchObject({ stage: "parried", breakage: { factor: 2, broken: false } });
    expect(sword(alrik).breakage).toBe(2);
    expect(sword(bruna).breakage).toBe(1);
  });
});

describe("attack: an unbounded healer's value in a rescue", () => {
  /** The orc strikes Alrik (no armour) for 10 PI from 3 EV: −7, dying; a rescue is 14 harder. */
  async function strikeDown(): Promise<DoubleChatMessage> {
    await alrik.update({ "system.ev.value": 3 });
    dice([2]);
    const m = (await asClient("gm", () =>
      performAttack(orc as never, { target: alrik as never }),
    )) as unknown as DoubleChatMessage;
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.damage"));
    dice([3]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    return m;
  }

  it("a value of 1000 sent past the dialog is not used: the GM reads the healer's own", async () => {
    const m = await strikeDown();
    dice([19], [2]);
    // Player 2's console sends the request the dialog would have, with a healer's value of 1000.
    await asClient("player2", () =>
      relayToGM(CARD_ACTION_KIND, {
        messageId: m.id,
        action: "oeilnoir.rescue",
        args: { attempt: 0, healerUuid: bruna.uuid, healerName: "Bruna", skill: 1000, modifier: 0 },
      }),
    );
    const attempt = duel(m)?.rescue?.[0];
    // Bruna's IN 14, minus 2 × 7 points below 0: 0; a 19 fails (with 1000 it would have saved him).
    expect(attempt?.skill).toBe(14);
    expect(attempt?.test.success).toBe(false);
  });

  it("a forged duel card with malformed rescue data breaks no dying character's sheet on any client", async () => {
    const m = await strikeDown();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const rescue of [5, [null], "x"]) {
      const card = structuredClone(stored(m));
      card.rollerId = "player2";
      (card.data as unknown as { duel: Record<string, unknown> }).duel.rescue = rescue;
      await asClient("player2", () => DoubleChatMessage.create({ flags: { quintette: { card } } }));
    }
    for (const userId of ["gm", "player1", "player2"]) {
      const found = await asClient(userId, async () => rescueCardFor(alrik.uuid));
      expect(found).toEqual({ messageId: m.id, attempt: 0 });
    }
  });

  it("a forged modifier beyond the rule's bounds is refused", async () => {
    const m = await strikeDown();
    dice([10], [2]);
    const r = await asClient("player2", () =>
      relayToGM(CARD_ACTION_KIND, {
        messageId: m.id,
        action: "oeilnoir.rescue",
        args: { attempt: 0, healerUuid: bruna.uuid, healerName: "Bruna", skill: 14, modifier: -500 },
      }),
    );
    expect(r.status).not.toBe("applied");
    expect(duel(m)?.rescue ?? []).toHaveLength(0);
  });

  it("honest path: the helper's dialog value, remembered on the healer, is the one rolled", async () => {
    const m = await strikeDown();
    setRescuePrompt(async () => ({ values: { skill: 25, modifier: 0 }, rollMode: "publicroll" }));
    // 25 − 14 = 11: a 9 saves him.
    dice([9]);
    const r = await asClient("player2", () => requestCardAction(m.id, "oeilnoir.rescue", { attempt: 0 }));
    expect(r.status).toBe("applied");
    expect(duel(m)?.rescue?.[0]).toMatchObject({ skill: 25, test: { success: true } });
  });
});

describe("attack: the fumbler's player reopens the free attack already taken", () => {
  it("the GM's second click links the free-attack card already posted: no second card, no new roll", async () => {
    dice([20], [2]);
    const m = (await asClient("player1", () =>
      performAttack(alrik as never, { weaponId: "epee", target: orc as never }),
    )) as unknown as DoubleChatMessage;
    expect(duel(m)?.fumble?.freeAttack).toBeTruthy();
    dice([8]);
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.freeAttack"))).status).toBe("applied");
    const first = duel(m)?.fumble?.freeAttack?.messageId;
    const count = game.messages?.size ?? 0;
    // The author clears the link and the done list: the button shows again, and the GM clicks it.
    await forge(m, "player1", (d) => ({
      ...d,
      fumble: { ...d.fumble!, freeAttack: { ...d.fumble!.freeAttack!, messageId: null } },
    }));
    const cleared = { ...structuredClone(stored(m)), done: [] };
    await asClient("player1", () => rewriteCard(m, cleared));
    dice([3]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.freeAttack"));
    expect(game.messages?.size ?? 0).toBe(count);
    expect(duel(m)?.fumble?.freeAttack?.messageId).toBe(first);
  });
});

describe("attack: the card's author clears a fumble check to have it rolled again", () => {
  const prone = (a: DoubleActor) => (a as unknown as { statuses?: Set<string> }).statuses?.has("prone") ?? false;
  beforeEach(() => {
    // Foundry's status effects on actors (the double's opt-in part), with the core "prone" status.
    installEffectsDouble();
    CONFIG.statusEffects = [{ id: "prone", name: "Prone", img: "" }] as typeof CONFIG.statusEffects;
  });

  it("the GM's second click gives the stored answer: the orc who kept his feet does not fall", async () => {
    dice([4]);
    const m = (await asClient("player1", () =>
      performAttack(alrik as never, { weaponId: "epee", target: orc as never }),
    )) as unknown as DoubleChatMessage;
    // The orc's parry: a 20, then a 6 on the parry fumble table (he stumbles: a check or he falls).
    dice([20], [6]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(duel(m)?.fumble).toMatchObject({ key: "trebuche", who: "defender" });
    dice([1]);
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.fumbleCheck"))).status).toBe("applied");
    expect(duel(m)?.fumble?.check?.result?.success).toBe(true);
    expect(prone(orc)).toBe(false);
    // Alrik's player clears the check's result and the done list: the button shows again, and the GM clicks it.
    await forge(m, "player1", (d) => ({
      ...d,
      fumble: { ...d.fumble!, check: { ...d.fumble!.check!, result: null } },
    }));
    const cleared = { ...structuredClone(stored(m)), done: [] };
    await asClient("player1", () => rewriteCard(m, cleared));
    dice([20]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.fumbleCheck"));
    expect(prone(orc)).toBe(false);
    expect(duel(m)?.fumble?.check?.result).toMatchObject({ d20: 1, success: true });
  });
});
