/**
 * Trinités at a real table (issue 14), on the test double, as the user who would click: rounds nobody can play,
 * Prudence and Danger per reaction, experience spent on the sheet, the damage button, harm outside combat, area
 * attacks, reactions with the action's skill, and the smaller table comforts.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { settle, DoubleActor, asGM, type DoubleState } from "../../double/index.ts";
import { asClient, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { postCard, registerCardAction } from "../../../src/foundry/chat/index.ts";
import { CARD_ACTIONS } from "../../../src/foundry/trinites/actions.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { buildTestCard, readData, type WeaponSetup } from "../../../src/foundry/trinites/card.ts";
import { performTest, rollerOf, rollReaction, weaponOf, type TestPreset } from "../../../src/foundry/trinites/flow.ts";
import { DialogV2 } from "../../double/applications.ts";
import { chooseDice, facesLeft } from "../../double/dice.ts";
import { TrinitesActorSheet } from "../../../src/foundry/trinites/sheets.ts";
import { setupFrom, testDialogConfig } from "../../../src/foundry/trinites/dialog.ts";
import { defaultValues, type RollDialogConfig } from "../../../src/foundry/dialog/inputs.ts";
import { RollDialog } from "../../../src/foundry/dialog/roll-dialog.ts";
import { testSetup } from "./setup-fixture.ts";
import { combatBehaviour, onShiftClick } from "../../../src/foundry/trinites/combat.ts";
import { rollTest } from "../../../src/foundry/trinites/flow.ts";
import { cardOf } from "../../cards.ts";
import { trinitesFight, trinitesWorld, type TrinitesWorld } from "../../worlds/trinites.ts";

let world: TrinitesWorld;
let state: DoubleState;
let aelis: DoubleActor;
let thug: DoubleActor;

beforeEach(async () => {
  world = await trinitesWorld();
  ({ state, aelis, thug } = world);
});

/** The world's combat of Aelis and the Thug, not started. */
const realFight = () => trinitesFight(world);

describe("rounds nobody can play (issue 14, point 1)", () => {
  it("stops and says so when the combat starts before anyone rolled initiative", async () => {
    const combat = await realFight();
    await combat.startCombat();
    await settle();
    expect(combat.round).toBe(1);
    expect(state.notifications.map((n) => n.message)).toContain(
      state.game.i18n.localize("QUINTETTE.Trinites.Place.Stalled"),
    );
  });

  it("stops when every rolled fighter is out cold, and offers no regeneration card per pass", async () => {
    const combat = await realFight();
    await aelis.update({ "system.vie.value": 4 }); // Inconscient
    await asGM(() => thug.update({ "system.vie.value": 0 })); // the GM's NPC
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [
        { _id: "cA", initiative: 9, "system.phase": "garde" },
        { _id: "cT", initiative: 5, "system.phase": "garde" },
      ]),
    );
    await combat.startCombat();
    await settle();
    expect(combat.round).toBe(1);
    expect(state.game.messages.contents).toHaveLength(0);
  });

  it("still plays a surprised fighter's die: en retrait, then en garde, then in the fire two rounds later", async () => {
    const combat = await realFight();
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [{ _id: "cT", initiative: 5, "system.phase": "retrait" }]),
    );
    await combat.startCombat();
    await settle();
    expect(combat.round).toBe(2);
    expect((combat.combatants.get("cT")!.system as unknown as { marker: boolean }).marker).toBe(true);
  });
});

type Sys = Record<string, unknown> & { vie: { value: number } };
const sys = (a: DoubleActor) => a.system as unknown as Sys;
const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;

async function post(card: CardState, userId: string): Promise<DoubleChatMessage> {
  return (await asClient(userId, () => postCard(card))) as unknown as DoubleChatMessage;
}

