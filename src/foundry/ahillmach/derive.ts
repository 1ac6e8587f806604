/**
 * Derived data of the Ahill-Mach actors, pure (no Foundry global): the data models call these in
 * `prepareDerivedData`, the sheets and the bench reuse them. Stored data that the rules core would refuse (an HP
 * above the maximum after a level change, a stale scene) never throws here: it is clamped and reported in `warnings`.
 */
import { ahillmach } from "../../rules/index.ts";

type CharacteristicId = ahillmach.CharacteristicId;
const { CHARACTERISTIC_IDS } = ahillmach;

/** What derive reads of an owned item: any Foundry item has these. */
export interface ItemLike {
  id: string | null;
  name: string;
  type: string;
  system: unknown;
}

export interface PersonnageSource {
  classId: string;
  level: number;
  xp: number;
  creation: string;
  characteristics: Record<CharacteristicId, number>;
  hp: { value: number };
  states: Record<CharacteristicId, boolean>;
  lastTicked: string;
  penchant1: string;
  penchant2: string;
  scene: {
    active: boolean;
    mystique: number;
    uses: number;
    boosted: readonly string[];
    penchantIndex: number | null;
    penchant: number;
  };
}

export interface GearSummary {
  id: string;
  name: string;
  kind: string;
  bonus: number;
  damageDie: number;
  damageModifier: number;
  protection: number;
}

export interface MetierSummary {
  id: string;
  name: string;
  mastery: number;
}

export interface PersonnageDerived extends ahillmach.DerivedValues {
  /** States ticked, the last ticked one last. */
  ticked: CharacteristicId[];
  /** Index of the creation array the values match, −1 for none. */
  creationMatch: number;
  /** The chosen creation array is respected (always true for "libre"). */
  creationValid: boolean;
  metiers: MetierSummary[];
  gear: GearSummary[];
  /** Protection of the equipped gear. */
  protection: number;
  /** The equipped weapon that deals damage, or null (the sheet then asks for a die). */
  weapon: GearSummary | null;
  penchants: string[];
  surpass: {
    active: boolean;
    adjustedMystique: number;
    usesLeft: number;
    boosted: CharacteristicId[];
  };
  /** Localization keys of what the sheet should point out. */
  warnings: string[];
}

