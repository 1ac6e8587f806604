/**
 * Actions per round (RULES.md §3, "Per round"): two actions, normally one on the fighter's own turn (an attack, or a
 * non-combat action: reloading, a spell's gestures, moving) and one defence (parry or dodge) in answer to an attack.
 * Each fighter declares at the start of the round how it uses them (its plan): fight normally, two defences (the
 * attack given up), two turn actions (the defence given up, the second 8 phases later) or a long activity (every
 * action of the round spent on it). The plan holds for the round; only the GM may change it once something is spent.
 * Never a third action. Initiative below 0: one action, a defence or one action of a long activity.
 */
import { assertInteger } from "./validate";

export type RoundPlan = "normal" | "twoDefences" | "twoActions" | "long";
export const ROUND_PLANS: readonly RoundPlan[] = ["normal", "twoDefences", "twoActions", "long"];

/**
 * What takes more than a plain turn action: getting up after a fall (one action), picking up a dropped weapon (two),
 * Orientation (two undisturbed actions; one with Vigilance: `vigilance`).
 */
export type Activity = "getUp" | "pickUp" | "orientation" | "vigilance";
export const ACTIVITY_ACTIONS: Readonly<Record<Activity, 1 | 2>> = {
  getUp: 1,
  vigilance: 1,
  pickUp: 2,
  orientation: 2,
};

/** What a fighter has spent in the current round. */
export interface RoundActions {
  /** Actions taken on its own turns (attacks and non-combat actions). */
  turn: number;
  /** Defences rolled (a master parry is a free action and is not counted). */
  defences: number;
  /** Its plan is two turn actions: the second at INI − 8 (the defence given up). */
  second: boolean;
  /** Its declared plan (absent: fight normally). `second` is the same as "twoActions". */
  plan?: RoundPlan;
  /** Actions spent this round on a long activity. */
  long?: number;
  /** A long activity under way and the actions already put into it (this round's and the rounds before). */
  activity?: { kind: Activity; done: number } | null;
}

export const NO_ACTIONS: RoundActions = Object.freeze({ turn: 0, defences: 0, second: false });

export type SpentAction = "turn" | "defence" | "second";

export interface ActionsLeft {
  /** May act on its turn (attack, non-combat action). */
  turn: boolean;
  /** May still parry or dodge; false: an attack on it lands without a defence roll. */
  defence: boolean;
  /** May (still) declare two turn actions: the second at INI − 8. */
  trade: boolean;
  /** The next turn action is the second one (at INI − 8). */
  nextIsSecond: boolean;
  /** Actions left for a long activity this round (0 unless the plan is a long activity). */
  long: number;
}

export function planOf(spent: RoundActions): RoundPlan {
  if (spent.second) return "twoActions";
  return spent.plan ?? "normal";
}

function longOf(spent: RoundActions): number {
  return spent.long ?? 0;
}

function checkSpent(spent: RoundActions): void {
  assertInteger("turn", spent.turn);
  assertInteger("defences", spent.defences);
  assertInteger("long", longOf(spent));
  if (spent.turn < 0 || spent.defences < 0 || longOf(spent) < 0)
    throw new RangeError("spent actions cannot be negative");
}

/** Whether anything was spent this round (the plan is then fixed, save by the GM). */
export function anySpent(spent: RoundActions): boolean {
  return spent.turn + spent.defences + longOf(spent) > 0;
}

/** How many turn actions, defences and long-activity actions a plan gives at this initiative. */
export function planAllows(ini: number | null, plan: RoundPlan): { turn: number; defences: number; long: number } {
  const below = ini !== null && ini < 0;
  if (below) {
    if (plan === "long") return { turn: 0, defences: 0, long: 1 };
    if (plan === "normal") return { turn: 0, defences: 1, long: 0 };
    return { turn: 0, defences: 0, long: 0 };
  }
  if (plan === "twoDefences") return { turn: 0, defences: 2, long: 0 };
  if (plan === "twoActions") return { turn: 2, defences: 0, long: 0 };
  if (plan === "long") return { turn: 0, defences: 0, long: 2 };
  return { turn: 1, defences: 1, long: 0 };
}