/** The Thug's weapon as his sheet's weapon button reads it (weaponOf), with the dialog's damage primes. */
async function thugWeapon(system: Record<string, unknown>, steps: WeaponSetup["steps"] = []): Promise<WeaponSetup> {
  const [item] = await asGM(() => thug.createEmbeddedDocuments("Item", [{ name: "Arme", type: "tr-arme", system }]));
  const view = weaponOf(item as never)!;
  return { ...view, steps, precise: false, nonLethal: false };
}

describe("the damage button (issue 14, point 4)", () => {
  beforeEach(async () => {
    await aelis.createEmbeddedDocuments("Item", [
      { name: "Cuir", type: "tr-armure", system: { protection: 1, equipee: true } },
    ]);
  });

  it("shows what the target really loses (sword rule, Blessure grave, armour) and hits the card's target", async () => {
    const sabre = await thugWeapon({ degats: 4, lame: "sabre", competence: "melee" }, ["plusMoitie"]);
    const aelisRef = { uuid: aelis.uuid, name: "Aelis", kind: "trinite" as const, protection: 1 };
    const attack = await post(
      buildTestCard(testSetup(thug, "player2", { weapon: sabre, targets: [aelisRef] }), { deva: [10], archonte: [] }),
      "player2",
    );
    // 4 doubled by the sword rule = 8, Blessure grave +half = 12, minus 1 armour = 11.
    expect(stored(attack).buttons).toEqual([
      expect.objectContaining({
        action: "trinites.damage",
        label: { key: "QUINTETTE.Trinites.Card.DamageTo", name: "Aelis", value: 11 },
        args: { key: aelis.uuid },
      }),
    ]);
    // Aelis's player clicks while targeting nobody (or someone else): the card's target takes it, through the GM.
    targetsOf("player1").add({ actor: thug });
    const r = await asClient("player1", () => requestCardAction(attack.id, "trinites.damage", { key: aelis.uuid }));
    expect(r.status).toBe("applied");
    expect(sys(aelis).vie.value).toBe(24 - 11);
    expect(sys(thug).vie.value).toBe(12);
    // A second click changes nothing; the attacker may not write Aelis himself.
    expect(
      (await asClient("player1", () => requestCardAction(attack.id, "trinites.damage", { key: aelis.uuid }))).status,
    ).not.toBe("applied");
    expect(sys(aelis).vie.value).toBe(13);
  });

  it("reads the weapon on the attacker's actor, not the numbers the card carries", async () => {
    const knife = await thugWeapon({ degats: 2, lame: "aucune", competence: "melee" });
    const forged = { ...knife, damage: 40 };
    const attack = await post(
      buildTestCard(testSetup(thug, "player2", { weapon: forged, targets: [{ uuid: aelis.uuid, name: "Aelis" }] }), {
        deva: [10],
        archonte: [],
      }),
      "player2",
    );
    await asClient("player1", () => requestCardAction(attack.id, "trinites.damage", { key: aelis.uuid }));
    expect(sys(aelis).vie.value).toBe(24 - 1);
  });
});

