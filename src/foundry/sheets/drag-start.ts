/**
 * Dragging out of our sheets, through Foundry's own drag handling. ActorSheetV2 (and ItemSheetV2 from v14; the item
 * sheet binds the same itself in v13) binds a DragDrop to the sheet's `.draggable` elements on every render: it makes
 * them draggable only when `_canDragStart` allows, and calls `_onDragStart` when a drag begins. Ours allow only a
 * viewer who owns the document (its owner, a GM): an observer or limited viewer of another's character lifts nothing.
 * The drag source is the innermost `.draggable` element under the pointer: a roll button its roll
 * (`macros/hotbar.ts`, for the hotbar), an effect row its effect, an item row its owned item (`toDragData()`), which
 * another actor's sheet copies, this sheet sorts, the Items sidebar copies and the hotbar turns into an item macro.
 */
import { effectOf } from "../effects/actions.ts";
import { rollDragData } from "../macros/hotbar.ts";

/** The elements ActorSheetV2's DragDrop binds (the templates mark every row and roll button with it). */
export const DRAG_SELECTOR = ".draggable";

interface Draggable {
  toDragData(): object;
}
/** The sheet's document as a drag reads it. */
interface DragHolder {
  documentName: string;
  isOwner: boolean;
  items?: { get(id: string): Draggable | undefined };
  effects: { get(id: string): unknown };
}
interface DragSheet {
  document: unknown;
}

/** `_canDragStart`: only the document's owner (a GM owns everything) drags from its sheet. */
export function canDragStart(this: DragSheet, _selector?: string | null): boolean {
  return (this.document as DragHolder).isOwner;
}

/** The innermost drag source the drag began in (a roll button inside an item row is the roll). */
function sourceOf(event: DragEvent): HTMLElement | null {
  const target = event.target as Partial<HTMLElement> | null;
  const inner = typeof target?.closest === "function" ? target.closest<HTMLElement>(DRAG_SELECTOR) : null;
  return inner ?? (event.currentTarget as HTMLElement | null);
}

/** What a drag source of `doc`'s sheet carries; null when it names nothing of `doc`. */
export function dragDataOf(doc: DragHolder, source: HTMLElement): object | null {
  const { roll = "", effectId = "", itemId = "" } = source.dataset;
  if (roll) return doc.documentName === "Actor" ? rollDragData(doc as unknown as Actor.Implementation, source) : null;
  if (effectId) {
    const effect = effectOf(doc as unknown as Parameters<typeof effectOf>[0], source) as Partial<Draggable> | undefined;
    return effect?.toDragData?.() ?? null;
  }
  return itemId ? (doc.items?.get(itemId)?.toDragData() ?? null) : null;
}

/**
 * `_onDragStart`: sets the source's drag data, unless the viewer may not drag (checked again here: a browser drags a
 * link or an image without asking DragDrop). Synchronous until done: the browser reads the transfer when it returns.
 */
export async function onDragStart(this: DragSheet & { _canDragStart(selector: string): boolean }, event: DragEvent) {
  if (!this._canDragStart(DRAG_SELECTOR)) return;
  const source = sourceOf(event);
  const data = source ? dragDataOf(this.document as DragHolder, source) : null;
  if (data) event.dataTransfer?.setData("text/plain", JSON.stringify(data));
}

/**
 * Whether a document dropped on `holder`'s sheet is lifted from a character the user does not own: an item of
 * another's actor, or an effect of that actor or of one of its items. Drag data can name any document the user can
 * see, so the drop refuses what the other sheet would not let them drag. World and compendium items are no one's.
 */
export function liftedFromAnother(holder: unknown, dropped: { parent?: unknown }): boolean {
  let parent = dropped.parent as { documentName?: string; parent?: unknown; isOwner?: boolean } | null | undefined;
  while (parent && parent.documentName !== "Actor") parent = parent.parent as typeof parent;
  return !!parent && parent !== holder && !parent.isOwner;
}

/**
 * Sets sheet methods on a prototype as class members would be. fvtt-types 13.345.1 does not declare ActorSheetV2's and
 * ItemSheetV2's drag members and 14.x does (protected): no class member satisfies `noImplicitOverride` for both.
 */
export function defineSheetMethods(prototype: object, methods: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(methods)) {
    Object.defineProperty(prototype, name, { value, writable: true, configurable: true, enumerable: false });
  }
}
