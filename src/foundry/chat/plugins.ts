/** One call per rule-set descriptor wires its card actions, damage rule, combat behaviour and dice colours. */
import { registerCombatBehaviour, type CombatBehaviour } from "../combat/behaviour.ts";
import { registerDamageApplier, type DamageApplier } from "../damage/index.ts";
import { registerColorsets, type DiceSoNiceColorset } from "../dice/colorsets.ts";
import { registerCardAction, type CardAction } from "./actions.ts";

export interface RulesetPlugins {
  id: string;
  cardActions?: CardAction[];
  damage?: DamageApplier;
  combat?: CombatBehaviour;
  diceSoNice?: DiceSoNiceColorset[];
}

export function plugRuleset(plugins: RulesetPlugins): void {
  if (plugins.cardActions) registerCardAction(...plugins.cardActions);
  if (plugins.damage) registerDamageApplier(plugins.id, plugins.damage);
  if (plugins.combat) registerCombatBehaviour(plugins.id, plugins.combat);
  if (plugins.diceSoNice) registerColorsets(...plugins.diceSoNice);
}
