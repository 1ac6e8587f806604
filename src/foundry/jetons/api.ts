/**
 * Jetons' sheet actions as plain calls (its runtime). Jetons rolls no dice: its play is the question card. Actions:
 * `jeAsk` (ask a question: opens the card), `jeBuy` with `{ text }` (buy an advantage from the reserve, what it is in
 * the text), `jeReserve` (the collective reserve's window). Card steps a macro runs through `quintette.cards.act` as
 * the question card's forms send them: `jetons.event` (`{ side, event, … }`: ask, oppose, rebid, give up, cancel…,
 * stamped with the card's round and revision), `jetons.seal` (`{ side, bid }`: the bid and its nonce stay on this
 * client, only the hash is sent) and `jetons.reveal` (`{ side }`).
 */
import { jetons as J } from "../../rules/index.ts";
import type { RulesetApi } from "../api/types.ts";
import { buyAdvantage } from "./actions.ts";
import type { RelayResult } from "../relay/index.ts";
import { askQuestion, revealBid, sealBid, sendQuestionEvent } from "./client.ts";
import { ReserveApp } from "./reserve-app.ts";

/** Buys an advantage named by `text`; false (and the user told why) when the text names none or the buy failed. */
export async function buy(actor: Actor.Implementation, text: unknown): Promise<boolean> {
  const purchase = J.purchaseText(typeof text === "string" ? text : "");
  if (purchase === null) {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.Jetons.Error.PurchaseText") ?? "");
    return false;
  }
  const result = await buyAdvantage(actor, purchase);
  return result.status === "applied";
}

/** A step naming no side of the question: refused on this client, nothing sent. */
async function noSide(): Promise<RelayResult> {
  const reason = "QUINTETTE.Relay.Invalid";
  ui.notifications?.warn(game.i18n?.localize(reason) ?? reason);
  return { status: "invalid", reason };
}
const sideOf = (value: unknown): J.Side | null => (value === "joueur" || value === "mj" ? value : null);

export const api: RulesetApi = {
  request: () => null,
  actions: {
    jeAsk: (actor) => askQuestion(actor),
    jeBuy: (actor, options) => buy(actor, options.text),
    jeReserve: () => ReserveApp.open(),
  },
  cardActions: {
    "jetons.event": (messageId, { side, ...args }) => {
      const s = sideOf(side);
      return s ? sendQuestionEvent(messageId, s, args) : noSide();
    },
    "jetons.seal": (messageId, { side, bid }) => {
      const s = sideOf(side);
      return s ? sealBid(messageId, s, typeof bid === "number" ? bid : Number.NaN) : noSide();
    },
    "jetons.reveal": (messageId, { side }) => {
      const s = sideOf(side);
      return s ? revealBid(messageId, s) : noSide();
    },
  },
};
