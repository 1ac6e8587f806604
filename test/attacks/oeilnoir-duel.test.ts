/**
 * Attacks on L'Œil Noir's duel card, each made by a player's client of the double against the real code (issue 12):
 * the card's author rewrites the numbers and ids the GM's client acts on (the defender's parry value, the weapon a
 * master parry tests), and a helper sends an unbounded healer's value past the rescue dialog.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { DoubleChatMessage, asClient, targetsOf } from "../double/shared-core.ts";
import { CARD_ACTION_KIND, requestCardAction } from "../../src/foundry/chat/actions.ts";
import { relayToGM } from "../../src/foundry/relay/index.ts";
import { rescueCardFor } from "../../src/foundry/oeilnoir/actions.ts";
import { performAttack } from "../../src/foundry/oeilnoir/launch.ts";
import type { DuelData } from "../../src/foundry/oeilnoir/duel.ts";
import { OPEN_PER_USER, recordOf } from "../../src/foundry/oeilnoir/duel-store.ts";
import { installEffectsDouble } from "../double/effects.ts";
import { rewriteCard } from "../cards.ts";
import {
  SWORD,
  answerRescue,
  dice,
  duel,
  orcStrikesAlrik,
  player,
  setupWorld,
  stored,
  teardownWorld,
} from "../worlds/oeilnoir.ts";

let alrik: DoubleActor;
let bruna: DoubleActor;
let orc: DoubleActor;

/** The GM's record of an open duel (null when none, or finished). */
const held = (m: DoubleChatMessage) => {
  const r = recordOf(m.id);
  return r === "done" ? null : r;
};
const sword = (a: DoubleActor) => a.items.get("epee")?.system as unknown as { breakage: number; broken: boolean };

/** The card's author rewrites its duel data from the console (Foundry lets the author update the message). */
async function forge(m: DoubleChatMessage, user: string, change: (d: DuelData) => DuelData): Promise<void> {
  const card = structuredClone(stored(m));
  const data = card.data as unknown as { duel: DuelData };
  data.duel = change(structuredClone(data.duel));
  await asClient(user, () => rewriteCard(m, card));
}

beforeEach(async () => {
  // Alrik with his sword only; Bruna, player2's character, a swordswoman with the same sword.
  ({ alrik, bruna, orc } = await setupWorld({
    alrik: { items: [SWORD] },
    bruna: {
      system: {
        qualities: { CO: 12, IN: 14, AG: 14, FO: 13, DE: 12, CN: 13 },
        ev: { value: 30, max: 30 },
        skills: { epees: { points: 10, toAttack: 6 } },
      },
      items: [SWORD],
    },
  }));
  player("player2", bruna);
});

