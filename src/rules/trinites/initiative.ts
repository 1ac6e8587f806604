/** The initiative d12 on three places: en retrait, en garde, dans le feu de l'action. */

export type Place = "retrait" | "garde" | "feu";
export interface InitiativeState {
  readonly score: number;
  readonly place: Place;
}

export const PLACES: readonly Place[] = ["retrait", "garde", "feu"];
export const PLACE_LABELS: Readonly<Record<Place, string>> = {
  retrait: "En retrait",
  garde: "En garde",
  feu: "Dans le feu de l'action",
};

/** Initiative score from the final of the Rapidité test: half, rounded up, within 1…12. */
export function initiativeScore(final: number): number {
  if (!Number.isInteger(final)) throw new RangeError(`a final result must be an integer, got ${final}`);
  return Math.min(12, Math.max(1, Math.ceil(final / 2)));
}

/** Starting state: surprised fighters start en retrait, the others en garde. */
export function initialState(final: number, surprised = false): InitiativeState {
  return { score: initiativeScore(final), place: surprised ? "retrait" : "garde" };
}

function assertState(state: InitiativeState): void {
  if (!PLACES.includes(state.place)) throw new RangeError(`unknown place "${String(state.place)}"`);
  if (!Number.isInteger(state.score) || state.score < 1 || state.score > 12) {
    throw new RangeError(`an initiative score must be an integer from 1 to 12, got ${state.score}`);
  }
}

/**
 * Start of a round: en garde moves into the fire, en retrait moves en garde. The dice whose indices are in `held`
 * (unconscious fighters) stay en retrait, keeping their value, until their owner wakes.
 */
export function beginRound(
  states: readonly InitiativeState[],
  held: ReadonlySet<number> = new Set<number>(),
): InitiativeState[] {
  return states.map((s, i) => {
    assertState(s);
    if (held.has(i)) return { score: s.score, place: "retrait" };
    return { score: s.score, place: s.place === "garde" ? "feu" : s.place === "retrait" ? "garde" : "feu" };
  });
}

/**
 * Changes a score by `delta` with the wrap rules: below 1 in the fire or en garde, add 12 and step back; en retrait
 * the score stays at least 1. Above 12 en retrait or en garde, take 12 off and step forward; in the fire it stays
 * at most 12. Large changes wrap as many times as needed.
 */
export function shiftInitiative(state: InitiativeState, delta: number): InitiativeState {
  assertState(state);
  if (!Number.isInteger(delta)) throw new RangeError(`an initiative change must be an integer, got ${delta}`);
  let { score, place } = state;
  score += delta;
  while (score < 1) {
    if (place === "retrait") score = 1;
    else {
      score += 12;
      place = place === "feu" ? "garde" : "retrait";
    }
  }
  while (score > 12) {
    if (place === "feu") score = 12;
    else {
      score -= 12;
      place = place === "retrait" ? "garde" : "feu";
    }
  }
  return { score, place };
}

/** Indices of who acts now: the highest score in the fire, several when tied; empty when the round is over. */
export function nextToAct(states: readonly InitiativeState[]): number[] {
  let best = 0;
  for (const s of states) {
    assertState(s);
    if (s.place === "feu" && s.score > best) best = s.score;
  }
  if (best === 0) return [];
  const out: number[] = [];
  states.forEach((s, i) => {
    if (s.place === "feu" && s.score === best) out.push(i);
  });
  return out;
}

/** As their turns start, the acting dice go back en garde (same score). */
export function beginTurn(states: readonly InitiativeState[], indices: readonly number[]): InitiativeState[] {
  for (const i of indices) {
    const s = states[i];
    if (s === undefined) throw new RangeError(`no combatant at index ${i}`);
    if (s.place !== "feu") throw new RangeError(`combatant ${i} is not in the fire and cannot act`);
  }
  return states.map((s, i) => (indices.includes(i) ? { score: s.score, place: "garde" } : s));
}

/**
 * Waiting: on their turn the acting fighter lowers their own score by `by` (at least 1) instead of acting. Their die
 * (sent back en garde by `beginTurn`) returns to the fire with the lower score, so they act later this round when it
 * is the highest left; below 1 it wraps (add 12, back en garde) and they act no more this round. The die only ever
 * goes down, so waiting never makes a round endless.
 */
export function waitTurn(acting: InitiativeState, by: number): InitiativeState {
  assertState(acting);
  if (!Number.isInteger(by) || by < 1) throw new RangeError(`waiting lowers the score by at least 1, got ${by}`);
  return shiftInitiative({ score: acting.score, place: "feu" }, -by);
}

/** The most a fighter is offered to wait at once: twelve points bring the die round to the same score en garde. */
export const WAIT_MAX = 12;

/** What each amount of waiting (1 to WAIT_MAX) would make of the acting die: the picker of a single click. */
export function waitChoices(acting: InitiativeState): { by: number; state: InitiativeState }[] {
  return Array.from({ length: WAIT_MAX }, (_, i) => ({ by: i + 1, state: waitTurn(acting, i + 1) }));
}

/** The round ends when nobody is left in the fire. */
export function roundOver(states: readonly InitiativeState[]): boolean {
  return nextToAct(states).length === 0;
}

/** Losing consciousness: the die goes en retrait and keeps its value. */
export function fallUnconscious(state: InitiativeState): InitiativeState {
  assertState(state);
  return { score: state.score, place: "retrait" };
}

/** Waking up: the die goes en garde. */
export function wakeUp(state: InitiativeState): InitiativeState {
  assertState(state);
  return { score: state.score, place: "garde" };
}

/** Pain: each wound that checks boxes of the second line costs 3 initiative. */
export const PAIN_INITIATIVE = -3;
/** Accélération, Encourager: +3 at the end of the acting turn; Ralentissement, Intimider: −3. */
export const TURN_END_INITIATIVE = 3;

/**
 * Whether any die will ever reach the fire: a die that is rolled and not held (its fighter conscious). When none is,
 * starting round after round only skips: the caller stops and says so instead.
 */
export function anyoneCanAct(
  states: readonly InitiativeState[],
  held: ReadonlySet<number> = new Set<number>(),
): boolean {
  states.forEach(assertState);
  return states.some((_, i) => !held.has(i));
}
