/**
 * L'Œil Noir at a real table, on the double (issue 15): modifiers on the right fighter, attack kinds and PI(End),
 * dodge and bare hands, a defender named by the GM, fumbles that stick, permanent EV loss once, exclusive buttons,
 * who may attack and orient, played as the players who click.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DoubleActor, asGM, resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import {
  DoubleCombat,
  addUser,
  asClient,
  buttonsIn,
  installClients,
  messageElement,
  useRealTemplates,
  type DoubleChatMessage,
} from "../../double/shared-core.ts";
import { targetsOf } from "../../double/clients.ts";
import { registerChatHooks, registerCardAction } from "../../../src/foundry/chat/index.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { registerRelay } from "../../../src/foundry/relay/index.ts";
import { registerDamage } from "../../../src/foundry/damage/index.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import {
  ACTOR_MODELS,
  ITEM_MODELS,
  type HerosModel,
  type AdversaireModel,
} from "../../../src/foundry/oeilnoir/models.ts";
import { OEILNOIR_CARD_ACTIONS } from "../../../src/foundry/oeilnoir/actions.ts";
import { performAttack } from "../../../src/foundry/oeilnoir/launch.ts";
import { attackRefusal } from "../../../src/foundry/oeilnoir/actors.ts";
import { orientationRefusal, orientationSetupOf } from "../../../src/foundry/oeilnoir/combat.ts";
import { duelOf } from "../../../src/foundry/oeilnoir/duel.ts";
import { setDiceRoller } from "../../../src/foundry/oeilnoir/roll.ts";
import { registerOeilNoirSettings } from "../../../src/foundry/oeilnoir/settings.ts";

let state: DoubleState;
let alrik: DoubleActor;
let orc: DoubleActor;
let queue: number[][] = [];
const rolled: string[] = [];
/** The target each roll carried (D20 tests), in order. */
const targets: (number | undefined)[] = [];

/** Scripted dice: each roll takes the next list of faces. */
function dice(...rolls: number[][]) {
  queue = rolls.map((r) => [...r]);
}

const stored = (m: DoubleChatMessage) => m.getFlag("quintette", "card") as CardState;
const duel = (m: DoubleChatMessage) => duelOf(stored(m));
const herosOf = (a: DoubleActor) => a.system as unknown as HerosModel;
const orcOf = () => orc.system as unknown as AdversaireModel;

async function attack(by: DoubleActor, target: DoubleActor | null, user = "player1") {
  const m = await asClient(user, () =>
    performAttack(by as never, { weaponId: by === alrik ? "epee" : null, target: target as never }),
  );
  return m as unknown as DoubleChatMessage;
}

beforeEach(async () => {
  state = installClients(resetFoundryDouble({ lang: "fr" }));
  useRealTemplates("fr");
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  registerRelay();
  registerChatHooks();
  registerDamage();
  registerCardAction(...OEILNOIR_CARD_ACTIONS);
  setDiceRoller(async (formula, target) => {
    rolled.push(formula);
    targets.push(target);
    const faces = queue.shift();
    if (!faces) throw new Error(`no scripted dice for ${formula}`);
    return { faces, total: faces.reduce((a, b) => a + b, 0), roll: null };
  });
  rolled.length = 0;
  targets.length = 0;
  alrik = await DoubleActor.create({
    _id: "alrik",
    name: "Alrik",
    type: "heros",
    ownership: { default: 0, player1: 3 },
    system: {
      qualities: { CO: 12, IN: 13, AG: 14, FO: 13, DE: 12, CN: 13 },
      ev: { value: 30, max: 30 },
      volonte: 12,
      skills: { epees: { points: 10, toAttack: 6 } },
    },
    items: [
      {
        _id: "epee",
        name: "Épée",
        type: "on-arme-melee",
        system: { skill: "epees", pi: { dice: 1, bonus: 3 }, piFo: { threshold: 11, step: 4 }, breakage: 1 },
      },
      { _id: "maille", name: "Chemise de mailles longue", type: "on-armure", system: { pr: 4, enc: 4 } },
    ],
  });
  orc = await DoubleActor.create({
    _id: "orc",
    name: "Orc",
    type: "adversaire",
    system: {
      at: 12,
      prd: 9,
      iniBase: 9,
      pi: { dice: 1, bonus: 4 },
      pr: 2,
      cn: 14,
      ev: { value: 28, max: 28 },
      volonte: 8,
    },
  });
});