afterEach(teardownWorld);

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

  it("a free attack's parry penalty written on a player's card is not used: the GM rolls against the orc's PRD", async () => {
    const m = await alrikAttacksOrc();
    await forge(m, "player1", (d) => ({ ...d, free: { parryPenalty: 30, unparryable: false, attackModifier: 0 } }));
    dice([5]);
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.parry"))).status).toBe("applied");
    // Parried: the duel is over, the GM's record a tombstone; the card shows what the GM's client wrote.
    expect(duel(m)).toMatchObject({ stage: "parried", parry: { value: 9, success: true } });
    expect(recordOf(m.id)).toBe("done");
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

describe("attack 3 (issue 22): the attacker's player rewrites the duel's phase and damage", () => {
  const ev = (a: DoubleActor) => (a.system as unknown as { ev: { value: number } }).ev.value;

  async function alrikAttacksOrc(): Promise<DoubleChatMessage> {
    dice([4]);
    return (await asClient("player1", () =>
      performAttack(alrik as never, { weaponId: "epee", target: orc as never }),
    )) as unknown as DoubleChatMessage;
  }

  it("awaitParry rewritten to damaged with 40 PI: the GM's Apply hit changes nothing (the orc keeps 28 EV)", async () => {
    const m = await alrikAttacksOrc();
    await forge(m, "player1", (d) => ({ ...d, stage: "damaged", damage: { faces: [6], pi: 40, critical: false } }));
    dice([3]);
    const r = await asClient("gm", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    expect(r.status).not.toBe("applied");
    expect(ev(orc)).toBe(28);
  });

  it("after the GM's own steps, a card rewritten with 40 PI is ignored: the hit is the sword's roll", async () => {
    const m = await alrikAttacksOrc();
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.noParry"));
    dice([2]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.damage"));
    // Alrik's sword: 1D6 + 3 (FO 13 is under the next PI/FO step), rolled 2 by the GM's client.
    const pi = held(m)?.damage?.pi ?? 0;
    expect(pi).toBe(5);
    await forge(m, "player1", (d) => ({ ...d, damage: { faces: [6], pi: 40, critical: true } }));
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    // The orc's PR 2 against the recorded PI: far from the 40 PI (−10 EV) the card claims.
    expect(ev(orc)).toBe(28 - (pi - 2));
  });

  it("a card rewritten to a damaged blow with no defender: the GM's shared Apply on the orc changes nothing", async () => {
    const m = await alrikAttacksOrc();
    await forge(m, "player1", (d) => ({
      ...d,
      defender: null,
      stage: "damaged",
      damage: { faces: [6], pi: 40, critical: false },
    }));
    const card = { ...structuredClone(stored(m)), damage: { amount: 40, critical: false, woundKind: "normal" } };
    await asClient("player1", () => rewriteCard(m, card));
    targetsOf("gm").clear();
    targetsOf("gm").add({ actor: orc } as never);
    await asClient("gm", () => requestCardAction(m.id, "quintette.applyDamage"));
    expect(ev(orc)).toBe(28);
  });

  it("the attacker's PI bonus rewritten before the GM takes the card: refused, nothing rolled", async () => {
    const m = await alrikAttacksOrc();
    await forge(m, "player1", (d) => ({ ...d, attacker: { ...d.attacker, piDice: 6, piBonus: 40 } }));
    const r = await asClient("gm", () => requestCardAction(m.id, "oeilnoir.noParry"));
    expect(r.status).toBe("invalid");
    expect(recordOf(m.id)).toBeNull();
    expect(ev(orc)).toBe(28);
  });

  it("no eviction: a player holds a bounded number of live duels, past it the GM's client takes no new card", async () => {
    // The hostile player's own loop: fifty attacks the GM's client takes (the orc lets each through), every one live —
    // its card there, both fighters there, no round to pass (no combat) — each waiting for his damage roll.
    const first = await alrikAttacksOrc();
    await asClient("gm", () => requestCardAction(first.id, "oeilnoir.noParry"));
    for (let i = 1; i < OPEN_PER_USER; i++) {
      const m = await alrikAttacksOrc();
      expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.noParry"))).status).toBe("applied");
    }
    const openOf = () => {
      const store = JSON.parse(String(game.settings?.get("quintette", "oeilnoir.duels"))) as {
        open: Record<string, { roller: string }>;
      };
      return Object.values(store.open).filter((r) => r.roller === "player1").length;
    };
    expect(openOf()).toBe(OPEN_PER_USER);
    const next = await alrikAttacksOrc();
    const refused = await asClient("gm", () => requestCardAction(next.id, "oeilnoir.noParry"));
    expect(refused).toMatchObject({ status: "invalid", reason: "QUINTETTE.OeilNoir.Notify.TooManyOpen" });
    expect(recordOf(next.id)).toBeNull();
    // No live duel was closed to make room, and the store holds no more of his than the bound.
    expect(openOf()).toBe(OPEN_PER_USER);
    expect(held(first)?.stage).toBe("hit");
    // The open duel already held keeps going.
    dice([3]);
    expect((await asClient("player1", () => requestCardAction(first.id, "oeilnoir.damage"))).status).toBe("applied");
  });

  it("honest path: the orc lets the blow through, Alrik rolls damage, the GM applies what the sword dealt", async () => {
    const m = await alrikAttacksOrc();
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.noParry"))).status).toBe("applied");
    dice([5]);
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.damage"))).status).toBe("applied");
    expect(duel(m)).toMatchObject({ stage: "damaged", damage: { faces: [5] } });
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.applyHit"))).status).toBe("applied");
    expect(duel(m)?.damage?.pi).toBe(8);
    expect(ev(orc)).toBe(22);
    expect(duel(m)?.stage).toBe("applied");
    expect(recordOf(m.id)).toBe("done");
  });
});

describe("attack: an unbounded healer's value in a rescue", () => {
  /** The orc strikes Alrik (no armour) for 10 PI from 3 EV: −7, dying; a rescue is 14 harder. */
  async function strikeDown(): Promise<DoubleChatMessage> {
    await alrik.update({ "system.ev.value": 3 });
    return orcStrikesAlrik({ alrik, orc });
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
    answerRescue({ skill: 25, modifier: 0 });
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
    // The GM's record: the free attack was taken, nothing is left to do on this card (its author's display copy
    // shows what they wrote).
    expect(first).toBeTruthy();
    expect(recordOf(m.id)).toBe("done");
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
    expect(held(m)?.fumble?.check?.result).toMatchObject({ d20: 1, success: true });
  });
});
