/**
 * What each client shows of a SYSTEMJ fight card (render.ts runs per viewing user): "Appliquer les dégâts" only to
 * the fight's sides (the roller, the owners of the attacker or the defender) and the GM. Display only: the GM's
 * client refuses anyone else (`mayAnswer`).
 */
import type { ButtonContext, CardViewer } from "../chat/card-state.ts";
import { registerCardViewerContext } from "../chat/render.ts";
import type { CardState } from "../chat/types.ts";
import { RULESET, readExchange } from "./cards.ts";
import { ACTIONS } from "./exchange.ts";

/** Whether this viewer is a side of the card's fight (or its GM): who may apply its damage. */
export function sideOfFight(state: CardState, viewer: CardViewer): boolean {
  if (viewer.isGM || viewer.userId === state.rollerId) return true;
  const data = readExchange(state);
  if (!data || !viewer.owns) return false;
  return viewer.owns(data.attacker.uuid) || viewer.owns(data.defender.uuid);
}

export function exchangeViewerContext(
  state: CardState,
  viewer: CardViewer,
  buttons: ButtonContext[],
): Record<string, unknown> {
  if (state.kind !== "exchange" || sideOfFight(state, viewer)) return {};
  return { buttons: buttons.filter((b) => b.action !== ACTIONS.apply) };
}

export function registerExchangeViewer(): void {
  registerCardViewerContext(RULESET, exchangeViewerContext);
}
