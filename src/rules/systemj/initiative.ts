// Initiative: each fighter makes a Rapidité test; it only orders melee attacks in force.
import type { Modifier } from "./difficulty";
import { resolveTest, type Outcome } from "./test";

export interface InitiativeEntry {
  id: string;
  /** D100 face 0…99 of the Rapidité test. */
  roll: number;
  /** Rapidité score. */
  score: number;
  modifier?: Modifier;
}

export interface InitiativeRank {
  id: string;
  outcome: Outcome;
  roll: number;
  score: number;
  target: number;
  /** 1-based place; tied entries share it. */
  rank: number;
  /** True when another entry has the same place: the GM may have them roll again. */
  tied: boolean;
}

// Bands from first to last acting.
const BAND: Record<Outcome, number> = {
  reussiteCritique: 0,
  notable: 1,
  moyenne: 1,
  justesse: 1,
  echec: 2,
  echecCritique: 3,
};

/**
 * Compares two resolved entries: criticals first, then successes by decreasing roll (closest to the score), then
 * failures by how far they overshot the target (the nearest miss first), then critical failures. Criticals
 * compare by roll, which is their score.
 */
function compare(a: InitiativeRank, b: InitiativeRank): number {
  const band = BAND[a.outcome] - BAND[b.outcome];
  if (band !== 0) return band;
  if (a.outcome === "echec") return a.roll - a.target - (b.roll - b.target);
  return b.roll - a.roll;
}

/** Every entry with its outcome and place, in acting order; ties keep the order given. */
export function rankInitiative(entries: readonly InitiativeEntry[]): InitiativeRank[] {
  const seen = new Set<string>();
  const ranked = entries.map(({ id, roll, score, modifier }) => {
    if (seen.has(id)) throw new RangeError(`duplicate initiative id "${id}"`);
    seen.add(id);
    const { outcome, target } = resolveTest({ roll, score, modifier });
    return { id, outcome, roll, score, target, rank: 0, tied: false };
  });
  ranked.sort(compare); // Array.prototype.sort is stable
  ranked.forEach((entry, i) => {
    const previous = ranked[i - 1];
    entry.rank = previous && compare(previous, entry) === 0 ? previous.rank : i + 1;
  });
  for (const entry of ranked) entry.tied = ranked.some((o) => o !== entry && o.rank === entry.rank);
  return ranked;
}

/** The ids in acting order. */
export function initiativeOrder(entries: readonly InitiativeEntry[]): string[] {
  return rankInitiative(entries).map((e) => e.id);
}

/** The ids sharing their place with another entry (the tracker flags them so the GM can have them roll again). */
export function initiativeTies(entries: readonly InitiativeEntry[]): string[] {
  return rankInitiative(entries)
    .filter((e) => e.tied)
    .map((e) => e.id);
}
