/**
 * Trinités on a game night (issue 25), on the test double, as the user who would click: one reaction per character
 * per action and the confrontation deciding whether the action lands, resources bought with experience, advanced
 * actions' penalty, regeneration within the round and the reserve, a Trinité's Karma while it is built, objects'
 * life lines and Déloger. The notices a player reads are checked in French and in English.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { settle, DoubleActor, asGM, type DoubleState } from "../../double/index.ts";
import { asClient, type DoubleChatMessage } from "../../double/shared-core.ts";
import { DialogV2 } from "../../double/applications.ts";
import { postCard } from "../../../src/foundry/chat/index.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { buildTestCard, readData, type TestSetup, type WeaponSetup } from "../../../src/foundry/trinites/card.ts";
import { performTest, rollerOf, rollReaction, weaponOf } from "../../../src/foundry/trinites/flow.ts";
import { setupFrom, testDialogConfig } from "../../../src/foundry/trinites/dialog.ts";
import { TrinitesActorSheet, TrinitesItemSheet } from "../../../src/foundry/trinites/sheets.ts";
import { defaultValues } from "../../../src/foundry/dialog/inputs.ts";
import { RollDialog } from "../../../src/foundry/dialog/roll-dialog.ts";
import { testSetup } from "./setup-fixture.ts";
import { cardOf } from "../../cards.ts";
import { trinitesFight, trinitesWorld, type TrinitesWorld } from "../../worlds/trinites.ts";

let table: TrinitesWorld;
let state: DoubleState;
let aelis: DoubleActor;
let thug: DoubleActor;

/** The Trinités world in `lang`, its card actions registered; Aelis holds 2 in Argent. */
async function world(lang: "fr" | "en") {
  table = await trinitesWorld({ lang, cardActions: true, aelis: { ressources: [{ nom: "Argent", base: 2 }] } });
  ({ state, aelis, thug } = table);
}

beforeEach(() => world("en"));

type Sys = Record<string, unknown> & {
  vie: { value: number };
  deva: { value: number; max: number };
  archonte: { value: number; max: number };
  adam: { value: number; max: number };
  ressources: { nom: string; base: number }[];
  xp: { total: number; depense: number };
};
const sys = (a: DoubleActor) => a.system as unknown as Sys;
const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
const lastNotice = () => state.notifications.at(-1)?.message;
const localize = (key: string) => state.game.i18n.localize(key);

async function post(card: CardState, userId: string): Promise<DoubleChatMessage> {
  return (await asClient(userId, () => postCard(card))) as unknown as DoubleChatMessage;
}

/** The Thug's knife (2) as his sheet's weapon button reads it. */
async function knife(): Promise<WeaponSetup> {
  const [item] = await asGM(() =>
    thug.createEmbeddedDocuments("Item", [{ name: "Couteau", type: "tr-arme", system: { degats: 2 } }]),
  );
  return { ...weaponOf(item as never)!, steps: [], precise: false, nonLethal: false };
}

/** The Thug's player stabs at Aelis: 10 on the die, final 15, a success. */
async function thugStabsAelis(): Promise<DoubleChatMessage> {
  const setup = testSetup(thug, "player2", { weapon: await knife(), targets: [{ uuid: aelis.uuid, name: "Aelis" }] });
  return post(buildTestCard(setup, { deva: [10], archonte: [] }), "player2");
}

/** Aelis's player posts a reaction card (her two dice, the pick still to make). */
function aelisReacts(attack: DoubleChatMessage, deva: number[], over: Partial<TestSetup> = {}) {
  const setup = testSetup(aelis, "player1", {
    skill: "esquive",
    opposes: { messageId: attack.id, key: aelis.uuid },
    ...over,
  });
  return post(buildTestCard(setup, { deva, archonte: [2] }), "player1");
}

const pick = (m: DoubleChatMessage) =>
  asClient("player1", () => requestCardAction(m.id, "trinites.pick", { spirit: "deva" }));
const record = (attack: DoubleChatMessage, reaction: DoubleChatMessage) =>
  asClient("player1", () =>
    requestCardAction(attack.id, "trinites.opposition", { key: aelis.uuid, source: reaction.id }),
  );
const strike = (attack: DoubleChatMessage) =>
  asClient("player1", () => requestCardAction(attack.id, "trinites.damage", { key: aelis.uuid }));

