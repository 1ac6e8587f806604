import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  combine,
  constant,
  die,
  enumerate,
  expectation,
  explodingDie,
  fromWeights,
  keepHighest,
  keepLowest,
  map,
  mass,
  odds,
  probability,
  shift,
  sortedPools,
  sum,
  sumDice,
} from "./distribution";

const close = (a: number, b: number, eps = 1e-12) => expect(Math.abs(a - b)).toBeLessThan(eps);

function expectSameDistribution(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>) {
  const keys = new Set([...a.keys(), ...b.keys()]);
  for (const k of keys) close(a.get(k) ?? 0, b.get(k) ?? 0);
}

describe("die and sums", () => {
  it("a d6 is uniform", () => {
    const d = die(6);
    expect([...d.keys()]).toEqual([1, 2, 3, 4, 5, 6]);
    for (const p of d.values()) close(p, 1 / 6);
  });

  it("2d6 matches brute-force enumeration", () => {
    expectSameDistribution(
      sumDice(2, 6),
      enumerate([6, 6], (f) => f[0]! + f[1]!),
    );
    close(sumDice(2, 6).get(7)!, 6 / 36);
  });

  it("sum of mixed dice equals enumeration (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }), (sides) => {
        const fast = sum(...sides.map(die));
        const brute = enumerate(sides, (f) => f.reduce((a, b) => a + b, 0));
        expectSameDistribution(fast, brute);
        close(mass(fast), 1);
      }),
    );
  });

  it("shift, map, combine and constant behave", () => {
    expect(shift(die(4), 10).get(14)).toBeCloseTo(0.25);
    expect(map(die(6), (v) => (v % 2 === 0 ? "pair" : "impair")).get("pair")).toBeCloseTo(0.5);
    expect(combine(constant(2), constant(3), (a, b) => a * b).get(6)).toBe(1);
    close(expectation(sumDice(3, 6)), 10.5);
  });

  it("fromWeights normalises and rejects bad input", () => {
    const d = fromWeights([
      ["a", 1],
      ["b", 3],
      ["a", 0],
    ]);
    close(d.get("a")!, 0.25);
    expect(() => fromWeights([["a", -1]])).toThrow(RangeError);
    expect(() => fromWeights([])).toThrow(RangeError);
    expect(() => die(0)).toThrow(RangeError);
  });

  it("odds lists every key, zero for impossible ones", () => {
    const d = map(die(2), (v) => (v === 1 ? "low" : "high"));
    expect(odds(d, ["low", "high", "never"] as const)).toEqual({ low: 0.5, high: 0.5, never: 0 });
  });
});

describe("keep highest / lowest", () => {
  it("3d10kh2 matches enumeration", () => {
    const brute = enumerate([10, 10, 10], (f) => {
      const s = [...f].sort((a, b) => b - a);
      return s[0]! + s[1]!;
    });
    expectSameDistribution(keepHighest(3, 10, 2), brute);
  });

  it("keep-highest and keep-lowest equal enumeration for every small pool (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 1, max: 4 }),
        (count, sides, keepRaw) => {
          const keep = Math.min(keepRaw, count);
          const sorted = (f: number[]) => [...f].sort((a, b) => b - a);
          expectSameDistribution(
            keepHighest(count, sides, keep),
            enumerate(Array(count).fill(sides), (f) =>
              sorted(f)
                .slice(0, keep)
                .reduce((a, b) => a + b, 0),
            ),
          );
          expectSameDistribution(
            keepLowest(count, sides, keep),
            enumerate(Array(count).fill(sides), (f) =>
              sorted(f)
                .slice(count - keep)
                .reduce((a, b) => a + b, 0),
            ),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("sorted pools count every ordered roll once", () => {
    let ways = 0;
    for (const [, w] of sortedPools(4, 10)) ways += w;
    expect(ways).toBe(10 ** 4);
    expect(() => keepHighest(2, 10, 3)).toThrow(RangeError);
  });
});

describe("exploding die", () => {
  it("1d12x: faces below 12 keep their plain chance, 12 itself never stays", () => {
    const d = explodingDie(12);
    close(d.get(5)!, 1 / 12);
    expect(d.has(12)).toBe(false);
    close(d.get(17)!, 1 / 144); // 12 then 5
    close(d.get(24 + 1)!, 1 / 12 ** 3); // 12, 12, 1
  });

  it("truncation leaves less than the stated precision, and the mass adds up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), fc.integer({ min: 3, max: 14 }), (sides, exp) => {
        const precision = 10 ** -exp;
        const d = explodingDie(sides, precision);
        expect(d.truncatedMass).toBeLessThan(precision);
        close(mass(d) + d.truncatedMass, 1, 1e-12);
      }),
    );
  });

  it("matches a brute-force enumeration of chains up to three dice", () => {
    // Enumerate three d6; the chain stops at the first face below 6. Chains of three sixes are the truncated part.
    const brute = new Map<number, number>();
    const walk = (total: number, p: number, depth: number) => {
      for (let f = 1; f <= 6; f++) {
        if (f < 6) brute.set(total + f, (brute.get(total + f) ?? 0) + p / 6);
        else if (depth < 3) walk(total + 6, p / 6, depth + 1);
      }
    };
    walk(0, 1, 1);
    const d = explodingDie(6, 1 / 6 ** 3 + 1e-15);
    expectSameDistribution(d, brute);
    close(
      probability(d, (v) => v > 6),
      1 / 6 - 1 / 6 ** 3,
    );
  });
});
