/**
 * Hotbar macros. Every roll button of a Quintette actor sheet (any element with a `data-roll` key: a skill, a move, an
 * attribute, a weapon, a card, a SYSTEMJ attack) can be dragged onto the macro bar by the actor's owner (the sheet's
 * drag start, `sheets/drag-start.ts`, carries `rollDragData`), and so can an owned item its rule set can use (a
 * weapon, a move, a card). The drop creates a script macro that rolls the same key, or uses an item of
 * the same type and name, for the controlled token's actor, else the user's character, through the document entry
 * points (`api/rolls.ts`); the macro's data is a JSON literal, never code.
 */
import { roll, useItem } from "../api/rolls.ts";
import { fastRollHeld } from "../api/keybindings.ts";
import { rulesetOfType } from "../ruleset.ts";

/** What a dragged roll button carries (`text/plain` JSON, as Foundry's drag data). */
export interface RollDragData {
  type: typeof DRAG_TYPE;
  key: string;
  /** Shown as the macro's name and in messages. */
  label: string;
  img?: string;
  /** The owned item the key names or the button's row holds, by what survives on another actor. */
  item?: { id: string; type: string; name: string };
}

/** What an item macro keeps of the dropped item: what finds it again on another actor. */
export interface ItemMacroData {
  type: typeof ITEM_MACRO_TYPE;
  itemType: string;
  name: string;
  img?: string;
}

export const DRAG_TYPE = "QuintetteRoll";
export const ITEM_MACRO_TYPE = "QuintetteItem";
const FALLBACK_IMG = "icons/svg/d20-black.svg";

function itemIdOf(actor: Actor.Implementation, key: string, button: HTMLElement): string | null {
  const fromRow = button.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  if (fromRow && actor.items.get(fromRow)) return fromRow;
  return key.split(/[:.]/).find((part) => !!actor.items.get(part)) ?? null;
}

/** The drag data of a roll button of `actor`'s sheet. */
export function rollDragData(actor: Actor.Implementation, button: HTMLElement): RollDragData | null {
  const key = button.dataset.roll;
  if (!key) return null;
  const itemId = itemIdOf(actor, key, button);
  const item = itemId ? actor.items.get(itemId) : undefined;
  const text = (button.getAttribute("aria-label") ?? button.textContent ?? "").replace(/\s+/g, " ").trim();
  const label = item?.name ?? (text || button.getAttribute("title") || key);
  const data: RollDragData = { type: DRAG_TYPE, key, label, img: item?.img ?? FALLBACK_IMG };
  if (item) data.item = { id: item.id ?? "", type: item.type, name: item.name ?? "" };
  return data;
}

export function isRollDragData(data: unknown): data is RollDragData {
  const d = data as Partial<RollDragData> | null;
  return !!d && d.type === DRAG_TYPE && typeof d.key === "string" && typeof d.label === "string";
}

export function isItemMacroData(data: unknown): data is ItemMacroData {
  const d = data as Partial<ItemMacroData> | null;
  return !!d && d.type === ITEM_MACRO_TYPE && typeof d.itemType === "string" && typeof d.name === "string";
}

/** The script a roll macro runs: it calls back into the system. */
export function macroCommand(data: RollDragData): string {
  return `quintette.rollMacro(${JSON.stringify(data)});`;
}

/** The script an item macro runs. */
export function itemMacroCommand(data: ItemMacroData): string {
  return `quintette.useItemMacro(${JSON.stringify(data)});`;
}

/** A script macro (reused when the user already has the same one) in that hotbar slot. */
async function assignMacro(name: string, img: string, command: string, slot: number | string | undefined) {
  const user = game.user;
  const existing = game.macros?.find((m) => m.command === command && !!user && m.isAuthor);
  const macro = existing ?? (await Macro.implementation.create({ name, type: "script", img, command }));
  if (!macro || !user) return false;
  await user.assignHotbarMacro(macro, slot === undefined ? undefined : Number(slot));
  return true;
}

/** The hotbar drop of a roll button. */
export function createRollMacro(data: RollDragData, slot: number | string | undefined): Promise<boolean> {
  return assignMacro(data.label, data.img ?? FALLBACK_IMG, macroCommand(data), slot);
}

