/** The D20 test under a value, and what its natural 1 and 20 mean on an attack or a parry. */
import { assertFace, assertInteger } from "./validate";

export interface CheckResult {
  success: boolean;
  /** Natural 1: always a success. */
  critical: boolean;
  /** Natural 20: always a failure. */
  fumble: boolean;
}

/** D20 ≤ value succeeds; a natural 1 always succeeds (critical), a natural 20 always fails (fumble). */
export function check(input: { d20: number; value: number }): CheckResult {
  assertFace("d20", input.d20, 20);
  assertInteger("value", input.value);
  const critical = input.d20 === 1;
  const fumble = input.d20 === 20;
  return { success: critical || (!fumble && input.d20 <= input.value), critical, fumble };
}

/**
 * Against a critical attack the defender must roll at most his PRD divided by 2: a D20 face is whole, so an odd
 * PRD's half point cannot be reached (PRD 15 parries on 7 or less). Never below 0.
 */
export function criticalParryValue(prd: number): number {
  assertInteger("prd", prd);
  return Math.max(0, Math.floor(prd / 2));
}

export interface ParryResult extends CheckResult {
  /** The value actually rolled under (halved against a critical attack). */
  value: number;
  /** Natural 1 on a parry: the defence costs only a free action. */
  freeAction: boolean;
  /** A natural-1 parry against a normal attack forces a breakage check on the attacking weapon. */
  attackerBreakageCheck: boolean;
}

/** A parry roll, against a normal or a critical attack. */
export function parry(input: { d20: number; prd: number; againstCritical?: boolean }): ParryResult {
  const value = input.againstCritical ? criticalParryValue(input.prd) : input.prd;
  assertInteger("prd", input.prd);
  const r = check({ d20: input.d20, value });
  return {
    ...r,
    value,
    freeAction: r.critical,
    attackerBreakageCheck: r.critical && !input.againstCritical,
  };
}

/**
 * Breakage check on a weapon (the source names it but does not describe it): 2D6 ≤ breakage factor breaks the
 * weapon; otherwise it holds and its factor rises by `increase` (1 after a master parry, 1D4 after the
 * "weapon damaged" fumble).
 */
export function breakageCheck(input: { dice: readonly [number, number]; factor: number; increase?: number }): {
  broken: boolean;
  factor: number;
} {
  input.dice.forEach((d, i) => assertFace(`dice[${i}]`, d, 6));
  assertInteger("factor", input.factor);
  const increase = input.increase ?? 1;
  assertInteger("increase", increase);
  const broken = input.dice[0] + input.dice[1] <= input.factor;
  return { broken, factor: broken ? input.factor : input.factor + increase };
}
