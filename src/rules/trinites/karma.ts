/** Karma: the Deva's Lumière, the Archonte's Ténèbres, the Adam' Karma that follows, spending and refills. */

import type { AdamKarmaType } from "./test";

export const KARMA_MAX = 12;
export type KarmaKind = "lumiere" | "tenebres";
export type KarmaPool = "deva" | "archonte" | "adam";

function assertKarma(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > KARMA_MAX) {
    throw new RangeError(`${name} Karma must be an integer from 0 to ${KARMA_MAX}, got ${value}`);
  }
}

/** The stronger spirit's Karma spills over the Adam': its kind and the difference. */
export function adamKarma(deva: number, archonte: number): { type: AdamKarmaType; value: number } {
  assertKarma("Deva", deva);
  assertKarma("Archonte", archonte);
  if (deva > archonte) return { type: "lumiere", value: deva - archonte };
  if (archonte > deva) return { type: "tenebres", value: archonte - deva };
  return { type: "aucun", value: 0 };
}

/** Kind of the Karma a pool holds. */
export function poolKind(pool: KarmaPool, adamType: AdamKarmaType): KarmaKind | null {
  if (pool === "deva") return "lumiere";
  if (pool === "archonte") return "tenebres";
  return adamType === "aucun" ? null : adamType;
}

/** Permanent scores (maxima of the reserves) and current reserves (the temporary scores). */
export interface KarmaScores {
  readonly deva: number;
  readonly archonte: number;
}
export type KarmaReserves = Readonly<Record<KarmaPool, number>>;
export interface RoundSpending {
  readonly lumiere: number;
  readonly tenebres: number;
}

/** Maxima of the three reserves. */
export function karmaMaxima(scores: KarmaScores): KarmaReserves {
  return { deva: scores.deva, archonte: scores.archonte, adam: adamKarma(scores.deva, scores.archonte).value };
}

/** At most one point of each kind per combat round. */
export const COMBAT_ROUND_LIMIT: RoundSpending = { lumiere: 1, tenebres: 1 };

/**
 * Spends `points` from one reserve. In combat, `spentThisRound` counts what was already spent this round and the
 * one-Lumière-one-Ténèbres limit applies. Throws when the reserve or the limit does not allow it.
 */
export function spendKarma(
  scores: KarmaScores,
  reserves: KarmaReserves,
  pool: KarmaPool,
  points = 1,
  combat: { readonly spentThisRound: RoundSpending } | null = null,
): { reserves: KarmaReserves; spentThisRound: RoundSpending; kind: KarmaKind } {
  const max = karmaMaxima(scores);
  for (const p of ["deva", "archonte", "adam"] as const) {
    if (!Number.isInteger(reserves[p]) || reserves[p] < 0 || reserves[p] > max[p]) {
      throw new RangeError(`the ${p} reserve must be an integer from 0 to ${max[p]}, got ${reserves[p]}`);
    }
  }
  if (!Number.isInteger(points) || points < 1) throw new RangeError(`Karma points must be an integer ≥ 1`);
  const kind = poolKind(pool, adamKarma(scores.deva, scores.archonte).type);
  if (kind === null) throw new RangeError("an Adam' without Karma has nothing to spend");
  if (reserves[pool] < points) throw new RangeError(`the ${pool} reserve holds only ${reserves[pool]}`);
  const spent = combat?.spentThisRound ?? { lumiere: 0, tenebres: 0 };
  const after = { ...spent, [kind]: spent[kind] + points };
  if (combat && after[kind] > COMBAT_ROUND_LIMIT[kind]) {
    throw new RangeError(`in combat, at most one ${kind} point per round`);
  }
  return { reserves: { ...reserves, [pool]: reserves[pool] - points }, spentThisRound: after, kind };
}

/** Dawn refills the Lumière reserves (Deva, and the Adam' if Lumière); dusk the Ténèbres ones. */
export function refillKarma(
  scores: KarmaScores,
  reserves: KarmaReserves,
  moment: "aube" | "crepuscule",
): KarmaReserves {
  const max = karmaMaxima(scores);
  const kind: KarmaKind = moment === "aube" ? "lumiere" : "tenebres";
  const adamType = adamKarma(scores.deva, scores.archonte).type;
  const out = { ...reserves };
  for (const pool of ["deva", "archonte", "adam"] as const) {
    if (poolKind(pool, adamType) === kind) out[pool] = max[pool];
  }
  return out;
}

/**
 * Whether one point of `kind` can be spent now: a reserve of that kind holds one (the spirit's, or the Adam' when its
 * Karma is of that kind) and, in combat, the round's point of that kind is still unspent.
 */
export function canSpendKind(
  scores: KarmaScores,
  reserves: KarmaReserves,
  kind: KarmaKind,
  spentThisRound: RoundSpending | null = null,
): boolean {
  const max = karmaMaxima(scores);
  const held = (pool: KarmaPool) => Math.min(reserves[pool], max[pool]) > 0;
  const adamType = adamKarma(scores.deva, scores.archonte).type;
  const available = held(kind === "lumiere" ? "deva" : "archonte") || (adamType === kind && held("adam"));
  return available && (!spentThisRound || spentThisRound[kind] < COMBAT_ROUND_LIMIT[kind]);
}

/**
 * While nothing is spent (a reserve at its score, as when a Trinité is being built), the reserve follows a new
 * score: the new reserves after the scores move from `before` to `after`. A reserve below its score keeps its value
 * (points were spent), capped at the new maximum.
 */
export function reservesFollowScores(before: KarmaScores, reserves: KarmaReserves, after: KarmaScores): KarmaReserves {
  const was = karmaMaxima(before);
  const now = karmaMaxima(after);
  const out = { ...reserves };
  for (const pool of ["deva", "archonte", "adam"] as const) {
    out[pool] = reserves[pool] >= was[pool] ? now[pool] : Math.min(reserves[pool], now[pool]);
  }
  return out;
}
