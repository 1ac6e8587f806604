/**
 * Keybindings (Configure Controls → Quintette): the fast-roll modifier (held while clicking a roll button or a hotbar
 * macro: the dialog's defaults, no dialog; Shift by default) and the sheet's play/edit toggle. Registered at init
 * through `game.keybindings`, so players rebind them in Foundry's own controls dialog.
 */
import { SYSTEM_ID } from "../ruleset.ts";

type Binding = { key: string; modifiers?: readonly string[] };

export const FAST_ROLL = "fastRoll";
export const TOGGLE_EDIT = "toggleEditMode";
const FAST_ROLL_DEFAULT: Binding[] = [{ key: "ShiftLeft" }, { key: "ShiftRight" }];

/** The modifier a key code is (`ShiftLeft` → `Shift`), as the event's flags name them; null for another key. */
function modifierOf(code: string): "Shift" | "Control" | "Alt" | null {
  if (code.startsWith("Shift")) return "Shift";
  if (code.startsWith("Control") || code.startsWith("Meta")) return "Control";
  if (code.startsWith("Alt")) return "Alt";
  return null;
}

/** Modifier names in either of the type package's forms (`SHIFT` or `Shift`). */
function normal(modifier: string): string {
  const upper = modifier.toUpperCase();
  return upper === "CONTROL" ? "Control" : upper === "ALT" ? "Alt" : upper === "SHIFT" ? "Shift" : modifier;
}

interface ModifierEvent {
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** Whether one of these bindings is held now: its key down (or, for a modifier key, held in the event) with its modifiers. */
export function bindingHeld(
  bindings: readonly Binding[],
  event: ModifierEvent | null,
  down: ReadonlySet<string>,
): boolean {
  const held: Record<string, boolean> = {
    Shift: !!event?.shiftKey,
    Control: !!(event?.ctrlKey || event?.metaKey),
    Alt: !!event?.altKey,
  };
  for (const code of down) {
    const modifier = modifierOf(code);
    if (modifier) held[modifier] = true;
  }
  return bindings.some((b) => {
    const modifiers = (b.modifiers ?? []).map(normal);
    if (!modifiers.every((m) => held[m])) return false;
    if (down.has(b.key)) return true;
    const asModifier = modifierOf(b.key);
    return !!asModifier && held[asModifier] === true;
  });
}

/** Whether the fast-roll modifier is held (as bound in the user's controls; Shift where keybindings are absent). */
export function fastRollHeld(event: ModifierEvent | null = null): boolean {
  const bindings = game.keybindings?.get(SYSTEM_ID, FAST_ROLL) ?? FAST_ROLL_DEFAULT;
  const down = game.keyboard?.downKeys ?? new Set<string>();
  return bindingHeld(bindings, event, down);
}

/** A sheet with a play/edit toggle (the actor sheets). */
interface ModeToggling {
  toggleMode(): Promise<void>;
  rendered?: boolean;
  position?: { zIndex?: number };
}

/** The front-most rendered window that has a play/edit toggle, or null. */
export function frontToggling(): ModeToggling | null {
  let front: ModeToggling | null = null;
  for (const app of foundry.applications.instances?.values() ?? []) {
    const candidate = app as unknown as Partial<ModeToggling>;
    if (typeof candidate.toggleMode !== "function" || !candidate.rendered) continue;
    const z = candidate.position?.zIndex ?? 0;
    if (!front || z > (front.position?.zIndex ?? 0)) front = candidate as ModeToggling;
  }
  return front;
}

export function registerKeybindings(): void {
  const keybindings = game.keybindings;
  if (!keybindings) return;
  keybindings.register(SYSTEM_ID, FAST_ROLL, {
    name: "QUINTETTE.Keybindings.FastRoll.Name",
    hint: "QUINTETTE.Keybindings.FastRoll.Hint",
    editable: FAST_ROLL_DEFAULT.map((b) => ({ key: b.key })),
  });
  keybindings.register(SYSTEM_ID, TOGGLE_EDIT, {
    name: "QUINTETTE.Keybindings.ToggleEdit.Name",
    hint: "QUINTETTE.Keybindings.ToggleEdit.Hint",
    editable: [{ key: "KeyE", modifiers: ["ALT"] }],
    onDown: () => {
      const sheet = frontToggling();
      if (!sheet) return false;
      void sheet.toggleMode();
      return true;
    },
  });
}