afterEach(() => setDiceRoller(null));

const SITUATION = {
  modifier: 0,
  position: "debout",
  opponentPosition: "debout",
  light: "jour",
  water: "aucune",
  confined: "none",
  flying: false,
  selfFlying: false,
  wrongHand: false,
};

async function attackWith(
  by: DoubleActor,
  target: DoubleActor | null,
  user: string,
  values: object,
  weaponId?: string,
) {
  const m = await asClient(user, () =>
    performAttack(by as never, {
      weaponId: weaponId ?? (by === alrik ? "epee" : null),
      target: target as never,
      values: values as never,
    }),
  );
  return m as unknown as DoubleChatMessage | undefined;
}

function withStatuses(actor: DoubleActor): Set<string> {
  const statuses = new Set<string>();
  Object.assign(actor, {
    statuses,
    toggleStatusEffect: async (id: string, { active }: { active: boolean }) =>
      active ? statuses.add(id) : statuses.delete(id),
  });
  return statuses;
}

async function inCombat(entries: { actor: DoubleActor; initiative: number }[]) {
  const combat = new DoubleCombat({ _id: "fight" });
  await combat.createEmbeddedDocuments(
    "Combatant",
    entries.map((e) => ({ _id: `c-${e.actor.id}`, name: e.actor.name, actorId: e.actor.id, initiative: e.initiative })),
  );
  for (const e of entries) {
    const c = combat.combatants.get(`c-${e.actor.id}`);
    if (c) Object.defineProperty(c, "actor", { get: () => e.actor });
  }
  Object.assign(state.game, { combat });
  // The double resolves actors and items by uuid; the combatants are resolved here, as in duel.test.ts.
  const resolve = globalThis.fromUuid;
  const byUuid = (uuid: string) => combat.combatants.contents.find((c) => c.uuid === uuid);
  Object.assign(globalThis, {
    fromUuid: async (uuid: string) => byUuid(uuid) ?? resolve(uuid as never),
  });
  return combat;
}

describe("situational modifiers on the card, each on its fighter", () => {
  it("an orc attacking a lying Alrik: its AT 3 easier, Alrik's own parry 3 harder (not 5 easier)", async () => {
    dice([14]);
    const m = await attackWith(orc, alrik, "gm", { ...SITUATION, opponentPosition: "couche" });
    // Orc AT 12 + 3 = 15: a 14 lands. Alrik's sword PRD 11 − 3 = 8.
    expect(duel(m!)).toMatchObject({ stage: "awaitParry", attack: { value: 15 }, defender: { prd: 8 } });
    expect(duel(m!)?.defender?.situation).toEqual({ prd: 3, dodge: null });
  });

  it("the attacker's wrong hand: AT −9 and no PI/FO bonus; the target's parry is untouched", async () => {
    await alrik.update({ "system.qualities.FO": 15 });
    dice([2]);
    const m = await attackWith(alrik, orc, "player1", { ...SITUATION, wrongHand: true });
    // Sword 1D6+3, +1 for FO 15 over 11/4, lost with the wrong hand.
    expect(duel(m!)?.attacker.piBonus).toBe(3);
    expect(duel(m!)?.defender?.prd).toBe(9);
  });
});

describe("attack kinds and PI(End)", () => {
  it("a Coup du Plat deals PI(End): PI − PR off Endurance, half off EV, thresholds +2", async () => {
    dice([3]);
    const m = await attackWith(alrik, orc, "player1", { modifier: 0, attackKind: "coupDuPlat" });
    expect(duel(m!)?.attacker).toMatchObject({ kind: "coupDuPlat", woundKind: "coupDuPlat", endurance: true });
    await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("player1", () => requestCardAction(m!.id, "oeilnoir.damage"));
    await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.applyHit"));
    // 6 + 3 = 9 PI(End) − PR 2 = 7 Endurance, 3 EV; thresholds 7 + 2.
    expect(duel(m!)?.hit).toMatchObject({ damage: 3, endurance: 7, thresholds: [9, 16, 23], wounds: 0 });
    expect(orcOf().ev.value).toBe(25);
    expect(orcOf().endurance.value).toBe(18);
  });

  it("a Coup Ciblé lowers the thresholds by 2", async () => {
    dice([3]);
    const m = await attackWith(alrik, orc, "player1", { modifier: 0, attackKind: "coupCible" });
    await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("player1", () => requestCardAction(m!.id, "oeilnoir.damage"));
    await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.applyHit"));
    // 9 PI − 2 = 7 > 7 − 2: one wound.
    expect(duel(m!)?.hit).toMatchObject({ damage: 7, thresholds: [5, 12, 19], wounds: 1 });
  });
});

