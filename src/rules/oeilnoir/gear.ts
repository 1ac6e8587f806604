/** Ranged attacks and shields: the adapter's remaining combat values (RULES.md §3, decisions in docs/rules/oeilnoir.md). */
import { woundEffects } from "./damage";
import { assertInteger, assertNonNegative } from "./validate";

export type RangedSkillKey = "arcs" | "arbaletes" | "armesDeJet";

/** Ranged skills put every point on attack; crossbow bolts wound more easily (threshold −2). */
export const RANGED_SKILLS: Readonly<Record<RangedSkillKey, { key: RangedSkillKey; label: string; bolt: boolean }>> = {
  arcs: { key: "arcs", label: "Arcs", bolt: false },
  arbaletes: { key: "arbaletes", label: "Arbalètes", bolt: true },
  armesDeJet: { key: "armesDeJet", label: "Armes de jet", bolt: false },
};

/** Ranged attack value: Distance base (−2 per wound) + every skill point + the weapon's modifier. */
export function rangedAttackValue(input: {
  distance: number;
  points: number;
  wounds?: number;
  weapon?: number;
}): number {
  assertInteger("distance", input.distance);
  assertNonNegative("points", input.points);
  const weapon = input.weapon ?? 0;
  assertInteger("weapon", weapon);
  return input.distance + woundEffects(input.wounds ?? 0).distance + input.points + weapon;
}

export interface ShieldModifiers {
  at: number;
  prd: number;
  ini: number;
}

/**
 * A shield carried with a melee weapon: its AT, PRD and INI modifiers add to the weapon's values (our reading; the
 * source only lists the shield among the items). Two shields do not stack: the best parry counts.
 */
export function shieldModifiers(shields: readonly ShieldModifiers[]): ShieldModifiers {
  let best: ShieldModifiers | null = null;
  for (const s of shields) {
    assertInteger("shield at", s.at);
    assertInteger("shield prd", s.prd);
    assertInteger("shield ini", s.ini);
    if (!best || s.prd > best.prd) best = s;
  }
  return best ? { ...best } : { at: 0, prd: 0, ini: 0 };
}

/** The Volonté check against a critical hit's serious wound (or to stay up at EV 1…5): D20 ≤ Volonté − damage. */
export function volonteTarget(input: { volonte: number; difficulty: number }): number {
  assertNonNegative("volonte", input.volonte);
  assertInteger("difficulty", input.difficulty);
  return input.volonte - input.difficulty;
}
