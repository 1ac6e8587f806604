/** Prudence and Danger: the modifiers an action leaves for the actor's next reactions. */
/**
 * Prudence and Danger waiting for the actor's next reactions: each Prudence gives +3 to one more successive reaction,
 * each Danger −3 to one more (they do not add up on one reaction). All lapse at the actor's next turn.
 */
export interface ReactionBonuses {
  readonly prudence: number;
  readonly danger: number;
}

export const NO_REACTION_BONUSES: ReactionBonuses = { prudence: 0, danger: 0 };
/** Most successive reactions one actor can have covered (far above what a turn's actions can give). */
export const REACTION_BONUS_MAX = 9;

function assertBonuses(b: ReactionBonuses): void {
  for (const v of [b.prudence, b.danger]) {
    if (!Number.isInteger(v) || v < 0 || v > REACTION_BONUS_MAX) {
      throw new RangeError(`reaction bonuses count 0 to ${REACTION_BONUS_MAX} reactions, got ${v}`);
    }
  }
}

/** An action's Prudence and Danger (its prime and penalties) added to what already waits. */
export function addReactionBonuses(
  current: ReactionBonuses,
  primes: readonly string[],
  penalties: readonly string[],
): ReactionBonuses {
  assertBonuses(current);
  const cap = (n: number) => Math.min(REACTION_BONUS_MAX, n);
  return {
    prudence: cap(current.prudence + primes.filter((p) => p === "prudence").length),
    danger: cap(current.danger + penalties.filter((p) => p === "danger").length),
  };
}

/** The modifier of the next reaction: +3 while a Prudence waits, −3 while a Danger waits. */
export function reactionBonusModifier(b: ReactionBonuses): number {
  assertBonuses(b);
  return (b.prudence > 0 ? 3 : 0) - (b.danger > 0 ? 3 : 0);
}

/** A reaction spends one Prudence and one Danger (those waiting). */
export function spendReactionBonuses(b: ReactionBonuses): ReactionBonuses {
  assertBonuses(b);
  return { prudence: Math.max(0, b.prudence - 1), danger: Math.max(0, b.danger - 1) };
}
