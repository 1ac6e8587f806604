/**
 * Derived values of héros and adversaires, pure: the data models' `prepareDerivedData`, the sheets' context, the
 * gallery fixtures and the bench all call these with plain data, so what the sheet shows is what the rules core says.
 * The names every reader imports, gathered here; the code is split by concern (issue 24): `derive-common.ts` (keys,
 * plain items, ability flags), `derive-heros.ts`, `derive-adversaire.ts`.
 */
export {
  ABILITY_KEYS,
  COMBAT_SKILL_KEYS,
  QUALITY_KEYS,
  RANGED_SKILL_KEYS,
  UNARMED_ID,
  abilityFlags,
  enduranceInUse,
  type AbilityFlags,
  type AbilitySource,
  type PlainItem,
  type Resource,
} from "./derive-common.ts";
export {
  deriveHeros,
  parryChoices,
  usableMelee,
  type ArmourSource,
  type HerosDerived,
  type HerosSource,
  type MeleeWeaponSource,
  type RangedWeaponSource,
  type ShieldSource,
  type SkillLine,
  type SkillSource,
  type WeaponLine,
} from "./derive-heros.ts";
export { deriveAdversaire, type AdversaireDerived, type AdversaireSource } from "./derive-adversaire.ts";
