import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { breakageCheck, check, criticalParryValue, parry } from "./check";

describe("check", () => {
  it("D20 ≤ value succeeds", () => {
    expect(check({ d20: 14, value: 14 })).toEqual({ success: true, critical: false, fumble: false });
    expect(check({ d20: 15, value: 14 })).toEqual({ success: false, critical: false, fumble: false });
  });
  it("natural 1 is a critical success even under a value of 0, natural 20 a fumble even at 25", () => {
    expect(check({ d20: 1, value: 0 })).toEqual({ success: true, critical: true, fumble: false });
    expect(check({ d20: 20, value: 25 })).toEqual({ success: false, critical: false, fumble: true });
  });
  it("rejects impossible faces", () => {
    expect(() => check({ d20: 21, value: 10 })).toThrow(/d20/);
    expect(() => check({ d20: 0, value: 10 })).toThrow(RangeError);
    expect(() => check({ d20: 3, value: 1.5 })).toThrow(RangeError);
  });
  it("property: success iff 1, or not 20 and face ≤ value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: -10, max: 30 }), (d20, value) => {
        const r = check({ d20, value });
        expect(r.success).toBe(d20 === 1 || (d20 !== 20 && d20 <= value));
        expect(r.critical && r.fumble).toBe(false);
      }),
    );
  });
});

describe("parry", () => {
  it("a critical attack halves the parry: the D20 must show at most PRD / 2 (PRD 15 → 7, not 8)", () => {
    expect(criticalParryValue(14)).toBe(7);
    expect(criticalParryValue(15)).toBe(7);
    expect(criticalParryValue(11)).toBe(5);
    expect(parry({ d20: 8, prd: 15, againstCritical: true }).success).toBe(false);
    expect(parry({ d20: 7, prd: 14, againstCritical: true }).success).toBe(true);
    expect(parry({ d20: 8, prd: 14, againstCritical: true }).success).toBe(false);
  });
  it("natural 1 on a parry is a free action; against a normal attack it forces a breakage check", () => {
    const r = parry({ d20: 1, prd: 10 });
    expect(r.freeAction).toBe(true);
    expect(r.attackerBreakageCheck).toBe(true);
    expect(parry({ d20: 1, prd: 10, againstCritical: true }).attackerBreakageCheck).toBe(false);
    expect(parry({ d20: 2, prd: 10 }).freeAction).toBe(false);
  });
});

describe("breakageCheck", () => {
  it("2D6 ≤ factor breaks; otherwise the factor rises", () => {
    expect(breakageCheck({ dice: [1, 2], factor: 3 })).toEqual({ broken: true, factor: 3 });
    expect(breakageCheck({ dice: [2, 2], factor: 3 })).toEqual({ broken: false, factor: 4 });
    expect(breakageCheck({ dice: [1, 1], factor: 0, increase: 3 })).toEqual({ broken: false, factor: 3 });
    expect(() => breakageCheck({ dice: [7, 1], factor: 0 })).toThrow(RangeError);
  });
});
