/**
 * The Ahill-Mach sheet classes opened on the double: registration through the descriptor, the personnage and
 * opposant contexts (rules-core values, moves filtered by the initiative in a conflict), the roll requests behind
 * the buttons, adding the missing moves, the opponent's damage card, the item sheet for rules and free moves, and
 * the defaults a new actor gets.
 */
import { rollRequest } from "../../../src/foundry/api/rolls.ts";
import { beforeEach, describe, expect, it } from "vitest";
import {
  asGM,
  DoubleActor,
  DoubleItem,
  resetFoundryDouble,
  setDoubleUser,
  sheetsFor,
  type DoubleState,
} from "../../double/index.ts";
import type { FormInput } from "../../double/applications.ts";
import { DoubleCombat, installClients, type DoubleChatMessage } from "../../double/shared-core.ts";
import { applyRuleset } from "../../../src/foundry/data/register.ts";
import { clearRulesets, registerRuleset } from "../../../src/foundry/ruleset.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";
import { descriptor } from "../../../src/foundry/ahillmach/ruleset.ts";
import { AhillMachItemSheet, OpposantSheet, PersonnageSheet } from "../../../src/foundry/ahillmach/sheets.ts";
import type { OpposantSheetData, PersonnageSheetData } from "../../../src/foundry/ahillmach/sheet-context.ts";
import { creationDefaults } from "../../../src/foundry/ahillmach/compendium.ts";
import { CombatantData } from "../../../src/foundry/combat/model.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { ahillmach } from "../../../src/rules/index.ts";
import { chooseDice, facesLeft } from "../../double/dice.ts";
import { cardOf } from "../../cards.ts";

let state: DoubleState;

type Sheet = {
  render(): Promise<unknown>;
  runAction(action: string, event: unknown, target: unknown): Promise<unknown>;
  submit(data: object): Promise<void>;
  submitForm(elements: FormInput[]): Promise<void>;
  lastContext: Record<string, unknown>;
  renderedParts: Record<string, Record<string, unknown>>;
  document: unknown;
};
type Request = { dialog: { title: string; inputs: { name: string }[] } } | null;
/** The roll request behind a sheet's roll key, through the actor's rule set as its buttons reach it. */
const request = async (s: Sheet, key: string) =>
  (await rollRequest(s.document as Actor.Implementation, key)) as unknown as Request;
const open = (SheetClass: unknown, document: DoubleActor | DoubleItem) =>
  new (SheetClass as new (o: object) => Sheet)({ document });
const personnageCtx = (s: Sheet) => s.lastContext.ahillmach as PersonnageSheetData;
const opposantCtx = (s: Sheet) => s.lastContext.ahillmach as OpposantSheetData & { actions: { enriched: string } };

async function makeHero(extra: Record<string, unknown> = {}) {
  return asGM(() =>
    DoubleActor.create(
      {
        name: "Ysolde",
        type: "personnage",
        ownership: { default: 0, player1: 3 },
        system: {
          classId: "paladin",
          level: 3,
          characteristics: { for: 2, dex: 2, con: 1, int: 1, mys: -1, aur: -1 },
          creation: "b",
          hp: { value: 19 },
          penchant1: "Inflexible",
        },
        items: [
          { _id: "taille", name: "Tailler en pièces", type: "am-action", system: { moveId: "taillerEnPieces" } },
          { _id: "defendre", name: "Défendre", type: "am-action", system: { moveId: "defendre" } },
          {
            _id: "libre",
            name: "Charge du bélier",
            type: "am-action",
            system: { moveId: "libre", characteristic: "con" },
          },
          { _id: "forge", name: "Forgeron", type: "am-metier", system: { mastery: 2 } },
        ],
        ...extra,
      },
      { keepId: true },
    ),
  );
}

beforeEach(() => {
  state = installClients(resetFoundryDouble({ lang: "fr" }));
  clearRulesets();
  registerCoreSettings();
  registerRuleset(descriptor);
  applyRuleset(descriptor);
  Object.assign(CONFIG.Combatant.dataModels, { base: CombatantData });
});