describe("area attacks (issue 14, point 6)", () => {
  beforeEach(async () => {
    await aelis.createEmbeddedDocuments("Item", [
      { name: "Cuir", type: "tr-armure", system: { protection: 1, equipee: true } },
    ]);
  });

  it("still costs half the damage, rounded up, minus armour after a successful dodge", async () => {
    const grenade = await thugWeapon({ degats: 7, competence: "tir", zone: true });
    const card = buildTestCard(
      testSetup(thug, "player2", {
        weapon: grenade,
        targets: [{ uuid: aelis.uuid, name: "Aelis", kind: "trinite", protection: 1 }],
      }),
      { deva: [10], archonte: [] },
    );
    const attack = await post(card, "player2");
    // Aelis's player dodges: her reaction card (her own dice) beats the attack.
    const dodge = buildTestCard(
      testSetup(aelis, "player1", { trinite: false, opposes: { messageId: attack.id, key: aelis.uuid } }),
      { deva: [12, 12, 12, 5], archonte: [] },
    );
    const reaction = await post(dodge, "player1");
    await asClient("player1", () =>
      requestCardAction(attack.id, "trinites.opposition", { key: aelis.uuid, source: reaction.id }),
    );
    expect(readData(stored(attack)).opposition).toMatchObject([{ key: aelis.uuid, winner: "b" }]);
    // 7 halved, rounded up = 4, minus 1.
    expect(stored(attack).buttons[0]?.label).toEqual({
      key: "QUINTETTE.Trinites.Card.DamageToHalf",
      name: "Aelis",
      value: 3,
    });
    await asClient("player1", () => requestCardAction(attack.id, "trinites.damage", { key: aelis.uuid }));
    expect(sys(aelis).vie.value).toBe(21);
  });

  it("still costs half when the area attack fails, but a failed blade attack costs nothing", async () => {
    const grenade = await thugWeapon({ degats: 7, competence: "tir", zone: true });
    const missed = await post(
      buildTestCard(testSetup(thug, "player2", { weapon: grenade, targets: [{ uuid: aelis.uuid, name: "Aelis" }] }), {
        deva: [1],
        archonte: [],
      }),
      "player2",
    );
    await asClient("player1", () => requestCardAction(missed.id, "trinites.damage", { key: aelis.uuid }));
    expect(sys(aelis).vie.value).toBe(21);
    const knife = await thugWeapon({ degats: 2, competence: "melee" });
    const failed = await post(
      buildTestCard(testSetup(thug, "player2", { weapon: knife, targets: [{ uuid: aelis.uuid, name: "Aelis" }] }), {
        deva: [1],
        archonte: [],
      }),
      "player2",
    );
    expect(stored(failed).buttons).toEqual([]);
    expect(
      (await asClient("player1", () => requestCardAction(failed.id, "trinites.damage", { key: aelis.uuid }))).status,
    ).toBe("invalid");
    expect(sys(aelis).vie.value).toBe(21);
  });
});

describe("reactions use the action's skill (issue 14, point 7)", () => {
  /** Aelis's player picks a combat action in the roll dialog and rolls it at the Thug. */
  async function attackWith(combatAction: string) {
    const roller = rollerOf(aelis as never)!;
    const values = { ...defaultValues(testDialogConfig(roller, {}).inputs), combatAction };
    const context = {
      rollerId: "player1",
      targets: [{ uuid: thug.uuid, name: "Thug" }],
      opposes: null,
      initiative: null,
    };
    const card = buildTestCard(setupFrom(roller, values, {}, context), { deva: [10], archonte: [10] });
    const message = await post(card, "player1");
    await asClient("player1", () => requestCardAction(message.id, "trinites.pick", { spirit: "deva" }));
    return message;
  }

  /** The Thug's player clicks "react": the dialog it opens (captured, answered with a cancel). */
  async function reactionDialog(message: DoubleChatMessage): Promise<Record<string, unknown>> {
    let asked: RollDialogConfig | null = null;
    const spy = vi.spyOn(RollDialog, "prompt").mockImplementation(async (config) => {
      asked = config as RollDialogConfig;
      return null;
    });
    await asClient("player2", () => rollReaction(message as never, thug.uuid));
    spy.mockRestore();
    return defaultValues(asked!.inputs);
  }

  it("opens the reaction dialog on the skill the action names: Feinter → Tactique, Évaluer → Subterfuge", async () => {
    expect(await reactionDialog(await attackWith("feinter"))).toMatchObject({ skill: "tactique" });
    expect(await reactionDialog(await attackWith("evaluer"))).toMatchObject({ skill: "subterfuge" });
    expect(await reactionDialog(await attackWith("seDissimuler"))).toMatchObject({ skill: "vigilance" });
  });

  it("offers no reaction to an action that allows none", async () => {
    const message = await attackWith("analyserTerrain");
    expect((stored(message).data as { reactable?: boolean }).reactable).toBe(false);
  });
});

