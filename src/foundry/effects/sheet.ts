/**
 * The Effects tab every actor and item sheet has: its part, tab and context. Its buttons are `actions.ts`
 * `EFFECT_HANDLERS`, its after-render step (modified fields' tooltips) `actions.ts` `markModified`.
 */
import type { EffectsContext } from "./view.ts";
import { effectsContextOf } from "./sheet-context.ts";

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
