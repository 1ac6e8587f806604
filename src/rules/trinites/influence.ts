/**
 * Encourager and Intimider's options: besides ±3 initiative at the end of the acting turn, the roller may give the
 * target ±3 on its next action or its next reaction. A target holds at most one pending encouragement and one
 * pending intimidation: a second one waits until the first is played.
 */
import { TURN_END_INITIATIVE } from "./initiative";

export type InfluenceAction = "encourager" | "intimider";
export type InfluenceUse = "initiative" | "action" | "reaction";
export const INFLUENCE_USES: readonly InfluenceUse[] = ["initiative", "action", "reaction"];

/** The modifier an action gives its target: +3 encouraged, −3 intimidated. */
export function influenceModifier(action: InfluenceAction): number {
  return action === "encourager" ? TURN_END_INITIATIVE : -TURN_END_INITIATIVE;
}

/**
 * Whether the option goes onto the target as a pending modifier: the initiative option is applied by the place
 * machine at the end of the turn instead, and a pending one of the same kind must be played first.
 */
export function storesInfluence(use: InfluenceUse, pendingOfThatKind: boolean): boolean {
  return use !== "initiative" && !pendingOfThatKind;
}
