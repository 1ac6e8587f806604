/**
 * The Effects tab of actor and item sheets: its part, tab and context, left out where the rule set lets effects change
 * nothing on the document (read at each render). Its buttons are `actions.ts` `EFFECT_HANDLERS`, its after-render
 * step (modified fields' tooltips) `actions.ts` `markModified`.
 */
import type { EffectsContext } from "./view.ts";
import { effectsContextOf } from "./sheet-context.ts";
import { effectsAllowed } from "./targets.ts";

export const EFFECTS_PART = "systems/quintette/templates/shared/sheet/effects.hbs";
export const EFFECTS_TAB = { id: "effects", label: "QUINTETTE.Effects.Tab", icon: "fa-solid fa-bolt" };

interface SheetLike {
  document: unknown;
  isEditable: boolean;
}

export function effectsContext(sheet: SheetLike, options: { tabbed: boolean; active: boolean }): EffectsContext {
  return effectsContextOf(sheet.document as Parameters<typeof effectsContextOf>[0], {
    ...options,
    editable: sheet.isEditable,
  });
}

/** Tabs with Effects only when `allowed` (pure: the gallery's fixtures call it as the sheets do). */
export function effectsTabIf<T extends { id: string }>(allowed: boolean, tabs: readonly T[]): T[] {
  return allowed ? [...tabs] : tabs.filter((t) => t.id !== EFFECTS_TAB.id);
}

/** A sheet's tabs, without Effects where effects on its document can change nothing (`targets.ts`: Jetons). */
export function withEffectsTab<T extends { id: string }>(tabs: readonly T[], document: unknown): T[] {
  return effectsTabIf(effectsAllowed(document as Parameters<typeof effectsAllowed>[0]), tabs);
}

/** A sheet's parts, without the Effects part where its tab is absent. */
export function withEffectsPart<T>(parts: Record<string, T>, document: unknown): Record<string, T> {
  if (effectsAllowed(document as Parameters<typeof effectsAllowed>[0])) return parts;
  const { effects: _effects, ...rest } = parts;
  return rest;
}
