/** Initiative: its value, the acting order, the second action, and the Orientation action. */
import type { Distribution } from "../shared/distribution";
import { shift, sumDice } from "../shared/distribution";
import { woundEffects } from "./damage";
import { assertFace, assertInteger, assertNonNegative, assertRange } from "./validate";

/**
 * Habitude de la Protection lowers the armour's Enc: level I by 1 for the one armour the hero is used to,
 * level II by 1 for any armour, level III by 2 (levels are our reading; the source shows level I taking 4 to 3).
 */
export function habitudeReduction(level: number, habitualArmour = true): number {
  assertRange("habitude level", level, 0, 3);
  if (level === 0) return 0;
  if (level === 1) return habitualArmour ? 1 : 0;
  return level === 2 ? 1 : 2;
}

/** Enc after Habitude de la Protection, never below 0. Carried loads are not reduced: pass them as `load`. */
export function effectiveEnc(input: {
  enc: number;
  habitude?: number;
  habitualArmour?: boolean;
  load?: number;
}): number {
  assertNonNegative("enc", input.enc);
  const load = input.load ?? 0;
  assertNonNegative("load", load);
  return Math.max(0, input.enc - habitudeReduction(input.habitude ?? 0, input.habitualArmour ?? true)) + load;
}

/** Weapon INI modifiers stay within ±3. */
export const WEAPON_INI_LIMIT = 3;
export const REFLEXE_DE_COMBAT_INI = 4;
export const INSTINCT_DU_COMBAT_INI = 2;
/** The second action of a round comes this many phases after the first. */
export const SECOND_ACTION_DELAY = 8;

export interface InitiativeInput {
  iniBase: number;
  /** The weapon's INI modifier (−3…+3). */
  weaponIni?: number;
  /** Enc (not EncE), already lowered by Habitude de la Protection (see effectiveEnc). */
  enc?: number;
  reflexeDeCombat?: boolean;
  instinctDuCombat?: boolean;
  danseurDeLames?: boolean;
  /** Each wound lowers the INI base by 2. */
  wounds?: number;
}

/** The fixed part of the initiative: INI base + weapon − Enc + abilities − 2 per wound. */
export function initiativeFixed(input: InitiativeInput): number {
  assertInteger("iniBase", input.iniBase);
  const weaponIni = input.weaponIni ?? 0;
  assertRange("weaponIni", weaponIni, -WEAPON_INI_LIMIT, WEAPON_INI_LIMIT);
  const enc = input.enc ?? 0;
  assertNonNegative("enc", enc);
  return (
    input.iniBase +
    weaponIni -
    enc +
    (input.reflexeDeCombat ? REFLEXE_DE_COMBAT_INI : 0) +
    (input.instinctDuCombat ? INSTINCT_DU_COMBAT_INI : 0) +
    woundEffects(input.wounds ?? 0).iniBase
  );
}

/** How many D6 the initiative roll uses: 2 with Danseur de lames, else 1. */
export function initiativeDiceCount(danseurDeLames = false): 1 | 2 {
  return danseurDeLames ? 2 : 1;
}

/** Roll formula for the initiative die, for the adapter. */
export function initiativeFormula(input: InitiativeInput): string {
  const fixed = initiativeFixed(input);
  const dice = `${initiativeDiceCount(input.danseurDeLames)}d6`;
  return fixed === 0 ? dice : `${dice} ${fixed > 0 ? "+" : "-"} ${Math.abs(fixed)}`;
}

/** Initiative value from the D6 faces rolled (one die, or two with Danseur de lames). */
export function initiative(input: InitiativeInput & { dice: readonly number[] }): {
  value: number;
  fixed: number;
} {
  const count = initiativeDiceCount(input.danseurDeLames);
  if (input.dice.length !== count)
    throw new RangeError(`initiative needs ${count} D6 (Danseur de lames: 2), got ${input.dice.length}`);
  input.dice.forEach((d, i) => assertFace(`dice[${i}]`, d, 6));
  const fixed = initiativeFixed(input);
  return { value: fixed + input.dice.reduce((a, b) => a + b, 0), fixed };
}

/** Exact distribution of the initiative value. */
export function initiativeDistribution(input: InitiativeInput): Distribution {
  return shift(sumDice(initiativeDiceCount(input.danseurDeLames), 6), initiativeFixed(input));
}

export interface InitiativeEntry {
  id: string;
  ini: number;
  base: number;
}

/**
 * Acting order: highest initiative first; equal initiative → higher INI base first; still equal → the fighters
 * act together (one group). Order inside a group follows the input.
 */