describe("Ahill-Mach registration", () => {
  it("registers a model and a sheet for every type, and puts HP on the token bar", () => {
    for (const type of ["personnage", "opposant"]) {
      expect(state.CONFIG.Actor.dataModels[type]).toBeDefined();
      expect(sheetsFor("Actor", type)).toHaveLength(1);
      expect(state.CONFIG.Actor.trackableAttributes[type]).toMatchObject({ bar: ["hp"] });
    }
    for (const type of ["am-action", "am-equipement", "am-metier"]) {
      expect(state.CONFIG.Item.dataModels[type]).toBeDefined();
      expect(sheetsFor("Item", type)).toHaveLength(1);
    }
  });

  it("gives a new personnage the seven moves and the HP bar; an opposant the HP bar only", () => {
    // The linked token of every player character is set once for all rule sets (shared/documents.test.ts).
    const fresh = creationDefaults({ type: "personnage" }, "fr");
    expect(fresh).toMatchObject({ "prototypeToken.bar1.attribute": "hp" });
    const moves = fresh!.items as { name: string; system: { moveId: string } }[];
    expect(moves.map((m) => m.system.moveId)).toEqual([...ahillmach.MOVE_IDS]);
    expect(moves[0]!.name).toBe("Tailler en pièces");
    expect((creationDefaults({ type: "personnage" }, "en")!.items as { name: string }[])[0]!.name).toBe(
      "Hack to pieces",
    );
    // An imported or duplicated character keeps its own moves and token settings.
    expect(
      creationDefaults(
        {
          type: "personnage",
          items: [{ type: "am-action", system: { moveId: "salve" } }],
          prototypeToken: { actorLink: false, bar1: { attribute: "xp" } },
          system: { hp: { value: 9 } },
        },
        "fr",
      ),
    ).toBeNull();
    const other = creationDefaults({ type: "opposant", items: [{ type: "am-metier" }] }, "fr");
    expect(other).toEqual({ "prototypeToken.bar1.attribute": "hp", "system.hp.value": 6 });
  });
});

