/**
 * Dragging owned items and effects out of a sheet. Every rendered row naming an owned item (`data-item-id`: the item
 * lists, weapon and armour rows, SYSTEMJ's cards) or an effect (`data-effect-id`) is draggable and carries the
 * document's own drag data (`toDragData()`: `{ type: "Item", uuid }`), which Foundry's drop targets read: another
 * actor's sheet (ActorSheetV2 creates a copy there, `_onDropItem`), the Items sidebar (a world copy), the hotbar (an
 * item macro, `macros/hotbar.ts`), and this sheet (ActorSheetV2 sorts an item of its own actor among its siblings).
 * Roll buttons inside a row carry their own roll data (`macros/hotbar.ts` stops their drag from reaching the row).
 */
import { effectOf } from "../effects/actions.ts";

interface Draggable {
  toDragData(): object;
}
interface DragSource {
  items?: { get(id: string): Draggable | undefined };
  effects: { get(id: string): unknown };
}

/** The drag data of a row: its effect's when it names one, else its owned item's. */
export function rowDragData(doc: DragSource, row: HTMLElement): object | null {
  const { itemId = "", effectId = "" } = row.dataset;
  if (effectId) {
    const effect = effectOf(doc as Parameters<typeof effectOf>[0], row) as Partial<Draggable> | undefined;
    return effect?.toDragData?.() ?? null;
  }
  return itemId ? (doc.items?.get(itemId)?.toDragData() ?? null) : null;
}

/** Makes a rendered sheet's item and effect rows draggable (a real DOM only: the test double passes its own rows). */
export function enableRowDrag(doc: DragSource, root: unknown): void {
  if (!root || typeof (root as Partial<HTMLElement>).querySelectorAll !== "function") return;
  const rows = (root as HTMLElement).querySelectorAll<HTMLElement>(
    "[data-item-id]:not([data-item-id='']), [data-effect-id]",
  );
  for (const row of rows) {
    row.draggable = true;
    row.addEventListener("dragstart", (event) => {
      const data = rowDragData(doc, row);
      if (!data) return;
      event.stopPropagation(); // the innermost row: an effect row inside an item's row is the effect
      event.dataTransfer?.setData("text/plain", JSON.stringify(data));
    });
  }
}
