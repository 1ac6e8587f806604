/**
 * The situational +1 the moves grant (issue 25): Discerner la réalité gives +1 to the next action that uses its
 * answer; Défendre's "an ally gets +1" gives it to an ally's next action against the attacker. The source has no
 * other situational modifier (help and hindrance stand in for them), so this is the only one, distinct from gear.
 */
import { optionPicks } from "./moves";
import type { Band } from "./resolution";

/** Where a +1 comes from. */
export type EdgeSource = "discerner" | "defendre";

/** The size of the bonus: always +1, and never more than one on a roll (they do not stack). */
export const EDGE_BONUS = 1;

/** Whether a Discerner la réalité roll of this band grants its +1: any success (questions were asked). */
export function discernerGrantsEdge(band: Band): boolean {
  return band === "partielle" || band === "totale" || band === "reussiteCritique";
}

/**
 * How many "+1 to an ally" a Défendre card of this band holds, from the times each option was picked; 0 when the picks
 * exceed what the band allows (a card that does not come from the rules).
 */
export function allyEdgesHeld(band: Band, picked: Readonly<Record<string, number>>): number {
  const times = Object.values(picked);
  if (times.some((t) => !Number.isInteger(t) || t < 0)) return 0;
  if (times.reduce((a, b) => a + b, 0) > optionPicks("defendre", band)) return 0;
  return picked.allie ?? 0;
}

/** The bonus a roll takes from the +1 box: one +1 whatever the number of edges held. */
export function edgeBonus(ticked: boolean): number {
  return ticked ? EDGE_BONUS : 0;
}
