import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { enumerate, probability } from "../shared/distribution";
import { check, criticalParryValue } from "./check";
import { damage, wounds } from "./damage";
import {
  EXCHANGE_OUTCOMES,
  damageDistribution,
  exchangeDistribution,
  exchangeOdds,
  exchangeOutcome,
  hitChance,
  lands,
  woundDistribution,
} from "./odds";

/** Brute force over both d20, written from the rules without the module's helpers. */
function bruteHit(at: number, prd: number | null): number {
  return probability(
    enumerate([20, 20], ([a, p]) => {
      const attack = check({ d20: a!, value: at });
      if (!attack.success) return false;
      if (prd === null) return true;
      const value = a === 1 ? Math.floor(prd / 2) : prd;
      return !(p === 1 || (p !== 20 && p! <= value));
    }),
    (x) => x,
  );
}

describe("hitChance", () => {
  it("hand value: AT 10 vs PRD 10 = 9/20 · 10/20 + 1/20 · 15/20 = 0.2625", () => {
    expect(hitChance({ at: 10, prd: 10 })).toBeCloseTo(0.2625, 12);
  });
  it("extremes: natural 1 always attacks, natural 20 always fails", () => {
    // only the natural 1 hits; the parry then needs ≤ 15, failing on 16…20
    expect(hitChance({ at: 0, prd: 30 })).toBeCloseTo((1 / 20) * (5 / 20), 12);
    expect(hitChance({ at: 30, prd: null })).toBeCloseTo(19 / 20, 12);
    expect(hitChance({ at: 30, prd: -5 })).toBeCloseTo((19 / 20) * (19 / 20), 12);
  });
  it("matches brute-force enumeration for every AT and PRD from −2 to 25", () => {
    for (let at = -2; at <= 25; at++) {
      expect(hitChance({ at, prd: null })).toBeCloseTo(bruteHit(at, null), 12);
      for (let prd = -2; prd <= 25; prd++) expect(hitChance({ at, prd })).toBeCloseTo(bruteHit(at, prd), 12);
    }
  });
  it("property: monotone — up with AT, down with PRD", () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 25 }), fc.integer({ min: -3, max: 25 }), (at, prd) => {
        const p = hitChance({ at, prd });
        expect(hitChance({ at: at + 1, prd })).toBeGreaterThanOrEqual(p - 1e-15);
        expect(hitChance({ at, prd: prd + 1 })).toBeLessThanOrEqual(p + 1e-15);
      }),
    );
  });
});

describe("exchange outcomes", () => {
  it("classifies the faces", () => {
    const o = (attackD20: number, parryD20: number) => exchangeOutcome({ attackD20, parryD20, at: 12, prd: 12 });
    expect(o(20, 5)).toBe("attackFumble");
    expect(o(13, 5)).toBe("miss");
    expect(o(5, 5)).toBe("parried");
    expect(o(5, 1)).toBe("masterParry");
    expect(o(5, 20)).toBe("parryFumble");
    expect(o(5, 13)).toBe("hit");
    expect(o(1, 6)).toBe("criticalParried");
    expect(o(1, 7)).toBe("criticalHit");
    expect(o(1, 20)).toBe("criticalParryFumble");
  });
  it("odds are the exchange distribution's, for every AT and PRD (none, 0…25)", () => {
    for (let at = -2; at <= 25; at++) {
      for (const prd of [null, ...Array.from({ length: 26 }, (_, i) => i)]) {
        const odds = exchangeOdds({ at, prd });
        const dist = exchangeDistribution({ at, prd });
        for (const k of EXCHANGE_OUTCOMES) expect(odds[k]).toBeCloseTo(dist.get(k) ?? 0, 12);
      }
    }
  });
  it("odds add to 1 and the landing ones equal hitChance", () => {
    for (const [at, prd] of [
      [12, 12],
      [5, 17],
      [18, 3],
    ] as const) {
      const odds = exchangeOdds({ at, prd });
      const total = EXCHANGE_OUTCOMES.reduce((s, k) => s + odds[k], 0);
      expect(total).toBeCloseTo(1, 12);
      const landed = EXCHANGE_OUTCOMES.filter(lands).reduce((s, k) => s + odds[k], 0);
      expect(landed).toBeCloseTo(hitChance({ at, prd }), 12);
      expect(odds.attackFumble).toBeCloseTo(1 / 20, 12);
      // a parry fumble needs a successful attack (faces 1…min(at, 19)) then a 20
      expect(odds.parryFumble + odds.criticalParryFumble).toBeCloseTo((Math.min(at, 19) / 20) * (1 / 20), 12);
    }
    expect(criticalParryValue(12)).toBe(6);
  });
});

describe("damage and wound distributions", () => {
  it("épée 1D6+3 against PR 3: 1…6 each 1/6", () => {
    const d = damageDistribution({ dice: 1, bonus: 3, pr: 3 });
    for (let v = 1; v <= 6; v++) expect(d.get(v)).toBeCloseTo(1 / 6, 12);
  });
  it("matches enumeration, critical included, and wounds follow", () => {
    const d = damageDistribution({ dice: 2, bonus: 4, pr: 5, critical: true });
    const brute = enumerate([6, 6], ([a, b]) => damage({ pi: a! + b! + 4, pr: 5, critical: true }));
    for (const [v, p] of brute) expect(d.get(v)).toBeCloseTo(p, 12);
    const w = woundDistribution({ dice: 2, bonus: 4, pr: 5, critical: true, cn: 12 });
    const bruteW = enumerate([6, 6], ([a, b]) =>
      wounds({ damage: damage({ pi: a! + b! + 4, pr: 5, critical: true }), cn: 12 }),
    );
    for (const [v, p] of bruteW) expect(w.get(v)).toBeCloseTo(p, 12);
  });
});