describe("dodge and bare hands", () => {
  it("Alrik's player dodges instead of parrying: PRD base 8 − Enc 4 = 4", async () => {
    dice([10]);
    const m = await attack(orc, alrik, "gm");
    dice([4]);
    const r = await asClient("player1", () => requestCardAction(m.id, "oeilnoir.dodge"));
    expect(r.status).toBe("applied");
    expect(duel(m)).toMatchObject({ stage: "parried", parry: { value: 4, dodge: true, success: true } });
    expect(targets.at(-1)).toBe(4);
  });

  it("a lying defender cannot dodge: no button, and the action is refused", async () => {
    withStatuses(alrik).add("prone");
    dice([10]);
    const m = await attack(orc, alrik, "gm");
    expect(stored(m).buttons.map((b) => b.action)).not.toContain("oeilnoir.dodge");
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.dodge"))).status).toBe("invalid");
  });

  it("a héros without a weapon fights bare-handed: Bagarre, 1D6 PI(End)", async () => {
    await alrik.deleteEmbeddedDocuments("Item", ["epee"]);
    dice([3]);
    const m = await attackWith(alrik, orc, "player1", {}, "");
    expect(duel(m!)?.attacker).toMatchObject({ unarmed: true, endurance: true, woundKind: "sansArme", piDice: 1 });
  });

  it("the defender parries with the weapon its player chooses", async () => {
    dice([10]);
    const m = await attack(orc, alrik, "gm");
    const parries = stored(m).buttons.filter((b) => b.action === "oeilnoir.parry");
    expect(parries.map((b) => b.args.weapon)).toEqual(["epee", "sansArme"]);
    dice([9]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry", { weapon: "sansArme" }));
    // Bare hands: PRD base 8, no Bagarre points, EncE 4 (allowance 0) → 8 − 2 = 6: a 9 fails.
    expect(duel(m)?.parry).toMatchObject({ value: 6, success: false });
  });
});

describe("an attack with no target", () => {
  it("waits for the GM to name the defender, then for its parry; players do not see the GM's button", async () => {
    dice([5]);
    const m = await attack(alrik, null);
    expect(duel(m)?.stage).toBe("awaitDefender");
    const { html, content } = messageElement();
    await asClient("player1", () => enhanceCard(m as never, html as never));
    expect(buttonsIn(content.innerHTML)).toEqual([]);
    targetsOf("gm").add({ actor: orc } as never);
    const r = await asClient("gm", () => requestCardAction(m.id, "oeilnoir.chooseDefender"));
    expect(r.status).toBe("applied");
    expect(duel(m)).toMatchObject({ stage: "awaitParry", defender: { name: "Orc", prd: 9 } });
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.chooseDefender"))).status).not.toBe(
      "applied",
    );
  });
});

