/** Exact odds of the resolution engine, from the multinomial weights of every sorted pool. */
import { type Distribution, fromWeights, map, odds, sortedPools } from "../shared/distribution";
import {
  BANDS,
  type Band,
  assertAdvantage,
  bandOf,
  cappedBonus,
  keepsInitiative,
  type AdvantageLevel,
} from "./resolution";
import { assertInteger } from "./validate";

/** A kept pair as one number (high × 16 + low), so the distribution keys compare by value. */
type PairKey = number;
const pairCache = new Map<AdvantageLevel, Distribution<PairKey>>();

/** Distribution of the two kept dice at an advantage level. */
export function keptPairDistribution(advantage: number): Distribution<PairKey> {
  assertAdvantage(advantage);
  const cached = pairCache.get(advantage);
  if (cached) return cached;
  const size = 2 + Math.abs(advantage);
  const weights: [PairKey, number][] = [];
  for (const [faces, ways] of sortedPools(size, 10)) {
    // faces are non-increasing
    const kept = advantage < 0 ? faces.slice(-2) : faces.slice(0, 2);
    weights.push([kept[0]! * 16 + kept[1]!, ways]);
  }
  const dist = fromWeights(weights);
  pairCache.set(advantage, dist);
  return dist;
}

/** Forgets the cached kept-pair distributions (benchmarks measure the cold computation with it). */
export function clearOddsCache(): void {
  pairCache.clear();
}

function unpack(key: PairKey): [number, number] {
  return [Math.floor(key / 16), key % 16];
}

export interface OddsInput {
  readonly advantage?: number;
  readonly bonus?: number;
  readonly surpass?: boolean;
}

function applied(bonus: number, surpass: boolean): number {
  assertInteger(bonus, "bonus");
  return cappedBonus(bonus + (surpass ? 1 : 0));
}

/** Exact probability of each band. */
export function bandOdds({ advantage = 0, bonus = 0, surpass = false }: OddsInput): Record<Band, number> {
  const add = applied(bonus, surpass);
  const dist = map(keptPairDistribution(advantage), (key) => {
    const kept = unpack(key);
    return bandOf(kept, kept[0] + kept[1] + add);
  });
  return odds(dist, BANDS);
}

/** Distribution of the full result (band, total, initiative) for display and tests. */
export function totalDistribution({ advantage = 0, bonus = 0, surpass = false }: OddsInput): Distribution {
  const add = applied(bonus, surpass);
  return map(keptPairDistribution(advantage), (key) => {
    const [a, b] = unpack(key);
    return a + b + add;
  });
}

/** Probability that the roller still holds the initiative afterwards. */
export function keepInitiativeOdds({ advantage = 0, bonus = 0, surpass = false }: OddsInput): number {
  const add = applied(bonus, surpass);
  let p = 0;
  for (const [key, q] of keptPairDistribution(advantage)) {
    const kept = unpack(key);
    const total = kept[0] + kept[1] + add;
    if (keepsInitiative(bandOf(kept, total), total)) p += q;
  }
  return p;
}

/** Distribution of the points a surpassed roll pours into a penchant (0 when the total stays at 20 or less). */
export function penchantPointsDistribution({ advantage = 0, bonus = 0 }: OddsInput): Distribution {
  const add = applied(bonus, true);
  return map(keptPairDistribution(advantage), (key) => {
    const [a, b] = unpack(key);
    return Math.max(0, a + b + add - 20);
  });
}
