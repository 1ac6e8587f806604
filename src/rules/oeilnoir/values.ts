/** Base values, the AT/PRD split of a combat skill, encumbrance and the final AT/PRD of a weapon. */
import { woundEffects } from "./damage";
import { assertInteger, assertNonNegative, assertQuality, roundHalfUp } from "./validate";

export interface Qualities {
  CO: number;
  IN: number;
  AG: number;
  FO: number;
  DE: number;
  CN: number;
}

export interface BaseValues {
  at: number;
  prd: number;
  distance: number;
  ini: number;
  woundThreshold: number;
}

/** The base values computed from the qualities, each sum divided by 5 (threshold: CN / 2), rounded half up. */
export function baseValues(q: Qualities): BaseValues {
  for (const key of ["CO", "IN", "AG", "FO", "DE", "CN"] as const) assertQuality(key, q[key]);
  return {
    at: roundHalfUp((q.CO + q.AG + q.FO) / 5),
    prd: roundHalfUp((q.IN + q.AG + q.FO) / 5),
    distance: roundHalfUp((q.IN + q.DE + q.FO) / 5),
    ini: roundHalfUp((q.CO + q.CO + q.IN + q.AG) / 5),
    woundThreshold: roundHalfUp(q.CN / 2),
  };
}

/** Largest allowed difference between the skill points given to attack and those given to parry. */
export const MAX_SPLIT_DIFFERENCE = 5;

export interface SplitInput {
  atBase: number;
  prdBase: number;
  /** Skill points (PApt / VApt) of the combat skill. */
  points: number;
  /** How many of them go to attack; the rest go to parry. */
  toAttack?: number;
  /** Pure attack skills (Armes de Joute, Fouets) and ranged skills: every point goes to attack. */
  attackOnly?: boolean;
}

/**
 * AT and PRD of a combat skill. The 5-point rule compares the points given to each side, not the final values
 * (the old summary's rejection of AT 12 / PRD 6 is superseded, see docs/rules/oeilnoir.md).
 */
export function splitSkill(input: SplitInput): { at: number; prd: number } {
  const { atBase, prdBase, points } = input;
  assertInteger("atBase", atBase);
  assertInteger("prdBase", prdBase);
  assertNonNegative("points", points);
  if (input.attackOnly) {
    if (input.toAttack !== undefined && input.toAttack !== points)
      throw new RangeError(`a pure attack skill puts all ${points} points on attack, not ${input.toAttack}`);
    return { at: atBase + points, prd: prdBase };
  }
  const toAttack = input.toAttack;
  if (toAttack === undefined) throw new RangeError("toAttack is required unless the skill is attack-only");
  assertInteger("toAttack", toAttack);
  if (toAttack < 0 || toAttack > points)
    throw new RangeError(`toAttack must be between 0 and the ${points} skill points, got ${toAttack}`);
  const toParry = points - toAttack;
  if (Math.abs(toAttack - toParry) > MAX_SPLIT_DIFFERENCE)
    throw new RangeError(
      `split ${toAttack} to attack / ${toParry} to parry breaks the 5-point rule (difference ${Math.abs(toAttack - toParry)} > ${MAX_SPLIT_DIFFERENCE})`,
    );
  return { at: atBase + toAttack, prd: prdBase + toParry };
}

/** Every legal split of a skill's points, from all-parry to all-attack: what a sheet's dropdown offers. */
export function legalSplits(points: number): number[] {
  assertNonNegative("points", points);
  const out: number[] = [];
  for (let a = 0; a <= points; a++) if (Math.abs(2 * a - points) <= MAX_SPLIT_DIFFERENCE) out.push(a);
  return out;
}

/** The legal split closest to `toAttack` (the lower one on a tie): a refused split fixed with the least change. */
export function nearestLegalSplit(points: number, toAttack: number): number {
  const legal = legalSplits(points);
  return legal.reduce((best, a) => (Math.abs(a - toAttack) < Math.abs(best - toAttack) ? a : best), legal[0] ?? 0);
}

/** Whether a split is accepted (within the points, the 5-point rule). */
export function isLegalSplit(points: number, toAttack: number): boolean {
  return legalSplits(points).includes(toAttack);
}

/**
 * A newly gained skill point, given to one side (RULES.md: a split once made is never rearranged; new points go to
 * either side within the 5-point rule). Null when that side would break the rule or the skill is at 30 points.
 */
export function gainSkillPoint(
  points: number,
  toAttack: number,
  side: "at" | "prd",
): { points: number; toAttack: number } | null {
  assertNonNegative("points", points);
  assertNonNegative("toAttack", toAttack);
  if (points >= 30 || toAttack > points) return null;
  const next = { points: points + 1, toAttack: side === "at" ? toAttack + 1 : toAttack };
  return isLegalSplit(next.points, next.toAttack) ? next : null;
}

export interface ArmourPiece {
  pr: number;
  enc: number;
}

/** Worn armour pieces add up their protection and their encumbrance. */
export function armourTotals(pieces: readonly ArmourPiece[]): { pr: number; enc: number } {
  let pr = 0;
  let enc = 0;
  for (const p of pieces) {
    assertNonNegative("pr", p.pr);
    assertNonNegative("enc", p.enc);
    pr += p.pr;
    enc += p.enc;
  }
  return { pr, enc };
}

/**
 * Effective encumbrance of a weapon skill (Enc minus the skill's allowance, never below 0) and the resulting
 * penalties as positive numbers: half on AT, half on PRD, the odd point on PRD.
 */
export function encumbrance(input: { enc: number; allowance: number }): { encE: number; at: number; prd: number } {
  assertNonNegative("enc", input.enc);
  assertNonNegative("allowance", input.allowance);
  const encE = Math.max(0, input.enc - input.allowance);
  const at = Math.floor(encE / 2);
  return { encE, at, prd: encE - at };
}

export interface CombatValuesInput extends SplitInput {
  /** Total Enc of the armour (after Habitude de la Protection, see initiative.ts). */
  enc: number;
  /** The skill's allowance: EncE = Enc − allowance. */
  allowance: number;
  /** The weapon's own AT and PRD modifiers. */
  weaponAt?: number;
  weaponPrd?: number;
  /** Wounds lower AT base and PRD base by 2 each. */
  wounds?: number;
}

/** Final AT and PRD with a weapon: split, then encumbrance, then the weapon's modifiers (the source's order). */
export function combatValues(input: CombatValuesInput): { at: number; prd: number; encE: number } {
  const wounded = woundEffects(input.wounds ?? 0);
  const split = splitSkill({
    ...input,
    atBase: input.atBase + wounded.atBase,
    prdBase: input.prdBase + wounded.prdBase,
  });
  const e = encumbrance({ enc: input.enc, allowance: input.allowance });
  const weaponAt = input.weaponAt ?? 0;
  const weaponPrd = input.weaponPrd ?? 0;
  assertInteger("weaponAt", weaponAt);
  assertInteger("weaponPrd", weaponPrd);
  return { at: split.at - e.at + weaponAt, prd: split.prd - e.prd + weaponPrd, encE: e.encE };
}
