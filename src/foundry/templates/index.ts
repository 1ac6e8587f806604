/** Template preload and helper registration at init. */
import { ACTOR_SHEET_PARTS, ITEM_SHEET_PARTS, SHEET_PARTIALS } from "../sheets/parts.ts";
import { ROLL_DIALOG_TEMPLATES as ROLL_DIALOG_PARTS } from "../dialog/templates.ts";
import { helpers } from "./helpers.ts";

export const SHARED_TEMPLATES: string[] = [
  ...Object.values(ACTOR_SHEET_PARTS),
  ...Object.values(ITEM_SHEET_PARTS),
  ...SHEET_PARTIALS,
  ...Object.values(ROLL_DIALOG_PARTS),
];

export function registerHelpers(): void {
  for (const [name, fn] of Object.entries(helpers)) Handlebars.registerHelper(name, fn);
}

export function preloadTemplates(extra: readonly string[] = []): Promise<unknown> {
  return foundry.applications.handlebars.loadTemplates([...new Set([...SHARED_TEMPLATES, ...extra])]);
}
