/** Template paths and tabs of the Trinités sheets (pure constants: the sheets, the preload and the gallery read them). */
import type { SheetTabSpec } from "../sheets/context.ts";

const TPL = "systems/quintette/templates/trinites";

export const ACTOR_PARTS = {
  main: `${TPL}/actor/main.hbs`,
  skills: `${TPL}/actor/skills.hbs`,
  combat: `${TPL}/actor/combat.hbs`,
} as const;
export const ITEM_PART = `${TPL}/item/details.hbs`;
/** The GM's harm dialog (fire, falls, continuous harm, coma, recovery). */
export const HARM_DIALOG = `${TPL}/dialog/harm.hbs`;

/** The rule set's own tabs, before the shared items and biography tabs. */
export const ACTOR_TABS: SheetTabSpec[] = [
  { id: "main", label: "QUINTETTE.Trinites.Sheet.Tabs.Main", icon: "fa-solid fa-yin-yang" },
  { id: "skills", label: "QUINTETTE.Trinites.Sheet.Tabs.Skills", icon: "fa-solid fa-star" },
  { id: "combat", label: "QUINTETTE.Trinites.Sheet.Tabs.Combat", icon: "fa-solid fa-khanda" },
];
export const ITEM_TABS: SheetTabSpec[] = [
  { id: "details", label: "QUINTETTE.Trinites.Sheet.Tabs.Details", icon: "fa-solid fa-list" },
];
