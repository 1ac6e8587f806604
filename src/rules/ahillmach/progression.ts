/** Levels and experience. */
import { assertIntegerIn } from "./validate";
import { BAND_INFO, type Band } from "./resolution";

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 10;

/** XP to go from `level` to the next: (6 + level) × 2; null at level 10, which has no next level. */
export function xpForNextLevel(level: number): number | null {
  assertIntegerIn(level, MIN_LEVEL, MAX_LEVEL, "level");
  return level === MAX_LEVEL ? null : (6 + level) * 2;
}

/** Total XP a character needs to have reached `level` (0 for level 1, 14 for 2, … 198 for 10). */
export function xpToReachLevel(level: number): number {
  assertIntegerIn(level, MIN_LEVEL, MAX_LEVEL, "level");
  let total = 0;
  for (let l = MIN_LEVEL; l < level; l++) total += (6 + l) * 2;
  return total;
}

/** Cumulative thresholds, index 0 for level 1. */
export const XP_THRESHOLDS: readonly number[] = Array.from({ length: MAX_LEVEL }, (_, i) => xpToReachLevel(i + 1));

/** Level reached with this total of experience points (XP are never spent). */
export function levelForXp(xp: number): number {
  assertIntegerIn(xp, 0, Number.MAX_SAFE_INTEGER, "xp");
  let level = MIN_LEVEL;
  while (level < MAX_LEVEL && xp >= XP_THRESHOLDS[level]!) level++;
  return level;
}

/** End of an arc: 5 XP for a full success down to 2 for a failure, the GM grading in between. */
export const ARC_XP_MIN = 2;
export const ARC_XP_MAX = 5;

export function arcXp(grade: number): number {
  assertIntegerIn(grade, ARC_XP_MIN, ARC_XP_MAX, "arc XP");
  return grade;
}

/** What a character's roll is: a move, a bare characteristic, or one of the rules' own tests. */
export type RollKind = "move" | "characteristic" | "morale" | "fainting" | "sceneEnd" | "recovery";

/**
 * Experience a roll gives its character: every failure 1, every critical failure 2 (source: "chaque Échec…"),
 * on moves, characteristic rolls and the fainting and recovery tests, which are tests of the same resolution
 * engine. Morale is the roll of opponents and allies (no XP). The end-of-scene roll gives none (our decision: it
 * settles the price of surpassing oneself, it is not something the character attempts).
 */
export function rollXp(kind: RollKind, band: Band): number {
  if (kind === "morale" || kind === "sceneEnd") return 0;
  return BAND_INFO[band].xp;
}