export function initiativeOrder(list: readonly InitiativeEntry[]): string[][] {
  const seen = new Set<string>();
  for (const e of list) {
    assertInteger(`ini of ${e.id}`, e.ini);
    assertInteger(`base of ${e.id}`, e.base);
    if (seen.has(e.id)) throw new RangeError(`duplicate id ${e.id}`);
    seen.add(e.id);
  }
  const sorted = list
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.ini - a.e.ini || b.e.base - a.e.base || a.i - b.i)
    .map(({ e }) => e);
  const groups: string[][] = [];
  let last: InitiativeEntry | undefined;
  for (const e of sorted) {
    const group = groups[groups.length - 1];
    if (group && last && last.ini === e.ini && last.base === e.base) group.push(e.id);
    else groups.push([e.id]);
    last = e;
  }
  return groups;
}

/** Phase of the second action of a round: 8 phases after the first (it may fall to 0 or below). */
export function secondActionPhase(ini: number): number {
  assertInteger("ini", ini);
  return ini - SECOND_ACTION_DELAY;
}

/** One turn of a round: a fighter's first action at its initiative, or its second action at INI − 8. */
export interface ActionTurn {
  id: string;
  phase: number;
  second: boolean;
}

/**
 * The round's turns in acting order: every fighter's first action at its initiative, and a second action at
 * INI − 8 for those that took one (`second`) and may attack (initiative 0 or more; below 0 a fighter has one
 * defence action only). Higher
 * phase first; equal phase → higher INI base first (the order rule); still equal → a first action before a second
 * one (our reading: the fighter whose turn it is by initiative does not wait for one acting again); then the input
 * order, so the caller's stable tie-break holds.
 */
export function actionTurns(list: readonly (InitiativeEntry & { second?: boolean })[]): ActionTurn[] {
  initiativeOrder(list); // same validation: integers, no duplicate id
  const turns = list.flatMap((e, i) => {
    const first = { id: e.id, phase: e.ini, second: false, base: e.base, i };
    // Only a fighter who took a second action this round (RULES.md: traded its defence) comes back at INI − 8.
    if (!e.second || !actionsPerRound(e.ini).canAttack) return [first];
    return [first, { ...first, phase: secondActionPhase(e.ini), second: true }];
  });
  return turns
    .sort((a, b) => b.phase - a.phase || b.base - a.base || Number(a.second) - Number(b.second) || a.i - b.i)
    .map(({ id, phase, second }) => ({ id, phase, second }));
}

/**
 * Actions a fighter has per round: normally an attack action and a defence action (plus one free action per
 * action); with an initiative below 0 only one combat action, a defence.
 */
export function actionsPerRound(ini: number): {
  combatActions: 1 | 2;
  canAttack: boolean;
  freeActions: 1 | 2;
  phases: number[];
} {
  assertInteger("ini", ini);
  if (ini < 0) return { combatActions: 1, canAttack: false, freeActions: 1, phases: [ini] };
  return { combatActions: 2, canAttack: true, freeActions: 2, phases: [ini, secondActionPhase(ini)] };
}

/** Modifier of the Orientation Intuition check (negative = easier): −1 per 2 points of Art de la Guerre. */
export function orientationCheckModifier(artDeLaGuerre = 0): number {
  assertNonNegative("artDeLaGuerre", artDeLaGuerre);
  return -Math.floor(artDeLaGuerre / 2);
}

/**
 * Orientation: after its actions (2 and a successful Intuition check; with Vigilance 1 and no check) the
 * initiative is restored as if the D6 had shown 6 (two 6 with Danseur de lames), keeping the losses from wounds
 * and ongoing spells. It never lowers the current initiative. `iniWithoutDie` is the fixed part at the start of
 * the fight.
 */
export function orientation(input: {
  current: number;
  iniWithoutDie: number;
  /** INI lost to wounds and ongoing spells since the start (not recoverable). */
  persistentLosses?: number;
  danseurDeLames?: boolean;
  vigilance?: boolean;
  /** Result of the Intuition check; ignored with Vigilance. */
  checkSuccess?: boolean;
}): { actions: 1 | 2; needsCheck: boolean; value: number } {
  assertInteger("current", input.current);
  assertInteger("iniWithoutDie", input.iniWithoutDie);
  const losses = input.persistentLosses ?? 0;
  assertNonNegative("persistentLosses", losses);
  const vigilance = input.vigilance ?? false;
  const restored = input.iniWithoutDie + 6 * initiativeDiceCount(input.danseurDeLames) - losses;
  const works = vigilance || (input.checkSuccess ?? false);
  return {
    actions: vigilance ? 1 : 2,
    needsCheck: !vigilance,
    value: works ? Math.max(input.current, restored) : input.current,
  };
}
