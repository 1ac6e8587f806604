/** Métiers: free labels with a mastery of 1 to 3, added to rolls where they apply. */
import type { Localized } from "./characteristics";
import { assertIntegerIn } from "./validate";

export const METIER_MASTERY_MIN = 1;
export const METIER_MASTERY_MAX = 3;
/** A new character has one métier at mastery 1. */
export const STARTING_METIERS = 1;
export const STARTING_METIER_MASTERY = 1;

export interface MetierMastery {
  readonly mastery: number;
  readonly meaning: Localized;
  /** Full-time practice needed to reach this mastery, in months. */
  readonly trainingMonths: number;
}

export const METIER_MASTERIES: readonly MetierMastery[] = [
  { mastery: 1, meaning: { fr: "Compétent", en: "Competent" }, trainingMonths: 6 },
  { mastery: 2, meaning: { fr: "Expert", en: "Expert" }, trainingMonths: 36 },
  { mastery: 3, meaning: { fr: "Grand maître", en: "Grand master" }, trainingMonths: 180 },
];

export function assertMetierMastery(mastery: number): void {
  assertIntegerIn(mastery, METIER_MASTERY_MIN, METIER_MASTERY_MAX, "métier mastery");
}
