/** The eleven classes and the hit points they start with. */
import { assertCharacteristic, type Localized } from "./characteristics";
import { MAX_LEVEL } from "./progression";
import { assertIntegerIn } from "./validate";

export type ClassId =
  | "assassin"
  | "barbare"
  | "barde"
  | "chaman"
  | "clerc"
  | "druide"
  | "eclaireur"
  | "guerrier"
  | "magicien"
  | "paladin"
  | "voleur";

export interface CharacterClass {
  readonly id: ClassId;
  readonly name: Localized;
  /** Hit points at level 1 before Constitution is added. */
  readonly baseHp: number;
}

export const CLASSES: readonly CharacterClass[] = [
  { id: "assassin", name: { fr: "Assassin", en: "Assassin" }, baseHp: 14 },
  { id: "barbare", name: { fr: "Barbare", en: "Barbarian" }, baseHp: 14 },
  { id: "barde", name: { fr: "Barde", en: "Bard" }, baseHp: 12 },
  { id: "chaman", name: { fr: "Chaman", en: "Shaman" }, baseHp: 12 },
  { id: "clerc", name: { fr: "Clerc", en: "Cleric" }, baseHp: 14 },
  { id: "druide", name: { fr: "Druide", en: "Druid" }, baseHp: 12 },
  { id: "eclaireur", name: { fr: "Éclaireur", en: "Scout" }, baseHp: 14 },
  { id: "guerrier", name: { fr: "Guerrier", en: "Warrior" }, baseHp: 16 },
  { id: "magicien", name: { fr: "Magicien", en: "Wizard" }, baseHp: 10 },
  { id: "paladin", name: { fr: "Paladin", en: "Paladin" }, baseHp: 16 },
  { id: "voleur", name: { fr: "Voleur", en: "Thief" }, baseHp: 12 },
];

export const CLASS_IDS: readonly ClassId[] = CLASSES.map((c) => c.id);

export function classById(id: string): CharacterClass {
  const found = CLASSES.find((c) => c.id === id);
  if (!found) throw new RangeError(`unknown class ${id}`);
  return found;
}

/** Hit points at level 1: the class's base plus Constitution. */
export function startingHp(classId: ClassId, con: number): number {
  assertCharacteristic(con, "con");
  return classById(classId).baseHp + con;
}

/**
 * Maximum hit points: the class's base plus Constitution plus 1 for every level after the first. `con` is the base
 * value (a Malade state does not lower maximum HP).
 */
export function maxHp({ classId, con, level }: { classId: ClassId; con: number; level: number }): number {
  assertIntegerIn(level, 1, MAX_LEVEL, "level");
  return startingHp(classId, con) + (level - 1);
}
