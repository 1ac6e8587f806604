/** The test (one d12 chain), the Trinité's pick between Deva and Archonte dice, and confrontations. */

import { isFumble, naturalOf } from "./dice";
import { FREE_ACTION_PENALTY, RETRY_PENALTY, SUCCESS_THRESHOLD } from "./tables";

export type AdamKarmaType = "lumiere" | "tenebres" | "aucun";
export type Spirit = "deva" | "archonte";

export interface TestInput {
  /** The kept die's chain of faces: `[12, 12, 3]` is a natural 27. */
  readonly dice: readonly number[];
  /** Skill score (base + sign bonus). */
  readonly score: number;
  /** Difficulty, related-skill penalty included. */
  readonly difficulty?: number;
  /** Free actions declared this turn: each after the first gives −3 to every final of the turn. */
  readonly freeActions?: number;
  /** Any other modifier to the final (primes, Encourager, Intimider, reaction penalties…). */
  readonly modifier?: number;
  /** Failures already met on this same action outside direct confrontation (1: −3; 2 or more: automatic failure). */
  readonly previousFailures?: number;
}

export interface TestResult {
  readonly natural: number;
  readonly final: number;
  readonly success: boolean;
  /** The first face is a 1: a failure whatever the modifiers. */
  readonly fumble: boolean;
  /** The retry rule forbids success (two failures already). */
  readonly automaticFailure: boolean;
  /** Final − 12 (negative on a failed final). */
  readonly margin: number;
  /** Sum of everything added to the natural result. */
  readonly totalModifier: number;
}

export const SCORE_LIMIT = 60;

function assertInt(name: string, value: number, min = -SCORE_LIMIT, max = SCORE_LIMIT): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
}

/** −3 per declared free action after the first. */
export function freeActionPenalty(freeActions = 1): number {
  assertInt("freeActions", freeActions, 1, 20);
  return (freeActions - 1) * FREE_ACTION_PENALTY || 0;
}

/** The retry rule: after one failure −3; after two, further tries fail until the situation changes. */
export function retryModifier(previousFailures = 0): { modifier: number; automaticFailure: boolean } {
  assertInt("previousFailures", previousFailures, 0, 1000);
  if (previousFailures === 0) return { modifier: 0, automaticFailure: false };
  if (previousFailures === 1) return { modifier: RETRY_PENALTY, automaticFailure: false };
  return { modifier: RETRY_PENALTY, automaticFailure: true };
}

/** Sum of every modifier added to the natural result. */
export function testModifier(input: Omit<TestInput, "dice">): number {
  const { score, difficulty = 0, freeActions = 1, modifier = 0, previousFailures = 0 } = input;
  assertInt("score", score);
  assertInt("difficulty", difficulty);
  assertInt("modifier", modifier);
  return score + difficulty + freeActionPenalty(freeActions) + retryModifier(previousFailures).modifier + modifier;
}

/** Resolves one test from the kept die's chain. */
export function resolveTest(input: TestInput): TestResult {
  const natural = naturalOf(input.dice);
  const fumble = isFumble(input.dice);
  const totalModifier = testModifier(input);
  const { automaticFailure } = retryModifier(input.previousFailures ?? 0);
  const final = natural + totalModifier;
  return {
    natural,
    final,
    success: !fumble && !automaticFailure && final >= SUCCESS_THRESHOLD,
    fumble,
    automaticFailure,
    margin: final - SUCCESS_THRESHOLD,
    totalModifier,
  };
}

export interface PickInput extends Omit<TestInput, "dice"> {
  /** Chain of the light die. */
  readonly deva: readonly number[];
  /** Chain of the dark die. */
  readonly archonte: readonly number[];
  readonly adamKarma: AdamKarmaType;
  readonly pick: Spirit;
}

export interface PickResult extends TestResult {
  /** Debt owed to the spirit whose die was kept against the Adam' Karma, or null. */
  readonly debt: Spirit | null;
  readonly pick: Spirit;
  /** Both dice resolved, for the card. */
  readonly results: { readonly deva: TestResult; readonly archonte: TestResult };
}