describe("personnage sheet", () => {
  it("prepares the context from the rules core: characteristics, class with its HP, moves, XP", async () => {
    const sheet = open(PersonnageSheet, await makeHero());
    await sheet.render();
    const ctx = personnageCtx(sheet);
    expect(ctx.characteristics.map((c) => [c.id, c.effectiveText])).toEqual([
      ["for", "+2"],
      ["dex", "+2"],
      ["con", "+1"],
      ["int", "+1"],
      ["mys", "−1"],
      ["aur", "−1"],
    ]);
    // Paladin level 3, CON 1: 16 + 1 + 2.
    expect(ctx.hp).toMatchObject({ value: 19, max: ahillmach.maxHp({ classId: "paladin", con: 1, level: 3 }) });
    expect(ctx.hp.max).toBe(19);
    expect(ctx.classChoices).toHaveLength(11);
    expect(ctx.classChoices.find((c) => c.selected)).toMatchObject({ value: "paladin", baseHp: 16 });
    // Sorted by the owner's order, then by name.
    expect(ctx.moves.map((m) => [m.id, m.characteristicLabel])).toEqual([
      ["libre", "QUINTETTE.AhillMach.Characteristic.con"],
      ["defendre", "QUINTETTE.AhillMach.Characteristic.con"],
      ["taille", "QUINTETTE.AhillMach.Characteristic.for"],
    ]);
    expect(ctx.missingMoves).toBe(5);
    expect(ctx.hiddenMoves).toBe(0);
    expect(ctx.conflict).toEqual({ inConflict: false, holds: false });
    expect(ctx.xp.toNext).toBe(ahillmach.xpForNextLevel(3)! + ahillmach.xpToReachLevel(3));
    expect(ctx.increases).toBe(1);
    // Creation array "b" (2, 2, 1, 1, −1, −1) at level 3: its values, each up to +1 for the raise earned.
    expect(ctx.characteristics[0]!.choices!.map((c) => c.value)).toEqual([3, 2, 1, 0, -1]);
    expect(ctx.warnings).toEqual([]);
  });

  it("shows the side without the initiative only Défendre (free moves hidden too), and the holder everything", async () => {
    const hero = await makeHero();
    const combat = await asGM(() => DoubleCombat.create({}, { keepId: true }));
    await asGM(() =>
      combat.createEmbeddedDocuments(
        "Combatant",
        [{ _id: "cHero", name: "Ysolde", actorId: hero.id, system: { marker: false } }],
        { keepId: true },
      ),
    );
    Object.assign(state.game, { combat });
    const sheet = open(PersonnageSheet, hero);
    await sheet.render();
    expect(personnageCtx(sheet).conflict).toEqual({ inConflict: true, holds: false });
    expect(personnageCtx(sheet).moves.map((m) => m.id)).toEqual(["defendre"]);
    expect(personnageCtx(sheet).hiddenMoves).toBe(2);
    // The GM hands the initiative marker over (a player may not write a combatant's system data).
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cHero", "system.marker": true }]));
    await sheet.render();
    expect(personnageCtx(sheet).conflict.holds).toBe(true);
    expect(personnageCtx(sheet).moves).toHaveLength(3);
  });

  it("adds the missing moves once, in the user's language", async () => {
    const hero = await makeHero();
    const sheet = open(PersonnageSheet, hero);
    await sheet.runAction("amAddMoves", {}, {});
    const moves = hero.items.contents.filter((i) => i.type === "am-action");
    expect(moves).toHaveLength(8);
    expect(moves.map((m) => (m.system as unknown as { moveId: string }).moveId).sort()).toEqual(
      [...ahillmach.MOVE_IDS, "libre"].sort(),
    );
    expect(hero.items.contents.find((i) => i.name === "Discerner la réalité")).toBeDefined();
    await sheet.runAction("amAddMoves", {}, {});
    expect(hero.items.contents.filter((i) => i.type === "am-action")).toHaveLength(8);
    await sheet.render();
    expect(personnageCtx(sheet).missingMoves).toBe(0);
  });

  it("answers the roll buttons with the shared dialog: moves, characteristics and the wound tests", async () => {
    const hero = await makeHero();
    const sheet = open(PersonnageSheet, hero);
    const move = await request(sheet, "move:taille");
    expect(move?.dialog.inputs.map((i) => i.name)).toEqual(
      expect.arrayContaining(["characteristic", "helpers", "hinderers"]),
    );
    expect(await request(sheet, "char:mys")).not.toBeNull();
    expect(await request(sheet, "fainting")).not.toBeNull();
    expect(await request(sheet, "move:nope")).toBeNull();
    expect(await request(sheet, "char:xyz")).toBeNull();
  });

  it("rolls a move from its button with Shift (dialog defaults) and posts the band's card", async () => {
    const hero = await makeHero();
    const sheet = open(PersonnageSheet, hero);
    chooseDice(7, 8);
    await sheet.runAction("roll", { shiftKey: true }, { dataset: { roll: "move:taille" }, closest: () => null });
    expect(facesLeft()).toBe(0);
    const message = [...state.game.messages.values()].at(-1) as DoubleChatMessage;
    const card = cardOf(message) as CardState;
    // 7 + 8 + FOR 2 (gear and métier default to none) = 17: OUI.
    expect(card.data).toMatchObject({ moveId: "taillerEnPieces", total: 17, band: "totale", keepsInitiative: true });
  });

  it("refuses a characteristic above +4 from the form and keeps the rest", async () => {
    const hero = await makeHero();
    const sheet = open(PersonnageSheet, hero);
    await sheet.submit({ "system.characteristics.for": "5", "system.penchant2": "Curieux" });
    const sys = hero.system as unknown as { characteristics: { for: number }; penchant2: string };
    expect(sys.characteristics.for).toBe(2);
    expect(sys.penchant2).toBe("Curieux");
  });

  it("as the owning player, saves a real form cast by FormDataExtended: unchecked boxes, numbers, disabled inputs", async () => {
    const hero = await makeHero();
    setDoubleUser("player1");
    const sheet = open(PersonnageSheet, hero);
    await sheet.submitForm([
      { name: "system.states.int", type: "checkbox", checked: true },
      { name: "system.states.dex", type: "checkbox", checked: false },
      { name: "system.characteristics.for", type: "number", value: "3" },
      { name: "system.penchant2", type: "text", value: "Curieux" },
      { name: "system.level", type: "number", value: "9", disabled: true },
    ]);
    const sys = hero.system as unknown as {
      states: Record<string, boolean>;
      characteristics: { for: number };
      penchant2: string;
      level: number;
    };
    expect(sys.states).toMatchObject({ int: true, dex: false });
    expect(sys.characteristics.for).toBe(3);
    expect(sys.penchant2).toBe("Curieux");
    expect(sys.level).toBe(3);
    expect(hero.updates.at(-1)?.userId).toBe("player1");
  });

  it("records the state ticked last for the fainting test, and falls back when it is unticked", async () => {
    const hero = await makeHero();
    const sheet = open(PersonnageSheet, hero);
    const sys = () => hero.system as unknown as { lastTicked: string; derived: { ticked: string[] } };
    const states = (on: string[]) =>
      Object.fromEntries(ahillmach.CHARACTERISTIC_IDS.map((id) => [`system.states.${id}`, on.includes(id)]));
    // The form sends every checkbox: only the newly ticked one becomes the last.
    await sheet.submit(states(["int"]));
    expect(sys().lastTicked).toBe("int");
    await sheet.submit(states(["int", "dex"]));
    expect(sys().lastTicked).toBe("dex");
    expect(sys().derived.ticked).toEqual(["int", "dex"]);
    expect((await request(sheet, "fainting"))?.dialog.inputs[0]).toMatchObject({ initial: "dex" });
    await sheet.submit(states(["int"]));
    expect(sys().lastTicked).toBe("int");
    await sheet.submit(states([]));
    expect(sys().lastTicked).toBe("");
  });

  it("shows the métier with its mastery on the main tab, to the player", async () => {
    setDoubleUser("player1");
    const sheet = open(PersonnageSheet, await makeHero());
    await sheet.render();
    expect(personnageCtx(sheet).metiers).toEqual(["Forgeron +2"]);
  });

  it("offers a level-3 raise in the creation array's select, and saving keeps it (issue 16.6)", async () => {
    setDoubleUser("player1");
    // Array B (2, 2, 1, 1, −1, −1) with the level-3 raise spent on FOR: 3.
    const hero = await makeHero({
      system: {
        classId: "paladin",
        level: 3,
        creation: "b",
        characteristics: { for: 3, dex: 2, con: 1, int: 1, mys: -1, aur: -1 },
        hp: { value: 19 },
      },
    });
    const sheet = open(PersonnageSheet, hero);
    await sheet.render();
    const row = personnageCtx(sheet).characteristics.find((c) => c.id === "for");
    expect(row?.choices?.map((c) => c.value)).toEqual([3, 2, 1, 0, -1]);
    expect(row?.choices?.find((c) => c.selected)?.value).toBe(3);
    expect(personnageCtx(sheet).warnings).not.toContain("QUINTETTE.AhillMach.Warning.CreationArray");
    await sheet.submit({ "system.characteristics.for": "3", "system.characteristics.dex": "2" });
    expect((hero.system as unknown as { characteristics: { for: number } }).characteristics.for).toBe(3);
  });

  it("shows the penchant table beside the penchants, row by row (issue 16.6)", async () => {
    setDoubleUser("player1");
    const sheet = open(PersonnageSheet, await makeHero());
    await sheet.render();
    expect(personnageCtx(sheet).penchantTable).toEqual(
      ["1", "2", "3", "4", "5+"].map((score, i) => ({ score, key: `QUINTETTE.AhillMach.Penchant.Reaction.${i + 1}` })),
    );
  });

  it("lets the player rest from the sheet: bruises back in full, wounds stay", async () => {
    setDoubleUser("player1");
    const hero = await makeHero({ system: { classId: "paladin", level: 3, creation: "b", hp: { value: 9 } } });
    const sheet = open(PersonnageSheet, hero);
    await sheet.render();
    const hp = () => (hero.system as unknown as { hp: { value: number; max: number } }).hp;
    await sheet.runAction("amRest", {}, {});
    expect(hp().value).toBe(personnageCtx(sheet).hp.max);
    expect(hp().value).toBeGreaterThan(9);
    await hero.update({ "system.hp.value": 5 });
    await sheet.runAction("amRest", {}, {});
    expect(hp().value).toBe(5);
  });

  it("gives a limited viewer the header only", async () => {
    setDoubleUser("player1");
    const sheet = open(PersonnageSheet, await makeHero({ ownership: { default: 1 } }));
    await sheet.render();
    expect(Object.keys(sheet.renderedParts)).toEqual(["header", "limited"]);
  });
});

