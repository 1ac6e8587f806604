/**
 * Combatants a viewer may see: the GM hides some in the tracker, and a rule set's own tracker parts and public
 * cards must not show them to players either.
 */
export interface HideableCombatant {
  hidden: boolean;
}

/** The combatants shown to this viewer: all for a GM, the unhidden ones for everybody else. */
export function shownCombatants<C extends HideableCombatant>(list: readonly C[], isGM: boolean): C[] {
  return isGM ? [...list] : list.filter((c) => !c.hidden);
}

/** The combatants a public card may name: never the hidden ones. */
export function publicCombatants<C extends HideableCombatant>(list: readonly C[]): C[] {
  return list.filter((c) => !c.hidden);
}
