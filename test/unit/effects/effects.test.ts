/**
 * Active effects on the double, as the owning player: the Effects tab of actor and item sheets (create, edit in
 * Foundry's config sheet, toggle, delete), effects an owned item transfers (named with their item), changes applied
 * only to the fields each rule set lets modifiers touch, and the sheet saying where a modified value comes from.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DialogV2, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import { installClients } from "../../double/clients.ts";
import { addEffect, installEffectsDouble, type DoubleActiveEffect } from "../../double/effects.ts";
import { HerosSheet, OeilNoirItemSheet } from "../../../src/foundry/oeilnoir/sheets.ts";
import { TrinitesItemSheet } from "../../../src/foundry/trinites/sheets.ts";
import { MODIFIABLE_KEYS, isModifiable } from "../../../src/foundry/effects/keys.ts";
import { describeChange } from "../../../src/foundry/effects/view.ts";
import type { EffectsContext } from "../../../src/foundry/effects/view.ts";

const PLAYER = "player1";
const OWNED = { default: 0, [PLAYER]: 3 };

interface TestDoc {
  id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  effects: DoubleActiveEffect[] & { get(id: string): DoubleActiveEffect | undefined };
  items: Map<string, TestDoc>;
  allApplicableEffects(): Iterable<DoubleActiveEffect>;
}
interface TestSheet {
  render(): Promise<unknown>;
  runAction(action: string, event: unknown, target: unknown): Promise<unknown>;
  renderedParts: Record<string, { effects?: EffectsContext } & Record<string, unknown>>;
  isEditable: boolean;
}

beforeAll(async () => {
  installClients(resetFoundryDouble());
  installEffectsDouble();
  await import("../../../src/index.ts");
  Hooks.callAll("init");
});
beforeEach(() => {
  setDoubleUser(PLAYER);
  DialogV2.reset();
});

function actor(type: string, system: Record<string, unknown> = {}, items: object[] = []): TestDoc {
  const cls = CONFIG.Actor.documentClass as unknown as new (data: object) => TestDoc;
  return new cls({ name: "Alrik", type, system, items, ownership: OWNED });
}
// The sheet classes' constructor options differ between the type generations (v14 requires `document`): built here as
// the double builds them, from `{ document }`.
const sheetOf = (Cls: unknown, document: unknown) =>
  new (Cls as new (o: object) => object)({ document }) as unknown as TestSheet;
/** A rendered row's button, as the action handlers see it (the row's data on the target itself). */
const rowTarget = (effect: DoubleActiveEffect, itemId = "") =>
  ({ dataset: { effectId: effect.id, itemId }, closest: () => null }) as unknown as HTMLElement;
const ADD = 2;
const co = (a: TestDoc) => (a.system.qualities as Record<string, number>).CO;
const atBase = (a: TestDoc) => (a.system.derived as { base: { at: number } }).base.at;