describe("opposant sheet", () => {
  async function cheveux() {
    return asGM(() =>
      DoubleActor.create(
        {
          name: "Cheveux d'or",
          type: "opposant",
          system: {
            tier: "entraine",
            protection: 2,
            major: true,
            characteristics: { dex: 2, con: 1, mys: 1 },
            hp: { value: 9 },
            actions: "<ul><li>Souple comme un chat</li></ul>",
          },
          items: [{ _id: "merc", name: "Mercenaire", type: "am-metier", system: { mastery: 2 } }],
        },
        { keepId: true },
      ),
    );
  }

  it("prepares the stat block, the morale odds and the enriched actions", async () => {
    const sheet = open(OpposantSheet, await cheveux());
    await sheet.render();
    const ctx = opposantCtx(sheet);
    expect(ctx.stats).toMatchObject({ hp: 9, damage: "D8", protection: 4, morale: "+1" });
    expect(ctx.stats.characteristics.map((c) => c.label)).toEqual([
      "QUINTETTE.AhillMach.Abbr.dex",
      "QUINTETTE.AhillMach.Abbr.con",
      "QUINTETTE.AhillMach.Abbr.mys",
    ]);
    expect(ctx.hp).toEqual({ value: 9, max: 9, percent: 100 });
    expect(Number(ctx.fleePercent)).toBeCloseTo(ahillmach.fleeOdds({ mystique: 1 }) * 100, 0);
    expect(ctx.actions.enriched).toContain("Souple comme un chat");
    expect(ctx.tierChoices.find((t) => t.selected)?.value).toBe("entraine");
    expect(ctx.metiers).toEqual([{ name: "Mercenaire", mastery: 2 }]);
  });

  it("rolls its damage die into a damage card, and its morale through the dialog", async () => {
    const actor = await cheveux();
    const sheet = open(OpposantSheet, actor);
    chooseDice(6);
    await sheet.runAction("amDamage", {}, {});
    const card = cardOf([...state.game.messages.values()].at(-1) as DoubleChatMessage) as CardState;
    expect(card.data).toMatchObject({ formula: "1d8", amount: 6 });
    expect(card.buttons[0]?.action).toBe("quintette.applyDamage");
    expect((await request(sheet, "morale"))?.dialog.inputs.map((i) => i.name)).toEqual(
      expect.arrayContaining(["helpers", "hinderers"]),
    );
    expect(await request(sheet, "char:for")).toBeNull();
  });
});

