// The D100 test: roll 0…99 (0 reads "00") under score + modifier, with criticals and three success degrees.
import { AUTOMATIC, type Modifier } from "./difficulty";
import { assertInteger, assertIntegerIn } from "./validate";

export const OUTCOMES = ["echecCritique", "echec", "justesse", "moyenne", "notable", "reussiteCritique"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_LABELS: Record<Outcome, { label: string; labelEn: string }> = {
  echecCritique: { label: "Échec critique", labelEn: "Critical failure" },
  echec: { label: "Échec", labelEn: "Failure" },
  justesse: { label: "Réussite de justesse", labelEn: "Narrow success" },
  moyenne: { label: "Réussite moyenne", labelEn: "Average success" },
  notable: { label: "Réussite notable", labelEn: "Notable success" },
  reussiteCritique: { label: "Réussite critique", labelEn: "Critical success" },
};

/** Target used for an "automatique" test: every face but 00 (always a critical failure) succeeds. */
export const AUTOMATIC_TARGET = 99;

export interface TestInput {
  /** D100 face, 0…99; 0 is "00". */
  roll: number;
  /** Unmodified score of the attribute, skill or combat score; a roll equal to it is a critical success. */
  score: number;
  /** Bonus (+) or penalty (−), or "automatique". */
  modifier?: Modifier;
}

export interface TestResult {
  outcome: Outcome;
  /** score + modifier (99 for "automatique"); a roll at or under it succeeds. */
  target: number;
  success: boolean;
  critical: boolean;
  /** Display form of the roll: "00", "08", "74". */
  rollText: string;
}

export function isSuccess(outcome: Outcome): boolean {
  return outcome === "justesse" || outcome === "moyenne" || outcome === "notable" || outcome === "reussiteCritique";
}

/** Two-digit reading of a D100 face. */
export function formatRoll(roll: number): string {
  assertIntegerIn(roll, 0, 99, "roll");
  return roll.toString().padStart(2, "0");
}

/** Reads a D100 made of two d10 (tens, units), each 0…9: "0" and "0" is 00. */
export function d100FromD10(tens: number, units: number): number {
  assertIntegerIn(tens, 0, 9, "tens die");
  assertIntegerIn(units, 0, 9, "units die");
  return tens * 10 + units;
}

export function testTarget(score: number, modifier: Modifier = 0): number {
  assertScore(score);
  if (modifier === AUTOMATIC) return AUTOMATIC_TARGET;
  assertInteger(modifier, "modifier");
  return score + modifier;
}

export function resolveTest({ roll, score, modifier = 0 }: TestInput): TestResult {
  assertIntegerIn(roll, 0, 99, "roll");
  const target = testTarget(score, modifier);
  const outcome = outcomeOf(roll, score, target);
  return {
    outcome,
    target,
    success: isSuccess(outcome),
    critical: outcome === "echecCritique" || outcome === "reussiteCritique",
    rollText: formatRoll(roll),
  };
}

function outcomeOf(roll: number, score: number, target: number): Outcome {
  // RULES.md: 00 is a critical failure, always, "automatique" included.
  if (roll === 0) return "echecCritique";
  // Rolling the bare score is critical whatever the modifiers: it takes precedence over the target.
  if (roll === score && roll !== 0) return "reussiteCritique";
  if (roll > target) return "echec";
  // Thirds of the target, compared in integers: roll ≤ target/3 ⇔ 3·roll ≤ target.
  if (3 * roll <= target) return "justesse";
  if (3 * roll <= 2 * target) return "moyenne";
  return "notable";
}

function assertScore(score: number): void {
  // Combat scores add a weapon's ATT/DEF to an attribute formula, so a test score may exceed 100.
  assertInteger(score, "score");
  if (score < 0) throw new RangeError(`score must not be negative, got ${score}`);
}