describe("the confrontation decides whether the action lands (issue 25)", () => {
  it("waits for the reaction Aelis declared before the knife's damage, then lets her winning dodge stop it", async () => {
    const attack = await thugStabsAelis();
    const dodge = await aelisReacts(attack, [12, 5]); // 17 + 5 = 22, once she keeps the Deva die
    const early = await strike(attack);
    expect(early).toMatchObject({ status: "invalid", reason: "QUINTETTE.Trinites.Card.ReactionPending" });
    expect(sys(aelis).vie.value).toBe(24);
    await pick(dodge);
    await record(attack, dodge);
    expect(readData(stored(attack)).opposition).toMatchObject([{ key: aelis.uuid, winner: "b" }]);
    expect((await strike(attack)).status).not.toBe("applied");
    expect(sys(aelis).vie.value).toBe(24);
  });

  it("reverses a hit already applied when her reaction then wins", async () => {
    const attack = await thugStabsAelis();
    expect((await strike(attack)).status).toBe("applied");
    expect(sys(aelis).vie.value).toBe(22);
    const dodge = await aelisReacts(attack, [12, 5]);
    await pick(dodge);
    // Her player's client asks for the reaction to be recorded once it is resolved (asked again here: once only).
    await settle();
    await record(attack, dodge);
    expect(sys(aelis).vie.value).toBe(24);
    expect(stored(attack).applied).toMatchObject([{ action: "trinites.damage", targetUuid: aelis.uuid, undone: true }]);
  });

  it("reverses a hit the GM applied when her reaction then wins (the rule's write, not her undo of the GM's)", async () => {
    const attack = await thugStabsAelis();
    expect((await asGM(() => requestCardAction(attack.id, "trinites.damage", { key: aelis.uuid }))).status).toBe(
      "applied",
    );
    expect(sys(aelis).vie.value).toBe(22);
    const dodge = await aelisReacts(attack, [12, 5]);
    await pick(dodge);
    await settle();
    expect((await record(attack, dodge)).status).not.toBe("denied");
    expect(sys(aelis).vie.value).toBe(24);
    expect(readData(stored(attack)).opposition).toMatchObject([{ key: aelis.uuid, winner: "b" }]);
    expect(stored(attack).applied).toMatchObject([{ action: "trinites.damage", targetUuid: aelis.uuid, undone: true }]);
  });

  it("keeps a hit her losing reaction did not stop", async () => {
    const attack = await thugStabsAelis();
    await strike(attack);
    const dodge = await aelisReacts(attack, [3]); // 3 + 5 = 8: a failure
    await pick(dodge);
    await record(attack, dodge);
    expect(sys(aelis).vie.value).toBe(22);
  });

  it.each(["fr", "en"] as const)(
    "(%s) lets each character react once: no second dialog, and a second reaction card counts for nothing",
    async (lang) => {
      await world(lang);
      const attack = await thugStabsAelis();
      const failed = await aelisReacts(attack, [3]);
      await pick(failed);
      await record(attack, failed);
      // Her player clicks React again: told she already reacted, no dialog opens.
      const prompt = vi.spyOn(RollDialog, "prompt").mockResolvedValue(null);
      await asClient("player1", () => rollReaction(attack as never, aelis.uuid));
      expect(prompt).not.toHaveBeenCalled();
      prompt.mockRestore();
      expect(lastNotice()).toBe(localize("QUINTETTE.Trinites.Card.AlreadyReacted"));
      expect(lastNotice()).not.toContain("QUINTETTE.");
      // A winning second reaction posted anyway is refused and ignored: the knife still lands.
      const again = await aelisReacts(attack, [12, 12, 5]);
      await pick(again);
      expect(await record(attack, again)).toMatchObject({ reason: "QUINTETTE.Trinites.Card.AlreadyReacted" });
      expect((await strike(attack)).status).toBe("applied");
      expect(sys(aelis).vie.value).toBe(22);
    },
  );
});

