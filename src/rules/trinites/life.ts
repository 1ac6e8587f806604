/** Life lines: three lines of equal length filled in order; states, damage, recovery and regeneration. */

import { CARE_DIFFICULTIES } from "./tables";

export type LifeState = "indemne" | "endolori" | "blesse" | "inconscient" | "mort";
export const LIFE_STATE_LABELS: Readonly<Record<LifeState, string>> = {
  indemne: "Indemne",
  endolori: "Endolori",
  blesse: "Blessé",
  inconscient: "Inconscient",
  mort: "Mort",
};

/** Boxes per line: 4 for an ordinary human, 8 for an Adam'. */
export const BOXES_PER_LINE = { humain: 4, trinite: 8 } as const;
export const LINES = 3;

function assertBoxes(boxesPerLine: number): void {
  if (!Number.isInteger(boxesPerLine) || boxesPerLine < 1 || boxesPerLine > 50) {
    throw new RangeError(`boxes per line must be an integer from 1 to 50, got ${boxesPerLine}`);
  }
}

/**
 * Damage is the number of checked boxes, 0…3 × boxes. One more (a box had to be checked when all were) means
 * death, so the stored damage of a dead character is 3 × boxes + 1.
 */
function assertDamage(damage: number, boxesPerLine: number): void {
  if (!Number.isInteger(damage) || damage < 0 || damage > LINES * boxesPerLine + 1) {
    throw new RangeError(`damage must be an integer from 0 to ${LINES * boxesPerLine + 1}, got ${damage}`);
  }
}

/** Total hit points (12 for a human, 24 for an Adam'). */
export function maxHitPoints(boxesPerLine: number): number {
  assertBoxes(boxesPerLine);
  return LINES * boxesPerLine;
}

/** Line (1…3) of the last checked box, 0 when none is checked. */
export function currentLine(damage: number, boxesPerLine: number): number {
  assertBoxes(boxesPerLine);
  assertDamage(damage, boxesPerLine);
  return Math.min(LINES, Math.ceil(damage / boxesPerLine));
}

export function lifeState(damage: number, boxesPerLine: number): LifeState {
  assertBoxes(boxesPerLine);
  assertDamage(damage, boxesPerLine);
  if (damage > LINES * boxesPerLine) return "mort";
  return (["indemne", "endolori", "blesse", "inconscient"] as const)[Math.ceil(damage / boxesPerLine)]!;
}

/** The boxes of each line as checked or not, for a sheet. */
export function lifeBoxes(damage: number, boxesPerLine: number): boolean[][] {
  assertBoxes(boxesPerLine);
  assertDamage(damage, boxesPerLine);
  return Array.from({ length: LINES }, (_, line) =>
    Array.from({ length: boxesPerLine }, (_, box) => line * boxesPerLine + box < damage),
  );
}

export interface DamageResult {
  readonly damage: number;
  /** Boxes actually checked by this wound. */
  readonly checked: number;
  /** The wound checked at least one box of the second line: initiative −3. */
  readonly pain: boolean;
  /** Same as `pain`: the wound reached line 2 (checked one of its boxes). */
  readonly line2Reached: boolean;
  readonly initiativeDelta: number;
  readonly state: LifeState;
  readonly previousState: LifeState;
  /** The wound made the character lose consciousness (die to en retrait). */
  readonly knockedOut: boolean;
}

/**
 * Applies a wound of `amount` hit points. A non-lethal wound never checks the last box of the third line (and so
 * never kills).
 */
export function applyDamage(
  damage: number,
  amount: number,
  boxesPerLine: number,
  options: { readonly nonLethal?: boolean } = {},
): DamageResult {
  assertBoxes(boxesPerLine);
  assertDamage(damage, boxesPerLine);
  if (!Number.isInteger(amount) || amount < 0)
    throw new RangeError(`damage taken must be an integer ≥ 0, got ${amount}`);
  const total = LINES * boxesPerLine;
  const cap = options.nonLethal ? Math.max(damage, total - 1) : total + 1;
  const next = Math.min(damage + amount, cap);
  const previousState = lifeState(damage, boxesPerLine);
  const state = lifeState(next, boxesPerLine);
  // boxes boxesPerLine+1 … 2×boxesPerLine form line 2
  const pain = next > boxesPerLine && damage < 2 * boxesPerLine && next > damage;
  return {
    damage: next,
    checked: Math.min(next, total) - Math.min(damage, total),
    pain,
    line2Reached: pain,
    initiativeDelta: pain ? -3 : 0,
    state,
    previousState,
    knockedOut: state === "inconscient" && previousState !== "inconscient",
  };
}

/** Removes `amount` checked boxes (never below 0). A dead character does not heal. */
export function heal(damage: number, amount: number, boxesPerLine: number): number {
  assertBoxes(boxesPerLine);
  assertDamage(damage, boxesPerLine);
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`healing must be an integer ≥ 0, got ${amount}`);
  if (damage > LINES * boxesPerLine) throw new RangeError("the dead do not heal");
  return Math.max(0, damage - amount);
}

