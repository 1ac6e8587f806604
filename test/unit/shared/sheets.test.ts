import { beforeEach, describe, expect, it } from "vitest";
import {
  asGM,
  doubleState,
  resetFoundryDouble,
  setDoubleUser,
  DoubleActor,
  DoubleItem,
  DialogV2,
  dropOn,
} from "../../double/index.ts";
import { clearRulesets, registerRuleset } from "../../../src/foundry/ruleset.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";
import { applyRuleset } from "../../../src/foundry/data/register.ts";
import { QuintetteActorSheet } from "../../../src/foundry/sheets/actor-sheet.ts";
import { QuintetteItemSheet } from "../../../src/foundry/sheets/item-sheet.ts";
import { groupItems, prepareTabs } from "../../../src/foundry/sheets/context.ts";
import type { RollRequest } from "../../../src/foundry/dialog/request.ts";
import { testRuleset } from "./fixtures.ts";
import { readKeysFrom } from "../../../src/foundry/effects/keys.ts";

// The double's documents stand in for Foundry's at run time; the sheets' constructors are typed for the real ones.
const asActor = (actor: DoubleActor) => actor as unknown as Actor.Implementation;
const asItem = (item: DoubleItem) => item as unknown as Item.Implementation;

type Ctx = Record<string, unknown> & { itemGroups: { type: string; items: { id: string }[] }[] };

function makeActor(extra: Record<string, unknown> = {}) {
  return new DoubleActor({
    name: "Ysé",
    type: "hero-t",
    ownership: { default: 0, player1: 3 },
    system: {
      force: 2,
      vie: 30,
      titre: "Veilleuse",
      liste: [
        { nom: "a", rang: 1 },
        { nom: "b", rang: 2 },
      ],
    },
    flags: { quintette: { keep: 1 } },
    items: [
      { _id: "i1", name: "Épée", type: "gear-t" },
      { _id: "i2", name: "Bâton", type: "gear-t" },
      { _id: "i3", name: "Sort étranger", type: "gear-s" },
    ],
    ...extra,
  });
}

/** What the test rule set's `api` rolled: the sheet's roll buttons reach it through the actor's rule set. */
const rolled: unknown[] = [];
function forceRequest(key: string): RollRequest | null {
  if (key !== "force") return null;
  return {
    dialog: {
      title: "QUINTETTE.Dialog.Title",
      inputs: [{ kind: "counter", name: "bonus", label: "x", min: -3, max: 3, initial: 1 }],
      odds: () => [{ id: "ok", label: "x", probability: 1 }],
      rollMode: "gmroll",
    },
    roll: async (result) => void rolled.push(result),
  };
}

const asSheet = (s: unknown) =>
  s as {
    runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
    render(): Promise<unknown>;
    renderedParts: Record<string, Ctx>;
    submit(o: object): Promise<void>;
  };

