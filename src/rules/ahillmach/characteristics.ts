/** The six characteristics, their range, the creation arrays and the states that lower them. */
import { assertIntegerIn } from "./validate";

export type CharacteristicId = "for" | "dex" | "con" | "int" | "mys" | "aur";
export type CharacteristicGroup = "physique" | "mental";

export interface Localized {
  readonly fr: string;
  readonly en: string;
}

export interface Characteristic {
  readonly id: CharacteristicId;
  readonly name: Localized;
  readonly abbreviation: Localized;
  readonly group: CharacteristicGroup;
}

export const CHARACTERISTIC_MIN = -2;
export const CHARACTERISTIC_MAX = 4;

export const CHARACTERISTICS: readonly Characteristic[] = [
  { id: "for", name: { fr: "Force", en: "Strength" }, abbreviation: { fr: "FOR", en: "STR" }, group: "physique" },
  { id: "dex", name: { fr: "Dextérité", en: "Dexterity" }, abbreviation: { fr: "DEX", en: "DEX" }, group: "physique" },
  {
    id: "con",
    name: { fr: "Constitution", en: "Constitution" },
    abbreviation: { fr: "CON", en: "CON" },
    group: "physique",
  },
  {
    id: "int",
    name: { fr: "Intelligence", en: "Intelligence" },
    abbreviation: { fr: "INT", en: "INT" },
    group: "mental",
  },
  { id: "mys", name: { fr: "Mystique", en: "Mystic" }, abbreviation: { fr: "MYS", en: "MYS" }, group: "mental" },
  { id: "aur", name: { fr: "Aura", en: "Aura" }, abbreviation: { fr: "AUR", en: "AUR" }, group: "mental" },
];

export const CHARACTERISTIC_IDS: readonly CharacteristicId[] = CHARACTERISTICS.map((c) => c.id);

export const CHARACTERISTIC_GROUPS: Readonly<Record<CharacteristicGroup, Localized>> = {
  physique: { fr: "Physique", en: "Physical" },
  mental: { fr: "Mental", en: "Mental" },
};

export type Characteristics = Readonly<Record<CharacteristicId, number>>;

/** The two sets of six values a new character distributes freely among the characteristics. */
export const CREATION_ARRAYS: readonly (readonly number[])[] = [
  [2, 1, 1, 1, 0, -1],
  [2, 2, 1, 1, -1, -1],
];

export function isCharacteristicId(id: string): id is CharacteristicId {
  return (CHARACTERISTIC_IDS as readonly string[]).includes(id);
}

export function assertCharacteristic(value: number, name = "characteristic"): void {
  assertIntegerIn(value, CHARACTERISTIC_MIN, CHARACTERISTIC_MAX, name);
}

/** Checks six base values, each −2…+4. */
export function assertCharacteristics(values: Characteristics): void {
  for (const id of CHARACTERISTIC_IDS) assertCharacteristic(values[id], id);
}

/** The index in CREATION_ARRAYS the values are a permutation of, or −1 when they match neither. */
export function creationArrayIndex(values: Characteristics): number {
  const sorted = CHARACTERISTIC_IDS.map((id) => values[id]).sort((a, b) => b - a);
  return CREATION_ARRAYS.findIndex((array) => array.every((v, i) => v === sorted[i]));
}

/**
 * Whether the values come from creation array `index` plus at most `raises` level-up raises of +1 each: pairing
 * both sorted from highest, no value is below its array value, and the raises spent do not exceed those earned.
 */
export function fitsCreationArray(values: Characteristics, index: number, raises: number): boolean {
  const array = CREATION_ARRAYS[index];
  if (!array) return false;
  const sorted = CHARACTERISTIC_IDS.map((id) => values[id]).sort((a, b) => b - a);
  const base = [...array].sort((a, b) => b - a);
  const spent = sorted.reduce((sum, v, i) => sum + v - (base[i] ?? 0), 0);
  return sorted.every((v, i) => v >= (base[i] ?? 0)) && spent >= 0 && spent <= raises;
}

/**
 * The values a characteristic may take under creation array `index` with `raises` level-up raises earned: an array
 * value plus up to `raises` (never above +4), highest first. The sheet's select offers these, so a raised value
 * stays selectable without switching to "Libre".
 */
export function creationArrayChoices(index: number, raises: number): number[] {
  const array = CREATION_ARRAYS[index];
  if (!array) return [];
  const values = new Set<number>();
  for (const v of array) for (let k = 0; k <= Math.max(0, raises); k++) if (v + k <= 4) values.add(v + k);
  return [...values].sort((a, b) => b - a);
}

export function matchesCreationArray(values: Characteristics): boolean {
  return creationArrayIndex(values) >= 0;
}

/** Levels at which the character raises one characteristic of their choice by 1 (never above +4). */
export const CHARACTERISTIC_INCREASE_LEVELS: readonly number[] = [3, 5, 7, 9];

/** How many characteristic increases a character of this level has earned. */
export function characteristicIncreases(level: number): number {
  assertIntegerIn(level, 1, 10, "level");
  return CHARACTERISTIC_INCREASE_LEVELS.filter((l) => l <= level).length;
}

export type StateId = "faible" | "maladresse" | "malade" | "inepte" | "confus" | "disgrace";

export interface State {
  readonly id: StateId;
  readonly name: Localized;
  readonly characteristic: CharacteristicId;
}

/** One state per characteristic; a ticked state lowers its characteristic by 1. */
export const STATES: readonly State[] = [
  { id: "faible", name: { fr: "Faible", en: "Weak" }, characteristic: "for" },
  { id: "maladresse", name: { fr: "Maladresse", en: "Clumsy" }, characteristic: "dex" },
  { id: "malade", name: { fr: "Malade", en: "Sick" }, characteristic: "con" },
  { id: "inepte", name: { fr: "Inepte", en: "Inept" }, characteristic: "int" },
  { id: "confus", name: { fr: "Confus", en: "Confused" }, characteristic: "mys" },
  { id: "disgrace", name: { fr: "Disgrâce", en: "Disgraced" }, characteristic: "aur" },
];

export function stateFor(characteristic: CharacteristicId): State {
  const state = STATES.find((s) => s.characteristic === characteristic);
  if (!state) throw new RangeError(`unknown characteristic ${characteristic}`);
  return state;
}

/** The value used in rolls: the base value minus 1 when its state is ticked (it may drop below −2). */
export function effectiveCharacteristic(
  base: number,
  characteristic: CharacteristicId,
  ticked: readonly CharacteristicId[],
): number {
  assertCharacteristic(base, characteristic);
  return ticked.includes(characteristic) ? base - 1 : base;
}

/** All six values with states applied. */
export function effectiveCharacteristics(base: Characteristics, ticked: readonly CharacteristicId[]): Characteristics {
  assertCharacteristics(base);
  const out = {} as Record<CharacteristicId, number>;
  for (const id of CHARACTERISTIC_IDS) out[id] = ticked.includes(id) ? base[id] - 1 : base[id];
  return out;
}