/** The hotbar drop of an owned item its rule set can use. */
export function createItemMacro(data: ItemMacroData, slot: number | string | undefined): Promise<boolean> {
  return assignMacro(data.name, data.img ?? FALLBACK_IMG, itemMacroCommand(data), slot);
}

/**
 * The item macro data of a dropped owned item (Foundry's `{ type: "Item", uuid }`), when its rule set's runtime is
 * loaded and says the item rolls something; null otherwise (Foundry's own drop then applies).
 */
export function itemMacroData(data: unknown): ItemMacroData | null {
  const d = data as { type?: unknown; uuid?: unknown } | null;
  if (!d || d.type !== "Item" || typeof d.uuid !== "string") return null;
  const item = fromUuidSync(d.uuid as Parameters<typeof fromUuidSync>[0]) as Item.Implementation | null;
  if (!item?.parent || !(item instanceof Item)) return null;
  const key = rulesetOfType(item.type)?.api?.itemKey?.(item);
  if (!key) return null;
  return { type: ITEM_MACRO_TYPE, itemType: item.type, name: item.name ?? "", img: item.img ?? FALLBACK_IMG };
}

/** The actor a hotbar macro is for: the controlled token's, else the user's character. */
export function macroActor(): Actor.Implementation | null {
  const token = canvas?.tokens?.controlled?.[0];
  return token?.actor ?? game.user?.character ?? null;
}

/**
 * The key for this actor: the dragged actor's item becomes this actor's item of the same type and name. Null when it
 * has none.
 */
export function keyFor(actor: Actor.Implementation, data: RollDragData): { key: string; itemId: string } | null {
  if (!data.item) return { key: data.key, itemId: "" };
  const own = actor.items.find((i) => i.type === data.item?.type && i.name === data.item.name);
  if (!own?.id) return null;
  const from = data.item.id;
  const key = data.key
    .split(/([:.])/)
    .map((part) => (part === from ? own.id : part))
    .join("");
  return { key, itemId: own.id };
}

function say(key: string, values: Record<string, string>): void {
  ui.notifications?.warn(game.i18n?.format(key, values) ?? key);
}

/** The macro's actor, owned by the user; null (the user told why) otherwise. */
function ownedMacroActor(name: string): Actor.Implementation | null {
  const actor = macroActor();
  if (!actor) say("QUINTETTE.Macro.NoActor", { name });
  else if (!actor.isOwner) say("QUINTETTE.Macro.Missing", { actor: actor.name ?? "", name });
  return actor?.isOwner ? actor : null;
}

/**
 * A roll macro: the roll dialog (with the fast-roll key held or `skipDialog`: its defaults) for the right actor; tells
 * the user why nothing rolls otherwise. Returns whether a roll ran.
 */
export async function rollMacro(data: unknown, { skipDialog = fastRollHeld() } = {}): Promise<boolean> {
  if (!isRollDragData(data)) return false;
  const actor = ownedMacroActor(data.label);
  if (!actor) return false;
  const resolved = keyFor(actor, data);
  if (!resolved) {
    say("QUINTETTE.Macro.Missing", { actor: actor.name ?? "", name: data.label });
    return false;
  }
  const options = { skipDialog, ...(resolved.itemId ? { itemId: resolved.itemId } : {}) };
  return (await roll(actor, resolved.key, options)) !== null;
}

/** An item macro: uses the item of that type and name of the macro's actor. Returns whether a roll ran. */
export async function useItemMacro(data: unknown, { skipDialog = fastRollHeld() } = {}): Promise<boolean> {
  if (!isItemMacroData(data)) return false;
  const actor = ownedMacroActor(data.name);
  if (!actor) return false;
  const item = actor.items.find((i) => i.type === data.itemType && i.name === data.name);
  if (!item) {
    say("QUINTETTE.Macro.Missing", { actor: actor.name ?? "", name: data.name });
    return false;
  }
  return (await useItem(item, { skipDialog })) !== null;
}

export function registerHotbar(): void {
  Hooks.on("hotbarDrop", (_bar, data, slot) => {
    if (isRollDragData(data)) {
      void createRollMacro(data, slot);
      return false;
    }
    const item = itemMacroData(data);
    if (!item) return;
    void createItemMacro(item, slot);
    return false;
  });
}
