/**
 * Exact discrete probability distributions, the common ground of every rule set's odds.
 *
 * A distribution maps an outcome to its probability. Outcomes are usually numbers (die totals) but may be any
 * Map key (a band name, a degree of success). Probabilities are float64: exact up to rounding, never sampled.
 * Exploding dice have an infinite support; they are truncated once the remaining mass falls under a stated
 * precision, and that remaining mass is reported so callers can bound their error.
 */

export type Distribution<T = number> = ReadonlyMap<T, number>;

/** Default precision for exploding dice: the probability mass left out of a truncated distribution. */
export const DEFAULT_PRECISION = 1e-12;

/** Builds a distribution from weighted outcomes, merging equal outcomes and normalising the weights. */
export function fromWeights<T>(entries: Iterable<readonly [T, number]>): Distribution<T> {
  const out = new Map<T, number>();
  let total = 0;
  for (const [value, weight] of entries) {
    if (weight < 0 || !Number.isFinite(weight)) throw new RangeError(`invalid weight ${weight}`);
    if (weight === 0) continue;
    out.set(value, (out.get(value) ?? 0) + weight);
    total += weight;
  }
  if (total <= 0) throw new RangeError("a distribution needs a positive total weight");
  for (const [value, weight] of out) out.set(value, weight / total);
  return out;
}

/** A certain outcome. */
export function constant<T>(value: T): Distribution<T> {
  return new Map([[value, 1]]);
}

/** One fair die with faces 1…sides. */
export function die(sides: number): Distribution {
  assertSides(sides);
  const out = new Map<number, number>();
  for (let face = 1; face <= sides; face++) out.set(face, 1 / sides);
  return out;
}

/** Applies `fn` to every outcome; outcomes that map to the same value are merged. */
export function map<T, U>(dist: Distribution<T>, fn: (value: T) => U): Distribution<U> {
  const out = new Map<U, number>();
  for (const [value, p] of dist) {
    const key = fn(value);
    out.set(key, (out.get(key) ?? 0) + p);
  }
  return out;
}

/** Distribution of `fn(a, b)` for independent `a` and `b`. */
export function combine<A, B, U>(a: Distribution<A>, b: Distribution<B>, fn: (a: A, b: B) => U): Distribution<U> {
  const out = new Map<U, number>();
  for (const [va, pa] of a) {
    for (const [vb, pb] of b) {
      const key = fn(va, vb);
      out.set(key, (out.get(key) ?? 0) + pa * pb);
    }
  }
  return out;
}

/** Sum of independent numeric distributions. */
export function sum(...dists: Distribution[]): Distribution {
  return dists.reduce<Distribution>((acc, d) => combine(acc, d, (x, y) => x + y), constant(0));
}

/** Sum of `count` independent dice of `sides` faces. */
export function sumDice(count: number, sides: number): Distribution {
  return sum(...Array.from({ length: count }, () => die(sides)));
}

/** Adds a constant to every outcome. */
export function shift(dist: Distribution, delta: number): Distribution {
  return map(dist, (v) => v + delta);
}

/**
 * Sum of the `keep` highest of `count` dice of `sides` faces (`3d10kh2`). Computed by enumerating sorted pools
 * with their multinomial weights, so it stays exact and fast for the small pools tabletop games use.
 */
export function keepHighest(count: number, sides: number, keep: number): Distribution {
  return keepSum(count, sides, keep, "highest");
}

/** Sum of the `keep` lowest of `count` dice of `sides` faces (`3d10kl2`). */
export function keepLowest(count: number, sides: number, keep: number): Distribution {
  return keepSum(count, sides, keep, "lowest");
}

