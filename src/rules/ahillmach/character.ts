/** A personnage's derived values, everything a sheet shows that follows from its entries. */
import {
  type CharacteristicId,
  type Characteristics,
  assertCharacteristics,
  characteristicIncreases,
  effectiveCharacteristics,
} from "./characteristics";
import { type ClassId, maxHp } from "./classes";
import { MAX_PENCHANTS, MIN_PENCHANTS } from "./penchants";
import { levelForXp, xpForNextLevel, xpToReachLevel } from "./progression";
import { assertMetierMastery } from "./metiers";
import { type OpponentSize, type SizedMove, sizeInfo } from "./opponents";
import { maxSurpassUses } from "./surpass";
import { WOUND_THRESHOLD, untickedCharacteristics } from "./wounds";
import { assertInteger, assertIntegerIn } from "./validate";

/** The zone of the hit points: breath (above 6), wounds (6 … 1), death (0). */
export type HpZone = "souffle" | "blessures" | "mort";

export function hpZone(hp: number): HpZone {
  assertIntegerIn(hp, 0, Number.MAX_SAFE_INTEGER, "hp");
  if (hp === 0) return "mort";
  return hp > WOUND_THRESHOLD ? "souffle" : "blessures";
}

/** The bonus of a roll before the +5 cap: characteristic + gear + métier, plus the target's size modifier. */
export function rollBonus({
  characteristic,
  gear = 0,
  metier = 0,
  sizeModifier = 0,
}: {
  characteristic: number;
  gear?: number;
  metier?: number;
  sizeModifier?: number;
}): number {
  assertInteger(characteristic, "characteristic");
  assertInteger(gear, "gear");
  if (metier !== 0) assertMetierMastery(metier);
  assertIntegerIn(sizeModifier, -2, 2, "size modifier");
  return characteristic + gear + metier + sizeModifier;
}

/** A character's move against an opponent of this size: the size modifier to add to the bonus. */
export function sizeModifier(size: OpponentSize, move: string): number {
  const moves = sizeInfo(size).moves;
  return move in moves ? moves[move as SizedMove] : 0;
}

export interface Personnage {
  readonly classId: ClassId;
  /** Base values, −2 … +4 (states not applied). */
  readonly characteristics: Characteristics;
  readonly level: number;
  readonly xp?: number;
  readonly hp?: number;
  readonly ticked?: readonly CharacteristicId[];
  readonly metiers?: readonly { readonly name: string; readonly mastery: number }[];
  readonly penchants?: readonly { readonly name: string }[];
}

export interface DerivedValues {
  readonly maxHp: number;
  readonly hp: number;
  readonly hpZone: HpZone;
  /** Characteristics with states applied: the values to roll with. */
  readonly effective: Characteristics;
  /** States still free to tick before a wound kills. */
  readonly statesLeft: number;
  /** Level the XP total reaches (a level-up is due when above `level`). */
  readonly levelFromXp: number;
  readonly levelUpDue: boolean;
  /** XP still missing for the next level (null at level 10). */
  readonly xpToNextLevel: number | null;
  readonly xpForNextLevel: number | null;
  /** Characteristic increases earned by this level (levels 3, 5, 7, 9). */
  readonly characteristicIncreases: number;
  /** Se surpasser allowance per scene. */
  readonly maxSurpassUses: number;
}

export function derivedValues(p: Personnage): DerivedValues {
  assertCharacteristics(p.characteristics);
  const ticked = p.ticked ?? [];
  const max = maxHp({ classId: p.classId, con: p.characteristics.con, level: p.level });
  const hp = p.hp ?? max;
  assertIntegerIn(hp, 0, max, "hp");
  const xp = p.xp ?? xpToReachLevel(p.level);
  const fromXp = levelForXp(xp);
  const next = xpForNextLevel(p.level);
  for (const m of p.metiers ?? []) assertMetierMastery(m.mastery);
  if (p.penchants && (p.penchants.length < MIN_PENCHANTS || p.penchants.length > MAX_PENCHANTS)) {
    throw new RangeError(`a personnage has ${MIN_PENCHANTS} or ${MAX_PENCHANTS} penchants, got ${p.penchants.length}`);
  }
  const effective = effectiveCharacteristics(p.characteristics, ticked);
  return {
    maxHp: max,
    hp,
    hpZone: hpZone(hp),
    effective,
    statesLeft: untickedCharacteristics(ticked).length,
    levelFromXp: fromXp,
    levelUpDue: fromXp > p.level,
    xpToNextLevel: next === null ? null : Math.max(0, xpToReachLevel(p.level) + next - xp),
    xpForNextLevel: next,
    characteristicIncreases: characteristicIncreases(p.level),
    maxSurpassUses: maxSurpassUses(effective.mys),
  };
}