/** A test as the player's dialog would send it (the dice chosen: the double never rolls at random). */
/**
 * The next dice rolled show 10 (`faces` of them: a Trinité's roll is a Deva and an Archonte die), from the double's
 * tray; `mockRestore` checks that every face chosen was rolled.
 */
function tensOnBothDice(faces = 2): { mockRestore(): void } {
  chooseDice(...Array<number>(faces).fill(10));
  return {
    mockRestore() {
      expect(facesLeft()).toBe(0);
    },
  };
}

async function playerTest(
  actor: DoubleActor,
  userId: string,
  preset: TestPreset,
  values: Record<string, unknown> = {},
) {
  const roller = rollerOf(actor as never)!;
  const chosen = { ...defaultValues(testDialogConfig(roller, preset).inputs), ...values };
  const dice = tensOnBothDice();
  const message = await asClient(userId, () =>
    performTest(actor as never, preset, { values: chosen, rollMode: "publicroll" } as never),
  );
  dice.mockRestore();
  return message as unknown as DoubleChatMessage;
}

describe("Prudence and Danger per reaction (issue 14, point 2)", () => {
  const waiting = () => (aelis.system as unknown as { reactions: { prudence: number; danger: number } }).reactions;

  it("stacks two Prudences as +3 on each of two reactions, spends one per reaction, lapses at her next turn", async () => {
    const careful = { prime: "prudence", penalty: "ralentissement" };
    await playerTest(aelis, "player1", { skill: "melee" }, careful);
    await playerTest(aelis, "player1", { skill: "melee" }, careful);
    expect(waiting()).toEqual({ prudence: 2, danger: 0 });
    // The Thug attacks her; her player reacts: +3, not +6.
    const attack = await post(
      buildTestCard(testSetup(thug, "player2", { targets: [{ uuid: aelis.uuid, name: "Aelis" }] }), {
        deva: [10],
        archonte: [],
      }),
      "player2",
    );
    let asked: RollDialogConfig | null = null;
    const spy = vi.spyOn(RollDialog, "prompt").mockImplementation(async (config) => {
      asked = config as RollDialogConfig;
      return null;
    });
    await asClient("player1", () => rollReaction(attack as never, aelis.uuid));
    spy.mockRestore();
    expect(defaultValues(asked!.inputs)).toMatchObject({ modifier: 3 });
    await playerTest(aelis, "player1", {
      skill: "esquive",
      reaction: true,
      opposes: { messageId: attack.id, key: aelis.uuid },
    });
    expect(waiting()).toEqual({ prudence: 1, danger: 0 });
    // Her next turn starts (the GM's client runs it): what is left lapses.
    const combat = await realFight();
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [{ _id: "cA", initiative: 9, "system.phase": "feu" }]),
    );
    await asGM(() => combatBehaviour.onStartTurn!(combat as never, combat.combatants.get("cA") as never, {} as never)); // the designated GM runs it
    expect(waiting()).toEqual({ prudence: 0, danger: 0 });
  });

  it("lets her player clear what waits from the sheet", async () => {
    await playerTest(aelis, "player1", { skill: "melee" }, { prime: "efficacite", penalty: "danger" });
    expect(waiting()).toEqual({ prudence: 0, danger: 1 });
    const sheet = new TrinitesActorSheet({ document: aelis } as never) as unknown as {
      render(): Promise<unknown>;
      renderedParts: Record<string, { tr: { combat: { reactions: unknown } } }>;
      runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
    };
    await asClient("player1", () => sheet.render());
    expect(sheet.renderedParts.combat!.tr.combat.reactions).toMatchObject({ next: "−3", danger: 1, canClear: true });
    await asClient("player1", () => sheet.runAction("reactionsClear", {}, { dataset: {} }));
    expect(waiting()).toEqual({ prudence: 0, danger: 0 });
  });
});

