/** The resolution engine: 2D10 (or 3–4D10 keeping two) plus capped bonuses, read as one of five bands. */
import type { Localized } from "./characteristics";
import { assertD10, assertInteger, assertIntegerIn } from "./validate";

export type Band = "echecCritique" | "echec" | "partielle" | "totale" | "reussiteCritique";
export type AdvantageLevel = -2 | -1 | 0 | 1 | 2;

/** Worst to best. */
export const BANDS: readonly Band[] = ["echecCritique", "echec", "partielle", "totale", "reussiteCritique"];

export interface BandInfo {
  readonly id: Band;
  /** −2 … +2, the "answer" of the roll; also what the end-of-scene roll takes off a penchant. */
  readonly value: number;
  /** The answer as the table says it: NON ET … OUI ET. */
  readonly answer: Localized;
  readonly name: Localized;
  /** Experience the roll gives at once. */
  readonly xp: number;
}

export const BAND_INFO: Readonly<Record<Band, BandInfo>> = {
  echecCritique: {
    id: "echecCritique",
    value: -2,
    answer: { fr: "NON ET", en: "NO AND" },
    name: { fr: "Échec critique", en: "Critical failure" },
    xp: 2,
  },
  echec: { id: "echec", value: -1, answer: { fr: "NON", en: "NO" }, name: { fr: "Échec", en: "Failure" }, xp: 1 },
  partielle: {
    id: "partielle",
    value: 0,
    answer: { fr: "OUI MAIS", en: "YES BUT" },
    name: { fr: "Réussite partielle", en: "Partial success" },
    xp: 0,
  },
  totale: {
    id: "totale",
    value: 1,
    answer: { fr: "OUI", en: "YES" },
    name: { fr: "Réussite totale", en: "Total success" },
    xp: 0,
  },
  reussiteCritique: {
    id: "reussiteCritique",
    value: 2,
    answer: { fr: "OUI ET", en: "YES AND" },
    name: { fr: "Réussite critique", en: "Critical success" },
    xp: 0,
  },
};

export const ADVANTAGE_LEVELS: readonly AdvantageLevel[] = [-2, -1, 0, 1, 2];

export const ADVANTAGE_NAMES: Readonly<Record<AdvantageLevel, Localized>> = {
  [-2]: { fr: "Fort Désavantage", en: "Strong disadvantage" },
  [-1]: { fr: "Désavantage", en: "Disadvantage" },
  0: { fr: "Normal", en: "Normal" },
  1: { fr: "Avantage", en: "Advantage" },
  2: { fr: "Fort Avantage", en: "Strong advantage" },
};

/** The total of characteristic, gear, métier (and Se surpasser) never adds more than this. */
export const BONUS_CAP = 5;
/** Highest total of the partial band; 8 and less fail, 15 and more fully succeed. */
export const FAILURE_MAX = 8;
export const TOTAL_SUCCESS_MIN = 15;

export function assertAdvantage(advantage: number): asserts advantage is AdvantageLevel {
  assertIntegerIn(advantage, -2, 2, "advantage");
}

/** Dice thrown at this advantage level: 2, 3 or 4 (the two best or two worst are kept). */
export function poolSize(advantage: number): number {
  assertAdvantage(advantage);
  return 2 + Math.abs(advantage);
}

/** The Foundry formula for this level: `2d10`, `3d10kh2`, `4d10kl2`… */
export function poolFormula(advantage: number): string {
  const size = poolSize(advantage);
  if (advantage === 0) return "2d10";
  return `${size}d10${advantage > 0 ? "kh2" : "kl2"}`;
}

/**
 * Net advantage from the number of helpers and hinderers: one helper is Avantage, two or more Fort Avantage; the
 * same for hindrance; the two cancel level for level.
 */
export function advantageLevel(helpers: number, hinderers: number): AdvantageLevel {
  assertIntegerIn(helpers, 0, Number.MAX_SAFE_INTEGER, "helpers");
  assertIntegerIn(hinderers, 0, Number.MAX_SAFE_INTEGER, "hinderers");
  return (Math.min(helpers, 2) - Math.min(hinderers, 2)) as AdvantageLevel;
}

/** The bonus actually added: the sum of bonuses, at most +5 (penalties are not limited). */
export function cappedBonus(bonus: number): number {
  assertInteger(bonus, "bonus");
  return Math.min(bonus, BONUS_CAP);
}

/** The two kept dice (highest first). */
export function keptDice(dice: readonly number[], advantage: number): [number, number] {
  const size = poolSize(advantage);
  if (dice.length !== size) {
    throw new RangeError(`advantage ${advantage} rolls ${size} d10, got ${dice.length} faces`);
  }
  dice.forEach(assertD10);
  const sorted = [...dice].sort((a, b) => b - a);
  const kept = advantage < 0 ? sorted.slice(-2) : sorted.slice(0, 2);
  return [kept[0]!, kept[1]!];
}

/** The band of a kept pair and its total: a double 1 or double 10 is critical whatever the total. */
export function bandOf(kept: readonly [number, number], total: number): Band {
  if (kept[0] === 1 && kept[1] === 1) return "echecCritique";
  if (kept[0] === 10 && kept[1] === 10) return "reussiteCritique";
  if (total <= FAILURE_MAX) return "echec";
  if (total < TOTAL_SUCCESS_MIN) return "partielle";
  return "totale";
}

/**
 * Whether the roller holds the initiative after the roll: successes keep it, a partial success keeps it on an
 * odd total only, failures lose it.
 */
export function keepsInitiative(band: Band, total: number): boolean {
  assertInteger(total, "total");
  if (band === "totale" || band === "reussiteCritique") return true;
  if (band === "partielle") return Math.abs(total) % 2 === 1;
  return false;
}

export interface MoveRoll {
  /** Every d10 thrown: 2 at no advantage, 3 at ±1, 4 at ±2. */
  readonly dice: readonly number[];
  readonly advantage?: number;
  /** Characteristic + gear + métier (+ size modifiers), before the +5 cap. */
  readonly bonus?: number;
  /** Se surpasser on this characteristic this scene: +1, counted under the cap (see docs). */
  readonly surpass?: boolean;
}

export interface MoveResult {
  readonly kept: [number, number];
  /** Kept dice plus the capped bonus. */
  readonly total: number;
  readonly band: Band;
  readonly value: number;
  readonly keepsInitiative: boolean;
  readonly xp: number;
  /** The bonus actually added after the cap. */
  readonly appliedBonus: number;
  /** Points above 20 that go into a penchant, only when the roll was surpassed. */
  readonly penchantPoints: number;
  readonly answer: Localized;
}

export function resolveMove({ dice, advantage = 0, bonus = 0, surpass = false }: MoveRoll): MoveResult {
  assertAdvantage(advantage);
  assertInteger(bonus, "bonus");
  const kept = keptDice(dice, advantage);
  const appliedBonus = cappedBonus(bonus + (surpass ? 1 : 0));
  const total = kept[0] + kept[1] + appliedBonus;
  const band = bandOf(kept, total);
  const info = BAND_INFO[band];
  return {
    kept,
    total,
    band,
    value: info.value,
    keepsInitiative: keepsInitiative(band, total),
    xp: info.xp,
    appliedBonus,
    penchantPoints: surpass ? Math.max(0, total - 20) : 0,
    answer: info.answer,
  };
}