describe("base sheets on the double", () => {
  beforeEach(() => {
    resetFoundryDouble();
    clearRulesets();
    registerCoreSettings();
    rolled.length = 0;
    for (const d of [testRuleset("trinites", "t"), testRuleset("systemj", "s")]) {
      d.api = { request: (_actor, key) => forceRequest(key) };
      registerRuleset(d);
      applyRuleset(d);
    }
    // Effects may change the Trinités test hero's `force` (its sheets have an Effects tab), nothing of the SYSTEMJ one.
    readKeysFrom((type) => (type === "hero-t" ? ["system.force"] : undefined));
  });

  it("groups owned items: the rule set's types first (empty ones too), then foreign ones", () => {
    const groups = groupItems(
      [
        { id: "b", name: "B", img: null, type: "gear-t" },
        { id: "a", name: "A", img: null, type: "gear-t" },
        { id: "z", name: "Z", img: "z.png", type: "other" },
      ],
      ["gear-t", "spell-t"],
    );
    expect(groups.map((g) => [g.type, g.items.map((i) => i.id), g.canCreate])).toEqual([
      ["gear-t", ["a", "b"], true],
      ["spell-t", [], true],
      ["other", ["z"], false],
    ]);
    expect(
      prepareTabs(
        [
          { id: "a", label: "", icon: "" },
          { id: "b", label: "", icon: "" },
        ],
        "nope",
      ).a?.active,
    ).toBe(true);
  });

  it("renders the full sheet for an owner, with tabs, items and a play/edit toggle", async () => {
    const sheet = asSheet(new QuintetteActorSheet({ document: asActor(makeActor()) }));
    await sheet.render();
    expect(Object.keys(sheet.renderedParts)).toEqual(["header", "tabs", "items", "effects", "biography"]);
    const ctx = sheet.renderedParts.header!;
    expect(ctx).toMatchObject({ editable: true, editMode: false, playMode: true, rulesetClass: "trinites" });
    expect(ctx.itemGroups.map((g) => g.type)).toEqual(["gear-t", "spell-t", "gear-s"]);
    await sheet.runAction("toggleMode", {}, {});
    expect(sheet.renderedParts.header).toMatchObject({ editMode: true, playMode: false });
  });

  it("gives a limited viewer only the header and the limited part, never edit mode", async () => {
    setDoubleUser("player1");
    const actor = makeActor({ ownership: { default: 1 } });
    const sheet = asSheet(new QuintetteActorSheet({ document: asActor(actor) }));
    await sheet.render();
    expect(Object.keys(sheet.renderedParts)).toEqual(["header", "limited"]);
    await sheet.runAction("toggleMode", {}, {});
    expect(sheet.renderedParts.header).toMatchObject({
      limited: true,
      editable: false,
      editMode: false,
      itemGroups: [],
    });
  });

  it("refuses an out-of-range edit with a localized message; the rest of the form saves; nothing is lost", async () => {
    doubleState().game.i18n.setLanguage("fr");
    const actor = makeActor();
    const sheet = asSheet(new QuintetteActorSheet({ document: asActor(actor) }));
    await sheet.submit({ "system.force": "9", "system.vie": "31", "system.liste.1.rang": "3", name: "Ysé la Grise" });
    const sys = actor.system as unknown as Record<string, unknown>;
    expect(sys.force).toBe(2);
    expect(sys.vie).toBe(31);
    expect(actor.name).toBe("Ysé la Grise");
    expect(sys.liste).toEqual([
      { nom: "a", rang: 1 },
      { nom: "b", rang: 3 },
    ]);
    expect(sys.titre).toBe("Veilleuse");
    expect(actor.flags).toEqual({ quintette: { keep: 1 } });
    expect(actor.items.size).toBe(3);
    const notes = doubleState().notifications;
    expect(notes).toHaveLength(1);
    expect(notes[0]?.type).toBe("warn");
    expect(notes[0]?.message).toMatch(/entre -2 et 4/);
    expect(notes[0]?.message).not.toMatch(/QUINTETTE\./);
  });

  it("refuses a non-integer and a bad choice, and keeps the document's values", async () => {
    const actor = makeActor();
    const sheet = asSheet(new QuintetteActorSheet({ document: asActor(actor) }));
    await sheet.submit({ "system.vie": "12.5", "system.voie": "neant" });
    expect(actor.system).toMatchObject({ vie: 30, voie: "ombre" });
    expect(doubleState().notifications.map((n) => n.message)).toEqual([
      expect.stringMatching(/whole number/),
      expect.stringMatching(/neant/),
    ]);
    // Nothing valid was left to write: Foundry sends no update that changes nothing, so none is recorded.
    expect(actor.updates).toEqual([]);
  });

  it("opens the roll dialog from a roll button, and Shift-click rolls with the defaults without it", async () => {
    const sheet = new QuintetteActorSheet({ document: asActor(makeActor()) });
    const button = (roll: string) => ({ dataset: { roll }, closest: () => null });
    await asSheet(sheet).runAction("roll", { shiftKey: true }, button("force"));
    expect(rolled).toEqual([{ values: { bonus: 1 }, rollMode: "gmroll" }]);
    await asSheet(sheet).runAction("roll", { shiftKey: true }, button("unknown"));
    expect(rolled).toHaveLength(1);
  });

  it("creates, deletes and embeds items; refuses an item of another rule set", async () => {
    const actor = makeActor();
    const sheet = new QuintetteActorSheet({ document: asActor(actor) });
    const run = asSheet(sheet).runAction.bind(sheet);
    await run("createItem", {}, { dataset: { type: "spell-t" } });
    expect(actor.items.contents.filter((i) => i.type === "spell-t")).toHaveLength(1);
    DialogV2.nextAnswer = true;
    await run("deleteItem", {}, { closest: () => ({ dataset: { itemId: "i1" } }) });
    expect(actor.items.has("i1")).toBe(false);
    const loose = new DoubleItem({ name: "Dague", type: "gear-t" });
    expect(await sheet.embedItem(loose as never)).toBe(true);
    expect(actor.items.getName("Dague")).toBeDefined();
    expect(await sheet.embedItem(new DoubleItem({ name: "Fusil", type: "gear-s" }) as never)).toBe(false);
    expect(doubleState().notifications.at(-1)?.message).toBe(
      "This item belongs to another rule set than this character.",
    );
  });

  it("leaves drops to ActorSheetV2's own handler: one copy per drop, the hook fires, own items sort", async () => {
    setDoubleUser("player1");
    const actor = makeActor();
    doubleState().game.actors.set(actor.id, actor);
    const sheet = new QuintetteActorSheet({ document: asActor(actor) });
    await asSheet(sheet).render();
    const hooked: unknown[] = [];
    Hooks.on("dropActorSheetData", (_actor: unknown, _sheet: unknown, data: unknown) => void hooked.push(data));
    const dague = await asGM(() => DoubleItem.create({ name: "Dague", type: "gear-t" }));
    await dropOn(asSheet(sheet), { type: "Item", uuid: dague.uuid });
    expect(actor.items.filter((i) => i.name === "Dague")).toHaveLength(1);
    expect(hooked).toEqual([{ type: "Item", uuid: dague.uuid }]);
    // An item of another rule set is refused; an item of this actor is sorted, not copied.
    const fusil = await asGM(() => DoubleItem.create({ name: "Fusil", type: "gear-s" }));
    await dropOn(asSheet(sheet), { type: "Item", uuid: fusil.uuid });
    expect(actor.items.getName("Fusil")).toBeUndefined();
    const size = actor.items.size;
    await dropOn(asSheet(sheet), { type: "Item", uuid: actor.items.get("i1")!.uuid });
    expect(actor.items.size).toBe(size);
    expect((sheet as unknown as { sorted: string[] }).sorted).toEqual(["i1"]);
  });

  it("leaves the Effects tab and part out where the rule set lets effects change nothing on the actor", async () => {
    const actor = new DoubleActor({ name: "Io", type: "hero-s", ownership: { default: 0, player1: 3 } });
    const sheet = asSheet(new QuintetteActorSheet({ document: asActor(actor) }));
    await sheet.render();
    expect(Object.keys(sheet.renderedParts)).toEqual(["header", "tabs", "items", "biography"]);
    const item = new DoubleItem({ name: "Sort", type: "gear-s", ownership: { default: 0, player1: 3 } });
    const itemSheet = asSheet(new QuintetteItemSheet({ document: asItem(item) }));
    await itemSheet.render();
    expect(Object.keys(itemSheet.renderedParts)).toEqual(["header", "tabs", "description"]);
    expect((itemSheet.renderedParts.tabs as { tabList?: { id: string }[] }).tabList?.map((t) => t.id)).toEqual([
      "description",
    ]);
  });

  it("renders the item sheet with its description tab and refuses nothing valid", async () => {
    const item = new DoubleItem({
      name: "Épée",
      type: "gear-t",
      ownership: { default: 0, player1: 3 },
      system: { description: "<p>Fine</p>" },
    });
    const sheet = asSheet(new QuintetteItemSheet({ document: asItem(item) }));
    await sheet.render();
    expect(Object.keys(sheet.renderedParts)).toEqual(["header", "tabs", "description", "effects"]);
    expect(sheet.renderedParts.header).toMatchObject({ description: { enriched: "<p>Fine</p>", empty: false } });
    await sheet.submit({ "system.source": "Livre" });
    expect(item.system).toMatchObject({ source: "Livre", description: "<p>Fine</p>" });
  });
});