/**
 * What is left this round. `ini` null (no initiative rolled, no combat): counted as 0 or more. Below 0, one defence
 * (or one action of a long activity) and nothing else.
 */
export function actionsLeft(ini: number | null, spent: RoundActions): ActionsLeft {
  if (ini !== null) assertInteger("ini", ini);
  checkSpent(spent);
  const plan = planOf(spent);
  const allows = planAllows(ini, plan);
  return {
    turn: spent.turn < allows.turn,
    defence: spent.defences < allows.defences,
    trade: plan !== "twoActions" && canDeclare(ini, spent, "twoActions", false),
    nextIsSecond: plan === "twoActions" && spent.turn === 1,
    long: Math.max(0, allows.long - longOf(spent)),
  };
}

/**
 * Whether this plan may be declared now: by the fighter only while nothing is spent this round (the start of its
 * round); by the GM at any time, as long as what was already spent fits the new plan. Below 0 only "normal" (a
 * defence) or a long activity.
 */
export function canDeclare(ini: number | null, spent: RoundActions, plan: RoundPlan, gm: boolean): boolean {
  if (ini !== null) assertInteger("ini", ini);
  checkSpent(spent);
  if (!gm && anySpent(spent)) return false;
  const allows = planAllows(ini, plan);
  if (allows.turn + allows.defences + allows.long === 0) return false;
  return spent.turn <= allows.turn && spent.defences <= allows.defences && longOf(spent) <= allows.long;
}

/** The round's record with this plan declared, or null when it may not be declared now (`canDeclare`). */
export function declarePlan(ini: number | null, spent: RoundActions, plan: RoundPlan, gm = false): RoundActions | null {
  if (!canDeclare(ini, spent, plan, gm)) return null;
  return { ...spent, plan, second: plan === "twoActions" };
}

/** The actions after spending one, or null when the rules refuse it (nothing of that kind left). */
export function spendAction(ini: number | null, spent: RoundActions, action: SpentAction): RoundActions | null {
  const left = actionsLeft(ini, spent);
  if (action === "turn") return left.turn ? { ...spent, turn: spent.turn + 1 } : null;
  if (action === "defence") return left.defence ? { ...spent, defences: spent.defences + 1 } : null;
  // Declaring two turn actions (the trade of the defence), at the start of the round.
  return declarePlan(ini, spent, "twoActions");
}

export interface ActivityStep {
  spent: RoundActions;
  /** The activity is done (its effect happens now). */
  complete: boolean;
  /** Actions it has received so far, and its cost. */
  done: number;
  cost: number;
}

/**
 * Spends the actions an activity needs. A one-action activity takes a turn action (or one action of a long-activity
 * round); a two-action one needs a long-activity round: both of its actions, or below 0 INI its one action, the rest
 * in the next rounds (the progress is kept in `activity`). Null when the rules refuse it: too few actions left.
 */
export function spendActivity(ini: number | null, spent: RoundActions, kind: Activity): ActivityStep | null {
  const cost = ACTIVITY_ACTIONS[kind];
  const left = actionsLeft(ini, spent);
  if (left.long > 0) {
    const before = spent.activity?.kind === kind ? spent.activity.done : 0;
    const put = Math.min(left.long, cost - before);
    const done = before + put;
    const complete = done >= cost;
    return {
      spent: { ...spent, long: longOf(spent) + put, activity: complete ? null : { kind, done } },
      complete,
      done,
      cost,
    };
  }
  if (cost === 1 && left.turn) return { spent: { ...spent, turn: spent.turn + 1 }, complete: true, done: 1, cost };
  return null;
}

/**
 * The record a new round starts from: nothing spent, and a long activity left unfinished in a long-activity round
 * carried on (it continues if the fighter declares a long activity again; anything else drops it).
 */
export function nextRound(previous: RoundActions | null): RoundActions {
  const carried = previous && planOf(previous) === "long" ? previous.activity : null;
  return carried ? { ...NO_ACTIONS, activity: { ...carried } } : NO_ACTIONS;
}
