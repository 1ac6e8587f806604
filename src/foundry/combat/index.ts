/** Combat registration: documents, combatant data model, tracker, and where the active rule set comes from. */
import { setActiveRulesetResolver } from "./behaviour.ts";
import { QuintetteCombat, QuintetteCombatant } from "./documents.ts";
import { CombatantData } from "./model.ts";
import { QuintetteCombatTracker } from "./tracker.ts";

export type { CombatBehaviour, SortableCombatant, TrackerPart } from "./behaviour.ts";
export { registerCombatBehaviour, activeCombatBehaviour, defaultCompare, groupByPhase } from "./behaviour.ts";
export { QuintetteCombat, QuintetteCombatant, CombatantData, QuintetteCombatTracker };

/** At init; `activeRuleset` returns the world's rule-set id (read lazily: settings may load after init). */
export function registerCombat(activeRuleset: () => string | null): void {
  setActiveRulesetResolver(activeRuleset);
  CONFIG.Combat.documentClass = QuintetteCombat;
  CONFIG.Combatant.documentClass = QuintetteCombatant;
  CONFIG.Combatant.dataModels.base = CombatantData;
  // Object.assign: fvtt-types 14.x does not see a CombatTracker subclass as `typeof CombatTracker` (its generic
  // configuration does not narrow back to the defaults), though Foundry only instantiates it.
  Object.assign(CONFIG.ui, { combat: QuintetteCombatTracker });
  // Foundry does not set the turns up on a round change: the rule set's extra turns of the new round are set up here,
  // on every client. Typed by hand: the 14.x hook signature overflows tsc's instantiation depth.
  const hooks = Hooks as unknown as {
    on(name: "updateCombat", fn: (combat: unknown, changed: object) => void): number;
  };
  hooks.on("updateCombat", (combat, changed) => {
    if ("round" in changed && combat instanceof QuintetteCombat) combat.refreshRoundTurns();
  });
}
