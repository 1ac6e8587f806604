import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { enumerate } from "../shared/distribution";
import {
  confrontationOdds,
  groupInitiativeOdds,
  initiativeOdds,
  outcomeDistribution,
  singleDieChance,
  successChance,
} from "./odds";
import { confront, resolveTest, testModifier } from "./test";

/** Every chain with up to 3 explosions, with its probability; one long chain stands for the rest (all succeed). */
function chains(): { dice: number[]; p: number }[] {
  const out: { dice: number[]; p: number }[] = [];
  for (let k = 0; k <= 3; k++) {
    for (let f = 1; f <= 11; f++) out.push({ dice: [...Array<number>(k).fill(12), f], p: 12 ** -(k + 1) });
  }
  out.push({ dice: [12, 12, 12, 12, 1], p: 12 ** -4 });
  return out;
}

/** Brute force through resolveTest itself: one die, or two dice with the better pick. */
function bruteForce(score: number, difficulty: number, dice: 1 | 2): number {
  const all = chains();
  let p = 0;
  if (dice === 1) {
    for (const c of all) if (resolveTest({ dice: c.dice, score, difficulty }).success) p += c.p;
    return p;
  }
  for (const a of all) {
    for (const b of all) {
      const ok =
        resolveTest({ dice: a.dice, score, difficulty }).success ||
        resolveTest({ dice: b.dice, score, difficulty }).success;
      if (ok) p += a.p * b.p;
    }
  }
  return p;
}

/** Closed form: P(natural ≥ t) for t ≥ 2 is (13 − j)/12 × 12^−k with t = 12k + j, j in 1…12. */
function closedForm(modifier: number): number {
  const t = Math.max(2, 12 - modifier);
  const k = Math.floor((t - 1) / 12);
  const j = t - 12 * k;
  return ((13 - j) / 12) * 12 ** -k;
}

describe("successChance", () => {
  it("hand values for one die", () => {
    expect(successChance({ score: 0, dice: 1 })).toBeCloseTo(1 / 12, 12); // only an explosion
    expect(successChance({ score: 7, dice: 1 })).toBeCloseTo(8 / 12, 12); // 5…11 and 12
    expect(successChance({ score: 30, dice: 1 })).toBeCloseTo(11 / 12, 12); // all but the natural 1
    expect(successChance({ score: -1, dice: 1 })).toBeCloseTo(1 / 12, 12); // 12, then anything: 13+
    // 14+: a 12 then 2…11, or a 12 then a 12
    expect(successChance({ score: -2, dice: 1 })).toBeCloseTo((1 / 12) * (10 / 12) + 1 / 144, 12);
  });
  it("hand values for two dice: 1 − (1 − p)²", () => {
    expect(successChance({ score: 7, dice: 2 })).toBeCloseTo(1 - (4 / 12) ** 2, 12);
    expect(successChance({ score: 0, dice: 2 })).toBeCloseTo(1 - (11 / 12) ** 2, 12);
    expect(successChance({ score: 30, dice: 2 })).toBeCloseTo(1 - (1 / 12) ** 2, 12);
  });
  it("matches the brute force through resolveTest, every score −20…20 and difficulty", () => {
    for (let score = -20; score <= 20; score++) {
      for (const difficulty of [6, 3, 0, -3, -6, -9]) {
        expect(successChance({ score, difficulty, dice: 1 })).toBeCloseTo(bruteForce(score, difficulty, 1), 12);
        expect(successChance({ score, difficulty, dice: 1 })).toBeCloseTo(closedForm(score + difficulty), 12);
      }
    }
  });
  it("matches the brute force for two dice on a sample", () => {
    for (const [score, difficulty] of [
      [7, 0],
      [0, -3],
      [-10, -9],
      [15, 6],
      [-20, -9],
    ] as const) {
      expect(successChance({ score, difficulty, dice: 2 })).toBeCloseTo(bruteForce(score, difficulty, 2), 12);
    }
  });
  it("matches a plain enumeration of two d12 when no explosion matters", () => {
    // modifier 5: success needs a natural 7…11 or any explosion, so one face ≥ 7 on either die
    const p = enumerate([12, 12], ([a, b]) => a! >= 7 || b! >= 7).get(true) ?? 0;
    expect(successChance({ score: 5, dice: 2 })).toBeCloseTo(p, 12);
  });
  it("counts free actions and the retry rule", () => {
    expect(successChance({ score: 7, dice: 1, freeActions: 2 })).toBeCloseTo(successChance({ score: 4, dice: 1 }), 12);
    expect(successChance({ score: 7, dice: 1, previousFailures: 1 })).toBeCloseTo(
      successChance({ score: 4, dice: 1 }),
      12,
    );
    expect(successChance({ score: 7, dice: 2, previousFailures: 2 })).toBe(0);
  });
  it("rejects bad dice counts", () => {
    expect(() => successChance({ score: 1, dice: 3 as 1 })).toThrow(RangeError);
  });
  it("property: monotone in the score, never above 11/12 for one die, two dice = 1 − (1 − p)²", () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -9, max: 6 }), (score, difficulty) => {
        const p = successChance({ score, difficulty, dice: 1 });
        const q = successChance({ score: score + 1, difficulty, dice: 1 });
        expect(q).toBeGreaterThanOrEqual(p);
        expect(p).toBeLessThanOrEqual(11 / 12 + 1e-15);
        expect(p).toBeGreaterThan(0);
        const two = successChance({ score, difficulty, dice: 2 });
        expect(two).toBeCloseTo(1 - (1 - p) ** 2, 12);
        expect(two).toBeGreaterThanOrEqual(p);
      }),
    );
  });
  it("outcome distribution sums to 1 with a natural-1 share of 1/12", () => {
    const d = outcomeDistribution(4);
    expect(d.get("echecNaturel")).toBeCloseTo(1 / 12, 12);
    expect((d.get("reussite") ?? 0) + (d.get("echec") ?? 0) + (d.get("echecNaturel") ?? 0)).toBeCloseTo(1, 10);
    expect(d.get("reussite")).toBeCloseTo(singleDieChance(4), 12);
  });
});