describe("advanced actions impose their penalty (issue 25)", () => {
  const roller = () => rollerOf(aelis as never)!;

  it("offers no checkbox: Désarmer asks for its penalty, and rolls with it", () => {
    const config = testDialogConfig(roller(), {});
    expect(config.inputs.map((i) => i.name)).not.toContain("advanced");
    const values = { ...defaultValues(config.inputs), combatAction: "desarmer" };
    expect(config.odds(values)).toEqual([
      expect.objectContaining({ label: "QUINTETTE.Trinites.Dialog.AdvancedPenaltyMissing" }),
    ]);
    const context = { rollerId: "player1", targets: [], opposes: null, initiative: null };
    expect(() => setupFrom(roller(), values, {}, context)).toThrow(RangeError);
    const setup = setupFrom(roller(), { ...values, penalty2: "difficulte" }, {}, context);
    expect(setup.penalties).toEqual(["difficulte"]);
    expect(setup.modifier).toBe(-3);
    // Frapper is not advanced: a second penalty chosen there counts for nothing.
    const strikeSetup = setupFrom(
      roller(),
      { ...values, combatAction: "frapper", penalty2: "difficulte" },
      {},
      context,
    );
    expect(strikeSetup.penalties).toEqual([]);
  });

  it.each(["fr", "en"] as const)("(%s) posts no Maîtriser card without its penalty, and says why", async (lang) => {
    await world(lang);
    const config = testDialogConfig(roller(), {});
    const values = { ...defaultValues(config.inputs), combatAction: "maitriser" };
    const message = await asClient("player1", () =>
      performTest(aelis as never, {}, { values, rollMode: "publicroll" } as never),
    );
    expect(message).toBeNull();
    expect(state.game.messages.contents).toHaveLength(0);
    expect(lastNotice()).toBe(localize("QUINTETTE.Trinites.Dialog.InvalidChoice"));
    expect(localize("QUINTETTE.Trinites.Dialog.AdvancedPenaltyMissing")).not.toContain("QUINTETTE.");
  });
});

type SheetDouble = {
  render(): Promise<unknown>;
  renderedParts: Record<string, { tr: Record<string, unknown> }>;
  runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
  submitForm(elements: { name: string; type?: "number"; value?: string }[]): Promise<void>;
};
const sheetOf = (actor: DoubleActor) => new TrinitesActorSheet({ document: actor } as never) as unknown as SheetDouble;

describe("a resource point bought with experience (issue 25)", () => {
  it("shows the price on the resource's row and buys it: desired base × 2", async () => {
    await asClient("player1", () => aelis.update({ "system.xp.total": 10 }));
    const sheet = sheetOf(aelis);
    await asClient("player1", () => sheet.render());
    const rows = sheet.renderedParts.main!.tr.resources as { nom: string; xpPrice: number | null }[];
    expect(rows).toMatchObject([{ nom: "Argent", base: 2, xpPrice: 6 }]);
    await asClient("player1", () => sheet.runAction("spendXp", {}, { dataset: { kind: "ressource", index: "0" } }));
    expect(sys(aelis).ressources).toEqual([{ nom: "Argent", base: 3 }]);
    expect(sys(aelis).xp.depense).toBe(6);
  });
});

/** The world's combat of Aelis and the Thug, started (round 1). */
const startedFight = () => trinitesFight(table, { round: 1 });

describe("regeneration within the round and the reserve (issue 25)", () => {
  const regeneration = (sheet: SheetDouble) => sheet.renderedParts.main!.tr.regeneration;

  it.each(["fr", "en"] as const)(
    "(%s) offers Lumière no more once the round's Lumière point is spent, and refuses the click",
    async (lang) => {
      await world(lang);
      await asClient("player1", () => aelis.update({ "system.vie.value": 20 })); // Endolori: either kind
      await startedFight();
      const sheet = sheetOf(aelis);
      await asClient("player1", () => sheet.render());
      expect(regeneration(sheet)).toEqual({ lumiere: true, tenebres: true });
      await asClient("player1", () => sheet.runAction("spendKarma", {}, { dataset: { pool: "deva" } }));
      await asClient("player1", () => sheet.render());
      expect(regeneration(sheet)).toEqual({ lumiere: false, tenebres: true });
      await asClient("player1", () => sheet.runAction("regenerate", {}, { dataset: { karma: "lumiere" } }));
      expect(sys(aelis).vie.value).toBe(20);
      expect(lastNotice()).toBe(localize("QUINTETTE.Trinites.Karma.RegenerationRefused"));
      expect(lastNotice()).not.toContain("QUINTETTE.");
      await asClient("player1", () => sheet.runAction("regenerate", {}, { dataset: { karma: "tenebres" } }));
      expect(sys(aelis).vie.value).toBe(24);
      expect(sys(aelis).archonte.value).toBe(1);
    },
  );

  it("offers nothing when no reserve of that kind holds a point", async () => {
    await asClient("player1", () =>
      aelis.update({ "system.vie.value": 20, "system.deva.value": 0, "system.adam.value": 0 }),
    );
    const sheet = sheetOf(aelis);
    await asClient("player1", () => sheet.render());
    expect(regeneration(sheet)).toEqual({ lumiere: false, tenebres: true });
  });
});

