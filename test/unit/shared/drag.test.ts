/**
 * Dragging out of a sheet, on the double, through Foundry's own drag handling (ActorSheetV2's DragDrop on the
 * `.draggable` elements, asking the sheet's `_canDragStart` and `_onDragStart`; the item sheet binds the same in v13):
 * only a viewer who owns the document (its owner, a GM) drags anything. An observer or a limited viewer of another's
 * character gets no draggable row and no drag data, and a drop of another's item on their own sheet is refused. The
 * owner's rows carry their documents' own drag data (`toDragData()`): another owned actor's sheet copies the item, its
 * own sheet sorts it, the hotbar makes an item macro; a roll button carries its roll (a roll macro). The templates mark
 * every drag source `draggable` and none hard-codes the attribute.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { doubleState, dropOn, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import { addUser, asClient, asGM, installClients } from "../../double/clients.ts";
import { installEffectsDouble, type DoubleActiveEffect } from "../../double/effects.ts";
import { installMacrosDouble, type DoubleMacro } from "../../double/macros.ts";
import type { DoubleCollection } from "../../double/documents.ts";
import { ROOT } from "../../double/render-check.ts";
import { TrinitesActorSheet, TrinitesItemSheet } from "../../../src/foundry/trinites/sheets.ts";
import { registerSystemHooks } from "../../../src/index.ts";
import { dragData, h, type FakeElement } from "./fake-dom.ts";

const PLAYER = "player1";
const OTHER = "player2";
const KATANA = "katana0000000001";
const BLESSING = "benediction00001";
const OBSERVER = 2;
const LIMITED = 1;
const OWNER = 3;

interface TestItem {
  id: string;
  name: string;
  uuid: string;
  effects: DoubleActiveEffect[];
}
interface TestActor {
  name: string;
  items: Map<string, TestItem>;
  allApplicableEffects(): Iterable<DoubleActiveEffect>;
}
interface RenderedSheet {
  element: FakeElement;
  sorted: string[];
  _onDragStart(event: unknown): Promise<void>;
}
let macros: DoubleCollection<DoubleMacro>;

beforeAll(() => {
  installClients(resetFoundryDouble());
  addUser(OTHER);
  installEffectsDouble();
  macros = installMacrosDouble();
  // The system's module as Foundry evaluates it, then init (a Trinités world: it decides at the drop which items roll).
  registerSystemHooks();
  Hooks.callAll("init");
});
beforeEach(() => {
  setDoubleUser(PLAYER);
  macros.clear();
});

/** A world actor (the GM creates it: drag data names documents by their world uuid). */
function trinite(name: string, ownership: Record<string, number>, items: object[] = []): Promise<TestActor> {
  const cls = CONFIG.Actor.documentClass as unknown as { create(data: object): Promise<TestActor> };
  return asGM(() => cls.create({ name, type: "trinite", ownership: { default: 0, ...ownership }, items }));
}
const katana = {
  _id: KATANA,
  name: "Katana",
  type: "tr-arme",
  system: { degats: 4, lame: "katana", competence: "melee" },
  effects: [{ _id: BLESSING, name: "Lame bénie", changes: [{ key: "system.signes.belier", mode: 2, value: "1" }] }],
};

/** The katana's rows as the Trinités sheet renders them: its item row, its weapon row and attack, its effect row. */
function katanaRows() {
  const attack = h("button", {
    class: "roll-button tr-attack draggable",
    "data-action": "roll",
    "data-roll": `weapon:${KATANA}`,
    text: "Attaquer",
  });
  const weapon = h("div", { class: "tr-weapon-row draggable", "data-item-id": KATANA }, h("img"), attack);
  const item = h("li", { class: "item-row draggable", "data-item-id": KATANA }, h("img"));
  const effect = h("li", {
    class: "item-row effect-row draggable",
    "data-effect-id": BLESSING,
    "data-item-id": KATANA,
  });
  const root = h("form", {}, h("section", {}, weapon), h("ol", {}, item), h("ol", {}, effect));
  return { root, weapon, attack, item, effect };
}

/** The actor's sheet rendered into `root` (the double has no DOM: the render binds drag starts on these rows). */
async function renderedSheet(actor: TestActor, root: FakeElement = h("form")): Promise<RenderedSheet> {
  const sheet = new TrinitesActorSheet({ document: actor as unknown as Actor.Implementation });
  Object.assign(sheet, { element: root });
  await sheet.render();
  return sheet as unknown as RenderedSheet;
}