function num(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function clampInt(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

export function gearOf(items: Iterable<ItemLike>): GearSummary[] {
  const out: GearSummary[] = [];
  for (const item of items) {
    if (item.type !== "am-equipement") continue;
    const s = record(item.system);
    if (s.equipped === false) continue;
    out.push({
      id: item.id ?? "",
      name: item.name,
      kind: typeof s.kind === "string" ? s.kind : "objet",
      bonus: num(s.bonus),
      damageDie: Number(s.damageDie ?? 0) || 0,
      damageModifier: num(s.damageModifier),
      protection: num(s.protection),
    });
  }
  return out;
}

export function metiersOf(items: Iterable<ItemLike>): MetierSummary[] {
  const out: MetierSummary[] = [];
  for (const item of items) {
    if (item.type !== "am-metier") continue;
    const mastery = clampInt(num(record(item.system).mastery, 1), 1, 3);
    out.push({ id: item.id ?? "", name: item.name, mastery });
  }
  return out;
}

/** States as an ordered list: the stored booleans, with `lastTicked` moved to the end. */
export function tickedStates(states: Record<CharacteristicId, boolean>, lastTicked: string): CharacteristicId[] {
  const ticked = CHARACTERISTIC_IDS.filter((id) => states[id]);
  const last = ticked.find((id) => id === lastTicked);
  return last ? [...ticked.filter((id) => id !== last), last] : ticked;
}

export function derivePersonnage(source: PersonnageSource, items: Iterable<ItemLike>): PersonnageDerived {
  const warnings: string[] = [];
  const classId = (ahillmach.CLASS_IDS as readonly string[]).includes(source.classId)
    ? (source.classId as ahillmach.ClassId)
    : "guerrier";
  const characteristics = {} as Record<CharacteristicId, number>;
  for (const id of CHARACTERISTIC_IDS) {
    characteristics[id] = clampInt(num(source.characteristics[id]), ahillmach.CHARACTERISTIC_MIN, 4);
  }
  const level = clampInt(num(source.level, 1), ahillmach.MIN_LEVEL, ahillmach.MAX_LEVEL);
  const ticked = tickedStates(source.states, source.lastTicked);
  const maxHp = ahillmach.maxHp({ classId, con: characteristics.con, level });
  const hp = clampInt(num(source.hp.value), 0, maxHp);
  if (source.hp.value > maxHp) warnings.push("QUINTETTE.AhillMach.Warning.HpAboveMax");
  // Each point lost from 6 down ticks a state: fewer ticked than that means the player still has to tick some.
  const wounds = hp > 0 ? Math.max(0, ahillmach.WOUND_THRESHOLD - hp) : 0;
  if (ticked.length < wounds) warnings.push("QUINTETTE.AhillMach.Warning.StatesOwed");
  const penchants = [source.penchant1, source.penchant2].map((p) => p.trim()).filter(Boolean);
  if (!penchants.length) warnings.push("QUINTETTE.AhillMach.Warning.NoPenchant");
  const metiers = metiersOf(items);
  const base = ahillmach.derivedValues({
    classId,
    characteristics,
    level,
    xp: Math.max(0, Math.trunc(num(source.xp))),
    hp,
    ticked,
    metiers: metiers.map((m) => ({ name: m.name, mastery: m.mastery })),
  });
  if (base.levelUpDue) warnings.push("QUINTETTE.AhillMach.Warning.LevelUp");
  const creationMatch = ahillmach.creationArrayIndex(characteristics);
  const wanted = source.creation === "a" ? 0 : source.creation === "b" ? 1 : null;
  // Level-up raises (levels 3, 5, 7, 9) sit on top of the chosen array: the array stays chosen.
  const creationValid =
    wanted === null || ahillmach.fitsCreationArray(characteristics, wanted, ahillmach.characteristicIncreases(level));
  if (!creationValid) warnings.push("QUINTETTE.AhillMach.Warning.CreationArray");
  const gear = gearOf(items);
  const boosted = source.scene.boosted.filter((id): id is CharacteristicId => ahillmach.isCharacteristicId(id));
  const sceneMystique = clampInt(num(source.scene.mystique), -3, 4);
  const uses = Math.max(0, Math.trunc(num(source.scene.uses)));
  // Completes the rules core's fresh object: spreading it into a new one cost most of a personnage's derived data.
  return Object.assign(base, {
    ticked,
    creationMatch,
    creationValid,
    metiers,
    gear,
    protection: gear.reduce((sum, g) => sum + g.protection, 0),
    weapon: gear.find((g) => g.damageDie > 0) ?? null,
    penchants,
    surpass: {
      active: source.scene.active,
      adjustedMystique: source.scene.active ? sceneMystique - uses : base.effective.mys,
      usesLeft: source.scene.active ? Math.max(0, ahillmach.maxSurpassUses(sceneMystique) - uses) : base.maxSurpassUses,
      boosted: source.scene.active ? boosted : [],
    },
    warnings,
  });
}

/** The rules core's scene record from the stored one (a fresh scene when none is active). */
export function sceneOf(source: PersonnageSource, effectiveMystique: number): ahillmach.SurpassScene {
  if (!source.scene.active) return ahillmach.startScene(clampInt(effectiveMystique, -3, 4));
  return {
    mystique: clampInt(num(source.scene.mystique), -3, 4),
    uses: Math.max(0, Math.trunc(source.scene.uses)),
    boosted: source.scene.boosted.filter((id): id is CharacteristicId => ahillmach.isCharacteristicId(id)),
    penchantIndex: source.scene.penchantIndex,
    penchant: Math.max(0, Math.trunc(source.scene.penchant)),
  };
}

/** The stored form of a rules-core scene record. */
export function storedScene(scene: ahillmach.SurpassScene): Omit<PersonnageSource["scene"], "boosted"> & {
  boosted: CharacteristicId[];
} {
  return {
    active: true,
    mystique: scene.mystique,
    uses: scene.uses,
    boosted: [...scene.boosted],
    penchantIndex: scene.penchantIndex,
    penchant: scene.penchant,
  };
}

export interface OpposantSource {
  tier: string;
  size: string;
  protection: number;
  major: boolean;
  characteristics: Record<CharacteristicId, number>;
  physique: number | null;
  mental: number | null;
  hp: { value: number };
  side: string;
}

export interface OpposantDerived {
  stats: ahillmach.OpponentStatBlock;
  /** Odds that a morale roll (no help or hindrance) makes it flee. */
  fleeOdds: number;
  side: ahillmach.Side;
  hp: number;
}

export function opposantInput(source: OpposantSource): ahillmach.OpponentInput {
  const tier = (ahillmach.OPPONENT_TIERS.find((t) => t.id === source.tier)?.id ?? "fortune") as ahillmach.OpponentTier;
  const size = (ahillmach.OPPONENT_SIZES.find((s) => s.id === source.size)?.id ?? "normal") as ahillmach.OpponentSize;
  const protection = Math.max(0, Math.trunc(num(source.protection)));
  if (source.major) {
    const characteristics = {} as Record<CharacteristicId, number>;
    for (const id of CHARACTERISTIC_IDS) characteristics[id] = clampInt(num(source.characteristics[id]), -2, 4);
    return { tier, size, protection, characteristics };
  }
  return {
    tier,
    size,
    protection,
    ...(source.physique !== null ? { physique: clampInt(source.physique, -2, 4) } : {}),
    ...(source.mental !== null ? { mental: clampInt(source.mental, -2, 4) } : {}),
  };
}

/** Flee odds per morale bonus: a handful of values, each an exact distribution, computed once. */
const fleeOddsByBonus = new Map<number, number>();
function fleeOddsFor(mystique: number): number {
  let odds = fleeOddsByBonus.get(mystique);
  if (odds === undefined) fleeOddsByBonus.set(mystique, (odds = ahillmach.fleeOdds({ mystique })));
  return odds;
}

export function deriveOpposant(source: OpposantSource): OpposantDerived {
  const stats = ahillmach.opponentStatBlock(opposantInput(source));
  return {
    stats,
    fleeOdds: fleeOddsFor(stats.moraleBonus),
    side: source.side === "personnages" ? "personnages" : "opposants",
    hp: clampInt(num(source.hp.value), 0, stats.hp),
  };
}

/* ---------------------------------------------------------------- maximum HP from partial data */

type Partial1 = Record<string, unknown>;
const numOr = (value: unknown, fallback: number): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;

/** Defaults of a new personnage's schema (class, level, first creation array's CON). */
const PERSONNAGE_DEFAULTS = { classId: "guerrier", level: 1, con: 1 } as const;

/**
 * Maximum HP of an Ahill-Mach actor from (possibly partial) system data, the schema's defaults filling the gaps:
 * a personnage's class + CON + level, an opposant's tier, size and (major) CON. Null for another type.
 */
export function maxHpOf(type: string | undefined, system: Partial1): number | null {
  const characteristics = (system.characteristics ?? {}) as Partial1;
  if (type === "personnage") {
    const classId = (ahillmach.CLASS_IDS as readonly string[]).includes(String(system.classId))
      ? (system.classId as ahillmach.ClassId)
      : PERSONNAGE_DEFAULTS.classId;
    const con = clampInt(numOr(characteristics.con, PERSONNAGE_DEFAULTS.con), ahillmach.CHARACTERISTIC_MIN, 4);
    const level = clampInt(numOr(system.level, PERSONNAGE_DEFAULTS.level), ahillmach.MIN_LEVEL, ahillmach.MAX_LEVEL);
    return ahillmach.maxHp({ classId, con, level });
  }
  if (type === "opposant") {
    const chars = {} as Record<CharacteristicId, number>;
    for (const id of CHARACTERISTIC_IDS) chars[id] = numOr(characteristics[id], 0);
    const source: OpposantSource = {
      tier: typeof system.tier === "string" ? system.tier : "fortune",
      size: typeof system.size === "string" ? system.size : "normal",
      protection: numOr(system.protection, 0),
      major: system.major === true,
      characteristics: chars,
      physique: typeof system.physique === "number" ? system.physique : null,
      mental: typeof system.mental === "number" ? system.mental : null,
      hp: { value: 0 },
      side: "opposants",
    };
    return ahillmach.opponentStatBlock(opposantInput(source)).hp;
  }
  return null;
}

/**
 * The HP a form submission should store: when the edit changes the maximum and leaves HP alone, a creature at full
 * health stays at full health (rules core `hpAfterMaxChange`). Null: nothing to change.
 */
export function hpAfterEdit(
  type: string,
  stored: { system: Partial1; hp: number; max: number },
  submitted: Partial1,
): number | null {
  const hp = (submitted.hp ?? {}) as Partial1;
  if (typeof hp.value === "number" && hp.value !== stored.hp) return null; // the user set HP: keep it
  const characteristics = {
    ...((stored.system.characteristics ?? {}) as Partial1),
    ...((submitted.characteristics ?? {}) as Partial1),
  };
  const merged = { ...stored.system, ...submitted, characteristics };
  const newMax = maxHpOf(type, merged);
  if (newMax === null || newMax === stored.max) return null;
  return ahillmach.hpAfterMaxChange({ value: stored.hp, oldMax: stored.max, newMax });
}
