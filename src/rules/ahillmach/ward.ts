/**
 * Défendre's held consequences that change a hit (issue 16.3): halving its damage, or drawing it onto the defender.
 * A Défendre roll holds options (one on a partial success, three on a total); each option the player spends on
 * "halve" or "redirect" is used up by one later hit on the defender or the one they protect.
 */
import { optionPicks } from "./moves";
import type { Band } from "./resolution";

/** The consequences that change how a hit lands. */
export type WardConsequence = "moitie" | "rediriger";
export const WARD_CONSEQUENCES: readonly WardConsequence[] = ["moitie", "rediriger"];

export type WardCounts = Readonly<Record<WardConsequence, number>>;

/**
 * The consequences a Défendre card holds, from its band and the times each option was picked; null when the picks
 * exceed what the band allows (a card that does not come from the rules).
 */
export function wardHeld(band: Band, picked: Readonly<Record<string, number>>): WardCounts | null {
  const times = Object.values(picked);
  if (times.some((t) => !Number.isInteger(t) || t < 0)) return null;
  const total = times.reduce((a, b) => a + b, 0);
  if (total > optionPicks("defendre", band)) return null;
  return { moitie: picked.moitie ?? 0, rediriger: picked.rediriger ?? 0 };
}

/** Half the damage, rounded down (our decision: the source does not say), before protection. */
export function halveDamage(damage: number): number {
  return Math.floor(Math.max(0, damage) / 2);
}

export interface WardHit {
  /** Damage of the hit before protection. */
  damage: number;
  /** The hit aims at the defender themself (nothing to redirect then). */
  onDefender: boolean;
  held: WardCounts;
  spent: WardCounts;
}

export interface WardOutcome {
  /** The damage that lands (before protection). */
  damage: number;
  /** The hit lands on the defender instead of its target. */
  redirected: boolean;
  /** The consequence this hit uses up, or null when none is left. */
  spends: WardConsequence | null;
}

/**
 * One hit under a ward uses up at most one held consequence: a hit on the protected one is drawn onto the defender
 * while a "redirect" is left, else halved while a "halve" is left; a hit on the defender can only be halved.
 */
export function wardOnHit(hit: WardHit): WardOutcome {
  const left = (c: WardConsequence) => hit.held[c] - hit.spent[c] > 0;
  if (!hit.onDefender && left("rediriger")) return { damage: hit.damage, redirected: true, spends: "rediriger" };
  if (left("moitie")) return { damage: halveDamage(hit.damage), redirected: false, spends: "moitie" };
  return { damage: hit.damage, redirected: false, spends: null };
}
