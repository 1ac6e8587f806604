/** Exact odds of a test, for one die (humans) and for the Trinité's two dice with the best pick. */

import { combine, explodingDie, map, probability, type Distribution } from "../shared/distribution";
import { DIE_SIDES } from "./dice";
import { SUCCESS_THRESHOLD } from "./tables";
import { testModifier } from "./test";
import { initiativeScore } from "./initiative";

export interface ChanceInput {
  readonly score: number;
  readonly difficulty?: number;
  /** 1 for an ordinary human, 2 for a Trinité keeping its better die. */
  readonly dice: 1 | 2;
  readonly freeActions?: number;
  readonly modifier?: number;
  readonly previousFailures?: number;
}

let natural: Distribution | undefined;
/** The natural result of one exploding d12 (cached: it never changes). */
export function naturalDistribution(): Distribution {
  natural ??= explodingDie(DIE_SIDES);
  return natural;
}

/** Probability that one die succeeds with this total modifier (a natural 1 always fails). */
export function singleDieChance(totalModifier: number): number {
  return probability(naturalDistribution(), (n) => n !== 1 && n + totalModifier >= SUCCESS_THRESHOLD);
}

/** Outcome of one die: success, plain failure, or natural 1. */
export type DieOutcome = "reussite" | "echec" | "echecNaturel";

export function outcomeDistribution(totalModifier: number): Distribution<DieOutcome> {
  return map(naturalDistribution(), (n): DieOutcome => {
    if (n === 1) return "echecNaturel";
    return n + totalModifier >= SUCCESS_THRESHOLD ? "reussite" : "echec";
  });
}

/** Exact chance of success: one die, or the better of two independent dice (the Trinité picks a successful one). */
export function successChance(input: ChanceInput): number {
  const { dice } = input;
  if (dice !== 1 && dice !== 2) throw new RangeError(`dice must be 1 or 2, got ${String(dice)}`);
  const total = testModifier(input);
  if ((input.previousFailures ?? 0) >= 2) return 0;
  if (dice === 1) return singleDieChance(total);
  const one = map(naturalDistribution(), (n) => n !== 1 && n + total >= SUCCESS_THRESHOLD);
  return probability(
    combine(one, one, (x, y) => x || y),
    (ok) => ok,
  );
}

/** Chance table for a dialog: every difficulty of a list for one score. */
export function chanceTable(
  score: number,
  difficulties: readonly number[],
  dice: 1 | 2,
): { difficulty: number; chance: number }[] {
  return difficulties.map((difficulty) => ({ difficulty, chance: successChance({ score, difficulty, dice }) }));
}

export interface SideChance {
  readonly score: number;
  readonly difficulty?: number;
  readonly dice: 1 | 2;
  readonly freeActions?: number;
  readonly modifier?: number;
}

const FAILED = Number.NEGATIVE_INFINITY;

/**
 * What a side brings to a confrontation: its best successful final, or FAILED. A Trinité keeps the die with the
 * higher successful final (a natural 1 is never kept as a success).
 */
export function sideDistribution(side: SideChance): Distribution {
  if (side.dice !== 1 && side.dice !== 2) throw new RangeError(`dice must be 1 or 2, got ${String(side.dice)}`);
  const total = testModifier(side);
  const one = map(naturalDistribution(), (n) => (n !== 1 && n + total >= SUCCESS_THRESHOLD ? n + total : FAILED));
  return side.dice === 1 ? one : combine(one, one, Math.max);
}

/** Exact odds of a direct confrontation between two sides, each using its best pick. */
export function confrontationOdds(
  a: SideChance,
  b: SideChance,
  options: { readonly preventer?: "a" | "b" } = {},
): Record<"a" | "b" | "egalite" | "aucun", number> {
  const tie = options.preventer ?? "egalite";
  const outcome = combine(sideDistribution(a), sideDistribution(b), (x, y) => {
    if (x === FAILED && y === FAILED) return "aucun";
    if (x === y) return tie;
    return x > y ? "a" : "b";
  });
  return {
    a: outcome.get("a") ?? 0,
    b: outcome.get("b") ?? 0,
    egalite: outcome.get("egalite") ?? 0,
    aucun: outcome.get("aucun") ?? 0,
  };
}

/** The initiative score's thirds: late (1–4), middle (5–8), early (9–12). */
export interface InitiativeOdds {
  readonly late: number;
  readonly middle: number;
  readonly early: number;
}

/**
 * Odds of where the initiative score (half the Rapidité final) lands: the score is what an initiative test is for,
 * success or failure means nothing there. A Trinité keeps the higher of its two finals.
 */
export function initiativeOdds(input: ChanceInput): InitiativeOdds {
  const total = testModifier(input);
  const one = map(naturalDistribution(), (n) => initiativeScore(n + total));
  const score = input.dice === 2 ? combine(one, one, (x, y) => Math.max(x, y)) : one;
  return {
    late: probability(score, (s) => s <= 4),
    middle: probability(score, (s) => s >= 5 && s <= 8),
    early: probability(score, (s) => s >= 9),
  };
}

/**
 * Where a group's scores land when the GM rolls them together (one dialog for the NPCs): each third's odds averaged
 * over the group, i.e. the expected share of the group that lands early, middle or late. Empty group: all zero.
 */
export function groupInitiativeOdds(inputs: readonly ChanceInput[]): InitiativeOdds {
  if (!inputs.length) return { late: 0, middle: 0, early: 0 };
  const each = inputs.map(initiativeOdds);
  const mean = (pick: (o: InitiativeOdds) => number) => each.reduce((sum, o) => sum + pick(o), 0) / each.length;
  return { late: mean((o) => o.late), middle: mean((o) => o.middle), early: mean((o) => o.early) };
}