describe("fumbles that stick", () => {
  it("a dropped weapon is recorded, cannot attack, and is usable again once picked up", async () => {
    dice([20], [12]);
    const m = await attack(alrik, orc);
    expect(duel(m)?.fumble).toMatchObject({ key: "armeGlisse" });
    expect(alrik.items.get("epee")?.system).toMatchObject({ dropped: true });
    expect(attackRefusal(alrik as never, "epee")).toBe("QUINTETTE.OeilNoir.Notify.WeaponDropped");
    expect(await attackWith(alrik, orc, "player1", {})).toBeUndefined();
    // DE 12 − Enc 4 = 8: a 3 picks it up.
    dice([3]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.fumbleCheck"));
    expect(alrik.items.get("epee")?.system).toMatchObject({ dropped: false });
  });

  it("an armed adversaire's weapon flies away: it fights bare-handed until it picks it up", async () => {
    dice([20], [14]);
    const m = await attack(orc, alrik, "gm");
    expect(duel(m)?.fumble?.key).toBe("armeEjectee");
    expect(orcOf()).toMatchObject({ weaponDropped: true });
    dice([3]);
    const next = await attack(orc, alrik, "gm");
    expect(duel(next)?.attacker).toMatchObject({ unarmed: true, endurance: true });
  });

  it("an armed adversaire's fumble can destroy its weapon", async () => {
    dice([20], [18]);
    await attack(orc, alrik, "gm");
    expect(orcOf()).toMatchObject({ weaponBroken: true });
  });

  it("a self-wound counts the weapon's PI directly, not through the armour", async () => {
    await alrik.update({ "system.qualities.FO": 15 });
    dice([5]);
    const m = await attack(orc, alrik, "gm");
    dice([20], [20], [3]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry", { weapon: "epee" }));
    // 3 + 3 + 1 = 7 PI, the mail's PR 4 does not count: −7.
    expect(duel(m)?.fumble?.detail).toBe("7 PI → −7");
    expect(herosOf(alrik).ev.value).toBe(23);
  });
});

describe("permanent EV loss", () => {
  it("costs one point once per crossing, at the fighter's own threshold", async () => {
    registerOeilNoirSettings();
    await asGM(() => state.game.settings.set("quintette", "oeilnoirPermanentEvLoss", true));
    const blow = async (values: object) => {
      dice([2]);
      const m = await attackWith(orc, alrik, "gm", values);
      await asClient("player1", () => requestCardAction(m!.id, "oeilnoir.noParry"));
      dice([3]);
      await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.damage"));
      dice([3]);
      await asClient("player1", () => requestCardAction(m!.id, "oeilnoir.applyHit"));
    };
    // A Coup Ciblé shifts the blow's thresholds (7 → 5), not the limit: 7 PI − 4 = 3, EV −3 − 3 = −6 ≥ −7.
    await alrik.update({ "system.ev.value": -3 });
    await blow({ modifier: 0, attackKind: "coupCible" });
    expect(herosOf(alrik).ev).toMatchObject({ value: -6, max: 30 });
    await blow({});
    expect(herosOf(alrik).ev).toMatchObject({ value: -9, max: 29 });
    // Already below: the next blow costs nothing more.
    await blow({});
    expect(herosOf(alrik).ev).toMatchObject({ value: -12, max: 29 });
  });
});

describe("who may act", () => {
  it("a fighter out of the fight, or below 0 initiative, cannot attack", async () => {
    await alrik.update({ "system.ev.value": 3 });
    expect(attackRefusal(alrik as never, "epee")).toBe("QUINTETTE.OeilNoir.Notify.OutOfFight");
    expect(await attackWith(alrik, orc, "player1", {})).toBeUndefined();
    await alrik.update({ "system.ev.value": 30 });
    await inCombat([{ actor: alrik, initiative: -1 }]);
    expect(attackRefusal(alrik as never, "epee")).toBe("QUINTETTE.OeilNoir.Notify.DefenceOnly");
  });

  it("Orientation is refused on the ground; an adversaire may orient itself with its Intuition", async () => {
    await inCombat([
      { actor: alrik, initiative: 8 },
      { actor: orc, initiative: 6 },
    ]);
    expect(orientationRefusal(alrik as never)).toBeNull();
    withStatuses(alrik).add("prone");
    expect(orientationRefusal(alrik as never)).toBe("QUINTETTE.OeilNoir.Notify.Prone");
    expect(orientationSetupOf(orc as never)).toMatchObject({ intuition: 12, current: 6 });
  });
});

describe("buttons shown only to who may use them", () => {
  it("the parry, dodge and no-parry answers show to the defender's player and the GM, not to others", async () => {
    addUser("player2");
    dice([8]);
    const m = await attack(orc, alrik, "gm");
    const shown = async (user: string) => {
      const { html, content } = messageElement();
      await asClient(user, () => enhanceCard(m as never, html as never));
      return buttonsIn(content.innerHTML).map((b) => b.action);
    };
    expect(await shown("player1")).toEqual(["oeilnoir.parry", "oeilnoir.parry", "oeilnoir.dodge", "oeilnoir.noParry"]);
    expect(await shown("player2")).toEqual([]);
    expect(await shown("gm")).toHaveLength(4);
  });
});

describe("the dead", () => {
  it("are marked defeated in the running combat when the blow kills them", async () => {
    const combat = await inCombat([{ actor: alrik, initiative: 8 }]);
    await alrik.update({ "system.ev.value": -10 });
    dice([2]);
    const m = await attack(orc, alrik, "gm");
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.damage"));
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    expect(duel(m)?.hit?.status).toBe("mort");
    // The double keeps fields it does not model in the document source (Combatant#defeated is a core field).
    expect(combat.combatants.get("c-alrik")?.toObject()).toMatchObject({ defeated: true });
  });
});
