/** Why a L'Œil Noir fighter may not act now: its declared plan, its phase, an activity's cost (RULES.md). */
import { isSecondTurn } from "./order.ts";
import { leftOf, spentOf } from "./round-actions.ts";
import { ACTIVITY_ACTIONS, planOf, type Activity } from "../../rules/oeilnoir/index.ts";

/**
 * Why this combatant may not act on its turn now (actions per round, RULES.md): no turn action left under its
 * declared plan, or not its phase: in a started combat a turn action comes on the fighter's own row of the tracker,
 * the first at its initiative, the second on its row at INI − 8.
 */
export function turnRefusal(combatant: Combatant.Implementation): string | null {
  const left = leftOf(combatant);
  if (!left.turn) return planRefusal(combatant);
  return phaseRefusal(combatant, left.nextIsSecond);
}

/** Why a turn action is refused under the fighter's plan: what it declared leaves none. */
export function planRefusal(combatant: Combatant.Implementation): string {
  const spent = spentOf(combatant);
  const plan = planOf(spent);
  if ((combatant.initiative ?? 0) < 0) return "QUINTETTE.OeilNoir.Notify.DefenceOnly";
  if (plan === "twoDefences") return "QUINTETTE.OeilNoir.Notify.PlanTwoDefences";
  if (plan === "long") return "QUINTETTE.OeilNoir.Notify.PlanLong";
  return plan === "normal" && spent.turn > 0
    ? "QUINTETTE.OeilNoir.Notify.AttackSpent"
    : "QUINTETTE.OeilNoir.Notify.NoActionLeft";
}

/**
 * Why it is not this combatant's phase (a started combat with a turn running): a first action on its own row, a
 * second one on its row at INI − 8. Null outside a started combat.
 */
export function phaseRefusal(
  combatant: Combatant.Implementation,
  second = leftOf(combatant).nextIsSecond,
): string | null {
  const combat = combatant.parent;
  if (!combat || combat.turn === null || !combat.started) return null;
  const onMe = combat.combatant?.id === combatant.id;
  if (second) return onMe && isSecondTurn(combat.turns, combat.turn) ? null : "QUINTETTE.OeilNoir.Notify.SecondLater";
  return onMe ? null : "QUINTETTE.OeilNoir.Notify.NotYourPhase";
}

/** Why an activity is refused for lack of actions: two-action ones need a long-activity round (RULES.md). */
export function activityRefusal(kind: Activity): string {
  return ACTIVITY_ACTIONS[kind] > 1 ? "QUINTETTE.OeilNoir.Notify.NeedsLong" : "QUINTETTE.OeilNoir.Notify.NoActionLeft";
}
