/** Damage of attacks (weapon vs armour, the sword rule, damage primes) and the other sources of harm. */

/** Blade kinds that count as swords for the rule against Trinités; `aucune` for every other weapon. */
export const BLADE_KINDS = [
  { id: "aucune", label: "Aucune", swordKind: false },
  { id: "epee", label: "Épée", swordKind: true },
  { id: "sabre", label: "Sabre", swordKind: true },
  { id: "rapiere", label: "Rapière", swordKind: true },
  { id: "katana", label: "Katana", swordKind: true },
  { id: "autreLame", label: "Autre lame de type épée", swordKind: true },
] as const;
export type BladeKind = (typeof BLADE_KINDS)[number]["id"];

/** Whether a weapon's blade kind falls under the sword rule. */
export function isSwordKind(kind: BladeKind): boolean {
  const row = BLADE_KINDS.find((b) => b.id === kind);
  if (!row) throw new RangeError(`unknown blade kind "${String(kind)}"`);
  return row.swordKind;
}

export type DamageStep = "moitie" | "plusMoitie";

/** Halves (rounded up) or adds half (rounded up) to a damage value. */
export function stepDamage(value: number, step: DamageStep): number {
  return step === "moitie" ? Math.ceil(value / 2) : value + Math.ceil(value / 2);
}

export interface AttackDamageInput {
  /** Standard damage of the weapon. */
  readonly weaponDamage: number;
  /** Protection of the target's armour (or material). */
  readonly protection?: number;
  /** The target is a Trinité (an Adam' with Deva and Archonte). */
  readonly targetIsTrinite?: boolean;
  /** The weapon is a sword or a blade of the same kind (sabre, rapier, katana…). */
  readonly swordKind?: boolean;
  /** Damage primes and penalties in the order chosen (Blessure grave, Attaques multiples, Blessure légère). */
  readonly steps?: readonly DamageStep[];
  /** Blessure précise: the protection is halved, rounded up. */
  readonly precise?: boolean;
  /** A missed shot with an area weapon still deals half damage (rounded up) to its target. */
  readonly areaMiss?: boolean;
}

export interface AttackDamage {
  /** Standard damage after the sword rule and the steps. */
  readonly raw: number;
  readonly protection: number;
  /** Hit points lost: raw − protection, at least 0. */
  readonly damage: number;
  readonly swordRule: boolean;
}

function assertNonNegativeInt(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 1000) {
    throw new RangeError(`${name} must be an integer from 0 to 1000, got ${value}`);
  }
}

/**
 * Damage of a hit. The sword rule doubles the standard damage first (it defines the standard damage a Trinité
 * takes), then the primes apply in order, each rounded up, then the (possibly halved) protection is taken off.
 */
export function attackDamage(input: AttackDamageInput): AttackDamage {
  const { weaponDamage, protection = 0, targetIsTrinite = false, swordKind = false, steps = [] } = input;
  assertNonNegativeInt("weapon damage", weaponDamage);
  assertNonNegativeInt("protection", protection);
  const swordRule = targetIsTrinite && swordKind;
  let raw = swordRule ? weaponDamage * 2 : weaponDamage;
  for (const step of steps) {
    if (step !== "moitie" && step !== "plusMoitie") throw new RangeError(`unknown damage step "${String(step)}"`);
    raw = stepDamage(raw, step);
  }
  if (input.areaMiss) raw = stepDamage(raw, "moitie");
  const prot = input.precise ? Math.ceil(protection / 2) : protection;
  return { raw, protection: prot, damage: Math.max(0, raw - prot), swordRule };
}

/** Fire, by size; repeated every 5 seconds (every round) of contact. */
export const FIRE_DAMAGE = [
  { id: "torche", label: "Torche", damage: 1 },
  { id: "feuDeCamp", label: "Feu de camp", damage: 2 },
  { id: "brasier", label: "Brasier", damage: 3 },
] as const;
/** A firefighter's outfit or thick leather gloves. */
export const FIRE_PROTECTION = 1;

export type FallSurface = "normal" | "beton" | "eau";
export const FALL_SURFACES: Readonly<Record<FallSurface, { label: string; modifier: number }>> = {
  normal: { label: "Sol ordinaire", modifier: 0 },
  beton: { label: "Dalle de béton", modifier: 3 },
  eau: { label: "Étendue d'eau", modifier: -6 },
};