describe("harm outside combat (issue 14, point 5)", () => {
  type Sheet = {
    render(): Promise<unknown>;
    renderedParts: Record<string, { tr: { isGM: boolean } }>;
    runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
  };
  const sheetOf = (actor: DoubleActor) => new TrinitesActorSheet({ document: actor } as never) as unknown as Sheet;
  const vie = () => (aelis.system as unknown as { vie: { value: number; nonLetal: boolean } }).vie;

  async function gmHarm(answer: Record<string, unknown>) {
    DialogV2.nextAnswer = answer;
    const sheet = sheetOf(aelis);
    await asClient("gm", () => sheet.render());
    await asClient("gm", () => sheet.runAction("harm", {}, { dataset: {} }));
    DialogV2.nextAnswer = null;
  }

  it("lets the GM apply a fall, fire and a continuous harm from the sheet's harm dialog (rules core tables)", async () => {
    await gmHarm({ kind: "chute", meters: "7", surface: "beton", dodged: false });
    expect(vie().value).toBe(24 - 6);
    await gmHarm({ kind: "feu", size: "brasier", protected: true });
    expect(vie().value).toBe(16);
    await gmHarm({ kind: "continu", aggression: "poison", amount: "3" });
    expect(vie().value).toBe(13);
    expect(DialogV2.calls.at(-1)?.config).toMatchObject({ window: { title: "QUINTETTE.Trinites.Harm.Title" } });
  });

  it("ticks a lethal coma hour by hour, spares a non-lethal one, and recovers one point at a time", async () => {
    await aelis.update({ "system.vie.value": 4, "system.vie.nonLetal": false });
    await gmHarm({ kind: "coma" });
    expect(vie().value).toBe(3);
    await aelis.update({ "system.vie.nonLetal": true });
    await gmHarm({ kind: "coma" });
    expect(vie()).toEqual({ value: 3, nonLetal: true, max: 24 });
    await gmHarm({ kind: "repos" });
    expect(vie().value).toBe(4);
  });

  it("is the GM's: a player's click opens nothing", async () => {
    const before = DialogV2.calls.length;
    const sheet = sheetOf(aelis);
    await asClient("player1", () => sheet.render());
    await asClient("player1", () => sheet.runAction("harm", {}, { dataset: {} }));
    expect(DialogV2.calls.length).toBe(before);
    expect(sheet.renderedParts.main!.tr.isGM).toBe(false);
  });

  it("keeps the dead dead: clicking the last life box does not revive, and no harm or rest changes them", async () => {
    await aelis.update({ "system.vie.value": -1 });
    const sheet = sheetOf(aelis);
    await asClient("player1", () => sheet.render());
    await asClient("player1", () => sheet.runAction("lifeBox", {}, { dataset: { index: "24" } }));
    expect(vie().value).toBe(-1);
    await gmHarm({ kind: "repos" });
    expect(vie().value).toBe(-1);
  });
});

