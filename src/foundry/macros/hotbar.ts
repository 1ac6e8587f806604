/**
 * Hotbar rolls. Every roll button of a Quintette actor sheet (`data-action="roll"` with its `data-roll` key: a skill,
 * a move, an attribute, a weapon, a card) can be dragged onto the macro bar. The drop creates a script macro that
 * rolls the same key, through the sheet's own `rollRequest`, for the controlled token's actor, else the user's
 * character; an owned item named in the key (weapon, card, move) is found again by type and name on that actor.
 */
import { QuintetteActorSheet } from "../sheets/actor-sheet.ts";
import { RollDialog, currentRollMode } from "../dialog/roll-dialog.ts";
import { runRollRequest } from "../dialog/request.ts";
import { rulesetOfType } from "../ruleset.ts";

/** What a dragged roll button carries (`text/plain` JSON, as Foundry's drag data). */
export interface RollDragData {
  type: typeof DRAG_TYPE;
  key: string;
  /** Shown as the macro's name and in messages. */
  label: string;
  img?: string;
  /** The owned item the key names, by what survives on another actor. */
  item?: { id: string; type: string; name: string };
}

export const DRAG_TYPE = "QuintetteRoll";
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

/** Makes a rendered sheet's roll buttons draggable. */
export function enableRollDrag(sheet: QuintetteActorSheet, root: HTMLElement): void {
  const actor = sheet.document;
  for (const button of root.querySelectorAll<HTMLElement>('[data-action="roll"][data-roll]')) {
    button.draggable = true;
    button.addEventListener("dragstart", (event) => {
      const data = rollDragData(actor, button);
      if (data) event.dataTransfer?.setData("text/plain", JSON.stringify(data));
    });
  }
}

/** The script a macro runs: it calls back into the system (its data is a JSON literal, never code). */
export function macroCommand(data: RollDragData): string {
  return `game.quintette.rollMacro(${JSON.stringify(data)});`;
}

/** The hotbar drop of a roll button: a macro (reused when the user already has the same one) in that slot. */
export async function createRollMacro(data: RollDragData, slot: number | string | undefined): Promise<boolean> {
  const command = macroCommand(data);
  const user = game.user;
  const existing = game.macros?.find((m) => m.command === command && !!user && m.isAuthor);
  const macro =
    existing ??
    (await Macro.implementation.create({ name: data.label, type: "script", img: data.img ?? FALLBACK_IMG, command }));
  if (!macro || !user) return false;
  await user.assignHotbarMacro(macro, slot === undefined ? undefined : Number(slot));
  return true;
}

/** The actor a hotbar roll is for: the controlled token's, else the user's character. */
export function macroActor(): Actor.Implementation | null {
  const token = canvas?.tokens?.controlled?.[0];
  return token?.actor ?? game.user?.character ?? null;
}

function sheetOf(actor: Actor.Implementation): QuintetteActorSheet | null {
  const Sheet = rulesetOfType(actor.type)?.actorTypes.find((t) => t.type === actor.type)?.sheet;
  if (!Sheet) return null;
  // The descriptor types sheets as the abstract DocumentSheetV2 constructor; registered ones are concrete.
  const Concrete = Sheet as unknown as new (options: { document: Actor.Implementation }) => unknown;
  const sheet = new Concrete({ document: actor });
  return sheet instanceof QuintetteActorSheet ? sheet : null;
}

/**
 * The key for this actor: the dragged actor's item id in the key becomes this actor's item of the same type and name.
 * Null when it has none.
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

/**
 * A macro's roll. Opens the roll dialog (`skipDialog`: rolls with its defaults) for the right actor; tells the user why
 * nothing rolls otherwise. Returns whether a roll request was run.
 */
export async function rollMacro(data: unknown, { skipDialog = false } = {}): Promise<boolean> {
  if (!isRollDragData(data)) return false;
  const actor = macroActor();
  const say = (key: string, values: Record<string, string>) =>
    ui.notifications?.warn(game.i18n?.format(key, values) ?? key);
  if (!actor) {
    say("QUINTETTE.Macro.NoActor", { name: data.label });
    return false;
  }
  const resolved = actor.isOwner ? keyFor(actor, data) : null;
  const sheet = resolved ? sheetOf(actor) : null;
  // The sheet's roll buttons read `dataset.roll` and, for a card, the row's `data-item-id`: a detached stand-in.
  const target = {
    dataset: { roll: resolved?.key ?? "", itemId: resolved?.itemId ?? "" },
    closest: () => target,
  } as unknown as HTMLElement;
  const request = resolved && sheet ? sheet.rollRequest(resolved.key, target) : null;
  if (!request) {
    say("QUINTETTE.Macro.Missing", { actor: actor.name ?? "", name: data.label });
    return false;
  }
  await runRollRequest(request, skipDialog, (config) => RollDialog.prompt(config), currentRollMode());
  return true;
}

export function registerHotbar(): void {
  // `game.quintette.rollMacro` is what the macros call.
  Object.assign(game, { quintette: { rollMacro } });
  Hooks.on("hotbarDrop", (_bar, data, slot) => {
    if (!isRollDragData(data)) return;
    void createRollMacro(data, slot);
    return false;
  });
  Hooks.on("renderActorSheetV2", (app, html) => {
    if (app instanceof QuintetteActorSheet && app.isEditable) enableRollDrag(app, html);
  });
}
