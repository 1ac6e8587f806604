/**
 * Shared chat cards, GM relay, damage, combat and Dice So Nice (engineer B). Call from src/index.ts:
 *
 *   at init:  registerRelay(); registerChatHooks(); registerDamage(); registerCombat(activeRulesetId);
 *             registerDiceSoNice();
 *   per rule-set descriptor (at init, every rule set, active or not):
 *             plugRuleset({ id, cardActions, damage, combat, diceSoNice })   // src/foundry/chat/plugins.ts
 *
 * Types for the descriptor: CardAction (chat/actions.ts), DamageApplier (damage/index.ts), CombatBehaviour
 * (combat/behaviour.ts), DiceSoNiceColorset (dice/colorsets.ts), all re-exported here.
 */
import { clearCardActions, registerCardActionRelay } from "./actions.ts";
import { registerCardModels } from "./card-model.ts";
import { onRenderChatMessageHTML } from "./render.ts";

export { registerRelay } from "../relay/index.ts";
export { registerDamage, type DamageApplier } from "../damage/index.ts";
export { registerCombat, type CombatBehaviour } from "../combat/index.ts";
export { registerDiceSoNice, type DiceSoNiceColorset } from "../dice/index.ts";
export { plugRuleset, type RulesetPlugins } from "./plugins.ts";
export { registerCardAction, requestCardAction, type CardAction, type CardActionContext } from "./actions.ts";
export { postCard } from "./post.ts";
export { CardModel, registerCardModel, CARD_TYPE } from "./card-model.ts";
export { createCardState, cardDie, buildCardContext } from "./card-state.ts";
export type * from "./types.ts";

/** The card data models, the card hook and the GM side of card actions (the card templates: templates/index.ts). */
export function registerChatHooks(): void {
  // A page's card actions are those its init registers (the world's game's): cards of another game read only.
  clearCardActions();
  registerCardModels();
  registerCardActionRelay();
  Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
}
