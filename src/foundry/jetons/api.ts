/**
 * Jetons' sheet actions as plain calls (runtime chunk). Jetons rolls no dice: its play is the question card. Actions:
 * `jeAsk` (ask a question: opens the card), `jeBuy` with `{ text }` (buy an advantage from the reserve, what it is in
 * the text), `jeReserve` (the collective reserve's window).
 */
import { jetons as J } from "../../rules/index.ts";
import type { RulesetApi } from "../api/types.ts";
import { buyAdvantage } from "./actions.ts";
import { askQuestion } from "./client.ts";
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

export const api: RulesetApi = {
  request: () => null,
  actions: {
    jeAsk: (actor) => askQuestion(actor),
    jeBuy: (actor, options) => buy(actor, options.text),
    jeReserve: () => ReserveApp.open(),
  },
};
