// Exact odds of combat exchanges, from the independent D100 tests involved.
import { combine, map, odds, type Distribution } from "../shared/distribution";
import { counterAttack, defend, meleeForceAttack, stealthApproach, stealthAttack, type CombatStep } from "./combat";
import type { Modifier } from "./difficulty";
import { testDistribution } from "./odds";
import { isSuccess } from "./test";

export interface TestSpec {
  score: number;
  modifier?: Modifier;
}

export const STEALTH_STEPS = ["counterAttack", "meleeForce", "stealthAttack"] as const;
export type StealthStep = (typeof STEALTH_STEPS)[number];

/** Odds of what follows the Dissimulation vs Détection rolls of a stealth melee attack. */
export function stealthApproachOdds(dissimulation: TestSpec, detection: TestSpec): Record<StealthStep, number> {
  const dist = combine(testDistribution(dissimulation), testDistribution(detection), (d, t) => {
    return stealthApproach(d, t).step as StealthStep;
  });
  return odds(dist, STEALTH_STEPS);
}

export const EXCHANGE_RESULTS = ["attackerHits", "defenderHits", "noHit"] as const;
export type ExchangeResult = (typeof EXCHANGE_RESULTS)[number];

const success = (spec: TestSpec): Distribution<boolean> => map(testDistribution(spec), isSuccess);
const hitsOf = (step: CombatStep): boolean => step.step === "hit";

/**
 * One melee exchange in force: the attack; on a success the defender's chosen defence (none if omitted); on a
 * failure the defender's counter-attack (none if omitted).
 */
export function meleeForceExchangeOdds({
  attack,
  defence,
  counter,
}: {
  attack: TestSpec;
  defence?: TestSpec;
  counter?: TestSpec;
}): Record<ExchangeResult, number> {
  const never: Distribution<boolean> = new Map([[false, 1]]);
  const defenceOk = defence ? success(defence) : never;
  const counterOk = counter ? success(counter) : never;
  const attackRoll = map(testDistribution(attack), (o) => meleeForceAttack(o).step === "defence");
  // Each branch uses the step functions so odds cannot drift from the flow.
  const pair = combine(defenceOk, counterOk, (d, c) => [d, c] as const);
  const dist = combine(attackRoll, pair, (hit, [d, c]): ExchangeResult => {
    if (hit) return hitsOf(defend(d ? "moyenne" : "echec")) ? "attackerHits" : "noHit";
    return hitsOf(counterAttack(c ? "moyenne" : "echec")) ? "defenderHits" : "noHit";
  });
  return odds(dist, EXCHANGE_RESULTS);
}

/** Probability that a stealth attack that stays unseen lands (it cannot be defended). */
export function stealthHitChance(attack: TestSpec): number {
  return map(testDistribution(attack), (o) => hitsOf(stealthAttack(o))).get(true) ?? 0;
}
