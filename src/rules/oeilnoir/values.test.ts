import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  armourTotals,
  baseValues,
  combatValues,
  encumbrance,
  gainSkillPoint,
  isLegalSplit,
  legalSplits,
  nearestLegalSplit,
  splitSkill,
} from "./values";
import { roundHalfUp } from "./validate";

describe("baseValues", () => {
  it("source example: Alrigio (CO 14, IN 11, AG 12) has INI base 10 (51/5 = 10.2)", () => {
    expect(baseValues({ CO: 14, IN: 11, AG: 12, FO: 12, DE: 12, CN: 13 }).ini).toBe(10);
  });
  it("computes every value by hand", () => {
    // AT (12+13+14)/5 = 7.8 → 8; PRD (11+13+14)/5 = 7.6 → 8; DIS (11+10+14)/5 = 7; INI (24+11+13)/5 = 9.6 → 10
    expect(baseValues({ CO: 12, IN: 11, AG: 13, FO: 14, DE: 10, CN: 13 })).toEqual({
      at: 8,
      prd: 8,
      distance: 7,
      ini: 10,
      woundThreshold: 7,
    });
  });
  it("rounds halves up", () => {
    expect(roundHalfUp(6.5)).toBe(7);
    expect(roundHalfUp(10.2)).toBe(10);
    expect(roundHalfUp(10.4)).toBe(10);
    expect(roundHalfUp(10.6)).toBe(11);
    expect(baseValues({ CO: 10, IN: 10, AG: 10, FO: 10, DE: 10, CN: 13 }).woundThreshold).toBe(7);
  });
  it("rejects qualities out of range", () => {
    expect(() => baseValues({ CO: 0, IN: 10, AG: 10, FO: 10, DE: 10, CN: 10 })).toThrow(RangeError);
    expect(() => baseValues({ CO: 10, IN: 10, AG: 10.5, FO: 10, DE: 10, CN: 10 })).toThrow(/integer/);
    expect(() => baseValues({ CO: 10, IN: 10, AG: 10, FO: 10, DE: 10, CN: 31 })).toThrow(/CN/);
  });
  it("property: each value is the nearest integer to its exact fraction", () => {
    const q = fc.integer({ min: 1, max: 30 });
    fc.assert(
      fc.property(q, q, q, q, q, q, (CO, IN, AG, FO, DE, CN) => {
        const v = baseValues({ CO, IN, AG, FO, DE, CN });
        expect(Math.abs(v.at - (CO + AG + FO) / 5)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(v.ini - (2 * CO + IN + AG) / 5)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(v.woundThreshold - CN / 2)).toBeLessThanOrEqual(0.5);
        expect(v.woundThreshold * 2).toBeGreaterThanOrEqual(CN);
      }),
    );
  });
});