describe("the Effects tab of an actor sheet", () => {
  it("creates an effect and opens Foundry's config sheet on it; toggles it; deletes it after confirming", async () => {
    const hero = actor("heros", { qualities: { CO: 12, IN: 13, AG: 14, FO: 13, DE: 12, CN: 13 } });
    const sheet = sheetOf(HerosSheet, hero);
    await sheet.render();
    expect(sheet.renderedParts.effects?.effects).toMatchObject({ rows: [], empty: true, editable: true, tabbed: true });
    expect(sheet.renderedParts.tabs?.tabList).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: "effects", label: "QUINTETTE.Effects.Tab" })]),
    );

    await sheet.runAction("createEffect", new Event("click"), {} as HTMLElement);
    const [effect] = hero.effects;
    expect(effect?.name).toBe("New effect");
    expect(effect?.sheetRenders).toBe(1);

    // What the player writes in the config sheet: a blessing of +1 Courage.
    const before = atBase(hero);
    await effect!.update({ name: "Bénédiction", changes: [{ key: "system.qualities.CO", mode: ADD, value: "1" }] });
    expect(co(hero)).toBe(13);
    expect(atBase(hero)).toBeGreaterThanOrEqual(before); // derived data read the modified quality
    await sheet.render();
    const ctx = sheet.renderedParts.effects!.effects!;
    expect(ctx.rows).toEqual([
      expect.objectContaining({ id: effect!.id, name: "Bénédiction", source: "", disabled: false }),
    ]);
    expect(ctx.modified).toEqual([
      { key: "system.qualities.CO", label: "Courage", value: "13", text: "base 12, +1 Bénédiction" },
    ]);
    expect(ctx.tooltips).toEqual({ "system.qualities.CO": "base 12, +1 Bénédiction" });

    await sheet.runAction("editEffect", new Event("click"), rowTarget(effect!));
    expect(effect!.sheetRenders).toBe(2);

    await sheet.runAction("toggleEffect", new Event("click"), rowTarget(effect!));
    expect(effect!.disabled).toBe(true);
    expect(co(hero)).toBe(12);
    await sheet.render();
    expect(sheet.renderedParts.effects!.effects!.modified).toEqual([]);
    expect(sheet.renderedParts.effects!.effects!.rows[0]).toMatchObject({
      disabled: true,
      toggleLabel: "QUINTETTE.Effects.Enable",
    });
    await sheet.runAction("toggleEffect", new Event("click"), rowTarget(effect!));
    expect(co(hero)).toBe(13);

    DialogV2.nextAnswer = false;
    await sheet.runAction("deleteEffect", new Event("click"), rowTarget(effect!));
    expect(hero.effects).toHaveLength(1);
    DialogV2.nextAnswer = true;
    await sheet.runAction("deleteEffect", new Event("click"), rowTarget(effect!));
    expect(hero.effects).toHaveLength(0);
    expect(co(hero)).toBe(12);
  });

  it("a player who does not own the actor sees the tab read only and cannot write an effect", async () => {
    setDoubleUser("gm");
    const cls = CONFIG.Actor.documentClass as unknown as new (data: object) => TestDoc;
    const npc = new cls({ name: "Orc", type: "heros", ownership: { default: 2 } });
    await addEffect(npc as never, { name: "Rage", changes: [{ key: "system.qualities.FO", mode: ADD, value: "2" }] });
    setDoubleUser(PLAYER);
    const sheet = sheetOf(HerosSheet, npc);
    await sheet.render();
    expect(sheet.renderedParts.effects!.effects).toMatchObject({ editable: false, rows: [{ name: "Rage" }] });
    await sheet.runAction("createEffect", new Event("click"), {} as HTMLElement);
    await sheet.runAction("toggleEffect", new Event("click"), rowTarget(npc.effects[0]!));
    expect(npc.effects).toHaveLength(1);
    expect(npc.effects[0]!.disabled).toBe(false);
    await expect(addEffect(npc as never, { name: "Forgé" })).rejects.toThrow(/permission/);
  });

  it("changes to what the rules decide (life, wounds) are not applied, nor listed as modified values", async () => {
    const hero = actor("heros", { ev: { value: 30, max: 30 }, wounds: 1 });
    await addEffect(hero as never, {
      name: "Miracle",
      changes: [
        { key: "system.ev.max", mode: ADD, value: "10" },
        { key: "system.wounds", mode: 5, value: "0" },
        { key: "system.volonte", mode: 4, value: "14" },
      ],
    });
    expect(hero.system.ev).toMatchObject({ max: 30 });
    expect(hero.system.wounds).toBe(1);
    expect(hero.system.volonte).toBe(14);
    const sheet = sheetOf(HerosSheet, hero);
    await sheet.render();
    expect(sheet.renderedParts.effects!.effects!.modified.map((m) => [m.key, m.text])).toEqual([
      ["system.volonte", "base 10, ≥ 14 Miracle"],
    ]);
  });
});