describe("a Trinité's Karma while it is built (issue 25)", () => {
  it("fills the reserves as the player sets the scores, and keeps what was spent afterwards", async () => {
    const nova = await asGM(() =>
      DoubleActor.create({ name: "Nova", type: "trinite", ownership: { default: 0, player1: 3 } }),
    );
    const sheet = sheetOf(nova);
    await asClient("player1", () => sheet.render());
    // The edit form as the player submits it: every reserve and score, the scores changed.
    const form = (deva: number, dv: number) => [
      { name: "system.deva.value", type: "number" as const, value: String(dv) },
      { name: "system.deva.max", type: "number" as const, value: String(deva) },
      { name: "system.archonte.value", type: "number" as const, value: String(sys(nova).archonte.value) },
      { name: "system.archonte.max", type: "number" as const, value: "3" },
      { name: "system.adam.value", type: "number" as const, value: String(sys(nova).adam.value) },
    ];
    await asClient("player1", () => sheet.submitForm(form(7, 0)));
    expect([sys(nova).deva, sys(nova).archonte, sys(nova).adam]).toEqual([
      { value: 7, max: 7 },
      { value: 3, max: 3 },
      { value: 4, max: 4 },
    ]);
    // One Lumière point spent in play: raising the score no longer fills the reserve.
    await asClient("player1", () => sheet.runAction("spendKarma", {}, { dataset: { pool: "deva" } }));
    await asClient("player1", () => sheet.submitForm(form(8, 6)));
    expect(sys(nova).deva).toEqual({ value: 6, max: 8 });
  });
});

describe("objects' life lines and Déloger (issue 25)", () => {
  it.each(["fr", "en"] as const)("(%s) hits a wooden door through its protection until it breaks", async (lang) => {
    await world(lang);
    const [door] = await asClient("player1", () =>
      aelis.createEmbeddedDocuments("Item", [{ name: "Porte", type: "tr-objet", system: { pv: 6, materiau: "bois" } }]),
    );
    const sheet = new TrinitesItemSheet({ document: door } as never) as unknown as SheetDouble;
    await asClient("player1", () => sheet.render());
    const line = () => sheet.renderedParts.details!.tr.objectLine as { boxes: unknown[]; left: number };
    expect(line().boxes).toHaveLength(6);
    DialogV2.nextAnswer = { blow: 5 }; // wood protects 2: 3 boxes
    await asClient("player1", () => sheet.runAction("objectHit", {}, { dataset: {} }));
    expect((door as unknown as { system: { usure: number } }).system.usure).toBe(3);
    DialogV2.nextAnswer = { blow: 9 };
    await asClient("player1", () => sheet.runAction("objectHit", {}, { dataset: {} }));
    DialogV2.nextAnswer = null;
    expect((door as unknown as { system: { usure: number } }).system.usure).toBe(6);
    expect(lastNotice()).toBe(localize("QUINTETTE.Trinites.Sheet.ObjectDestroyed"));
    expect(lastNotice()).not.toContain("QUINTETTE.");
    await asClient("player1", () => sheet.render());
    expect(line().left).toBe(0);
    await asClient("player1", () => sheet.runAction("objectBox", {}, { dataset: { index: "6" } }));
    expect((door as unknown as { system: { usure: number } }).system.usure).toBe(5);
  });

  it("lets the GM apply Déloger's scenery from the harm dialog: a wall 2, 7 m of stairs 2", async () => {
    const sheet = sheetOf(aelis);
    await asClient("gm", () => sheet.render());
    DialogV2.nextAnswer = { kind: "deloger", element: "mur", stairs: 0 };
    await asClient("gm", () => sheet.runAction("harm", {}, { dataset: {} }));
    expect(sys(aelis).vie.value).toBe(22);
    DialogV2.nextAnswer = { kind: "deloger", element: "escaliers", stairs: 7 };
    await asClient("gm", () => sheet.runAction("harm", {}, { dataset: {} }));
    DialogV2.nextAnswer = null;
    expect(sys(aelis).vie.value).toBe(20);
  });
});
