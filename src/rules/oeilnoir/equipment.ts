import { strengthBonus } from "./damage";
import type { ConfinedClass } from "./situation";

/**
 * Combat skills, the source's example weapons and armours, as data. Fields the source gives are used as is;
 * the others are filled in by us (listed in docs/rules/oeilnoir.md, `sourced` names the source's fields).
 */

export type CombatSkillKey =
  | "dagues"
  | "escrime"
  | "epees"
  | "sabres"
  | "epeesBatardes"
  | "hachesEtMasses"
  | "armesDInfanterie"
  | "lances"
  | "batons"
  | "armesAChaines"
  | "fleauxADeuxMains"
  | "hachesEtMassesADeuxMains"
  | "epeesEtSabresADeuxMains"
  | "fouets"
  | "armesDeJoute"
  | "bagarre";

export interface CombatSkill {
  key: CombatSkillKey;
  label: string;
  /** EncE = Enc − allowance (the default; a héros' sheet may change it). */
  allowance: number;
  /** Pure attack skills put every point on attack. */
  attackOnly: boolean;
  /** How a confined space hampers the skill's weapons. */
  confined: ConfinedClass;
  /** Fought without a weapon: the blows deal PI(End). */
  unarmed?: boolean;
}

const skill = (
  key: CombatSkillKey,
  label: string,
  allowance: number,
  confined: ConfinedClass,
  extra: Partial<CombatSkill> = {},
): CombatSkill => ({ key, label, allowance, attackOnly: false, confined, ...extra });

/**
 * The melee combat skills. Allowances from the source: dagues 1, bâtons 2, haches et masses 4, sabres 2; the rest
 * are ours (docs/rules/oeilnoir.md). Confined classes follow the source's list of weapons hampered in a narrow place.
 */
export const COMBAT_SKILLS: Readonly<Record<CombatSkillKey, CombatSkill>> = {
  dagues: skill("dagues", "Dagues", 1, "courte"),
  escrime: skill("escrime", "Escrime", 1, "courte"),
  epees: skill("epees", "Épées", 2, "moyenne"),
  sabres: skill("sabres", "Sabres", 2, "moyenne"),
  epeesBatardes: skill("epeesBatardes", "Épées bâtardes", 2, "moyenne"),
  hachesEtMasses: skill("hachesEtMasses", "Haches et Masses", 4, "moyenne"),
  armesDInfanterie: skill("armesDInfanterie", "Armes d'Infanterie", 3, "infanterie"),
  lances: skill("lances", "Lances", 3, "lance"),
  batons: skill("batons", "Bâtons", 2, "ample"),
  armesAChaines: skill("armesAChaines", "Armes à Chaînes", 3, "ample"),
  fleauxADeuxMains: skill("fleauxADeuxMains", "Fléaux à Deux Mains", 3, "ample"),
  hachesEtMassesADeuxMains: skill("hachesEtMassesADeuxMains", "Haches et Masses à Deux Mains", 3, "ample"),
  epeesEtSabresADeuxMains: skill("epeesEtSabresADeuxMains", "Épées et Sabres à Deux Mains", 2, "ample"),
  fouets: skill("fouets", "Fouets", 1, "ample", { attackOnly: true }),
  armesDeJoute: skill("armesDeJoute", "Armes de Joute", 0, "courte", { attackOnly: true }),
  bagarre: skill("bagarre", "Bagarre", 0, "courte", { unarmed: true }),
};

/** An unarmed fighter's blow: 1D6 PI(End), no strength step (ours: the source gives no unarmed weapon line). */
export const UNARMED_PI = { dice: 1, bonus: 0 } as const;

export interface MeleeWeapon {
  key: string;
  label: string;
  skill: CombatSkillKey;
  /** PI: `dice`D6 + `bonus`. */
  pi: { dice: number; bonus: number };
  /** PI/FO "threshold/step". */
  piFo: { threshold: number; step: number };
  ini: number;
  at: number;
  prd: number;
  /** Breakage factor. */
  breakage: number;
  description: string;
  /** Which fields come from the source text. */
  sourced: readonly string[];
}