describe("experience spent on the sheet (issue 14, point 3)", () => {
  type XpSys = {
    competences: { melee: { base: number } };
    xp: { total: number; depense: number; historique: unknown[] };
    dettes: { deva: number; archonte: number };
    credits: { deva: number; archonte: number };
    deva: { max: number };
  };
  const xs = () => aelis.system as unknown as XpSys;
  const spend = async (dataset: Record<string, string>) => {
    const sheet = new TrinitesActorSheet({ document: aelis } as never) as unknown as {
      render(): Promise<unknown>;
      renderedParts: Record<string, { tr: { signs: { skills: { id: string; xpPrice: number | null }[] }[] } }>;
      runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
    };
    await asClient("player1", () => sheet.render());
    await asClient("player1", () => sheet.runAction("spendXp", {}, { dataset }));
    return sheet;
  };

  it("raises a skill at the rules core's price after paying the debts, the larger first, and records it", async () => {
    await aelis.update({ "system.xp.total": 10, "system.dettes.deva": 1, "system.dettes.archonte": 3 });
    const sheet = await spend({ kind: "competence", skill: "melee" });
    const melee = sheet.renderedParts.skills!.tr.signs.flatMap((s) => s.skills).find((s) => s.id === "melee");
    expect(melee?.xpPrice).toBe(2); // base 3 → 4: 4 / 2
    expect(xs().competences.melee.base).toBe(4);
    expect(xs().dettes).toEqual({ deva: 0, archonte: 0 });
    expect(xs().credits).toEqual({ deva: 1, archonte: 3 });
    expect(xs().xp.depense).toBe(4 + 2);
    expect(xs().xp.historique).toEqual([{ quoi: "competence", cible: "melee", valeur: 4, cout: 2, dettes: 4 }]);
  });

  it("refuses a purchase while a debt is left unpaid, and buys Karma at score × 2", async () => {
    await aelis.update({ "system.xp.total": 2, "system.dettes.archonte": 3 });
    await spend({ kind: "competence", skill: "melee" });
    expect(xs().competences.melee.base).toBe(3);
    expect(xs().xp.depense).toBe(0);
    expect(state.notifications.at(-1)?.message).toBe(state.game.i18n.localize("QUINTETTE.Trinites.Xp.DebtsFirst"));
    await aelis.update({ "system.xp.total": 17, "system.dettes.archonte": 0 });
    await spend({ kind: "karma", spirit: "deva" });
    expect(xs().deva.max).toBe(7);
    expect(xs().xp.depense).toBe(14);
  });
});

