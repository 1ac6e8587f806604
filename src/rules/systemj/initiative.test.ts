import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { initiativeOrder, initiativeTies, rankInitiative } from "./initiative";
import { isSuccess, resolveTest } from "./test";

describe("initiativeOrder", () => {
  it("failures go nearest miss first", () => {
    expect(
      initiativeOrder([
        { id: "far", roll: 90, score: 30 },
        { id: "near", roll: 70, score: 65 },
      ]),
    ).toEqual(["near", "far"]);
  });

  it("criticals, then successes by decreasing roll, then failures, then critical failures", () => {
    const order = initiativeOrder([
      { id: "fumble", roll: 0, score: 60 },
      { id: "miss-far", roll: 95, score: 50 },
      { id: "low", roll: 10, score: 60 },
      { id: "crit", roll: 42, score: 42 },
      { id: "high", roll: 58, score: 60 },
      { id: "miss-near", roll: 61, score: 60 },
      { id: "mid", roll: 30, score: 70 },
    ]);
    expect(order).toEqual(["crit", "high", "mid", "low", "miss-near", "miss-far", "fumble"]);
  });

  it("a critical beats a higher successful roll; two criticals go by score", () => {
    expect(
      initiativeOrder([
        { id: "a", roll: 80, score: 90 },
        { id: "b", roll: 20, score: 20 },
        { id: "c", roll: 35, score: 35 },
      ]),
    ).toEqual(["c", "b", "a"]);
  });

  it("applies a modifier to the Rapidité test", () => {
    expect(
      initiativeOrder([
        { id: "a", roll: 55, score: 50 },
        { id: "b", roll: 40, score: 50, modifier: -20 },
      ]),
    ).toEqual(["a", "b"]); // a misses 50 by 5, b misses 30 by 10: the nearest miss first
    expect(
      initiativeOrder([
        { id: "a", roll: 45, score: 50 },
        { id: "b", roll: 25, score: 50, modifier: -20 },
      ]),
    ).toEqual(["a", "b"]); // both succeed: decreasing roll
  });

  it("marks ties and keeps the order given", () => {
    const ranks = rankInitiative([
      { id: "x", roll: 40, score: 70 },
      { id: "y", roll: 40, score: 50 },
      { id: "z", roll: 0, score: 50 },
      { id: "w", roll: 0, score: 10 },
    ]);
    expect(ranks.map((r) => [r.id, r.rank, r.tied])).toEqual([
      ["x", 1, true],
      ["y", 1, true],
      ["z", 3, true],
      ["w", 3, true],
    ]);
  });

  it("rejects duplicate ids and impossible rolls", () => {
    expect(() =>
      initiativeOrder([
        { id: "a", roll: 1, score: 2 },
        { id: "a", roll: 3, score: 4 },
      ]),
    ).toThrow(RangeError);
    expect(() => initiativeOrder([{ id: "a", roll: 100, score: 4 }])).toThrow(RangeError);
  });

  const entries = fc.uniqueArray(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 4 }),
      roll: fc.integer({ min: 0, max: 99 }),
      score: fc.integer({ min: 0, max: 100 }),
    }),
    { selector: (e) => e.id, maxLength: 12 },
  );

  it("property: a permutation of the ids, successes before failures, successes by decreasing roll", () => {
    fc.assert(
      fc.property(entries, (list) => {
        const order = initiativeOrder(list);
        expect([...order].sort()).toEqual(list.map((e) => e.id).sort());
        const byId = new Map(list.map((e) => [e.id, { ...e, ...resolveTest(e) }]));
        const seq = order.map((id) => byId.get(id)!);
        for (let i = 1; i < seq.length; i++) {
          const a = seq[i - 1]!;
          const b = seq[i]!;
          if (!a.success) expect(b.success).toBe(false);
          if (a.outcome === "echecCritique") expect(b.outcome).toBe("echecCritique");
          if (b.outcome === "reussiteCritique") expect(a.outcome).toBe("reussiteCritique");
          if (
            isSuccess(a.outcome) &&
            isSuccess(b.outcome) &&
            a.outcome !== "reussiteCritique" &&
            b.outcome !== "reussiteCritique"
          )
            expect(a.roll).toBeGreaterThanOrEqual(b.roll);
        }
      }),
    );
  });
});

describe("initiativeTies", () => {
  it("names the entries sharing a place, none when all differ", () => {
    // Score 60: two 40s are the same moyenne success; a 35 and a fumble stand alone.
    expect(
      initiativeTies([
        { id: "a", roll: 40, score: 60 },
        { id: "b", roll: 35, score: 60 },
        { id: "c", roll: 40, score: 60 },
        { id: "d", roll: 0, score: 60 },
      ]),
    ).toEqual(["a", "c"]);
    expect(initiativeTies([{ id: "a", roll: 40, score: 60 }])).toEqual([]);
  });
  it("agrees with rankInitiative's tied flags", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 100 })), { maxLength: 6 }),
        (rows) => {
          const entries = rows.map(([roll, score], i) => ({ id: `e${i}`, roll, score }));
          const tied = new Set(initiativeTies(entries));
          for (const r of rankInitiative(entries)) expect(tied.has(r.id)).toBe(r.tied);
        },
      ),
    );
  });
});
