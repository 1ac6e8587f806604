/**
 * Actions per round (RULES.md §3, "Per round"): two actions, normally one on the fighter's own turn (an attack, or a
 * non-combat action: reloading, a spell's gestures, moving) and one defence (parry or dodge) in answer to an attack.
 * One may be traded for the other: a second defence costs the turn action; a second turn action costs the defence
 * and comes 8 phases later. Never a third of either. Initiative below 0: one action, a defence.
 */
import { assertInteger } from "./validate";

/** What a fighter has spent in the current round. */
export interface RoundActions {
  /** Actions taken on its own turns (attacks and non-combat actions). */
  turn: number;
  /** Defences rolled (a master parry is a free action and is not counted). */
  defences: number;
  /** The defence traded for a second turn action at INI − 8. */
  second: boolean;
}

export const NO_ACTIONS: RoundActions = Object.freeze({ turn: 0, defences: 0, second: false });

export type SpentAction = "turn" | "defence" | "second";

export interface ActionsLeft {
  /** May act on its turn (attack, non-combat action). */
  turn: boolean;
  /** May still parry or dodge; false: an attack on it lands without a defence roll. */
  defence: boolean;
  /** May trade its defence for a second turn action at INI − 8. */
  trade: boolean;
  /** The next turn action is the second one (at INI − 8). */
  nextIsSecond: boolean;
}

function checkSpent(spent: RoundActions): void {
  assertInteger("turn", spent.turn);
  assertInteger("defences", spent.defences);
  if (spent.turn < 0 || spent.defences < 0) throw new RangeError("spent actions cannot be negative");
}

/**
 * What is left this round. `ini` null (no initiative rolled, no combat): counted as 0 or more. Below 0, one defence
 * and nothing else.
 */
export function actionsLeft(ini: number | null, spent: RoundActions): ActionsLeft {
  if (ini !== null) assertInteger("ini", ini);
  checkSpent(spent);
  const total = spent.turn + spent.defences;
  if (ini !== null && ini < 0)
    return { turn: false, defence: spent.defences < 1 && !spent.second, trade: false, nextIsSecond: false };
  return {
    turn: total < 2 && spent.turn < (spent.second ? 2 : 1),
    defence: total < 2 && !spent.second,
    trade: !spent.second && spent.defences === 0 && spent.turn <= 1,
    nextIsSecond: spent.second && spent.turn === 1,
  };
}

/** The actions after spending one, or null when the rules refuse it (nothing of that kind left). */
export function spendAction(ini: number | null, spent: RoundActions, action: SpentAction): RoundActions | null {
  const left = actionsLeft(ini, spent);
  if (action === "turn") return left.turn ? { ...spent, turn: spent.turn + 1 } : null;
  if (action === "defence") return left.defence ? { ...spent, defences: spent.defences + 1 } : null;
  return left.trade ? { ...spent, second: true } : null;
}