function keepSum(count: number, sides: number, keep: number, which: "highest" | "lowest"): Distribution {
  assertSides(sides);
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`invalid dice count ${count}`);
  if (!Number.isInteger(keep) || keep < 1 || keep > count) throw new RangeError(`cannot keep ${keep} of ${count}`);
  const out = new Map<number, number>();
  const total = sides ** count;
  for (const [faces, ways] of sortedPools(count, sides)) {
    // faces are in non-increasing order
    const kept = which === "highest" ? faces.slice(0, keep) : faces.slice(count - keep);
    const value = kept.reduce((a, b) => a + b, 0);
    out.set(value, (out.get(value) ?? 0) + ways / total);
  }
  return out;
}

/** Every multiset of `count` faces (non-increasing) with the number of ordered rolls that produce it. */
export function* sortedPools(count: number, sides: number): Generator<[number[], number]> {
  const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
  const faces: number[] = [];
  function* rec(max: number): Generator<[number[], number]> {
    if (faces.length === count) {
      const counts = new Map<number, number>();
      for (const f of faces) counts.set(f, (counts.get(f) ?? 0) + 1);
      let ways = factorial(count);
      for (const c of counts.values()) ways /= factorial(c);
      yield [[...faces], ways];
      return;
    }
    for (let f = max; f >= 1; f--) {
      faces.push(f);
      yield* rec(f);
      faces.pop();
    }
  }
  yield* rec(sides);
}

/**
 * Enumerates every ordered roll of the given dice (`[12, 12]` is two d12) and tallies `fn` of the faces.
 * Brute force: use it for small pools, for categorical outcomes, and as the reference in tests.
 */
export function enumerate<T>(sides: readonly number[], fn: (faces: number[]) => T): Distribution<T> {
  sides.forEach(assertSides);
  const total = sides.reduce((a, b) => a * b, 1);
  const out = new Map<T, number>();
  const faces = new Array<number>(sides.length).fill(1);
  for (let i = 0; i < total; i++) {
    let rest = i;
    for (let d = 0; d < sides.length; d++) {
      const s = sides[d]!;
      faces[d] = (rest % s) + 1;
      rest = Math.floor(rest / s);
    }
    const key = fn([...faces]);
    out.set(key, (out.get(key) ?? 0) + 1 / total);
  }
  return out;
}

export interface ExplodingDistribution extends Distribution {
  /** Probability mass of the chains longer than the truncation, left out of the map. */
  readonly truncatedMass: number;
}

/**
 * One die that explodes on its highest face (roll again and add, as long as it comes up): `1d12x`.
 * The chain is followed until the probability of going on is below `precision`.
 */
export function explodingDie(sides: number, precision = DEFAULT_PRECISION): ExplodingDistribution {
  assertSides(sides);
  if (sides < 2) throw new RangeError("an exploding die needs at least two faces");
  if (!(precision > 0 && precision < 1)) throw new RangeError(`invalid precision ${precision}`);
  const out = new Map<number, number>();
  let chainProbability = 1; // probability that all previous dice showed the top face
  let base = 0;
  while (chainProbability >= precision) {
    for (let face = 1; face < sides; face++) out.set(base + face, chainProbability / sides);
    chainProbability /= sides;
    base += sides;
  }
  return Object.assign(out, { truncatedMass: chainProbability });
}

/** Probability of the outcomes that satisfy `predicate`. */
export function probability<T>(dist: Distribution<T>, predicate: (value: T) => boolean): number {
  let p = 0;
  for (const [value, q] of dist) if (predicate(value)) p += q;
  return p;
}

/** Total mass of a distribution (1 for a complete one). */
export function mass<T>(dist: Distribution<T>): number {
  let p = 0;
  for (const q of dist.values()) p += q;
  return p;
}

/** Expected value of a numeric distribution. */
export function expectation(dist: Distribution): number {
  let e = 0;
  for (const [value, p] of dist) e += value * p;
  return e;
}

/** The probability of each listed outcome, zero for those that cannot happen, in the order given. */
export function odds<K extends string>(dist: Distribution<K>, keys: readonly K[]): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const key of keys) out[key] = dist.get(key) ?? 0;
  return out;
}

function assertSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < 1) throw new RangeError(`invalid number of faces ${sides}`);
}
