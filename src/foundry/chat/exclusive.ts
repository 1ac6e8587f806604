/**
 * Exclusive buttons: a card button marked `exclusive` is left out of the card for a viewer who may not use it (a
 * parry for anyone but the defender's side, a GM's choice for the players), rather than shown greyed out. Pure.
 */
import type { ButtonContext, CardViewer } from "./card-state.ts";
import type { CardButton, CardState } from "./types.ts";

/** Whether this viewer sees the button at all (non-exclusive buttons: always). */
export function buttonShown(button: CardButton, viewer: CardViewer, state: CardState): boolean {
  if (!button.exclusive || viewer.isGM) return true;
  if (button.audience === "gm") return false;
  if (button.audience === "roller" && viewer.userId !== state.rollerId) return false;
  if (button.owner === null) return false;
  if (button.owner !== undefined && viewer.owns && !viewer.owns(button.owner)) return false;
  return true;
}

/** The frame's buttons (one context per stored button, same order) without the exclusive ones this viewer may not use. */
export function shownButtons(state: CardState, buttons: ButtonContext[], viewer: CardViewer): ButtonContext[] {
  return buttons.filter((_, i) => {
    const stored = state.buttons[i];
    return !stored || buttonShown(stored, viewer, state);
  });
}
