/** Impact points, damage after armour, endurance damage, wound thresholds and what wounds do. */
import { assertInteger, assertNonNegative, assertQuality, roundHalfUp } from "./validate";

/** Extra PI from strength: +1 per full `step` points of FO above `threshold` (PI/FO "13/2"), never negative. */
export function strengthBonus(input: { fo: number; threshold: number; step: number }): number {
  assertQuality("fo", input.fo);
  assertNonNegative("threshold", input.threshold);
  assertInteger("step", input.step);
  if (input.step < 1) throw new RangeError(`step must be at least 1, got ${input.step}`);
  return Math.max(0, Math.floor((input.fo - input.threshold) / input.step));
}

/** Damage points taken from EV: PI − PR, never below 0. A critical attack doubles the PI before armour. */
export function damage(input: { pi: number; pr: number; critical?: boolean }): number {
  assertNonNegative("pi", input.pi);
  assertNonNegative("pr", input.pr);
  const pi = input.critical ? 2 * input.pi : input.pi;
  return Math.max(0, pi - input.pr);
}

/** PI(End): PI(End) − PR comes off Endurance, and half of it (rounded down) off EV as real damage. */
export function enduranceDamage(input: { piEnd: number; pr: number }): { endurance: number; ev: number } {
  const endurance = damage({ pi: input.piEnd, pr: input.pr });
  return { endurance, ev: Math.floor(endurance / 2) };
}

/** Attack kinds that move the wound thresholds. */
export type WoundAttackKind = "normal" | "carreau" | "coupCible" | "sansArme" | "coupDuPlat" | "piEnd";

export const WOUND_ATTACK_MODIFIERS: Readonly<Record<WoundAttackKind, number>> = {
  normal: 0,
  carreau: -2, // crossbow bolts wound more easily
  coupCible: -2,
  sansArme: 2, // unarmed blows wound less easily
  coupDuPlat: 2,
  piEnd: 2,
};

/**
 * What an attacker may declare for one blow: a plain blow, a Coup Ciblé (thresholds −2), a Coup du Plat (PI(End),
 * thresholds +2) or an unarmed blow (PI(End), thresholds +2). A PI(End) blow's +2 is the one the source states for
 * unarmed blows and the Coup du Plat, counted once.
 */
export type AttackKind = "normal" | "coupCible" | "coupDuPlat" | "sansArme";

export const ATTACK_KINDS: Readonly<Record<AttackKind, { wound: WoundAttackKind; endurance: boolean }>> = {
  normal: { wound: "normal", endurance: false },
  coupCible: { wound: "coupCible", endurance: false },
  coupDuPlat: { wound: "coupDuPlat", endurance: true },
  sansArme: { wound: "sansArme", endurance: true },
};

/** Kinds a weapon blow may be declared as; an unarmed fighter only strikes unarmed. */
export const WEAPON_ATTACK_KINDS: readonly AttackKind[] = ["normal", "coupCible", "coupDuPlat"];

/** Total shift of the three thresholds: En Fer +2, Os de Verre −2, plus every attack kind, all cumulative. */
export function woundThresholdModifier(input: {
  enFer?: boolean;
  osDeVerre?: boolean;
  attacks?: readonly WoundAttackKind[];
}): number {
  let m = (input.enFer ? 2 : 0) - (input.osDeVerre ? 2 : 0);
  for (const kind of input.attacks ?? []) m += WOUND_ATTACK_MODIFIERS[kind];
  return m;
}

/** The three thresholds: CN/2, CN and 1.5 × CN (rounded half up), each shifted by `modifier`. */
export function woundThresholds(input: { cn: number; modifier?: number }): [number, number, number] {
  assertQuality("cn", input.cn);
  const m = input.modifier ?? 0;
  assertInteger("modifier", m);
  return [roundHalfUp(input.cn / 2) + m, input.cn + m, roundHalfUp(1.5 * input.cn) + m];
}

/** Wounds from one blow: one per threshold the damage exceeds (0…3). No damage never wounds. */
export function wounds(input: { damage: number; cn: number; modifier?: number }): 0 | 1 | 2 | 3 {
  assertNonNegative("damage", input.damage);
  const t = woundThresholds(input);
  if (input.damage === 0) return 0;
  return t.filter((threshold) => input.damage > threshold).length as 0 | 1 | 2 | 3;
}

export interface WoundEffects {
  atBase: number;
  prdBase: number;
  distance: number;
  iniBase: number;
  ag: number;
  vitesse: number;
}

/** Changes caused by a number of wounds: −2 each to AT base, PRD base, Distance, INI base and AG; −1 Vitesse. */
export function woundEffects(count: number): WoundEffects {
  assertNonNegative("wounds", count);
  const d = -2 * count;
  return { atBase: d, prdBase: d, distance: d, iniBase: d, ag: d, vitesse: -count };
}

export interface HitResult {
  /** Damage taken from EV (for PI(End), the half of the endurance damage). */
  damage: number;
  /** Damage taken from Endurance (PI(End) blows only; 0 otherwise). */
  endurance: number;
  /** Wounds from the thresholds. */
  wounds: number;
  /** 1 when a critical attack's serious wound applies (and was not shrugged off with Volonté). */
  seriousWound: 0 | 1;
  /** Total wounds to record. */
  totalWounds: number;
  /** Difficulty of the Volonté check that ignores the serious wound: harder by the damage. */
  volonteModifier: number;
}

/**
 * Everything a landed blow does to the defender. A critical attack doubles the PI and adds one serious wound,
 * whose effects (those of a wound) the victim may ignore with a Volonté check harder by the damage
 * (`volonteSuccess`). A blow fully stopped by armour inflicts no serious wound.
 */
export function resolveHit(input: {
  pi: number;
  pr: number;
  cn: number;
  modifier?: number;
  critical?: boolean;
  volonteSuccess?: boolean;
  /** PI(End): the PI − PR come off Endurance and half of them off EV (the wounds count on that half). */
  endurance?: boolean;
}): HitResult {
  const pi = input.critical ? 2 * input.pi : input.pi;
  const end = input.endurance ? enduranceDamage({ piEnd: pi, pr: input.pr }) : null;
  const dmg = end ? end.ev : damage({ pi: input.pi, pr: input.pr, critical: input.critical ?? false });
  const w = wounds({ damage: dmg, cn: input.cn, modifier: input.modifier ?? 0 });
  const seriousWound: 0 | 1 = input.critical && dmg > 0 && !input.volonteSuccess ? 1 : 0;
  return {
    damage: dmg,
    endurance: end?.endurance ?? 0,
    wounds: w,
    seriousWound,
    totalWounds: w + seriousWound,
    volonteModifier: dmg,
  };
}
