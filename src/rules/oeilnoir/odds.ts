/** Exact odds of a duel exchange: whether an attack lands, how, and the damage and wounds it deals. */
import type { Distribution } from "../shared/distribution";
import { combine, die, map, shift, sumDice } from "../shared/distribution";
import { check, criticalParryValue, type CheckResult } from "./check";
import { damage, wounds } from "./damage";
import { assertInteger, assertNonNegative } from "./validate";

export const EXCHANGE_OUTCOMES = [
  "attackFumble",
  "miss",
  "parried",
  "masterParry",
  "parryFumble",
  "hit",
  "criticalParried",
  "criticalParryFumble",
  "criticalHit",
] as const;
/**
 * attackFumble: natural 20 on the attack; miss: other failed attack; parried / masterParry (natural 1) /
 * parryFumble (natural 20, the blow lands) / hit: a normal attack; the critical* outcomes follow a natural-1 attack.
 */
export type ExchangeOutcome = (typeof EXCHANGE_OUTCOMES)[number];

/** Outcome of one exchange from the two d20 faces; `prd: null` when the defender cannot parry. */
export function exchangeOutcome(input: {
  attackD20: number;
  parryD20: number;
  at: number;
  prd: number | null;
}): ExchangeOutcome {
  const a = check({ d20: input.attackD20, value: input.at });
  if (!a.success || input.prd === null) return outcomeOfChecks(a, null);
  const value = a.critical ? criticalParryValue(input.prd) : input.prd;
  return outcomeOfChecks(a, check({ d20: input.parryD20, value }));
}

/** The outcome from the attack's check and the parry's (null when there is no parry to roll). */
function outcomeOfChecks(a: CheckResult, p: CheckResult | null): ExchangeOutcome {
  if (!a.success) return a.fumble ? "attackFumble" : "miss";
  if (p === null) return a.critical ? "criticalHit" : "hit";
  if (a.critical) return p.success ? "criticalParried" : p.fumble ? "criticalParryFumble" : "criticalHit";
  if (p.success) return p.critical ? "masterParry" : "parried";
  return p.fumble ? "parryFumble" : "hit";
}

/** True for the outcomes where the blow lands. */
export function lands(outcome: ExchangeOutcome): boolean {
  return (
    outcome === "hit" || outcome === "parryFumble" || outcome === "criticalHit" || outcome === "criticalParryFumble"
  );
}

/** Exact distribution of the exchange outcomes (both d20 enumerated). */
export function exchangeDistribution(input: { at: number; prd: number | null }): Distribution<ExchangeOutcome> {
  assertInteger("at", input.at);
  if (input.prd !== null) assertInteger("prd", input.prd);
  return combine(die(20), die(20), (attackD20, parryD20) =>
    exchangeOutcome({ attackD20, parryD20, at: input.at, prd: input.prd }),
  );
}

/**
 * The d20 faces of a check under `value`, grouped by what the check says (a natural 1, a natural 20, another success,
 * another failure): at most four kinds, each with its number of faces.
 */
function checkKinds(value: number): { check: CheckResult; faces: number }[] {
  const kinds: { check: CheckResult; faces: number }[] = [];
  for (let d20 = 1; d20 <= 20; d20++) {
    const c = check({ d20, value });
    const same = kinds.find(
      (k) => k.check.success === c.success && k.check.critical === c.critical && k.check.fumble === c.fumble,
    );
    if (same) same.faces++;
    else kinds.push({ check: c, faces: 1 });
  }
  return kinds;
}

/**
 * Probability of each exchange outcome, every key present: the 400 pairs of faces `exchangeDistribution` enumerates,
 * counted by kind of check on each die (at most 4 × 4 pairs of kinds; the roll dialog asks for these odds on every
 * change, and building the distribution cost ten times more).
 */
export function exchangeOdds(input: { at: number; prd: number | null }): Record<ExchangeOutcome, number> {
  assertInteger("at", input.at);
  if (input.prd !== null) assertInteger("prd", input.prd);
  const counts = Object.fromEntries(EXCHANGE_OUTCOMES.map((o) => [o, 0])) as Record<ExchangeOutcome, number>;
  const parries = input.prd === null ? null : checkKinds(input.prd);
  const criticalParries = input.prd === null ? null : checkKinds(criticalParryValue(input.prd));
  for (const a of checkKinds(input.at)) {
    const against = a.check.critical ? criticalParries : parries;
    if (!against || !a.check.success) counts[outcomeOfChecks(a.check, null)] += a.faces * 20;
    else for (const p of against) counts[outcomeOfChecks(a.check, p.check)] += a.faces * p.faces;
  }
  for (const o of EXCHANGE_OUTCOMES) counts[o] /= 400;
  return counts;
}

/** P(d20 test under `value` succeeds), natural 1 always in, natural 20 always out. */
function successChance(value: number): number {
  return (1 + Math.min(18, Math.max(0, value - 1))) / 20; // the 1, plus faces 2…19 up to the value
}

/**
 * Exact probability that an attack lands: the attack succeeds and the parry fails, a natural-1 attack being
 * parried only under half the PRD. Without `prd` (null) the defender cannot parry.
 */
export function hitChance(input: { at: number; prd: number | null }): number {
  assertInteger("at", input.at);
  const pNormal = input.at >= 2 ? (Math.min(input.at, 19) - 1) / 20 : 0; // faces 2…min(at,19)
  const pCritical = 1 / 20;
  if (input.prd === null) return pNormal + pCritical;
  assertInteger("prd", input.prd);
  return pNormal * (1 - successChance(input.prd)) + pCritical * (1 - successChance(criticalParryValue(input.prd)));
}

export interface DamageRoll {
  /** Number of D6 (the weapon's PI dice). */
  dice: number;
  /** Faces of those dice (6 for every weapon of the source). */
  sides?: number;
  /** Fixed PI of the weapon plus the strength bonus. */
  bonus: number;
  pr: number;
  critical?: boolean;
}

/** Exact distribution of the damage points (PI − PR, ≥ 0; PI doubled on a critical attack). */
export function damageDistribution(roll: DamageRoll): Distribution {
  assertNonNegative("dice", roll.dice);
  assertInteger("bonus", roll.bonus);
  const pi = shift(sumDice(roll.dice, roll.sides ?? 6), roll.bonus);
  return map(pi, (v) => damage({ pi: Math.max(0, v), pr: roll.pr, critical: roll.critical ?? false }));
}

/** Exact distribution of the wounds (0…3) a landed blow inflicts, without a critical's serious wound. */
export function woundDistribution(roll: DamageRoll & { cn: number; modifier?: number }): Distribution {
  return map(damageDistribution(roll), (d) => wounds({ damage: d, cn: roll.cn, modifier: roll.modifier ?? 0 }));
}
