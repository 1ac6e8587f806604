/**
 * The card actions' registry, keyed by action name, that rule sets fill (and the shared damage/undo module), with
 * the names a world answers (`CONFIG.QUINTETTE.cardActions`) and the idempotence token of each step.
 */
import { activeRulesetId, isRulesetId } from "../ruleset-id.ts";
import { defaultActionToken } from "./card-state.ts";
import type { CardAction, CardActionArgs } from "./action-types.ts";
import type { CardButton, CardState } from "./types.ts";

const registry = new Map<string, CardAction>();

/**
 * Registers (or replaces) card actions; called by rule sets and by the shared damage/undo module. A name of the
 * world's own (its rule set's or a shared one) joins `CONFIG.QUINTETTE.cardActions` once that list exists.
 */
export function registerCardAction(...actions: CardAction[]): void {
  for (const action of actions) {
    const fresh = !registry.has(action.name);
    registry.set(action.name, action);
    const listed = CONFIG.QUINTETTE?.cardActions;
    if (fresh && listed && isOwnAction(action.name) && !listed.includes(action.name)) listed.push(action.name);
  }
}

/** A name of the world's own: its rule set's (`trinites.pick`) or a shared one (`quintette.undo`). */
function isOwnAction(name: string): boolean {
  return name.startsWith("quintette.") || name.startsWith(`${activeRulesetId()}.`);
}

/** The names registered so far that are the world's own (what `CONFIG.QUINTETTE.cardActions` starts from). */
export function ownCardActionNames(): string[] {
  return [...registry.keys()].filter(isOwnAction);
}

/** Forgets every card action: init starts from none, then registers the shared ones and the world's rule set's. */
export function clearCardActions(): void {
  registry.clear();
}

/** The shared actions registered (`quintette.undo`, `quintette.applyDamage`): every world's cards answer them. */
export function sharedCardActionNames(): string[] {
  return [...registry.keys()].filter((name) => name.startsWith("quintette."));
}

/**
 * Whether the cards of a rule set are live in this world: the rule set it plays, or one whose card actions are
 * registered here (the bench and tests register several). A card of any other rule set, a game the world played
 * before switching, is read only. A name that is no rule set's is not a game's card: live.
 */
export function cardsLive(ruleset: string): boolean {
  if (!isRulesetId(ruleset) || ruleset === activeRulesetId()) return true;
  const prefix = `${ruleset}.`;
  for (const name of registry.keys()) if (name.startsWith(prefix)) return true;
  return false;
}

export function getCardAction(name: string): CardAction | undefined {
  return registry.get(name);
}

export function actionToken(name: string, args: CardActionArgs, card: CardState): string {
  const action = registry.get(name);
  if (action?.token) return action.token(args, card);
  return !action || action.keyed ? defaultActionToken(name, args) : name;
}

/** Token of a button, for the card context (done buttons show as done on every client). */
export function buttonToken(card: CardState): (button: CardButton) => string {
  return (button) => actionToken(button.action, button.args, card);
}

/**
 * Whether the world answers an action name: `CONFIG.QUINTETTE.cardActions` lists the world's own (its rule set's and
 * the shared ones), read at use, so a module that removes a name turns that step off. Another rule set's name (a
 * test or bench world registering several) is not the world's list's to decide.
 */
export function actionEnabled(name: string): boolean {
  const listed = CONFIG.QUINTETTE?.cardActions;
  return !listed || !isOwnAction(name) || listed.includes(name);
}