describe("item sheet", () => {
  it("is the shared item sheet: its details tab first, then description and effects; fields live in edit mode", async () => {
    const gear = new DoubleItem({ name: "Hache", type: "am-equipement", system: { kind: "arme", bonus: 1 } });
    const sheet = open(AhillMachItemSheet, gear);
    expect(Object.keys(AhillMachItemSheet.PARTS)).toEqual(["header", "tabs", "details", "description", "effects"]);
    expect(AhillMachItemSheet.SHEET_TABS.map((t) => t.id)).toEqual(["details", "description", "effects"]);
    await asGM(() => sheet.render());
    expect(sheet.lastContext).toMatchObject({ editMode: false, am: { isGear: true, editable: false } });
    expect(Object.keys(sheet.renderedParts)).toEqual(["header", "tabs", "details", "description", "effects"]);
    expect((sheet.lastContext.sheetTabs as Record<string, { active: boolean }>).details?.active).toBe(true);
    await asGM(() => sheet.runAction("toggleMode", {}, {}));
    expect(sheet.lastContext).toMatchObject({ editMode: true, am: { isGear: true, editable: true } });
  });

  it("shows a rules move's texts by key and a free move's own fields", async () => {
    const rules = new DoubleItem({ name: "Salve", type: "am-action", system: { moveId: "salve" } });
    const sheet = open(AhillMachItemSheet, rules);
    await sheet.render();
    const action = (sheet.lastContext.am as Record<string, unknown>).action as {
      isRules: boolean;
      bands: { key: string | null; picks: number }[];
      options: { key: string | null }[];
    };
    expect(action.isRules).toBe(true);
    expect(action.bands.map((b) => b.picks)).toEqual([0, 0, 1, 0, 0]);
    expect(action.options.map((o) => o.key)).toEqual([
      "QUINTETTE.AhillMach.Moves.salve.Options.danger",
      "QUINTETTE.AhillMach.Moves.salve.Options.moins1d6",
      "QUINTETTE.AhillMach.Moves.salve.Options.munition",
    ]);
    const free = new DoubleItem({
      name: "Charge",
      type: "am-action",
      system: { moveId: "libre", options: ["Renverser"], picks: { totale: 1 } },
    });
    const freeSheet = open(AhillMachItemSheet, free);
    await freeSheet.render();
    const freeAction = (freeSheet.lastContext.am as Record<string, unknown>).action as {
      isRules: boolean;
      options: { text: string }[];
    };
    expect(freeAction.isRules).toBe(false);
    // The existing option and an empty line to add one.
    expect(freeAction.options.map((o) => o.text)).toEqual(["Renverser", ""]);
    expect(freeSheet.lastContext.am).toMatchObject({ isAction: true, typeLabel: "TYPES.Item.am-action" });
  });

  it("shows Discerner's questions with their hint lines (issue 16.6)", async () => {
    const sheet = open(
      AhillMachItemSheet,
      new DoubleItem({ name: "Discerner", type: "am-action", system: { moveId: "discernerLaRealite" } }),
    );
    await sheet.render();
    const options = (
      (sheet.lastContext.am as Record<string, unknown>).action as {
        options: { key: string | null; hintKey: string | null }[];
      }
    ).options;
    expect(options).toHaveLength(6);
    expect(options[0]).toMatchObject({
      key: "QUINTETTE.AhillMach.Moves.discernerLaRealite.Options.passe",
      hintKey: "QUINTETTE.AhillMach.Moves.discernerLaRealite.Hints.passe",
    });
    expect(options.every((o) => o.hintKey)).toBe(true);
  });

  it("refuses picks above the maximum and a métier mastery of 4, keeping the stored values", async () => {
    const metier = new DoubleItem({ name: "Soldat", type: "am-metier", system: { mastery: 1 } });
    const sheet = open(AhillMachItemSheet, metier);
    await sheet.render();
    expect((sheet.lastContext.am as Record<string, unknown>).masteryKey).toBe("QUINTETTE.AhillMach.Mastery.1");
    // A world item nobody else owns: the GM edits it.
    await asGM(() => sheet.submit({ "system.mastery": "4", "system.source": "Livre" }));
    expect(metier.system).toMatchObject({ mastery: 1, source: "Livre" });
    await asGM(() => sheet.submit({ "system.mastery": "3" }));
    expect((metier.system as unknown as { mastery: number }).mastery).toBe(3);
  });
});