describe("what a viewer who does not own the actor can drag", () => {
  it("an observer player on another's sheet: no row is draggable and a drag start gives no data", async () => {
    const brann = await trinite("Brann", { [OTHER]: OWNER, [PLAYER]: OBSERVER }, [katana]);
    const rows = katanaRows();
    const sheet = await asClient(PLAYER, () => renderedSheet(brann, rows.root));
    for (const row of [rows.weapon, rows.attack, rows.item, rows.effect]) {
      expect(row.draggable).toBe(false);
      expect(asClient(PLAYER, () => dragData(row))).toBeNull();
    }
    // Even a drag start reaching the sheet (a row the browser drags anyway) carries nothing.
    const transfer: string[] = [];
    const event = {
      target: rows.item,
      currentTarget: rows.item,
      dataTransfer: { setData: (_t: string, v: string) => transfer.push(v) },
    };
    await asClient(PLAYER, () => sheet._onDragStart(event));
    expect(transfer).toEqual([]);
  });

  it("a limited viewer drags nothing either", async () => {
    const brann = await trinite("Brann", { [OTHER]: OWNER, default: LIMITED }, [katana]);
    const rows = katanaRows();
    await asClient(PLAYER, () => renderedSheet(brann, rows.root));
    expect(rows.item.draggable).toBe(false);
    expect(asClient(PLAYER, () => dragData(rows.item))).toBeNull();
  });

  it("another's item or effect named in forged drag data and dropped on the player's own sheet is not copied", async () => {
    const brann = await trinite("Brann", { [OTHER]: OWNER, [PLAYER]: OBSERVER }, [katana]);
    const aelis = await trinite("Aelis", { [PLAYER]: OWNER });
    const sheet = await asClient(PLAYER, () => renderedSheet(aelis));
    const item = brann.items.get(KATANA)!;
    await asClient(PLAYER, () => dropOn(sheet, { type: "Item", uuid: item.uuid }));
    expect(aelis.items.size).toBe(0);
    const refusal = "You can only take items and effects from a character you own.";
    expect(doubleState().notifications.at(-1)?.message).toBe(refusal);
    await asClient(PLAYER, () => dropOn(sheet, { type: "ActiveEffect", uuid: item.effects[0]!.uuid }));
    expect([...aelis.allApplicableEffects()]).toEqual([]);
    expect(doubleState().notifications.at(-1)?.message).toBe(refusal);
  });
});

describe("what the owner and the GM drag", () => {
  it("the owner drags an item to another owned actor: a copy, its effects with it; on its own sheet it is sorted", async () => {
    const aelis = await trinite("Aelis", { [PLAYER]: OWNER }, [katana]);
    const brann = await trinite("Brann", { [PLAYER]: OWNER });
    const rows = katanaRows();
    const sheet = await asClient(PLAYER, () => renderedSheet(aelis, rows.root));
    expect(rows.item.draggable).toBe(true);
    const data = asClient(PLAYER, () => dragData(rows.item));
    expect(data).toEqual({ type: "Item", uuid: aelis.items.get(KATANA)!.uuid });

    await asClient(PLAYER, async () => dropOn(await renderedSheet(brann), data as Record<string, unknown>));
    const copies = [...brann.items.values()];
    expect(copies.map((i) => i.name)).toEqual(["Katana"]);
    expect(copies[0]!.effects.map((e) => e.name)).toEqual(["Lame bénie"]);
    expect([...brann.allApplicableEffects()].map((e) => e.name)).toEqual(["Lame bénie"]);
    expect(aelis.items.size).toBe(1);

    await asClient(PLAYER, () => dropOn(sheet, data as Record<string, unknown>));
    expect(aelis.items.size).toBe(1);
    expect(sheet.sorted).toEqual([KATANA]);
  });

  it("an effect row carries its effect (one an item transfers, found on its item); another owned actor copies it", async () => {
    const aelis = await trinite("Aelis", { [PLAYER]: OWNER }, [katana]);
    const brann = await trinite("Brann", { [PLAYER]: OWNER });
    const rows = katanaRows();
    await asClient(PLAYER, () => renderedSheet(aelis, rows.root));
    const effect = aelis.items.get(KATANA)!.effects[0]!;
    const data = asClient(PLAYER, () => dragData(rows.effect));
    expect(data).toEqual({ type: "ActiveEffect", uuid: effect.uuid });
    await asClient(PLAYER, async () => dropOn(await renderedSheet(brann), data as Record<string, unknown>));
    expect([...brann.allApplicableEffects()].map((e) => e.name)).toEqual(["Lame bénie"]);
  });

  it("the GM drags from a player's sheet", async () => {
    const aelis = await trinite("Aelis", { [PLAYER]: OWNER }, [katana]);
    const npc = await trinite("PNJ", {});
    const rows = katanaRows();
    await asGM(() => renderedSheet(aelis, rows.root));
    expect(rows.weapon.draggable).toBe(true);
    const data = asGM(() => dragData(rows.weapon));
    expect(data).toEqual({ type: "Item", uuid: aelis.items.get(KATANA)!.uuid });
    await asGM(async () => dropOn(await renderedSheet(npc), data as Record<string, unknown>));
    expect([...npc.items.values()].map((i) => i.name)).toEqual(["Katana"]);
  });
});