/** The debt a pick costs: keeping the spirit opposed to the Adam' Karma on a success. */
export function debtFor(adamKarma: AdamKarmaType, pick: Spirit, success: boolean): Spirit | null {
  if (!success) return null;
  if (adamKarma === "lumiere" && pick === "archonte") return "archonte";
  if (adamKarma === "tenebres" && pick === "deva") return "deva";
  if (adamKarma !== "lumiere" && adamKarma !== "tenebres" && adamKarma !== "aucun") {
    throw new RangeError(`adamKarma must be "lumiere", "tenebres" or "aucun", got "${String(adamKarma)}"`);
  }
  return null;
}

/** A Trinité keeps one of its two dice; the natural-1 rule applies to the kept die. */
export function pickDie(input: PickInput): PickResult {
  const { deva, archonte, adamKarma, pick, ...rest } = input;
  if (pick !== "deva" && pick !== "archonte") throw new RangeError(`pick must be "deva" or "archonte"`);
  const results = { deva: resolveTest({ ...rest, dice: deva }), archonte: resolveTest({ ...rest, dice: archonte }) };
  const kept = results[pick];
  return { ...kept, debt: debtFor(adamKarma, pick, kept.success), pick, results };
}

/**
 * The pick a player would usually make: a success over a failure, then a success without debt, then the higher
 * final. The player stays free to pick otherwise.
 */
export function suggestPick(input: Omit<PickInput, "pick">): Spirit {
  const d = pickDie({ ...input, pick: "deva" });
  const a = pickDie({ ...input, pick: "archonte" });
  const rank = (r: PickResult): [number, number, number] => [r.success ? 1 : 0, r.debt ? 0 : 1, r.final];
  const rd = rank(d);
  const ra = rank(a);
  for (let i = 0; i < 3; i++) {
    if (rd[i]! !== ra[i]!) return rd[i]! > ra[i]! ? "deva" : "archonte";
  }
  return "deva";
}

/** A side of a confrontation: a bare final, or a resolved test (so a natural 1 counts as a failure). */
export type Side = number | { readonly final: number; readonly success: boolean };

function sideOf(side: Side): { final: number; success: boolean } {
  if (typeof side === "number") {
    if (!Number.isInteger(side)) throw new RangeError(`a final result must be an integer, got ${side}`);
    return { final: side, success: side >= SUCCESS_THRESHOLD };
  }
  if (!Number.isInteger(side.final)) throw new RangeError(`a final result must be an integer, got ${side.final}`);
  return { final: side.final, success: side.success };
}

/** Direct confrontation of two finals. `preventer`: the side that tries to stop the other's action, if any. */
export function confront(
  a: Side,
  b: Side,
  options: { readonly preventer?: "a" | "b" } = {},
): "a" | "b" | "egalite" | "aucun" {
  const sa = sideOf(a);
  const sb = sideOf(b);
  const { preventer } = options;
  if (preventer !== undefined && preventer !== "a" && preventer !== "b") {
    throw new RangeError(`preventer must be "a", "b" or absent`);
  }
  if (!sa.success && !sb.success) return "aucun";
  if (!sb.success) return "a";
  if (!sa.success) return "b";
  if (sa.final !== sb.final) return sa.final > sb.final ? "a" : "b";
  return preventer ?? "egalite";
}

/**
 * Multiple confrontation: the indices of the successful sides, grouped by equal final, best first
 * (`[[2], [0, 3]]`: side 2 wins, sides 0 and 3 tie behind). Failed sides are left out.
 */
export function rankConfrontation(sides: readonly Side[]): number[][] {
  const ok = sides.map((s, i) => ({ ...sideOf(s), i })).filter((s) => s.success);
  ok.sort((x, y) => y.final - x.final || x.i - y.i);
  const groups: number[][] = [];
  let last: number | undefined;
  for (const s of ok) {
    if (s.final === last) groups[groups.length - 1]!.push(s.i);
    else groups.push([s.i]);
    last = s.final;
  }
  return groups;
}
