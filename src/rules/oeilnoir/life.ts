/** Life energy (EV): out of the fight, dying, dead, saving the dying, and the optional low-EV modules. */
import { check, type CheckResult } from "./check";
import { assertFace, assertInteger, assertNonNegative, assertQuality, roundHalfUp } from "./validate";

export type LifeStatus = "debout" | "horsCombat" | "mourant" | "mort";

/** EV at or below this (and above 0) puts a fighter out of the fight. */
export const KNOCKOUT_EV = 5;

/**
 * Status from current EV. 1…5: out of the fight unless Tenace or En Fer (or a successful Volonté check to ignore
 * it); 0 or less: dying; below −CN (−1.5 × CN with Tenace): dead.
 */
export function lifeStatus(input: {
  ev: number;
  cn: number;
  tenace?: boolean;
  enFer?: boolean;
  /** A successful Volonté check made to ignore being out of the fight. */
  volonteSuccess?: boolean;
  /**
   * Current Endurance, when the fighter uses it: at 0 the PI(End) have knocked it out (the source: "une mise hors de
   * combat peut résulter" of them), Tenace and En Fer notwithstanding (they concern EV); a Volonté check still holds.
   */
  endurance?: number | null;
}): LifeStatus {
  assertInteger("ev", input.ev);
  assertQuality("cn", input.cn);
  const deathLimit = input.tenace ? 1.5 * input.cn : input.cn;
  if (input.ev < -deathLimit) return "mort";
  if (input.ev <= 0) return "mourant";
  if (input.volonteSuccess) return "debout";
  if (input.ev <= KNOCKOUT_EV && !input.tenace && !input.enFer) return "horsCombat";
  if (typeof input.endurance === "number" && input.endurance <= 0) return "horsCombat";
  return "debout";
}

/** Combat rounds a dying fighter lasts without help: 1D6 × CN (× 1.5 with Tenace, rounded half up). */
export function dyingRounds(input: { d6: number; cn: number; tenace?: boolean }): number {
  assertFace("d6", input.d6, 6);
  assertQuality("cn", input.cn);
  return roundHalfUp(input.d6 * input.cn * (input.tenace ? 1.5 : 1));
}

/**
 * Saving a dying fighter with Médecine / Blessures: the check is harder by twice the points below 0, and takes
 * twice those points in rounds minus the skill points left (at least 1 round). A failure deals 1D6 damage
 * (`failureDamage`); it may be tried again.
 */
export function stabilization(input: { ev: number; pointsLeft?: number }): {
  modifier: number;
  rounds: number;
  failureDamage: "1d6";
} {
  assertInteger("ev", input.ev);
  if (input.ev > 0) throw new RangeError(`only a dying fighter (EV ≤ 0) needs saving, got EV ${input.ev}`);
  const pointsLeft = input.pointsLeft ?? 0;
  assertNonNegative("pointsLeft", pointsLeft);
  const below = -input.ev;
  return { modifier: 2 * below, rounds: Math.max(1, 2 * below - pointsLeft), failureDamage: "1d6" };
}

/**
 * What a rescue may be rolled with: the healer's value (Médecine, or IN, as a sheet holds a quality or skill) and a
 * circumstance modifier, as the rescue dialog offers them. Anything outside is refused (RangeError): a client
 * cannot send a value of 1000 (issue 12).
 */
export const RESCUE_BOUNDS = { skill: { min: 0, max: 30 }, modifier: { min: -10, max: 20 } } as const;

/** Whether a healer's value may be used for a rescue. */
export function isRescueSkill(value: unknown): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= RESCUE_BOUNDS.skill.min &&
    (value as number) <= RESCUE_BOUNDS.skill.max
  );
}