describe("splitSkill", () => {
  it("source example: Alrik's dagger (2 points, AT base 8, PRD base 6) allows 8/8, 9/7 and 10/6", () => {
    expect(splitSkill({ atBase: 8, prdBase: 6, points: 2, toAttack: 0 })).toEqual({ at: 8, prd: 8 });
    expect(splitSkill({ atBase: 8, prdBase: 6, points: 2, toAttack: 1 })).toEqual({ at: 9, prd: 7 });
    expect(splitSkill({ atBase: 8, prdBase: 6, points: 2, toAttack: 2 })).toEqual({ at: 10, prd: 6 });
  });
  it("source example: Alrik's axe, 4 points: AT 12 / PRD 6 is allowed under the main text (points differ by 4)", () => {
    expect(splitSkill({ atBase: 8, prdBase: 6, points: 4, toAttack: 4 })).toEqual({ at: 12, prd: 6 });
  });
  it("rejects a split whose points differ by more than 5, with a clear error", () => {
    expect(() => splitSkill({ atBase: 8, prdBase: 8, points: 10, toAttack: 8 })).toThrow(/5-point rule/);
    expect(splitSkill({ atBase: 8, prdBase: 8, points: 11, toAttack: 8 })).toEqual({ at: 16, prd: 11 });
    expect(() => splitSkill({ atBase: 8, prdBase: 8, points: 4, toAttack: 5 })).toThrow(RangeError);
    expect(() => splitSkill({ atBase: 8, prdBase: 8, points: 4 })).toThrow(/toAttack/);
  });
  it("pure attack skills put every point on attack", () => {
    expect(splitSkill({ atBase: 8, prdBase: 7, points: 12, attackOnly: true })).toEqual({ at: 20, prd: 7 });
    expect(() => splitSkill({ atBase: 8, prdBase: 7, points: 12, toAttack: 6, attackOnly: true })).toThrow();
  });
  it("a refused split is fixed to the nearest legal one (issue 25: 10 points typed over 0 / 0 give 3 / 7)", () => {
    expect(isLegalSplit(10, 0)).toBe(false);
    expect(nearestLegalSplit(10, 0)).toBe(3);
    expect(nearestLegalSplit(10, 10)).toBe(7);
    expect(nearestLegalSplit(4, 2)).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: -5, max: 35 }), (points, toAttack) => {
        const fixed = nearestLegalSplit(points, toAttack);
        expect(isLegalSplit(points, fixed)).toBe(true);
        if (isLegalSplit(points, toAttack)) expect(fixed).toBe(toAttack);
      }),
    );
  });
  it("legalSplits lists exactly the accepted splits", () => {
    expect(legalSplits(4)).toEqual([0, 1, 2, 3, 4]);
    expect(legalSplits(12)).toEqual([4, 5, 6, 7, 8]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 25 }), (points, toAttack) => {
        fc.pre(toAttack <= points);
        const ok = legalSplits(points).includes(toAttack);
        if (ok) expect(splitSkill({ atBase: 0, prdBase: 0, points, toAttack }).at).toBe(toAttack);
        else expect(() => splitSkill({ atBase: 0, prdBase: 0, points, toAttack })).toThrow(/5-point/);
      }),
    );
  });
  it("property: a legal split keeps every point", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 25 }), (points, seed) => {
        const splits = legalSplits(points);
        const toAttack = splits[seed % splits.length]!;
        const r = splitSkill({ atBase: 7, prdBase: 6, points, toAttack });
        expect(r.at + r.prd).toBe(13 + points);
        expect(Math.abs(r.at - 7 - (r.prd - 6))).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe("encumbrance", () => {
  it("source example: staff (Enc−2) with long mail shirt and leather cap (Enc 5): EncE 3, AT −1, PRD −2", () => {
    const { enc } = armourTotals([
      { pr: 4, enc: 4 },
      { pr: 1, enc: 1 },
    ]);
    expect(enc).toBe(5);
    expect(encumbrance({ enc, allowance: 2 })).toEqual({ encE: 3, at: 1, prd: 2 });
  });
  it("source example: Alrik's cuirasse (Enc 2): dagger EncE 1, axe EncE 0 (never negative)", () => {
    expect(encumbrance({ enc: 2, allowance: 1 })).toEqual({ encE: 1, at: 0, prd: 1 });
    expect(encumbrance({ enc: 2, allowance: 4 })).toEqual({ encE: 0, at: 0, prd: 0 });
  });
  it("property: halves add up to EncE, the odd point on parry", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 6 }), (enc, allowance) => {
        const e = encumbrance({ enc, allowance });
        expect(e.encE).toBe(Math.max(0, enc - allowance));
        expect(e.at + e.prd).toBe(e.encE);
        expect(e.prd - e.at).toBe(e.encE % 2);
      }),
    );
  });
  it("rejects negative values", () => {
    expect(() => encumbrance({ enc: -1, allowance: 0 })).toThrow(RangeError);
  });
});

describe("combatValues", () => {
  it("source example: Alrik ends with dagger AT 8 / PRD 6 and battle axe AT 11 / PRD 6", () => {
    expect(
      combatValues({ atBase: 8, prdBase: 6, points: 2, toAttack: 0, enc: 2, allowance: 1, weaponAt: 0, weaponPrd: -1 }),
    ).toEqual({ at: 8, prd: 6, encE: 1 });
    expect(
      combatValues({ atBase: 8, prdBase: 6, points: 4, toAttack: 3, enc: 2, allowance: 4, weaponAt: 0, weaponPrd: -1 }),
    ).toEqual({ at: 11, prd: 6, encE: 0 });
  });
  it("each wound takes 2 from both", () => {
    expect(combatValues({ atBase: 8, prdBase: 6, points: 2, toAttack: 1, enc: 0, allowance: 0, wounds: 2 })).toEqual({
      at: 5,
      prd: 3,
      encE: 0,
    });
  });
});

describe("a gained skill point goes to one side (issue 33)", () => {
  it("never takes a point back from either side, and stays within the 5-point rule", () => {
    expect(gainSkillPoint(6, 3, "at")).toEqual({ points: 7, toAttack: 4 });
    expect(gainSkillPoint(6, 3, "prd")).toEqual({ points: 7, toAttack: 3 });
    // 8 / 3: one more to attack would be 9 / 3, 6 apart.
    expect(gainSkillPoint(11, 8, "at")).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 29 }), fc.integer({ min: 0, max: 29 }), fc.boolean(), (p, a, at) => {
        fc.pre(a <= p && isLegalSplit(p, a));
        const next = gainSkillPoint(p, a, at ? "at" : "prd");
        if (!next) return;
        expect(next.points).toBe(p + 1);
        expect(next.toAttack).toBeGreaterThanOrEqual(a);
        expect(next.points - next.toAttack).toBeGreaterThanOrEqual(p - a);
        expect(isLegalSplit(next.points, next.toAttack)).toBe(true);
      }),
    );
  });
});
