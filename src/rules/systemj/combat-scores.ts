// Combat scores derived from attributes (each formula rounded down), plus the weapon's or shield's bonus.
import { validateAttributes, type AttributeId } from "./attributes";
import { assertIntegerIn } from "./validate";

export type CombatAttributes = Pick<Record<AttributeId, number>, "FOR" | "RES" | "AGI" | "RAP" | "CHA">;

export interface CombatBonuses {
  /** ATT of the weapon used, added to the thrown, bow, handgun and shoulder scores. */
  att?: number;
  /** DEF of a real weapon, added to parry. */
  def?: number;
  /** DEF of a real shield, added to block. */
  shieldDef?: number;
}

export interface CombatScores {
  meleeForce: number;
  meleeStealth: number;
  throwObject: number;
  thrown: number;
  bow: number;
  handgun: number;
  shoulder: number;
  dodge: number;
  parry: number;
  block: number;
}

/** Bound on ATT/DEF values: a card's bonus is a small modifier, not a score. */
export const WEAPON_BONUS_MAX = 100;

export function combatScores(
  attributes: CombatAttributes,
  { att = 0, def = 0, shieldDef = 0 }: CombatBonuses = {},
): CombatScores {
  for (const id of ["FOR", "RES", "AGI", "RAP", "CHA"] as const) {
    if (typeof attributes[id] !== "number") throw new RangeError(`attribute ${id} is missing`);
  }
  validateAttributes(attributes);
  assertIntegerIn(att, -WEAPON_BONUS_MAX, WEAPON_BONUS_MAX, "att");
  assertIntegerIn(def, -WEAPON_BONUS_MAX, WEAPON_BONUS_MAX, "def");
  assertIntegerIn(shieldDef, -WEAPON_BONUS_MAX, WEAPON_BONUS_MAX, "shieldDef");
  const { FOR, RES, AGI, RAP, CHA } = attributes;
  const fifth = (n: number): number => Math.floor(n / 5);
  const throwObject = fifth(2 * FOR + 2 * AGI);
  return {
    meleeForce: fifth(2 * FOR + RES + RAP),
    meleeStealth: fifth(FOR + 2 * AGI + RAP),
    throwObject,
    thrown: throwObject + att,
    bow: fifth(FOR + 2 * AGI + RAP) + att,
    handgun: fifth(3 * AGI + RAP) + att,
    shoulder: fifth(2 * AGI + FOR + RAP) + att,
    dodge: fifth(RAP + 2 * AGI + CHA),
    parry: fifth(2 * FOR + RES + AGI) + def,
    block: fifth(2 * FOR + 2 * RES) + shieldDef,
  };
}

/** Weapon families of the weapon cards, with the combat score each attacks with. */
export const WEAPON_FAMILIES = [
  { id: "corpsACorps", label: "Corps-à-corps", labelEn: "Melee", ranged: false, score: "meleeForce" },
  { id: "jet", label: "Arme de jet", labelEn: "Thrown weapon", ranged: true, score: "thrown" },
  { id: "trait", label: "Arme de trait", labelEn: "Bow or crossbow", ranged: true, score: "bow" },
  { id: "poing", label: "Arme de poing", labelEn: "Handgun", ranged: true, score: "handgun" },
  { id: "epaule", label: "Arme d'épaule", labelEn: "Shoulder arm", ranged: true, score: "shoulder" },
  { id: "bouclier", label: "Bouclier", labelEn: "Shield", ranged: false, score: "block" },
] as const satisfies readonly {
  id: string;
  label: string;
  labelEn: string;
  ranged: boolean;
  score: keyof CombatScores;
}[];
export type WeaponFamily = (typeof WEAPON_FAMILIES)[number]["id"];

/**
 * Damage of an attack with bare hands, and of an object thrown that is not a weapon: the source gives neither, so
 * both deal 1d3 (a weapon made for throwing is a "jet" weapon card, with its own damage and ATT).
 */
export const BARE_HANDS_DAMAGE = "1d3";

export interface ObjectThrow {
  /** A throw is a ranged attack: defended only when the target can see it coming, never countered. */
  mode: "ranged";
  /** ((FOR×2)+(AGI×2))/5, with no ATT. */
  score: number;
  damage: string;
  family: WeaponFamily;
}

/** Throwing an object that is not a weapon at a target. */
export function objectThrow(attributes: CombatAttributes): ObjectThrow {
  return { mode: "ranged", score: combatScores(attributes).throwObject, damage: BARE_HANDS_DAMAGE, family: "jet" };
}
