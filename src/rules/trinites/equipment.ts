/**
 * Which weapon and armour numbers come from the source and which are Quintette's own suggestions. The source gives one
 * weapon number: a sword, and any blade of its kind (sabre, rapier, katana…), deals 4 standard damage (8 against a
 * Trinité). It gives no range and no armour protection (its only protection, a firefighter's outfit, is against fire).
 */
import { isSwordKind, type BladeKind } from "./harm";

/** Standard damage of a sword and of the blades of its kind, as the source states it. */
export const SWORD_STANDARD_DAMAGE = 4;

export interface WeaponNumbers {
  readonly damage: number;
  /** Range in metres; 0 for a melee weapon (no range, not a number the source would have to give). */
  readonly range: number;
  readonly blade: BladeKind;
}

/** Per value: true when the number is ours, not the source's. */
export interface WeaponSuggestions {
  readonly degats: boolean;
  readonly portee: boolean;
}
export interface ArmourSuggestions {
  readonly protection: boolean;
}

export function weaponSuggestions(weapon: WeaponNumbers): WeaponSuggestions {
  return {
    degats: !(isSwordKind(weapon.blade) && weapon.damage === SWORD_STANDARD_DAMAGE),
    portee: weapon.range > 0,
  };
}

/** Any armour protection is ours: the source prices none. */
export function armourSuggestions(): ArmourSuggestions {
  return { protection: true };
}
