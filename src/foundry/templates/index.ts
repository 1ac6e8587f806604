/** Template preload and helper registration at init. */
import { ACTOR_SHEET_PARTS, ITEM_SHEET_PARTS, SHEET_PARTIALS } from "../sheets/parts.ts";
import { ROLL_DIALOG_TEMPLATES as ROLL_DIALOG_PARTS } from "../dialog/templates.ts";
import { CARD_PARTIALS } from "../chat/card-state.ts";
import { TRACKER_PARTIALS } from "../combat/tracker.ts";
import { helpers } from "./helpers.ts";
import { loadPartials } from "./loaded.ts";

export const SHARED_TEMPLATES: string[] = [
  ...Object.values(ACTOR_SHEET_PARTS),
  ...Object.values(ITEM_SHEET_PARTS),
  ...SHEET_PARTIALS,
  ...Object.values(ROLL_DIALOG_PARTS),
  ...CARD_PARTIALS,
  ...TRACKER_PARTIALS,
];

export function registerHelpers(): void {
  for (const [name, fn] of Object.entries(helpers)) Handlebars.registerHelper(name, fn);
}

/** Starts loading the shared templates and `extra` (the world's rule set's) as partials, at init (`loaded.ts`). */
export function preloadTemplates(extra: readonly string[] = []): Promise<unknown> {
  return loadPartials([...SHARED_TEMPLATES, ...extra]);
}
