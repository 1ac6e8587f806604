/**
 * SYSTEMJ sheets on the double: the actor sheet's context (attributes, skills, the world's primary special skills,
 * combat scores with the equipped cards, the hand of cards by family), its roll buttons and attacks (test card,
 * fight card on the targeted token), equipping a card, and the card-shaped item sheet (fields per kind, refused
 * out-of-range edits). The descriptor is registered as the entry does it.
 */
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DoubleItem, asGM, sheetsFor, type DoubleActor, type DoubleState } from "../../double/index.ts";
import { asClient, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { descriptor } from "../../../src/foundry/systemj/ruleset.ts";
import { SystemJActorSheet, SystemJItemSheet } from "../../../src/foundry/systemj/sheets.ts";
import { SETTING_SPECIALS } from "../../../src/foundry/systemj/settings.ts";
import { readExchange } from "../../../src/foundry/systemj/cards.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { cardOf } from "../../cards.ts";
import {
  SWORD,
  attributes,
  create,
  creature,
  dice,
  personnage,
  restoreWorld,
  systemjWorld,
} from "../../worlds/systemj.ts";

let state: DoubleState;

type Row = { id: string; value: number; roll: string; label: string };
type Ctx = Record<string, unknown> & {
  sj: {
    entity: string;
    attributes: Row[];
    skillGroups: { id: string; skills: Row[] }[];
    specials: { name: string; index: number; value: number; path: string; roll: string }[];
    combat: { scores: (Row & { note: string; unavailable: boolean })[]; weapons: { name: string; score: number }[] };
    hand: { id: string; cards: { id: string; equipped: boolean; attack: boolean; rollable: boolean }[] }[];
    armourFromCards: number;
    armourPoints: { value: number; max: number };
  };
};
type CardCtx = Record<string, unknown> & {
  card: { family: string; kindLabel: string; stats: { label: string; value: string }[] };
  cardFields: Record<string, boolean>;
  familyLabel: string;
  owner: string | null;
  editable: boolean;
};

interface SheetHandle<C> {
  render(): Promise<unknown>;
  runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
  renderedParts: Record<string, C>;
  submit(o: object): Promise<void>;
}
const actorSheet = (a: DoubleActor) =>
  new SystemJActorSheet({ document: a as unknown as Actor.Implementation }) as unknown as SheetHandle<Ctx>;
const itemSheet = (i: DoubleItem) =>
  new SystemJItemSheet({ document: i as unknown as Item.Implementation }) as unknown as SheetHandle<CardCtx>;

/** A click target inside a card or an attack line (`closest("[data-item-id]")`). */
const inItem = (itemId: string, dataset: Record<string, string> = {}) => ({
  dataset,
  closest: () => ({ dataset: { itemId } }),
});

const lastTest = () => (cardOf(state.game.messages.contents.at(-1) as DoubleChatMessage) as CardState).data.test;

/** Aude as her sheet tests know her: a full hand of cards of every family, a brigandine of 4 in hand. */
const makeAude = () =>
  create(
    personnage(
      "aude",
      "Aude",
      "player1",
      {
        skills: { nage: 35, detection: 60, lireEcrire: 40 },
        specials: [{ name: "Herboristerie", score: 30 }],
        armourPoints: { value: 4, max: 4 },
      },
      [
        SWORD,
        { _id: "arc", name: "Arc", type: "sj-arme", system: { att: 5, range: 60, damage: "1d6", family: "trait" } },
        { _id: "rond", name: "Rondache", type: "sj-arme", system: { equipped: false, def: 6, family: "bouclier" } },
        { _id: "brig", name: "Brigandine", type: "sj-armure", system: { equipped: true, armourPoints: 4 } },
        { _id: "onguent", name: "Onguent", type: "sj-consommable", system: { quantity: 3 } },
        { _id: "traite", name: "Traité", type: "sj-livre" },
        { _id: "croch", name: "Crochetage", type: "sj-competence", system: { score: 45 } },
      ],
    ),
  );
/** A bear with Aude's attributes (and `hide`: its cards in hand). */
const makeBear = (system: Record<string, unknown> = {}, hide: object[] = []) =>
  create(creature("ours", { attributes, ...system }, hide));
/** Its thick hide, an armour card in hand: it gives the 3 armour points. */
const HIDE = [{ _id: "cuir", name: "Cuir épais", type: "sj-armure", system: { equipped: true, armourPoints: 3 } }];

afterEach(restoreWorld);

beforeEach(async () => {
  // Registered as the entry does it; follow-up tests on a card open the test dialog, answered at its defaults.
  ({ state } = await systemjWorld({ entry: true, cast: false }));
});

describe("SYSTEMJ registration", () => {
  it("registers the sheets for both actor types and the eleven card types", () => {
    for (const type of ["sj-personnage", "creature"])
      expect(sheetsFor("Actor", type).map((r) => r.sheetClass)).toContain(SystemJActorSheet);
    expect(descriptor.itemTypes).toHaveLength(11);
    for (const { type } of descriptor.itemTypes)
      expect(sheetsFor("Item", type).map((r) => r.sheetClass)).toContain(SystemJItemSheet);
  });
});

describe("SYSTEMJ actor sheet", () => {
  it("shows the seven attributes, the skills, the world's special skills and the combat scores", async () => {
    await asGM(() => state.game.settings.set("quintette", SETTING_SPECIALS, "Équitation\nHerboristerie, Navigation"));
    const sheet = actorSheet(await makeAude());
    await sheet.render();
    expect(Object.keys(sheet.renderedParts)).toEqual(["header", "tabs", "main", "cards", "effects", "biography"]);
    const { sj } = sheet.renderedParts.main!;
    expect(sj.entity).toBe("personnage");
    expect(sj.attributes.map((a) => [a.id, a.value])).toEqual(Object.entries(attributes));
    const skills = sj.skillGroups.flatMap((g) => g.skills);
    expect(skills).toHaveLength(10);
    expect(skills.find((s) => s.id === "nage")).toMatchObject({ value: 35, roll: "skill.nage" });
    // Stored slot kept by name; the world's new names get fresh slots after it.
    expect(sj.specials.map((s) => [s.name, s.index, s.value])).toEqual([
      ["Équitation", 1, 0],
      ["Herboristerie", 0, 30],
      ["Navigation", 2, 0],
    ]);
    const score = (id: string) => sj.combat.scores.find((s) => s.id === id);
    // Parry (2·60+50+70)/5 = 48 + the equipped sword's DEF 8; no shield in hand, so no block.
    expect(score("parry")).toMatchObject({ value: 56, note: "Épée", unavailable: false });
    expect(score("block")).toMatchObject({ unavailable: true });
    // Sword in force (2·60+50+74)/5 = 48 (no ATT in melee); bow (60+140+74)/5 = 54 + ATT 5.
    expect(sj.combat.weapons.map((w) => [w.name, w.score])).toEqual([
      ["Épée", 48],
      ["Arc", 59],
    ]);
    expect(sj.armourFromCards).toBe(4);
  });

  it("lays the cards out as a hand, one row per family, with what each card can do", async () => {
    const sheet = actorSheet(await makeAude());
    await sheet.render();
    const { hand } = sheet.renderedParts.cards!.sj;
    expect(hand.map((f) => [f.id, f.cards.map((c) => c.id)])).toEqual([
      ["equipement", ["epee", "arc", "rond", "brig"]],
      ["ressource", ["onguent"]],
      ["savoir", ["traite"]],
      ["pouvoir", ["croch"]],
    ]);
    const cards = hand.flatMap((f) => f.cards);
    expect(cards.filter((c) => c.attack).map((c) => c.id)).toEqual(["epee", "arc"]);
    expect(cards.filter((c) => c.rollable).map((c) => c.id)).toEqual(["croch"]);
  });

  it("a créature has no language skills and no Parler to roll", async () => {
    const ours = await makeBear();
    const sheet = actorSheet(ours);
    await sheet.render();
    const ids = sheet.renderedParts.main!.sj.skillGroups.flatMap((g) => g.skills.map((s) => s.id));
    expect(ids).toHaveLength(8);
    expect(ids).not.toContain("parler");
  });

  it("rolls a skill from its button (Shift: no dialog) and posts the test card", async () => {
    const sheet = actorSheet(await makeAude());
    dice(30);
    await sheet.runAction("roll", { shiftKey: true }, { dataset: { roll: "skill.nage" } });
    const message = state.game.messages.contents.at(-1) as DoubleChatMessage;
    const card = cardOf(message) as CardState;
    expect(card.data.test).toMatchObject({ score: 35, roll: 30, outcome: "notable" });
    // A primary special skill rolls by name; one of the world's list with no score yet rolls at 0.
    await asGM(() => state.game.settings.set("quintette", SETTING_SPECIALS, "Herboristerie, Navigation"));
    dice(12);
    await sheet.runAction("roll", { shiftKey: true }, { dataset: { roll: "special.Herboristerie" } });
    expect(lastTest()).toMatchObject({ label: "Herboristerie", score: 30, outcome: "moyenne" });
    dice(12);
    await sheet.runAction("roll", { shiftKey: true }, { dataset: { roll: "special.Navigation" } });
    expect(lastTest()).toMatchObject({ label: "Navigation", score: 0, outcome: "echec" });
    const count = state.game.messages.size;
    await sheet.runAction("roll", { shiftKey: true }, { dataset: { roll: "special.Astrologie" } });
    expect(state.game.messages.size).toBe(count);
    // A skill card rolls its own score.
    dice(45);
    await sheet.runAction("roll", { shiftKey: true }, inItem("croch", { roll: "card" }));
    const skillCard = cardOf(state.game.messages.contents.at(-1) as DoubleChatMessage);
    expect((skillCard as CardState).data.test).toMatchObject({ score: 45, outcome: "reussiteCritique" });
  });

  it("attacks the targeted token from a weapon card and opens the fight card; no target, no roll", async () => {
    const aude = await makeAude();
    const ours = await makeBear();
    const sheet = actorSheet(aude);
    const before = state.game.messages.size;
    await sheet.runAction("attack", { shiftKey: true }, inItem("epee", { mode: "meleeForce" }));
    expect(state.game.messages.size).toBe(before);
    expect(state.notifications.at(-1)?.type).toBe("warn");
    targetsOf("player1").add({ actor: ours }); // Aude's player, on whose client the sheet runs
    dice(90); // melee in force 48: a 90 fails, the bear may counter-attack
    await sheet.runAction("attack", { shiftKey: true }, inItem("epee", { mode: "meleeForce" }));
    const fight = readExchange(cardOf(state.game.messages.contents.at(-1) as DoubleChatMessage) as CardState);
    expect(fight).toMatchObject({ mode: "meleeForce", phase: "counter", defender: { name: "Ours" } });
    // Stealth opens with the attacker's Dissimulation; at 0 it fails, so she is seen and countered at once.
    dice(1);
    await sheet.runAction("attack", { shiftKey: true }, inItem("epee", { mode: "meleeStealth" }));
    const stealth = readExchange(cardOf(state.game.messages.contents.at(-1) as DoubleChatMessage) as CardState);
    expect(stealth).toMatchObject({ mode: "meleeStealth", phase: "counter" });
    expect(stealth?.tests.map((t) => t.role)).toEqual(["dissimulation"]);
    // The bow fights at range: a hit may be defended (dodge only: the bear holds nothing) once the GM says the bear
    // sees it coming (issue 33), never countered.
    dice(20);
    await sheet.runAction("attack", { shiftKey: true }, inItem("arc", { mode: "ranged" }));
    const ranged = readExchange(cardOf(state.game.messages.contents.at(-1) as DoubleChatMessage) as CardState);
    expect(ranged).toMatchObject({ mode: "ranged", phase: "sight", options: ["dodge"] });
  });

  it("a whole fight from the sheet: Aude's player attacks, the GM's bear fails to dodge, the damage lands", async () => {
    const aude = await makeAude();
    const ours = await makeBear({ hitPoints: { value: 22, max: 22 }, armourPoints: { value: 3, max: 3 } }, HIDE);
    targetsOf("player1").add({ actor: ours });
    const sheet = actorSheet(aude);
    dice(20); // melee in force 48: a hit, which the bear may try to dodge (it holds nothing to parry or block)
    await asClient("player1", () =>
      sheet.runAction("attack", { shiftKey: true }, inItem("epee", { mode: "meleeForce" })),
    );
    const message = state.game.messages.contents.at(-1) as DoubleChatMessage;
    const exchange = () => readExchange(cardOf(message) as CardState);
    expect(exchange()).toMatchObject({ phase: "defence", options: ["dodge"] });
    // The player cannot answer for the bear; the GM dodges and fails.
    expect(
      (await asClient("player1", () => requestCardAction(message.id, "systemj.defend", { kind: "dodge" }))).status,
    ).toBe("denied");
    dice(95);
    expect(
      (await asClient("gm", () => requestCardAction(message.id, "systemj.defend", { kind: "dodge" }))).status,
    ).toBe("applied");
    expect(exchange()).toMatchObject({ phase: "hit", hitTarget: "defender" });
    dice(6);
    await asClient("player1", () => requestCardAction(message.id, "systemj.damage"));
    await asClient("player1", () => requestCardAction(message.id, "systemj.applyDamage"));
    const bear = ours.system as unknown as { armourPoints: { value: number }; hitPoints: { value: number } };
    expect([bear.armourPoints.value, bear.hitPoints.value]).toEqual([0, 19]);
    // A missed shot never opens a counter-attack.
    dice(99);
    await asClient("player1", () => sheet.runAction("attack", { shiftKey: true }, inItem("arc", { mode: "ranged" })));
    const shot = state.game.messages.contents.at(-1) as DoubleChatMessage;
    expect(readExchange(cardOf(shot) as CardState)).toMatchObject({ phase: "miss" });
    expect((cardOf(shot) as CardState).buttons).toEqual([]);
  });

  it("throws an object at the targeted token: a ranged attack at its own score whose 1d3 damage lands (issue 16, SYSTEMJ 5)", async () => {
    const aude = await makeAude();
    const ours = await makeBear({ hitPoints: { value: 22, max: 22 }, armourPoints: { value: 3, max: 3 } }, HIDE);
    const sheet = actorSheet(aude);
    // The combat scores offer the throw as an attack, not as a bare test.
    await sheet.render();
    const scores = sheet.renderedParts.main!.sj.combat.scores as unknown as { id: string; attack: string | null }[];
    expect(scores.find((r) => r.id === "throwObject")?.attack).toBe("throw");
    expect(readFileSync("templates/systemj/actor/main.hbs", "utf8")).toContain('data-mode="throw"');
    // No target: a warning, nothing rolled.
    const before = state.game.messages.contents.length;
    await asClient("player1", () => sheet.runAction("attack", { shiftKey: true }, inItem("", { mode: "throw" })));
    expect(state.game.messages.contents.length).toBe(before);
    expect(state.notifications.at(-1)?.type).toBe("warn");
    // Aude's player targets the bear and throws: ((60×2)+(70×2))/5 = 52, with no weapon's ATT; a 30 hits.
    targetsOf("player1").add({ actor: ours });
    dice(30);
    await asClient("player1", () => sheet.runAction("attack", { shiftKey: true }, inItem("", { mode: "throw" })));
    const message = state.game.messages.contents.at(-1) as DoubleChatMessage;
    const exchange = () => readExchange(cardOf(message) as CardState);
    // Whether the bear sees the object coming is the GM's call (issue 33): the GM says it does, so it may dodge.
    expect(exchange()).toMatchObject({ mode: "ranged", phase: "sight" });
    expect((await asClient("gm", () => requestCardAction(message.id, "systemj.sight", { aware: true }))).status).toBe(
      "applied",
    );
    expect(exchange()).toMatchObject({
      mode: "ranged",
      phase: "defence",
      options: ["dodge"],
      defender: { uuid: ours.uuid },
      weapon: { name: "Objet lancé", damage: "1d3", family: "jet" },
    });
    expect(exchange()?.tests[0]).toMatchObject({ label: "QUINTETTE.SystemJ.Score.throwObject", score: 52, roll: 30 });
    // The GM's bear fails to dodge; the thrower rolls the 1d3 and applies it: armour first.
    dice(95);
    expect(
      (await asClient("gm", () => requestCardAction(message.id, "systemj.defend", { kind: "dodge" }))).status,
    ).toBe("applied");
    dice(2);
    expect((await asClient("player1", () => requestCardAction(message.id, "systemj.damage"))).status).toBe("applied");
    expect(exchange()?.damage).toBe(2);
    await asClient("player1", () => requestCardAction(message.id, "systemj.applyDamage"));
    const bear = ours.system as unknown as { armourPoints: { value: number }; hitPoints: { value: number } };
    expect([bear.armourPoints.value, bear.hitPoints.value]).toEqual([1, 22]);
    // A missed throw is never countered.
    dice(99);
    await asClient("player1", () => sheet.runAction("attack", { shiftKey: true }, inItem("", { mode: "throw" })));
    const miss = state.game.messages.contents.at(-1) as DoubleChatMessage;
    expect(readExchange(cardOf(miss) as CardState)).toMatchObject({ phase: "miss" });
  });

  it("takes a card in hand and puts it down; parry and block follow", async () => {
    const aude = await makeAude();
    const sheet = actorSheet(aude);
    await sheet.runAction("toggleEquip", {}, inItem("rond"));
    await sheet.runAction("toggleEquip", {}, inItem("epee"));
    await sheet.render();
    const scores = sheet.renderedParts.main!.sj.combat.scores;
    // Block (2·60+2·50)/5 = 44 + the shield's DEF 6; parry without a weapon in hand is unavailable.
    expect(scores.find((s) => s.id === "block")).toMatchObject({ value: 50, unavailable: false });
    expect(scores.find((s) => s.id === "parry")).toMatchObject({ unavailable: true });
  });

  it("armour points: the maximum follows the armour cards in hand; one taken in hand brings its points", async () => {
    const aude = await makeAude();
    const ap = () => ({ ...(aude.system as unknown as { armourPoints: { value: number; max: number } }).armourPoints });
    const sheet = actorSheet(aude);
    await sheet.render();
    expect(sheet.renderedParts.main!.sj).toMatchObject({ armourPoints: { value: 4, max: 4 }, armourFromCards: 4 });
    // A blow took 3; a fresh helmet card (2) comes into the hand: max 6, value 1 + 2.
    await aude.update({ "system.armourPoints.value": 1 });
    const [helmet] = await aude.createEmbeddedDocuments("Item", [
      { name: "Casque", type: "sj-armure", system: { equipped: false, armourPoints: 2 } },
    ]);
    expect(ap()).toEqual({ value: 1, max: 4 });
    await sheet.runAction("toggleEquip", {}, inItem(helmet!.id));
    expect(ap()).toEqual({ value: 3, max: 6 });
    // The brigandine put away: the maximum drops to the helmet's 2 and the value with it, stored so.
    await sheet.runAction("toggleEquip", {}, inItem("brig"));
    expect(ap()).toEqual({ value: 2, max: 2 });
    expect((aude._source as { system: { armourPoints: { value: number } } }).system.armourPoints.value).toBe(2);
    // A value typed above the maximum is shown and used at the maximum.
    await sheet.submit({ "system.armourPoints.value": "9" });
    expect(ap()).toEqual({ value: 2, max: 2 });
    await sheet.render();
    expect(sheet.renderedParts.main!.sj).toMatchObject({ armourPoints: { value: 2, max: 2 }, armourFromCards: 2 });
    // Taking a weapon in hand leaves the armour points alone.
    await sheet.runAction("toggleEquip", {}, inItem("rond"));
    expect(ap()).toEqual({ value: 2, max: 2 });
  });

  it("the actor's equip method does the same without a sheet (a macro's or a module's call)", async () => {
    const aude = await makeAude();
    const model = aude.system as unknown as {
      equip(id: string, equipped?: boolean): Promise<boolean>;
      armourPoints: { value: number; max: number };
    };
    await aude.update({ "system.armourPoints.value": 1 });
    expect(await model.equip("brig", false)).toBe(true);
    expect({ ...model.armourPoints }).toEqual({ value: 0, max: 0 });
    expect(await model.equip("brig")).toBe(true);
    expect({ ...model.armourPoints }).toEqual({ value: 4, max: 4 });
    expect(await model.equip("nothing")).toBe(false);
  });

  it("refuses an attribute above 100 and keeps the rest of the form", async () => {
    const aude = await makeAude();
    const sheet = actorSheet(aude);
    await sheet.submit({ "system.attributes.FOR": "140", "system.skills.nage": "50" });
    const sys = aude.system as unknown as { attributes: { FOR: number }; skills: { nage: number } };
    expect(sys.attributes.FOR).toBe(60);
    expect(sys.skills.nage).toBe(50);
    expect(state.notifications.at(-1)?.type).toBe("warn");
  });
});

describe("SYSTEMJ card item sheet", () => {
  it("shows a weapon as a card with its family colour and the weapon's fields only", async () => {
    const aude = await makeAude();
    const sheet = itemSheet(aude.items.get("epee") as DoubleItem);
    await sheet.render();
    expect(Object.keys(sheet.renderedParts)).toEqual(["card", "effects"]);
    const ctx = sheet.renderedParts.card!;
    expect(ctx).toMatchObject({ familyLabel: "QUINTETTE.SystemJ.Family.equipement", owner: "Aude", editable: true });
    expect(ctx.card).toMatchObject({ family: "equipement", kindLabel: "TYPES.Item.sj-arme" });
    expect(
      Object.entries(ctx.cardFields)
        .filter(([, on]) => on)
        .map(([k]) => k),
    ).toEqual(["att", "def", "range", "damage", "family", "equipped"]);
  });

  it("a secondary skill card carries its score; a book only its text", async () => {
    const aude = await makeAude();
    const skill = itemSheet(aude.items.get("croch") as DoubleItem);
    await skill.render();
    expect(skill.renderedParts.card!.card.family).toBe("pouvoir");
    expect(Object.entries(skill.renderedParts.card!.cardFields).filter(([, on]) => on)).toEqual([["score", true]]);
    const book = itemSheet(aude.items.get("traite") as DoubleItem);
    await book.render();
    expect(Object.values(book.renderedParts.card!.cardFields).some(Boolean)).toBe(false);
  });

  it("an observer sees the card's face (family, stats, in hand) without inputs", async () => {
    const bow = new DoubleItem({
      name: "Arc",
      type: "sj-arme",
      ownership: { default: 2 },
      system: { att: 5, range: 60, damage: "1d6", family: "trait", equipped: true },
    });
    const sheet = itemSheet(bow);
    await asClient("player1", () => sheet.render());
    expect(sheet.renderedParts.card).toMatchObject({
      editable: false,
      weaponFamilyLabel: "QUINTETTE.SystemJ.WeaponFamily.trait",
      card: { equipped: true, stats: [{ value: "+5" }, { value: "0" }, { value: "1d6" }, { value: "60 m" }] },
    });
  });

  it("refuses an ATT out of range, saves the rest", async () => {
    const aude = await makeAude();
    const epee = aude.items.get("epee") as DoubleItem;
    await itemSheet(epee).submit({ "system.att": "500", "system.damage": "1d10" });
    expect(epee.system).toMatchObject({ att: 0, damage: "1d10" });
    expect(state.notifications.at(-1)?.type).toBe("warn");
  });
});

describe("SYSTEMJ armour card in hand from its own sheet (issue 16, SYSTEMJ 2)", () => {
  it('ticking "En main" on an armour card brings its points, as the hand button does; unticking drops them', async () => {
    const aude = await makeAude();
    const ap = () => ({ ...(aude.system as unknown as { armourPoints: { value: number; max: number } }).armourPoints });
    const [helmet] = await aude.createEmbeddedDocuments("Item", [
      { name: "Casque", type: "sj-armure", system: { equipped: false, armourPoints: 2 } },
    ]);
    const sheet = itemSheet(helmet as unknown as DoubleItem);
    await asClient("player1", () => sheet.submit({ "system.equipped": true, "system.armourPoints": 2 }));
    // The first hit now meets 4 + 2 armour points, not 4 of 6.
    expect(ap()).toEqual({ value: 6, max: 6 });
    // Submitting again without a change adds nothing.
    await asClient("player1", () => sheet.submit({ "system.equipped": true, "system.armourPoints": 2 }));
    expect(ap()).toEqual({ value: 6, max: 6 });
    await asClient("player1", () => sheet.submit({ "system.equipped": false, "system.armourPoints": 2 }));
    expect(ap()).toEqual({ value: 4, max: 4 });
  });
});

describe("SYSTEMJ improvised parry and block (issue 16, SYSTEMJ 3)", () => {
  it("an object card fit for combat in hand lets its holder parry and block, without DEF", async () => {
    const aude = await makeAude();
    const ours = await makeBear({ hitPoints: { value: 22, max: 22 } }, [
      { _id: "baton", name: "Bâton", type: "sj-objet", system: { equipped: true, combatFit: true } },
    ]);
    targetsOf("player1").add({ actor: ours });
    dice(20); // melee in force 48: a hit
    await asClient("player1", () =>
      actorSheet(aude).runAction("attack", { shiftKey: true }, inItem("epee", { mode: "meleeForce" })),
    );
    const message = state.game.messages.contents.at(-1) as DoubleChatMessage;
    const exchange = () => readExchange(cardOf(message) as CardState);
    expect(exchange()).toMatchObject({ phase: "defence", options: ["dodge", "parry", "block"] });
    // The bear parries with its staff: (2·60+50+70)/5 = 48, no DEF; a 30 parries.
    dice(30);
    const r = await asClient("gm", () => requestCardAction(message.id, "systemj.defend", { kind: "parry" }));
    expect(r.status).toBe("applied");
    expect(exchange()?.tests.at(-1)).toMatchObject({ role: "parry", score: 48, roll: 30 });
    // The same object not marked fit for combat offers only the dodge.
    await asGM(() => ours.updateEmbeddedDocuments("Item", [{ _id: "baton", "system.combatFit": false }]));
    dice(20);
    await asClient("player1", () =>
      actorSheet(aude).runAction("attack", { shiftKey: true }, inItem("epee", { mode: "meleeForce" })),
    );
    const second = state.game.messages.contents.at(-1) as DoubleChatMessage;
    expect(readExchange(cardOf(second) as CardState)).toMatchObject({ options: ["dodge"] });
  });
});

describe("SYSTEMJ sheet identity and labels (issue 16, SYSTEMJ 5)", () => {
  it("a player names their personnage's languages and sets PJ/PNJ; the sheet shows the marker and the names", async () => {
    const aude = await makeAude();
    await asClient("player1", async () => {
      const sheet = actorSheet(aude);
      await sheet.submit({ "system.role": "PJ", "system.languages": "Commun, elfique ; commun" });
      await sheet.render();
      const sj = sheet.renderedParts.main!.sj as unknown as Record<string, unknown>;
      expect(sj.marker).toBe("PJ");
      expect(sj.markerLabel).toBe("QUINTETTE.SystemJ.Marker.PJ");
      expect(sj.languages).toEqual(["Commun", "elfique"]);
      expect(sj.speaksLanguages).toBe(true);
    });
  });

  it("a créature shows no marker and no languages", async () => {
    const ours = await makeBear();
    const sheet = actorSheet(ours);
    await sheet.render();
    const sj = sheet.renderedParts.main!.sj as unknown as Record<string, unknown>;
    expect(sj.marker).toBeNull();
    expect(sj.speaksLanguages).toBe(false);
  });

  it('the attributes heading reads "Attributs"; every attack button carries a visible label', () => {
    const fr = JSON.parse(readFileSync("lang/fr.json", "utf8")) as {
      QUINTETTE: { SystemJ: { Sheet: { Attributes: string } } };
    };
    expect(fr.QUINTETTE.SystemJ.Sheet.Attributes).toBe("Attributs");
    for (const file of ["templates/systemj/actor/main.hbs", "templates/systemj/actor/cards.hbs"]) {
      const buttons = readFileSync(file, "utf8").match(/<button[^>]*data-action="attack"[\s\S]*?<\/button>/g) ?? [];
      expect(buttons.length).toBeGreaterThan(0);
      // A visible label, or the score line's visible name (the throw line of the combat scores).
      for (const b of buttons) expect(b).toMatch(/<span class="(label|name)">\{\{localize [^}]+\}\}<\/span>/);
    }
  });
});