/** A fall: 1 per full 2 m, ±surface, −3 after a successful Esquive; never below 0. */
export function fallDamage(meters: number, surface: FallSurface = "normal", dodged = false): number {
  if (!Number.isFinite(meters) || meters < 0) throw new RangeError(`a fall height must be ≥ 0, got ${meters}`);
  const s = FALL_SURFACES[surface];
  if (!s) throw new RangeError(`unknown surface "${String(surface)}"`);
  return Math.max(0, Math.floor(meters / 2) + s.modifier - (dodged ? 3 : 0));
}

export interface ContinuousAggression {
  readonly id: string;
  readonly label: string;
  readonly period: string;
  /** Damage per failed test: a fixed value or a range the GM picks in. */
  readonly damage: number | { readonly min: number; readonly max: number };
  readonly skill: "endurance" | "survie";
  readonly difficulties: readonly { readonly label: string; readonly value: number }[];
}

/** A test at the end of each period of exposure; each failure costs the damage. */
export const CONTINUOUS_AGGRESSIONS: readonly ContinuousAggression[] = [
  {
    id: "asphyxie",
    label: "Asphyxie",
    period: "1 round",
    damage: 1,
    skill: "endurance",
    difficulties: [
      { label: "Inactif", value: 3 },
      { label: "Actif", value: -3 },
    ],
  },
  {
    id: "chaleur",
    label: "Chaleur extrême",
    period: "1 heure",
    damage: 4,
    skill: "survie",
    difficulties: [
      { label: "Jungle", value: 0 },
      { label: "Sahara", value: -3 },
      { label: "Death Valley", value: -6 },
    ],
  },
  {
    id: "fatigue",
    label: "Fatigue",
    period: "4 heures, puis 2, puis 1",
    damage: 1,
    skill: "endurance",
    difficulties: [{ label: "Toujours", value: 0 }],
  },
  {
    id: "froid",
    label: "Froid extrême",
    period: "1 heure",
    damage: 1,
    skill: "survie",
    difficulties: [
      { label: "Toundra", value: 0 },
      { label: "Haute montagne", value: -3 },
      { label: "Pôle Nord", value: -6 },
    ],
  },
  {
    id: "maladie",
    label: "Maladie",
    period: "1 journée",
    damage: { min: 1, max: 4 },
    skill: "endurance",
    difficulties: [{ label: "Selon la virulence", value: 0 }],
  },
  {
    id: "poison",
    label: "Poison",
    period: "1 round",
    damage: { min: 1, max: 4 },
    skill: "endurance",
    difficulties: [
      { label: "Inactif", value: 3 },
      { label: "Actif", value: -3 },
    ],
  },
];

/** Hit points of objects by size (one life line). */
export const OBJECT_HIT_POINTS = [
  { id: "electronique", label: "Appareil électronique portable", hp: 1 },
  { id: "bibelot", label: "Bibelot", hp: 2 },
  { id: "fenetre", label: "Fenêtre", hp: 3 },
  { id: "batonEpee", label: "Bâton, épée", hp: 4 },
  { id: "porteTableArmure", label: "Porte, table, armure", hp: 6 },
  { id: "meuble", label: "Meuble", hp: 8 },
  { id: "colonne10", label: "Colonne ou mur de 10 cm", hp: 12 },
  { id: "colonne20", label: "Colonne ou mur de 20 cm", hp: 24 },
] as const;

export type Material = "verreTissu" | "plastiqueCorde" | "bois" | "pierre" | "metal";
export const MATERIALS: Readonly<Record<Material, { label: string; protection: number }>> = {
  verreTissu: { label: "Verre, tissu", protection: 0 },
  plastiqueCorde: { label: "Plastique, câble, corde", protection: 1 },
  bois: { label: "Bois", protection: 2 },
  pierre: { label: "Pierre", protection: 3 },
  metal: { label: "Métal", protection: 4 },
};

/** Protection of an object by material; weapons and armour get one more. */
export function objectProtection(material: Material, weaponOrArmour = false): number {
  const m = MATERIALS[material];
  if (!m) throw new RangeError(`unknown material "${String(material)}"`);
  return m.protection + (weaponOrArmour ? 1 : 0);
}

/**
 * An object's single life line after a blow: the damage above the material's protection checks boxes, never more
 * than the line holds; `destroyed` once every box is checked.
 */