describe("effects an owned item transfers", () => {
  const ring = (transfer: boolean) => ({
    _id: "ring000000000001",
    name: "Anneau de force",
    type: "on-capacite",
    effects: [
      {
        _id: "eff0000000000001",
        name: "Force du géant",
        transfer,
        changes: [{ key: "system.qualities.FO", mode: ADD, value: "2" }],
      },
    ],
  });

  it("reach the actor, listed with the item they come from; edited and toggled on the item", async () => {
    const hero = actor("heros", { qualities: { FO: 13 } }, [ring(true)]);
    expect((hero.system.qualities as Record<string, number>).FO).toBe(15);
    const sheet = sheetOf(HerosSheet, hero);
    await sheet.render();
    const ctx = sheet.renderedParts.effects!.effects!;
    expect(ctx.rows).toEqual([
      expect.objectContaining({ id: "eff0000000000001", itemId: "ring000000000001", source: "from Anneau de force" }),
    ]);
    expect(ctx.modified[0]?.text).toBe("base 13, +2 Force du géant");
    const effect = hero.items.get("ring000000000001")!.effects.get("eff0000000000001")!;
    await sheet.runAction("editEffect", new Event("click"), rowTarget(effect, "ring000000000001"));
    expect(effect.sheetRenders).toBe(1);
    await sheet.runAction("toggleEffect", new Event("click"), rowTarget(effect, "ring000000000001"));
    expect(effect.disabled).toBe(true);
    expect((hero.system.qualities as Record<string, number>).FO).toBe(13);
  });

  it("an effect the item does not transfer stays on the item, shown on the item's sheet only", async () => {
    const hero = actor("heros", { qualities: { FO: 13 } }, [ring(false)]);
    expect((hero.system.qualities as Record<string, number>).FO).toBe(13);
    expect([...hero.allApplicableEffects()]).toEqual([]);
    const itemSheet = sheetOf(OeilNoirItemSheet, hero.items.get("ring000000000001"));
    await itemSheet.render();
    // L'Œil Noir's item sheet is the shared one: the effects have their own tab after details and description.
    expect(Object.keys(itemSheet.renderedParts)).toEqual(["header", "tabs", "details", "description", "effects"]);
    expect(OeilNoirItemSheet.SHEET_TABS.map((t) => t.id)).toEqual(["details", "description", "effects"]);
    expect(itemSheet.renderedParts.effects!.effects).toMatchObject({
      tabbed: true,
      editable: true,
      modified: [],
      rows: [{ name: "Force du géant", source: "" }],
    });
  });

  it("an item sheet with tabs has an Effects tab that creates effects on the item", async () => {
    const trinite = actor("trinite", {}, [{ _id: "arme000000000001", name: "Katana", type: "tr-arme" }]);
    const katana = trinite.items.get("arme000000000001")!;
    const sheet = sheetOf(TrinitesItemSheet, katana);
    await sheet.render();
    expect(sheet.renderedParts.effects!.effects).toMatchObject({ tabbed: true, rows: [] });
    await sheet.runAction("createEffect", new Event("click"), {} as HTMLElement);
    expect(katana.effects).toHaveLength(1);
    expect([...trinite.allApplicableEffects()]).toHaveLength(1); // transfer is on by default
  });
});

describe("the fields each rule set lets effects change", () => {
  // One field the rules let a modifier touch and one they decide, per actor type.
  const cases: [string, Record<string, unknown>, string, number, string][] = [
    ["trinite", { signes: { belier: 1 } }, "system.signes.belier", 1, "system.vie.max"],
    ["humain", { competences: { melee: { base: 2 } } }, "system.competences.melee.base", 2, "system.vie.max"],
    ["personnage", { characteristics: { for: 1 } }, "system.characteristics.for", 1, "system.hp.max"],
    ["opposant", { protection: 1 }, "system.protection", 1, "system.hp.value"],
    ["heros", { qualities: { AG: 12 } }, "system.qualities.AG", 12, "system.ev.value"],
    ["adversaire", { at: 12 }, "system.at", 12, "system.wounds"],
    ["sj-personnage", { attributes: { FOR: 50 } }, "system.attributes.FOR", 50, "system.hitPoints.max"],
  ];

  it.each(cases)("%s: %s is modified, the rules' own value is not", async (type, system, key, base, ruled) => {
    expect(isModifiable(type, key)).toBe(true);
    expect(isModifiable(type, ruled)).toBe(false);
    const a = actor(type, system);
    const ruledBefore = foundry.utils.getProperty(a, ruled);
    await addEffect(a as never, {
      name: "Bonus",
      changes: [
        { key, mode: ADD, value: "1" },
        { key: ruled, mode: ADD, value: "1" },
      ],
    });
    expect(foundry.utils.getProperty(a, key)).toBe(base + 1);
    expect(foundry.utils.getProperty(a, ruled)).toBe(ruledBefore);
  });

  it("Jetons: no field (traits, tokens and the reserve are the table's economy)", async () => {
    expect(MODIFIABLE_KEYS.archetype).toEqual([]);
    const a = actor("archetype", { tokens: 5 });
    await addEffect(a as never, { name: "Jeton", changes: [{ key: "system.tokens", mode: ADD, value: "1" }] });
    expect(a.system.tokens).toBe(5);
  });

  it("describes each kind of change, in either generation's shape", () => {
    expect(describeChange({ mode: 2, value: "-2" }, "Fatigue")).toBe("−2 Fatigue");
    expect(describeChange({ mode: 1, value: "2" }, "Rage")).toBe("×2 Rage");
    expect(describeChange({ mode: 5, value: "14" }, "Potion")).toBe("= 14 Potion");
    expect(describeChange({ mode: 3, value: "10" }, "Malus")).toBe("≤ 10 Malus");
    expect(describeChange({ type: "subtract", value: "3" }, "Blessure")).toBe("−3 Blessure");
    expect(describeChange({ type: "add", value: "3" }, "Don")).toBe("+3 Don");
  });
});
