/**
 * Dragging owned items out of a sheet, on the double, as the owning player: a rendered row carries its item's own drag
 * data (`toDragData()`), which another actor's sheet turns into a copy (effects included), this actor's sheet sorts,
 * the Items sidebar resolves, and the hotbar turns into an item macro; an effect row carries its effect's.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { dropOn, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import { asClient, asGM, installClients } from "../../double/clients.ts";
import { installEffectsDouble, type DoubleActiveEffect } from "../../double/effects.ts";
import { installMacrosDouble, type DoubleMacro } from "../../double/macros.ts";
import type { DoubleCollection } from "../../double/documents.ts";
import { TrinitesActorSheet, TrinitesItemSheet } from "../../../src/foundry/trinites/sheets.ts";
import { enableRowDrag, rowDragData } from "../../../src/foundry/sheets/drag.ts";
import { registerSystemHooks } from "../../../src/index.ts";

const PLAYER = "player1";
const KATANA = "katana0000000001";
const BLESSING = "benediction00001";

interface TestItem {
  id: string;
  name: string;
  uuid: string;
  effects: DoubleActiveEffect[];
}
interface TestActor {
  name: string;
  items: Map<string, TestItem> & { contents?: TestItem[] };
  effects: DoubleActiveEffect[];
  allApplicableEffects(): Iterable<DoubleActiveEffect>;
}
let macros: DoubleCollection<DoubleMacro>;

beforeAll(() => {
  installClients(resetFoundryDouble());
  installEffectsDouble();
  macros = installMacrosDouble();
  // The system's module as Foundry evaluates it, then init (a Trinités world: it decides at the drop which items roll).
  registerSystemHooks();
  Hooks.callAll("init");
});
beforeEach(() => setDoubleUser(PLAYER));

/** A world actor the player owns (the GM creates it: drag data names documents by their world uuid). */
function trinite(name: string, items: object[] = []): Promise<TestActor> {
  const cls = CONFIG.Actor.documentClass as unknown as { create(data: object): Promise<TestActor> };
  return asGM(() => cls.create({ name, type: "trinite", ownership: { default: 0, [PLAYER]: 3 }, items }));
}
const katana = {
  _id: KATANA,
  name: "Katana",
  type: "tr-arme",
  system: { degats: 4, lame: "katana", competence: "melee" },
  effects: [{ _id: BLESSING, name: "Lame bénie", changes: [{ key: "system.signes.belier", mode: 2, value: "1" }] }],
};

/** A rendered row as the drag listener sees it (no DOM in Node): an event target with its data attributes. */
function row(dataset: Record<string, string>): HTMLElement {
  return Object.assign(new EventTarget(), { dataset, draggable: false, closest: () => null }) as unknown as HTMLElement;
}
/** A drag start on `el`: what the listeners put in the transfer. */
function dragStart(el: EventTarget): unknown {
  let text = "null";
  const event = Object.assign(new Event("dragstart"), {
    dataTransfer: { setData: (_type: string, value: string) => void (text = value) },
  });
  el.dispatchEvent(event);
  return JSON.parse(text) as unknown;
}
async function renderedSheet(actor: TestActor) {
  const sheet = new TrinitesActorSheet({ document: actor as unknown as Actor.Implementation });
  await sheet.render();
  return sheet as unknown as { element: EventTarget; sorted: string[] };
}

describe("dragging an owned item out of its sheet", () => {
  it("the row carries the item's drag data; another actor's sheet makes a copy that brings its effects", async () => {
    const aelis = await trinite("Aelis", [katana]);
    const brann = await trinite("Brann");
    const itemRow = row({ itemId: KATANA });
    const empty = row({ itemId: "" });
    enableRowDrag(aelis as never, { querySelectorAll: () => [itemRow] });
    expect(itemRow.draggable).toBe(true);
    const data = dragStart(itemRow);
    const item = aelis.items.get(KATANA)!;
    expect(data).toEqual({ type: "Item", uuid: item.uuid });
    expect(rowDragData(aelis as never, empty)).toBeNull();

    await asClient(PLAYER, () => renderedSheet(brann).then((sheet) => dropOn(sheet, data as Record<string, unknown>)));
    const copies = [...brann.items.values()];
    expect(copies.map((i) => i.name)).toEqual(["Katana"]);
    expect(copies[0]!.effects.map((e) => e.name)).toEqual(["Lame bénie"]);
    expect([...brann.allApplicableEffects()].map((e) => e.name)).toEqual(["Lame bénie"]);
    // The original stays where it was: a copy, as Foundry's ActorSheetV2 makes.
    expect(aelis.items.size).toBe(1);
  });

  it("dropped back on its own sheet, the item is sorted, not copied", async () => {
    const aelis = await trinite("Aelis", [katana]);
    const itemRow = row({ itemId: KATANA });
    enableRowDrag(aelis as never, { querySelectorAll: () => [itemRow] });
    const sheet = await renderedSheet(aelis);
    await asClient(PLAYER, () => dropOn(sheet, dragStart(itemRow) as Record<string, unknown>));
    expect(aelis.items.size).toBe(1);
    expect(sheet.sorted).toEqual([KATANA]);
  });

  it("the Items sidebar resolves the dragged item (it makes a world copy of it)", async () => {
    const aelis = await trinite("Aelis", [katana]);
    const itemRow = row({ itemId: KATANA });
    enableRowDrag(aelis as never, { querySelectorAll: () => [itemRow] });
    const dropped = (await Item.fromDropData(dragStart(itemRow) as never)) as unknown as TestItem;
    expect(dropped).toBe(aelis.items.get(KATANA));
  });

  it("on the hotbar, the dragged weapon becomes an item macro", async () => {
    const aelis = await trinite("Aelis", [katana]);
    const itemRow = row({ itemId: KATANA });
    enableRowDrag(aelis as never, { querySelectorAll: () => [itemRow] });
    const data = dragStart(itemRow);
    const handled = (Hooks as unknown as { call(n: string, ...a: unknown[]): boolean }).call("hotbarDrop", {}, data, 4);
    expect(handled).toBe(false);
    await vi.waitFor(() => expect(macros.size).toBe(1));
    expect([...macros.values()][0]).toMatchObject({ name: "Katana" });
  });

  it("an effect row carries the effect's drag data, a transferred one found on its item", async () => {
    const aelis = await trinite("Aelis", [katana]);
    const effectRow = row({ effectId: BLESSING, itemId: KATANA });
    enableRowDrag(aelis as never, { querySelectorAll: () => [effectRow] });
    const effect = aelis.items.get(KATANA)!.effects[0]!;
    expect(dragStart(effectRow)).toEqual({ type: "ActiveEffect", uuid: effect.uuid });
  });

  it("an item sheet's effect rows drag out as their effects once the sheet renders", async () => {
    const aelis = await trinite("Aelis", [katana]);
    const item = aelis.items.get(KATANA)!;
    const effectRow = row({ effectId: BLESSING, itemId: "" });
    const sheet = new TrinitesItemSheet({ document: item as unknown as Item.Implementation });
    // The rendered element (the double has no DOM): the sheet's render finds its rows in it.
    Object.assign(sheet, { element: Object.assign(new EventTarget(), { querySelectorAll: () => [effectRow] }) });
    await sheet.render();
    expect(effectRow.draggable).toBe(true);
    expect(dragStart(effectRow)).toEqual({ type: "ActiveEffect", uuid: item.effects[0]!.uuid });
  });
});