export function damageObject(
  hitPoints: number,
  damage: number,
  blow: number,
  protection: number,
): { damage: number; lost: number; destroyed: boolean } {
  for (const [name, v] of [
    ["hit points", hitPoints],
    ["damage", damage],
    ["blow", blow],
    ["protection", protection],
  ] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be an integer ≥ 0, got ${v}`);
  }
  const before = Math.min(damage, hitPoints);
  const next = Math.min(hitPoints, before + Math.max(0, blow - protection));
  return { damage: next, lost: next - before, destroyed: hitPoints > 0 && next >= hitPoints };
}

/** Clicking box `index` (1-based) of an object's line: checks up to it, or unchecks it when it is the last checked. */
export function clickObjectBox(hitPoints: number, damage: number, index: number): number {
  const current = Math.max(0, Math.min(hitPoints, damage));
  if (!Number.isInteger(index) || index < 1 || index > hitPoints) return current;
  return index === current ? index - 1 : index;
}

/** Damage of hitting battlefield elements after being dislodged (Déloger). */
export const DISLODGE_DAMAGE = [
  { id: "vitre", label: "Vitre", damage: 1 },
  { id: "mur", label: "Mur", damage: 2 },
  { id: "escaliers", label: "Escaliers (par 3 m de chute)", damage: 1 },
] as const;

/** What an attack does to one of its targets. */
export type HitReach = "full" | "half" | "none";

/**
 * A successful attack the target did not prevent hits in full. An area attack that failed, or that this target
 * prevented (a successful dodge), still costs the target half the damage (`areaMiss` in `attackDamage`); any other
 * failed or prevented attack does nothing.
 */
export function hitReach(attackSucceeded: boolean, area: boolean, prevented: boolean): HitReach {
  if (attackSucceeded && !prevented) return "full";
  return area ? "half" : "none";
}

export type FireSize = (typeof FIRE_DAMAGE)[number]["id"];

/** Harm outside an attack, as the GM applies it: a round in fire, a fall, one failed test against a continuous harm. */
export type HarmSource =
  | { readonly kind: "feu"; readonly size: FireSize; readonly protected: boolean }
  | { readonly kind: "chute"; readonly meters: number; readonly surface: FallSurface; readonly dodged: boolean }
  /** `amount` is the GM's pick within the aggression's range (ignored when its damage is fixed). */
  | { readonly kind: "continu"; readonly id: string; readonly amount?: number }
  /** Dislodged into the scenery (Déloger): a window, a wall, or stairs (`meters` fallen down them). */
  | { readonly kind: "deloger"; readonly id: DislodgeId; readonly meters?: number };

export type DislodgeId = (typeof DISLODGE_DAMAGE)[number]["id"];

/** Metres of stairs per hit point of a dislodged fall. */
export const DISLODGE_STAIRS_METERS = 3;

/** Hit points of being dislodged into an element: 1 for a window, 2 for a wall, 1 per full 3 m of stairs. */
export function dislodgeDamage(id: DislodgeId, meters = 0): number {
  const row = DISLODGE_DAMAGE.find((d) => d.id === id);
  if (!row) throw new RangeError(`unknown scenery element "${String(id)}"`);
  if (id !== "escaliers") return row.damage;
  if (!Number.isFinite(meters) || meters < 0) throw new RangeError(`metres must be a number ≥ 0, got ${meters}`);
  return row.damage * Math.floor(meters / DISLODGE_STAIRS_METERS);
}

/** Hit points a harm costs (armour does not count: only the fire outfit, for fire). */
export function harmDamage(source: HarmSource): number {
  switch (source.kind) {
    case "feu": {
      const row = FIRE_DAMAGE.find((f) => f.id === source.size);
      if (!row) throw new RangeError(`unknown fire size "${String(source.size)}"`);
      return Math.max(0, row.damage - (source.protected ? FIRE_PROTECTION : 0));
    }
    case "chute":
      return fallDamage(source.meters, source.surface, source.dodged);
    case "deloger":
      return dislodgeDamage(source.id, source.meters ?? 0);
    case "continu": {
      const row = CONTINUOUS_AGGRESSIONS.find((a) => a.id === source.id);
      if (!row) throw new RangeError(`unknown continuous harm "${source.id}"`);
      if (typeof row.damage === "number") return row.damage;
      const amount = source.amount ?? row.damage.min;
      if (!Number.isInteger(amount) || amount < row.damage.min || amount > row.damage.max) {
        throw new RangeError(`${row.label} costs ${row.damage.min} to ${row.damage.max}, got ${amount}`);
      }
      return amount;
    }
    default:
      throw new RangeError(`unknown harm "${String((source as { kind: unknown }).kind)}"`);
  }
}