/** Hourly loss of an unconscious character (coma); none after a non-lethal wound. */
export function comaTick(damage: number, boxesPerLine: number, nonLethal = false): DamageResult {
  if (lifeState(damage, boxesPerLine) !== "inconscient" || nonLethal) return applyDamage(damage, 0, boxesPerLine);
  return applyDamage(damage, 1, boxesPerLine);
}

export type RecoveryPeriod = "heure" | "jour" | "semaine";
export interface RecoveryRule {
  readonly line: number;
  /** Time for one hit point: an hour of rest, a day of rest and care, a week of daily care. */
  readonly period: RecoveryPeriod;
  /** Line 2 needs a carer with Soins at least 1. */
  readonly needsCarer: boolean;
  /** Line 3 needs a successful Soins test at this difficulty each week. */
  readonly test: { readonly skill: "soins"; readonly difficulty: number } | null;
}

/** How the next checked box comes back (the box of the deepest line heals first). */
export function recoveryRule(damage: number, boxesPerLine: number): RecoveryRule | null {
  const line = currentLine(damage, boxesPerLine);
  if (damage > LINES * boxesPerLine) return null;
  if (line === 0) return null;
  if (line === 1) return { line, period: "heure", needsCarer: false, test: null };
  if (line === 2) return { line, period: "jour", needsCarer: true, test: null };
  return { line, period: "semaine", needsCarer: true, test: { skill: "soins", difficulty: -6 } };
}

/** Difficulty of first aid and care by the patient's state. */
export function careDifficulty(state: LifeState): number {
  if (state === "mort") throw new RangeError("the dead cannot be cared for");
  return CARE_DIFFICULTIES[state];
}

/** Hit points regained per Karma point spent on regeneration. */
export const REGENERATION_PER_KARMA = 4;

/** Which Karma may pay a regeneration in this state (none when unhurt or dead). */
export function regenerationKarma(state: LifeState): readonly ("lumiere" | "tenebres")[] {
  switch (state) {
    case "endolori":
      return ["lumiere", "tenebres"];
    case "blesse":
      return ["lumiere"];
    case "inconscient":
      return ["tenebres"];
    default:
      return [];
  }
}

/** Regeneration: each Karma point of the right kind heals 4 hit points. */
export function regenerate(
  damage: number,
  boxesPerLine: number,
  karma: "lumiere" | "tenebres",
  points = 1,
): { damage: number; state: LifeState } {
  const state = lifeState(damage, boxesPerLine);
  if (!regenerationKarma(state).includes(karma)) {
    throw new RangeError(`a character who is ${state} cannot regenerate with ${karma} Karma`);
  }
  if (!Number.isInteger(points) || points < 1) throw new RangeError(`Karma points must be an integer ≥ 1`);
  const next = heal(damage, points * REGENERATION_PER_KARMA, boxesPerLine);
  return { damage: next, state: lifeState(next, boxesPerLine) };
}

/**
 * Whether a wound report may cost initiative (pain) now, checked on the GM's side from the character's own damage:
 * the damage reaches line 2 and is more than when pain was last counted (`countedAt`, the damage then; 0 when
 * never). A repeated report of the same wound finds it counted (issue 12).
 */
export function painDue(damage: number, countedAt: number, boxesPerLine: number): boolean {
  assertBoxes(boxesPerLine);
  assertDamage(damage, boxesPerLine);
  return damage > boxesPerLine && damage > countedAt && countedAt < 2 * boxesPerLine;
}

/**
 * The pain mark of a character in a fight (the damage at which pain was last counted; 0 when never) once its damage
 * is `damage`, and whether a wound that brought it there costs pain now (`wounded`: false for a report that is no
 * wound, a healing). Healing lowers the mark to the damage left: a later wound that checks boxes of line 2 again
 * costs its 3 again (every such wound does, RULES.md "Life lines"). A damage already counted never costs twice.
 */
export function painMark(
  damage: number,
  countedAt: number,
  boxesPerLine: number,
  wounded = true,
): { pain: boolean; mark: number } {
  assertBoxes(boxesPerLine);
  assertDamage(damage, boxesPerLine);
  const mark = Math.max(0, Math.min(countedAt, damage));
  const pain = wounded && painDue(damage, mark, boxesPerLine);
  return { pain, mark: pain ? damage : mark };
}

/**
 * Clicking life box `index` (1-based, 0 … 3 × boxes) on a sheet: checks up to it, or unchecks it when it is the last
 * checked one. The dead stay dead: no click brings them back (the GM corrects the value in edit mode).
 */
export function clickLifeBox(damage: number, index: number, boxesPerLine: number): number {
  const max = maxHitPoints(boxesPerLine);
  if (!Number.isInteger(index) || index < 1 || index > max) throw new RangeError(`no life box ${index}`);
  if (damage > max) return damage;
  return damage === index ? index - 1 : index;
}

/**
 * Whether the coma after a wound is non-lethal (no hourly loss): set by the wound that knocked the character out. On
 * someone already unconscious a non-lethal wound changes nothing, while a lethal one that checks a box makes the
 * coma lethal; out of the coma the flag is cleared.
 */
export function comaNonLethal(previous: boolean, life: DamageResult, nonLethal: boolean): boolean {
  if (life.state !== "inconscient") return false;
  if (life.knockedOut) return nonLethal;
  return life.checked > 0 && !nonLethal ? false : previous;
}