describe("confrontationOdds", () => {
  /** Brute force over chains through resolveTest and confront. */
  function brute(sa: number, da: 1 | 2, sb: number, db: 1 | 2, preventer?: "a" | "b") {
    const all = chains();
    const best = (dice: number[][], score: number) => {
      const rs = dice.map((d) => resolveTest({ dice: d, score }));
      const ok = rs.filter((r) => r.success);
      return ok.length ? { final: Math.max(...ok.map((r) => r.final)), success: true } : { final: 0, success: false };
    };
    const pairs = (n: 1 | 2) =>
      n === 1
        ? all.map((c) => ({ dice: [c.dice], p: c.p }))
        : all.flatMap((c) => all.map((e) => ({ dice: [c.dice, e.dice], p: c.p * e.p })));
    const out = { a: 0, b: 0, egalite: 0, aucun: 0 };
    for (const x of pairs(da)) {
      const ra = best(x.dice, sa);
      for (const y of pairs(db)) out[confront(ra, best(y.dice, sb), { preventer })] += x.p * y.p;
    }
    return out;
  }
  it("matches the brute force through confront", () => {
    for (const [sa, da, sb, db, preventer] of [
      [5, 1, 3, 1, undefined],
      [8, 2, 6, 1, "b"],
      [4, 1, 4, 2, "a"],
    ] as const) {
      const exact = confrontationOdds({ score: sa, dice: da }, { score: sb, dice: db }, { preventer });
      const b = brute(sa, da, sb, db, preventer);
      // the brute force lumps chains beyond 3 explosions into one: its error is below 12^-4 per die
      for (const k of ["a", "b", "egalite", "aucun"] as const) expect(Math.abs(exact[k] - b[k])).toBeLessThan(5e-4);
    }
  });
  it("sums to 1 and agrees with successChance on 'aucun'", () => {
    const o = confrontationOdds({ score: 6, dice: 2 }, { score: 3, dice: 1 });
    expect(o.a + o.b + o.egalite + o.aucun).toBeCloseTo(1, 9);
    const pa = successChance({ score: 6, dice: 2 });
    const pb = successChance({ score: 3, dice: 1 });
    expect(o.aucun).toBeCloseTo((1 - pa) * (1 - pb), 9);
  });
});

describe("initiativeOdds", () => {
  it("splits the score in thirds: with a total of +4 a natural 1 to 4 lands late (final ≤ 8), 5 to 11 middle, a 12 (explodes) early", () => {
    const total = testModifier({ score: 4 });
    const odds = initiativeOdds({ score: 4, dice: 1, modifier: 4 - total });
    expect(odds.late).toBeCloseTo(4 / 12, 10);
    expect(odds.middle).toBeCloseTo(7 / 12, 10);
    expect(odds.early).toBeCloseTo(1 / 12, 10);
  });

  it("sums to 1, and two dice are never later than one (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: -9, max: 9 }), (score, modifier) => {
        const one = initiativeOdds({ score, modifier, dice: 1 });
        const two = initiativeOdds({ score, modifier, dice: 2 });
        expect(one.late + one.middle + one.early).toBeCloseTo(1, 9);
        expect(two.early).toBeGreaterThanOrEqual(one.early - 1e-12);
        expect(two.late).toBeLessThanOrEqual(one.late + 1e-12);
      }),
    );
  });
});

describe("groupInitiativeOdds", () => {
  it("is one fighter's odds for a group of one, the mean of each third for more, zero for none", () => {
    const a = { score: 4, dice: 1 as const };
    const b = { score: 9, dice: 2 as const, modifier: -3 };
    expect(groupInitiativeOdds([a])).toEqual(initiativeOdds(a));
    const oa = initiativeOdds(a);
    const ob = initiativeOdds(b);
    const g = groupInitiativeOdds([a, b]);
    expect(g.early).toBeCloseTo((oa.early + ob.early) / 2, 12);
    expect(g.late).toBeCloseTo((oa.late + ob.late) / 2, 12);
    expect(groupInitiativeOdds([])).toEqual({ late: 0, middle: 0, early: 0 });
  });

  it("sums to 1 for any non-empty group and stays within its members' extremes (property)", () => {
    const fighter = fc.record({
      score: fc.integer({ min: 0, max: 10 }),
      modifier: fc.integer({ min: -9, max: 9 }),
      dice: fc.constantFrom(1 as const, 2 as const),
    });
    fc.assert(
      fc.property(fc.array(fighter, { minLength: 1, maxLength: 6 }), (group) => {
        const g = groupInitiativeOdds(group);
        expect(g.late + g.middle + g.early).toBeCloseTo(1, 9);
        const early = group.map((f) => initiativeOdds(f).early);
        expect(g.early).toBeGreaterThanOrEqual(Math.min(...early) - 1e-12);
        expect(g.early).toBeLessThanOrEqual(Math.max(...early) + 1e-12);
      }),
    );
  });
});