/** The value a rescue is rolled under: the healer's value, minus the modifier and twice the points below 0. */
export function rescueValue(input: { skill: number; modifier: number; ev: number }): number {
  const { skill, modifier } = RESCUE_BOUNDS;
  if (!isRescueSkill(input.skill)) throw new RangeError(`skill must be an integer in ${skill.min}..${skill.max}`);
  if (!Number.isInteger(input.modifier) || input.modifier < modifier.min || input.modifier > modifier.max)
    throw new RangeError(`modifier must be an integer in ${modifier.min}..${modifier.max}`);
  return input.skill - input.modifier - stabilization({ ev: input.ev }).modifier;
}

/**
 * A rescue check (natural 1 and 20 as always). "Skill points left" is our reading: how far under the value the D20
 * came (0 when only a natural 1 saved it). The care then lasts as `stabilization` says.
 */
export function rescueCheck(input: { skill: number; modifier: number; ev: number; d20: number }): {
  test: CheckResult & { d20: number; value: number };
  pointsLeft: number | null;
  rounds: number | null;
} {
  const value = rescueValue(input);
  const test = { d20: input.d20, value, ...check({ d20: input.d20, value }) };
  if (!test.success) return { test, pointsLeft: null, rounds: null };
  const pointsLeft = Math.max(0, value - input.d20);
  return { test, pointsLeft, rounds: stabilization({ ev: input.ev, pointsLeft }).rounds };
}

export interface LowEvPenalties {
  /** 0 none, 1 below 1/2, 2 below 1/3, 3 below 1/4 of base EV. */
  level: 0 | 1 | 2 | 3;
  /** Penalty (positive = harder) to quality checks, AT and PRD included. */
  quality: number;
  /** Penalty to skill and spell checks. */
  skill: number;
  /** Loss of Vitesse (the speed stays at least 1, see reducedVitesse). */
  vitesse: number;
}

/**
 * Optional module: penalties when EV is below 1/2, 1/3 or 1/4 of base EV. Frénétique / Rage Sanguinaire in their
 * state ignore them (`frenzy`).
 */
export function lowEvPenalties(input: { ev: number; evBase: number; frenzy?: boolean }): LowEvPenalties {
  assertInteger("ev", input.ev);
  assertInteger("evBase", input.evBase);
  if (input.evBase < 1) throw new RangeError(`evBase must be positive, got ${input.evBase}`);
  let level: 0 | 1 | 2 | 3 = 0;
  if (!input.frenzy) {
    // exact comparisons: EV < evBase / k  ⇔  k·EV < evBase
    if (4 * input.ev < input.evBase) level = 3;
    else if (3 * input.ev < input.evBase) level = 2;
    else if (2 * input.ev < input.evBase) level = 1;
  }
  return { level, quality: level, skill: 3 * level, vitesse: level };
}

/**
 * Frénétique / Rage Sanguinaire: the frenzy is a state the fighter enters and leaves (a toggle), only with the
 * ability. While it lasts, neither the low-EV penalties nor the wound penalties apply (the wounds stay recorded).
 */
export function inFrenzy(input: { ability: boolean; state: boolean }): boolean {
  return input.ability && input.state;
}

/** The wounds whose penalties apply now: none in frenzy. */
export function penalisingWounds(wounds: number, frenzy: boolean): number {
  assertNonNegative("wounds", wounds);
  return frenzy ? 0 : wounds;
}

/** Speed after a loss, never below 1. */
export function reducedVitesse(vitesse: number, loss: number): number {
  assertNonNegative("vitesse", vitesse);
  assertNonNegative("loss", loss);
  return Math.max(1, vitesse - loss);
}

/**
 * Optional module: EV falling below minus the wound threshold costs 1 point of base EV for good, once per crossing:
 * only when the EV was at or above that limit before (`evBefore`) and is below it now. The threshold is the
 * fighter's own (CN / 2 with En Fer or Os de Verre), never one shifted by the kind of attack.
 */
export function permanentEvLoss(input: { evBefore: number; ev: number; woundThreshold: number }): 0 | 1 {
  assertInteger("evBefore", input.evBefore);
  assertInteger("ev", input.ev);
  assertInteger("woundThreshold", input.woundThreshold);
  const limit = -input.woundThreshold;
  return input.ev < limit && input.evBefore >= limit ? 1 : 0;
}
