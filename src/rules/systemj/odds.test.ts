import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { successChance, testOdds } from "./odds";
import { OUTCOMES, resolveTest, type Outcome } from "./test";

/** Brute force: count the faces 0…99 by outcome. */
function countFaces(score: number, modifier: number | "automatique"): Record<Outcome, number> {
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  for (let roll = 0; roll <= 99; roll++) counts[resolveTest({ roll, score, modifier }).outcome]++;
  return counts;
}

describe("testOdds", () => {
  it("source example: score 74 — 1 crit. failure, 24 narrow, 25 average, 24 notable, 1 crit., 25 failures", () => {
    const odds = testOdds({ score: 74, modifier: 0 });
    expect(odds.echecCritique).toBeCloseTo(0.01, 12);
    expect(odds.justesse).toBeCloseTo(0.24, 12); // 01–24
    expect(odds.moyenne).toBeCloseTo(0.25, 12); // 25–49
    expect(odds.notable).toBeCloseTo(0.24, 12); // 50–73
    expect(odds.reussiteCritique).toBeCloseTo(0.01, 12); // 74
    expect(odds.echec).toBeCloseTo(0.25, 12); // 75–99
  });

  it("source example: score 74 with −30 — 44 successes plus the critical 74", () => {
    const odds = testOdds({ score: 74, modifier: -30 });
    expect(odds.justesse).toBeCloseTo(0.14, 12); // 01–14
    expect(odds.moyenne).toBeCloseTo(0.15, 12); // 15–29
    expect(odds.notable).toBeCloseTo(0.15, 12); // 30–44
    expect(odds.reussiteCritique).toBeCloseTo(0.01, 12);
    expect(odds.echec).toBeCloseTo(0.54, 12); // 45–99 but 74
    expect(successChance({ score: 74, modifier: -30 })).toBeCloseTo(0.45, 12);
  });

  it("score 0: only 00 and failures; score above 99: no critical success", () => {
    expect(testOdds({ score: 0, modifier: 0 })).toMatchObject({ echecCritique: 0.01, reussiteCritique: 0 });
    expect(testOdds({ score: 0, modifier: 0 }).echec).toBeCloseTo(0.99, 12);
    expect(testOdds({ score: 110, modifier: 0 }).reussiteCritique).toBe(0);
    expect(testOdds({ score: 110, modifier: 0 }).echec).toBe(0);
  });

  it("automatique fails only on 00", () => {
    const odds = testOdds({ score: 40, modifier: "automatique" });
    expect(odds.echec).toBe(0);
    expect(odds.echecCritique).toBeCloseTo(0.01, 12);
    expect(successChance({ score: 40, modifier: "automatique" })).toBeCloseTo(0.99, 12);
  });

  it("matches enumeration of the 100 faces for every score 0…100 and every table modifier", () => {
    for (let score = 0; score <= 100; score++) {
      for (const modifier of [0, 10, 20, 30, -10, -20, -30, -50, "automatique"] as const) {
        const counts = countFaces(score, modifier);
        const odds = testOdds({ score, modifier });
        for (const o of OUTCOMES) expect(odds[o]).toBeCloseTo(counts[o] / 100, 12);
      }
    }
  });

  it("property: the six outcomes sum to 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 150 }), fc.integer({ min: -100, max: 100 }), (score, modifier) => {
        const odds = testOdds({ score, modifier });
        return Math.abs(OUTCOMES.reduce((a, o) => a + odds[o], 0) - 1) < 1e-12;
      }),
    );
  });

  it("property: success chance is (clamped target + critical) / 100", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 150 }), fc.integer({ min: -100, max: 100 }), (score, modifier) => {
        const target = score + modifier;
        const plain = Math.max(0, Math.min(99, target)); // faces 1…target
        const critOutside = score >= 1 && score <= 99 && score > target ? 1 : 0;
        return Math.abs(successChance({ score, modifier }) - (plain + critOutside) / 100) < 1e-12;
      }),
    );
  });

  it("rejects impossible values", () => {
    expect(() => testOdds({ score: -5, modifier: 0 })).toThrow(RangeError);
    expect(() => testOdds({ score: 50, modifier: 1.5 })).toThrow(RangeError);
  });
});