describe("the hotbar", () => {
  const hotbarDrop = (data: unknown, slot: number) =>
    (Hooks as unknown as { call(n: string, ...a: unknown[]): boolean }).call("hotbarDrop", {}, data, slot);

  it("a roll button dragged from the sheet makes a roll macro; the drag is the roll's, not its row's", async () => {
    const aelis = await trinite("Aelis", { [PLAYER]: OWNER }, [katana]);
    const rows = katanaRows();
    await asClient(PLAYER, () => renderedSheet(aelis, rows.root));
    expect(rows.attack.draggable).toBe(true);
    const data = asClient(PLAYER, () => dragData(rows.attack));
    expect(data).toMatchObject({ type: "QuintetteRoll", key: `weapon:${KATANA}`, label: "Katana" });
    expect(asClient(PLAYER, () => hotbarDrop(data, 3))).toBe(false);
    await vi.waitFor(() => expect(macros.size).toBe(1));
    expect([...macros.values()][0]!.command).toContain("quintette.rollMacro(");
  });

  it("an owned weapon's row dragged onto the hotbar makes an item macro", async () => {
    const aelis = await trinite("Aelis", { [PLAYER]: OWNER }, [katana]);
    const rows = katanaRows();
    await asClient(PLAYER, () => renderedSheet(aelis, rows.root));
    expect(asClient(PLAYER, () => hotbarDrop(dragData(rows.item), 4))).toBe(false);
    await vi.waitFor(() => expect(macros.size).toBe(1));
    expect([...macros.values()][0]).toMatchObject({ name: "Katana" });
    expect([...macros.values()][0]!.command).toContain("quintette.useItemMacro(");
  });
});

describe("an item sheet's effect rows", () => {
  async function itemSheetRow(actor: TestActor, user: string): Promise<FakeElement> {
    const item = actor.items.get(KATANA)!;
    const row = h("li", { class: "item-row effect-row draggable", "data-effect-id": BLESSING, "data-item-id": "" });
    const sheet = new TrinitesItemSheet({ document: item as unknown as Item.Implementation });
    Object.assign(sheet, { element: h("form", {}, h("ol", {}, row)) });
    await asClient(user, () => sheet.render());
    return row;
  }

  it("drag out as their effects for the owner", async () => {
    const aelis = await trinite("Aelis", { [PLAYER]: OWNER }, [katana]);
    const row = await itemSheetRow(aelis, PLAYER);
    expect(row.draggable).toBe(true);
    const effect = aelis.items.get(KATANA)!.effects[0]!;
    expect(asClient(PLAYER, () => dragData(row))).toEqual({ type: "ActiveEffect", uuid: effect.uuid });
  });

  it("refuse (v14's item sheet drop) an effect lifted from another's character", async () => {
    const brann = await trinite("Brann", { [OTHER]: OWNER, [PLAYER]: OBSERVER }, [katana]);
    const aelis = await trinite("Aelis", { [PLAYER]: OWNER }, [{ ...katana, effects: [] }]);
    const sheet = new TrinitesItemSheet({ document: aelis.items.get(KATANA) as unknown as Item.Implementation });
    const drop = (sheet as unknown as { _onDropActiveEffect(e: unknown, effect: unknown): Promise<unknown> })
      ._onDropActiveEffect;
    const effect = brann.items.get(KATANA)!.effects[0]!;
    expect(await asClient(PLAYER, () => drop.call(sheet, {}, effect))).toBeNull();
    expect(aelis.items.get(KATANA)!.effects).toEqual([]);
  });

  it("give nothing to an observer", async () => {
    const brann = await trinite("Brann", { [OTHER]: OWNER, [PLAYER]: OBSERVER }, [katana]);
    const row = await itemSheetRow(brann, PLAYER);
    expect(row.draggable).toBe(false);
    expect(asClient(PLAYER, () => dragData(row))).toBeNull();
  });
});

describe("the templates' drag sources", () => {
  function templates(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? templates(file) : name.endsWith(".hbs") ? [file] : [];
    });
  }
  const tags = templates(path.join(ROOT, "templates")).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/<[a-z][a-z0-9]*\s((?:[^>"]|"[^"]*")*)>/g)].map((m) => ({
      file: path.relative(ROOT, file),
      attributes: m[1] ?? "",
    })),
  );

  it("mark every item row, effect row and roll button draggable, for Foundry's DragDrop to bind", () => {
    const sources = tags.filter(({ attributes }) =>
      /\bdata-roll="|\bdata-effect-id="|\bdata-item-id="\{\{/.test(attributes),
    );
    expect(sources.length).toBeGreaterThan(20);
    const unmarked = sources.filter(({ attributes }) => !/\bclass="[^"]*\bdraggable\b/.test(attributes));
    expect(unmarked).toEqual([]);
  });

  it("never make an element draggable themselves (DragDrop does, for those who may drag)", () => {
    expect(tags.filter(({ attributes }) => /\bdraggable=/.test(attributes))).toEqual([]);
  });
});
