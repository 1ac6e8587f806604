/**
 * What a rule set's runtime gives the document entry points (`src/foundry/api/rolls.ts`): the roll request behind a
 * roll key, the key an owned item rolls, and the named actions its sheets start. The rule set's `api.ts` holds them.
 */
import type { JsonPrimitive } from "../chat/types.ts";
import type { RollRequest } from "../dialog/request.ts";
import type { RelayResult } from "../relay/index.ts";

/** Options every roll entry point takes: plain data, no DOM. */
export interface RollOptions {
  /** The owned item the key concerns when the key does not name it (a SYSTEMJ card, a weapon's attack). */
  itemId?: string;
  /** Roll with the dialog's defaults, without showing it (the fast-roll modifier). */
  skipDialog?: boolean;
  /** The message mode, in either generation's vocabulary; default: the user's current one. */
  rollMode?: string;
  /** Initial values of the dialog's inputs by name (`{ difficulty: "ardue" }`); a value an input refuses is ignored. */
  values?: Record<string, number | string | boolean>;
}

/** Options of a named action (`amRest`, `jeAsk`…): plain data, read by the action itself. */
export type ActionOptions = Record<string, unknown>;

export interface RulesetApi {
  /** The roll request of a roll key (`skill:rapidite`, `move:<item id>`); null: nothing to roll for this actor. */
  request(actor: Actor.Implementation, key: string, options: RollOptions): RollRequest | null;
  /** The roll key an owned item rolls (a weapon's attack, a move, a card, a skill); null: the item rolls nothing. */
  itemKey?(item: Item.Implementation): string | null;
  /** The actions (other than rolls) its sheets start, by name; each returns when done. */
  actions?: Record<string, (actor: Actor.Implementation, options: ActionOptions) => Promise<unknown>>;
  /**
   * Card steps whose button does work on the user's client before the request (a sealed bid's secret kept there),
   * by name: `quintette.cards.act(messageId, name, args)` runs them, as the card's form does.
   */
  cardActions?: Record<string, (messageId: string, args: Record<string, JsonPrimitive>) => Promise<RelayResult>>;
}
