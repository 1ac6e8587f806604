/**
 * What the derived data of héros and adversaires share: the key lists, the plain-item shape, the ability flags read
 * from owned items, and the small text and status helpers. Pure, like the rest of the derivation.
 */
import {
  ABILITIES,
  COMBAT_SKILLS,
  RANGED_SKILLS,
  type AbilityKey,
  type CombatSkillKey,
  type LifeStatus,
  type RangedSkillKey,
} from "../../rules/oeilnoir/index.ts";

export const QUALITY_KEYS = ["CO", "IN", "AG", "FO", "DE", "CN"] as const;
export const COMBAT_SKILL_KEYS = Object.keys(COMBAT_SKILLS) as CombatSkillKey[];
export const RANGED_SKILL_KEYS = Object.keys(RANGED_SKILLS) as RangedSkillKey[];
export const ABILITY_KEYS = Object.keys(ABILITIES) as AbilityKey[];
/** The id of the bare-hands line among a héros' weapons (no item behind it). */
export const UNARMED_ID = "sansArme";

/** Endurance when the fighter uses it (a maximum above 0), else null: the knockout at 0 needs it in play. */
export function enduranceInUse(endurance: { value: number; max: number } | undefined): number | null {
  return endurance && endurance.max > 0 ? endurance.value : null;
}

export interface Resource {
  value: number;
  max: number;
}

/** Plain owned items, as `{ id, name, type, system }`. */
export interface PlainItem {
  id: string;
  name: string;
  type: string;
  /** The item's `system` (its data model or plain source). */
  system: unknown;
}

export interface AbilitySource {
  key: AbilityKey | "autre";
  level: number;
}

/** Which of the combat abilities an actor has (from its owned `on-capacite` items). */
export interface AbilityFlags {
  reflexeDeCombat: boolean;
  instinctDuCombat: boolean;
  danseurDeLames: boolean;
  vigilance: boolean;
  enFer: boolean;
  osDeVerre: boolean;
  tenace: boolean;
  /** Habitude de la Protection level, 0…3. */
  habitude: number;
  /** Wrong-hand training (situational module). */
  mainGauche: boolean;
  combatADeuxMainsI: boolean;
  combatADeuxMainsII: boolean;
  visionPenombre: boolean;
  nyctalope: boolean;
  combatDansLEau: boolean;
  peupleDeLEau: boolean;
  demiEpee: boolean;
  frenetique: boolean;
}

export function abilityFlags(items: readonly PlainItem[]): AbilityFlags {
  const flags: AbilityFlags = {
    reflexeDeCombat: false,
    instinctDuCombat: false,
    danseurDeLames: false,
    vigilance: false,
    enFer: false,
    osDeVerre: false,
    tenace: false,
    habitude: 0,
    mainGauche: false,
    combatADeuxMainsI: false,
    combatADeuxMainsII: false,
    visionPenombre: false,
    nyctalope: false,
    combatDansLEau: false,
    peupleDeLEau: false,
    demiEpee: false,
    frenetique: false,
  };
  for (const item of items) {
    if (item.type !== "on-capacite") continue;
    const s = item.system as AbilitySource;
    if (s.key === "habitudeDeLaProtection")
      flags.habitude = Math.max(flags.habitude, Math.min(3, Math.max(1, s.level)));
    else if (s.key !== "autre" && s.key in flags) flags[s.key] = true;
  }
  return flags;
}

/** A PI roll formula (`2d6 + 3`), a flat value when there are no dice. */
export function formula(dice: number, bonus: number): string {
  if (dice === 0) return String(Math.max(0, bonus));
  return bonus === 0 ? `${dice}d6` : `${dice}d6 ${bonus > 0 ? "+" : "-"} ${Math.abs(bonus)}`;
}

/** The initiative roll formula from its fixed part and its dice. */
export function initiativeLine(fixed: number, dice: 1 | 2): string {
  return fixed === 0 ? `${dice}d6` : `${dice}d6 ${fixed > 0 ? "+" : "-"} ${Math.abs(fixed)}`;
}

/**
 * The life status, whether a passed Volonté check keeps an out-of-the-fight character fighting, and whether a dying
 * one has been saved (only while still dying).
 */
export function statusOf(
  status: LifeStatus,
  fightsOn: boolean | undefined,
  stabilized: boolean | undefined,
): { status: LifeStatus; fightsOn: boolean; stabilized: boolean } {
  return {
    status,
    fightsOn: status === "horsCombat" && fightsOn === true,
    stabilized: status === "mourant" && stabilized === true,
  };
}