export const WEAPONS: readonly MeleeWeapon[] = [
  {
    key: "dague",
    label: "Dague",
    skill: "dagues",
    pi: { dice: 1, bonus: 1 },
    piFo: { threshold: 12, step: 5 },
    ini: -1,
    at: 0,
    prd: -1,
    breakage: 0,
    description: "A short blade, quick to draw, poor at turning blows aside.",
    sourced: ["skill", "ini", "at", "prd"],
  },
  {
    key: "hacheDeBataille",
    label: "Hache de bataille",
    skill: "hachesEtMasses",
    pi: { dice: 1, bonus: 4 },
    piFo: { threshold: 13, step: 2 },
    ini: 0,
    at: 0,
    prd: -1,
    breakage: 2,
    description: "A heavy war axe that rewards a strong arm.",
    sourced: ["skill", "piFo", "ini", "at", "prd"],
  },
  {
    key: "sabreDeKuslik",
    label: "Sabre de Kuslik",
    skill: "sabres",
    pi: { dice: 1, bonus: 3 },
    piFo: { threshold: 11, step: 4 },
    ini: 1,
    at: 0,
    prd: 0,
    breakage: 2,
    description: "A curved southern sabre, light and fast.",
    sourced: ["skill", "ini"],
  },
  {
    key: "epee",
    label: "Épée",
    skill: "epees",
    pi: { dice: 1, bonus: 3 },
    piFo: { threshold: 11, step: 4 },
    ini: 0,
    at: 0,
    prd: 0,
    breakage: 1,
    description: "The straight sword of soldiers and knights.",
    sourced: ["pi"],
  },
  {
    key: "baton",
    label: "Bâton",
    skill: "batons",
    pi: { dice: 1, bonus: 1 },
    piFo: { threshold: 11, step: 5 },
    ini: 0,
    at: 0,
    prd: 2,
    breakage: 3,
    description: "A long fighting staff, better at keeping blows off than at dealing them.",
    sourced: ["skill"],
  },
];

export interface ArmourItem {
  key: string;
  label: string;
  pr: number;
  enc: number;
  description: string;
  sourced: readonly string[];
}

export const ARMOURS: readonly ArmourItem[] = [
  {
    key: "cuirasse",
    label: "Cuirasse",
    pr: 3,
    enc: 2,
    description: "A breastplate protecting the torso.",
    sourced: ["pr", "enc"],
  },
  {
    key: "chemiseDeMaillesLongue",
    label: "Chemise de mailles longue",
    pr: 4,
    enc: 4,
    description: "A long mail shirt down to the knees: good protection, heavy to move in.",
    sourced: ["pr", "enc"],
  },
  {
    key: "casqueDeCuir",
    label: "Casque de cuir",
    pr: 1,
    enc: 1,
    description: "A hardened leather cap, worn with a body armour.",
    sourced: ["pr", "enc"],
  },
];

/** Looks a weapon up by key. */
export function weapon(key: string): MeleeWeapon {
  const w = WEAPONS.find((x) => x.key === key);
  if (!w) throw new RangeError(`unknown weapon ${key}`);
  return w;
}

/** Looks an armour up by key. */
export function armour(key: string): ArmourItem {
  const a = ARMOURS.find((x) => x.key === key);
  if (!a) throw new RangeError(`unknown armour ${key}`);
  return a;
}

/**
 * A weapon's PI roll for a wielder of strength `fo`: its dice plus fixed PI plus the strength bonus (none with the
 * wrong hand unless `strengthBonusAllowed`).
 */
export function weaponPi(input: { weapon: MeleeWeapon; fo: number; strengthBonusAllowed?: boolean }): {
  dice: number;
  bonus: number;
  strength: number;
  formula: string;
} {
  const strength =
    input.strengthBonusAllowed === false
      ? 0
      : strengthBonus({ fo: input.fo, threshold: input.weapon.piFo.threshold, step: input.weapon.piFo.step });
  const bonus = input.weapon.pi.bonus + strength;
  const dice = input.weapon.pi.dice;
  return { dice, bonus, strength, formula: bonus === 0 ? `${dice}d6` : `${dice}d6 + ${bonus}` };
}
