/** Template paths of the base sheets (pure constants: the gallery and the preload both read them). */
const T = "systems/quintette/templates/shared/sheet";

export const ACTOR_SHEET_PARTS = {
  header: `${T}/actor-header.hbs`,
  tabs: `${T}/tabs.hbs`,
  items: `${T}/actor-items.hbs`,
  biography: `${T}/actor-biography.hbs`,
  limited: `${T}/actor-limited.hbs`,
} as const;

export const ITEM_SHEET_PARTS = {
  header: `${T}/item-header.hbs`,
  tabs: `${T}/tabs.hbs`,
  description: `${T}/item-description.hbs`,
} as const;

/** Partials rule-set templates may include. */
export const SHEET_PARTIALS = [
  `${T}/parts/item-row.hbs`,
  `${T}/parts/roll-button.hbs`,
  `${T}/parts/field.hbs`,
  `${T}/parts/creation.hbs`,
];

/** Repository-relative path of a template path (for gallery fixtures). */
export function repoPath(systemPath: string): string {
  return systemPath.replace(/^systems\/quintette\//, "");
}
