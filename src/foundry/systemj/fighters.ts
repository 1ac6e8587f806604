/**
 * What a fighter brings to an exchange, from its actor: combat scores from the rules core with the equipped cards'
 * ATT/DEF, and which defences its gear allows (parry needs a real weapon, block a real shield).
 */
import { systemj } from "../../rules/index.ts";
import {
  SystemJArmourModel,
  SystemJCreatureModel,
  SystemJObjectModel,
  SystemJPersonnageModel,
  SystemJWeaponModel,
  type SystemJActorModel,
} from "./models.ts";
import type { Fighter, WeaponData } from "./exchange.ts";
import { boundName } from "../trust/bound.ts";

const { WEAPON_FAMILIES, combatScores } = systemj;

export function systemOf(actor: { system: unknown } | null | undefined): SystemJActorModel | null {
  const sys = actor?.system;
  return sys instanceof SystemJPersonnageModel || sys instanceof SystemJCreatureModel ? sys : null;
}

export interface WeaponCard {
  id: string;
  name: string;
  system: SystemJWeaponModel;
}

interface ItemLike {
  id: string | null;
  name: string | null;
  system: unknown;
}

/** The weapon cards of an actor's items (shields included). */
export function weaponsOf(items: Iterable<ItemLike>): WeaponCard[] {
  const out: WeaponCard[] = [];
  for (const item of items) {
    if (item.system instanceof SystemJWeaponModel)
      out.push({ id: item.id ?? "", name: boundName(item), system: item.system });
  }
  return out;
}

export function armourOf(items: Iterable<ItemLike>): number {
  let total = 0;
  for (const item of items)
    if (item.system instanceof SystemJArmourModel && item.system.equipped) total += item.system.armourPoints;
  return total;
}

/** Whether the actor holds an object card marked fit for combat (improvised parry and block). */
export function holdsImprovised(items: Iterable<ItemLike>): boolean {
  for (const item of items) {
    if (item.system instanceof SystemJObjectModel && item.system.equipped && item.system.combatFit) return true;
  }
  return false;
}

/**
 * Equipped melee weapon with the best DEF (for parry), equipped shield with the best DEF (for block); an object fit
 * for combat in hand also allows both, without DEF (rules core `defenceGearOf`).
 */
export function defenceGear(weapons: readonly WeaponCard[], improvised = false) {
  const best = (family: string) =>
    weapons
      .filter((w) => w.system.equipped && w.system.family === family)
      .sort((a, b) => b.system.def - a.system.def)[0] ?? null;
  const parryWith = best("corpsACorps");
  const blockWith = best("bouclier");
  const g = systemj.defenceGearOf({
    weaponDef: parryWith?.system.def ?? null,
    shieldDef: blockWith?.system.def ?? null,
    improvised,
  });
  return {
    parryWith,
    blockWith,
    gear: { canParry: g.canParry, canBlock: g.canBlock } satisfies systemj.DefenderGear,
  };
}

export type Attributes = systemj.Attributes;

/** Score of a defence for this defender. */
export function defenceScore(
  attributes: Attributes,
  weapons: readonly WeaponCard[],
  kind: systemj.DefenceKind,
): number {
  const { parryWith, blockWith } = defenceGear(weapons);
  const scores = combatScores(attributes, { def: parryWith?.system.def ?? 0, shieldDef: blockWith?.system.def ?? 0 });
  return kind === "dodge" ? scores.dodge : kind === "parry" ? scores.parry : scores.block;
}

/** Attack score of a weapon (bare hands: melee in force), per its family's formula plus its ATT. */
export function attackScore(attributes: Attributes, weapon: WeaponCard | null, mode: systemj.AttackMode): number {
  if (mode === "meleeStealth") return combatScores(attributes).meleeStealth;
  if (!weapon) return combatScores(attributes).meleeForce;
  const family = WEAPON_FAMILIES.find((f) => f.id === weapon.system.family) ?? WEAPON_FAMILIES[0];
  const scores = combatScores(attributes, { att: weapon.system.att });
  return scores[family.score];
}

/** The attack mode a weapon fights in: its family's ranged flag, else melee in force. */
export function modeOfWeapon(weapon: WeaponCard | null): systemj.AttackMode {
  return weapon?.system.ranged ? "ranged" : "meleeForce";
}

export function weaponData(weapon: WeaponCard | null): WeaponData {
  return weapon
    ? { name: boundName(weapon), damage: weapon.system.damage, family: weapon.system.family }
    : { name: "", damage: systemj.BARE_HANDS_DAMAGE, family: "corpsACorps" };
}

/** The weapon a defender counter-attacks with: its first equipped melee weapon (hand order), else bare hands. */
export function counterWeapon(weapons: readonly WeaponCard[]): WeaponCard | null {
  return weapons.filter((w) => w.system.equipped && w.system.family === "corpsACorps")[0] ?? null;
}

export function fighter(actor: { uuid: string | null; name: string | null }): Fighter {
  return { uuid: actor.uuid ?? "", name: boundName(actor) };
}

export function attributesOf(model: SystemJActorModel): Attributes {
  const a = model.attributes;
  return { FOR: a.FOR, RES: a.RES, AGI: a.AGI, RAP: a.RAP, INT: a.INT, PER: a.PER, CHA: a.CHA };
}

/** A generic skill's score (0 when the entity lacks it, e.g. a créature's Parler). */
export function skillScore(model: SystemJActorModel, id: systemj.GenericSkillId): number {
  const skills = model.skills as Partial<Record<systemj.GenericSkillId, number>>;
  return skills[id] ?? 0;
}
