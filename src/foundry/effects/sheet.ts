/**
 * The Effects tab every actor and item sheet has: its part, tab and actions. What runs at render or on a click lives
 * in `sheet-context.ts` and `actions.ts`, imported then (their own chunk), so that a world's entry carries only this.
 */
import type { EffectsContext } from "./view.ts";
import { lazyActions, type SheetAction } from "../sheets/lazy.ts";

type EffectAction = "createEffect" | "editEffect" | "toggleEffect" | "deleteEffect";

export const EFFECTS_PART = "systems/quintette/templates/shared/sheet/effects.hbs";
export const EFFECTS_TAB = { id: "effects", label: "QUINTETTE.Effects.Tab", icon: "fa-solid fa-bolt" };

interface SheetLike {
  document: unknown;
  isEditable: boolean;
}

const load = () => import("./sheet-context.ts");

export async function effectsContext(
  sheet: SheetLike,
  options: { tabbed: boolean; active: boolean },
): Promise<EffectsContext> {
  const { effectsContextOf } = await load();
  return effectsContextOf(sheet.document as Parameters<typeof effectsContextOf>[0], {
    ...options,
    editable: sheet.isEditable,
  });
}

/**
 * After a sheet renders: rows drag out as their documents (an item sheet's effects too), an actor's modified fields
 * say where their value comes from.
 */
export async function afterSheetRender(document: unknown, root: unknown, tooltips: Record<string, string> = {}) {
  (await load()).afterRender(document, root, tooltips);
}

/** Spread into a sheet's `DEFAULT_OPTIONS.actions`. */
export const EFFECT_ACTIONS = lazyActions(
  async () => ({ HANDLERS: (await load()).EFFECT_HANDLERS as Record<EffectAction, SheetAction> }),
  ["createEffect", "editEffect", "toggleEffect", "deleteEffect"],
);