describe("smaller table comforts (issue 14, point 8)", () => {
  /** The tracker's hourglass of a combatant row, as the click handler reads it. */
  const hourglass = (combatantId: string) =>
    ({ dataset: { trinitesWait: "" }, closest: () => ({ dataset: { combatantId } }) }) as unknown as HTMLElement;

  it("(a) waits any number of points in one click, through the GM, from the score it was asked at", async () => {
    const combat = await realFight();
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [
        { _id: "cA", initiative: 9, "system.phase": "garde", "system.marker": true },
        { _id: "cT", initiative: 5, "system.phase": "feu" },
      ]),
    );
    DialogV2.calls = [];
    DialogV2.nextAnswer = { by: "4" };
    await asClient("player1", () => onShiftClick(hourglass("cA")));
    DialogV2.nextAnswer = null;
    expect(DialogV2.calls).toHaveLength(1);
    expect(DialogV2.calls[0]?.config).toMatchObject({ window: { title: "QUINTETTE.Trinites.Place.WaitTitle" } });
    const a = combat.combatants.get("cA")!;
    expect(a.initiative).toBe(5);
    // The Thug's player cannot wait for Aelis; a closed picker sends nothing.
    DialogV2.nextAnswer = { by: "2" };
    await asClient("player2", () => onShiftClick(hourglass("cA")));
    DialogV2.nextAnswer = null;
    await asClient("player1", () => onShiftClick(hourglass("cA")));
    expect(combat.combatants.get("cA")!.initiative).toBe(5);
  });

  it("(c) opens the initiative dialog on Rapidité with no skill to change, and odds of where the score lands", async () => {
    const combat = await realFight();
    let asked: RollDialogConfig | null = null;
    const spy = vi.spyOn(RollDialog, "prompt").mockImplementation(async (config) => {
      asked = config as RollDialogConfig;
      return null;
    });
    await asClient("player1", () =>
      rollTest(aelis as never, { initiative: true, combat: { combatId: combat.id, combatantId: "cA" } }),
    );
    spy.mockRestore();
    const config = asked! as RollDialogConfig;
    expect(config.inputs.map((i) => i.name)).not.toContain("skill");
    const values = defaultValues(config.inputs);
    const odds = config.odds!(values);
    expect(odds.map((o) => o.id)).toEqual(["early", "middle", "late"]);
    expect(odds.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 9);
    // A skill forced into the values (another client's form) still rolls Rapidité.
    const roller = rollerOf(aelis as never)!;
    const setup = setupFrom(roller, { ...values, skill: "melee" }, { initiative: true }, {
      rollerId: aelis.uuid,
      targets: [],
      opposes: null,
      initiative: { combatId: combat.id, combatantId: "cA", surprised: false },
    } as never);
    expect(setup.skill).toBe("rapidite");
  });

  it("(b) keeps the free-action count for the turn: the next test of the turn opens at it, a new turn at 1", async () => {
    const combat = await realFight();
    const opened: Record<string, unknown>[] = [];
    const spy = vi.spyOn(RollDialog, "prompt").mockImplementation(async (config) => {
      const values = defaultValues((config as RollDialogConfig).inputs);
      opened.push(values);
      return opened.length === 1 ? { values: { ...values, freeActions: 3 }, rollMode: "publicroll" } : null;
    });
    // The double never rolls at random: the first test's dice are chosen.
    const dice = tensOnBothDice();
    await asClient("player1", () => rollTest(aelis as never, { skill: "melee" }));
    await asClient("player1", () => rollTest(aelis as never, { skill: "esquive" }));
    combat.turn = (combat.turn ?? 0) + 1;
    await asClient("player1", () => rollTest(aelis as never, { skill: "melee" }));
    spy.mockRestore();
    dice.mockRestore();
    expect(opened.map((v) => v.freeActions)).toEqual([1, 3, 1]);
  });

  it("(e) holds several specialities on one skill: added and named on the sheet by the player, picked in the dialog", async () => {
    const specs = () => (aelis.system as unknown as { competences: { art: { specialites: string[] } } }).competences;
    const sheet = new TrinitesActorSheet({ document: aelis } as never) as unknown as {
      render(): Promise<unknown>;
      runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
      submitForm(elements: { name: string; value: string }[]): Promise<void>;
    };
    await asClient("player1", () => sheet.render());
    await asClient("player1", () => sheet.runAction("specialityAdd", {}, { dataset: { skill: "art" } }));
    await asClient("player1", () => sheet.runAction("specialityAdd", {}, { dataset: { skill: "art" } }));
    expect(specs().art.specialites).toEqual(["", ""]);
    await asClient("player1", () =>
      sheet.submitForm([
        { name: "system.competences.art.specialites.0", value: "Peinture" },
        { name: "system.competences.art.specialites.1", value: "Sculpture" },
      ]),
    );
    expect(specs().art.specialites).toEqual(["Peinture", "Sculpture"]);
    await asClient("player1", () => sheet.runAction("specialityAdd", {}, { dataset: { skill: "art" } }));
    await asClient("player1", () => sheet.runAction("specialityDelete", {}, { dataset: { skill: "art", index: "2" } }));
    expect(specs().art.specialites).toEqual(["Peinture", "Sculpture"]);

    // The dialog opened on Arts offers both; the card names the one the player picked.
    let asked: RollDialogConfig | null = null;
    const spy = vi.spyOn(RollDialog, "prompt").mockImplementation(async (config) => {
      asked = config as RollDialogConfig;
      return { values: { ...defaultValues(asked.inputs), speciality: "Sculpture" }, rollMode: "publicroll" };
    });
    const dice = tensOnBothDice();
    await asClient("player1", () => rollTest(aelis as never, { skill: "art" }));
    spy.mockRestore();
    dice.mockRestore();
    const input = (asked! as RollDialogConfig).inputs.find((i) => i.name === "speciality");
    expect(input?.kind === "select" ? input.options.map((o) => o.value) : []).toEqual(["", "Peinture", "Sculpture"]);
    const data = stored(state.game.messages.contents.at(-1) as DoubleChatMessage).data as unknown as {
      setup: { speciality: string };
    };
    expect(data.setup.speciality).toBe("Sculpture");
    // A speciality the rolled skill does not hold (another skill's, a forged one) names none.
    const roller = rollerOf(aelis as never)!;
    const context = { rollerId: "player1", targets: [], opposes: null, initiative: null };
    expect(setupFrom(roller, { skill: "art", speciality: "Sabre" }, {}, context).speciality).toBe("");
    expect(setupFrom(roller, { skill: "melee", speciality: "Peinture" }, {}, context).speciality).toBe("");
  });

  it("(e) moves an older actor's single speciality into the list", async () => {
    const old = await asGM(() =>
      DoubleActor.create(
        {
          name: "Old",
          type: "trinite",
          system: { competences: { art: { base: 2, specialite: "Peinture" }, melee: { base: 1, specialite: "" } } },
        },
        { keepId: true },
      ),
    );
    const competences = (old.system as unknown as { competences: Record<string, Record<string, unknown>> }).competences;
    expect(competences.art).toEqual({ base: 2, specialites: ["Peinture"] });
    expect(competences.melee).toEqual({ base: 1, specialites: [] });
  });

  it("(f) rolls the GM's NPCs through one dialog for the group, each with its own Rapidité and card", async () => {
    registerCardAction(...CARD_ACTIONS);
    const combat = await realFight();
    const guards = [
      await asGM(() =>
        DoubleActor.create(
          { name: "Guard A", type: "humain", system: { competences: { rapidite: { base: 2 } } } },
          { keepId: true },
        ),
      ),
      await asGM(() =>
        DoubleActor.create(
          { name: "Guard B", type: "humain", system: { competences: { rapidite: { base: 6 } } } },
          { keepId: true },
        ),
      ),
    ];
    await asGM(() =>
      combat.createEmbeddedDocuments(
        "Combatant",
        [
          { _id: "cG1", name: "Guard A", actorId: guards[0]!.id },
          { _id: "cG2", name: "Guard B", actorId: guards[1]!.id },
        ],
        { keepId: true },
      ),
    );
    const asked: RollDialogConfig[] = [];
    const spy = vi.spyOn(RollDialog, "prompt").mockImplementation(async (config) => {
      asked.push(config as RollDialogConfig);
      return { values: defaultValues((config as RollDialogConfig).inputs), rollMode: "publicroll" };
    });
    const dice = tensOnBothDice();
    await asClient("gm", () => combat.rollNPC());
    spy.mockRestore();
    dice.mockRestore();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.subtitle).toBe("Guard A, Guard B");
    const odds = asked[0]!.odds!(defaultValues(asked[0]!.inputs));
    expect(odds.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 9);
    // Each guard posted its own initiative card with its own score; the players' fighters were not rolled.
    const cards = state.game.messages.contents.map((m) => stored(m as DoubleChatMessage));
    expect(cards.filter((c) => c.kind === "initiative").map((c) => c.actorName)).toEqual(["Guard A", "Guard B"]);
    const scores = cards.map((c) => (c.data as unknown as { setup: { score: number } }).setup.score);
    expect(scores[0]).not.toBe(scores[1]);
    // A human's card sets its combatant's initiative at once (the follow-up the message hook runs).
    await settle(); // the double fires createChatMessage on the GM's client
    expect(combat.combatants.get("cG1")!.initiative).not.toBeNull();
    expect(combat.combatants.get("cG2")!.initiative).not.toBeNull();
    expect(combat.combatants.get("cA")!.initiative).toBeNull();
    expect(combat.combatants.get("cT")!.initiative).toBeNull();
  });

  it("(d) names the skill Arts, in French and English", async () => {
    const en = state.game.i18n.localize("QUINTETTE.Trinites.Skill.art");
    expect(en).toBe("Arts");
    const fr = (await import("../../../lang/fr.json", { with: { type: "json" } })).default as {
      QUINTETTE: { Trinites: { Skill: { art: string } } };
    };
    expect(fr.QUINTETTE.Trinites.Skill.art).toBe("Arts");
  });
});
