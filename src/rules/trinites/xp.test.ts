import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { addDebt, payDebts, purchaseCost, spendExperience, xpCost, xpCostRange } from "./xp";

describe("xpCost", () => {
  it("every row of the experience table", () => {
    expect(xpCost("competence", 5)).toBe(3);
    expect(xpCost("competence", 6)).toBe(3);
    expect(xpCost("ressource", 3)).toBe(6);
    expect(xpCost("karma", 7)).toBe(14);
    expect(xpCost("auraAscendant")).toBe(6);
    expect(xpCost("auraDescendant")).toBe(12);
    expect(xpCost("verset")).toBe(12);
    expect(xpCost("atout", 4)).toBe(12);
    expect(xpCost("atout", 5)).toBe(6);
  });
  it("ranges add step by step", () => {
    expect(xpCostRange("competence", 2, 5)).toBe(2 + 2 + 3);
    expect(xpCostRange("karma", 0, 2)).toBe(2 + 4);
  });
  it("rejects impossible rows", () => {
    expect(() => xpCost("karma", 13)).toThrow(RangeError);
    expect(() => xpCost("competence", 0)).toThrow(RangeError);
    expect(() => xpCost("sort" as "verset")).toThrow(RangeError);
  });
});

describe("payDebts", () => {
  const ledger = {
    debts: { deva: 3, archonte: 5 },
    credits: { deva: 0, archonte: 0 },
    karma: { deva: 4, archonte: 2 },
  };
  it("pays the larger debt first, keeps what cannot raise a Karma as credit", () => {
    const r = payDebts(ledger, 6);
    expect(r.debts).toEqual({ deva: 2, archonte: 0 });
    expect(r.credits).toEqual({ deva: 1, archonte: 5 });
    expect(r.karma).toEqual({ deva: 4, archonte: 2 });
    expect(r.xpLeft).toBe(0);
  });
  it("completes a Karma increase when the credit suffices, and frees the rest", () => {
    const r = payDebts({ ...ledger, credits: { deva: 0, archonte: 2 } }, 20);
    // archonte: credit 2 + 5 = 7 ≥ 6 (score 3) → Archonte 3, credit 1; deva: 3 < 10
    expect(r.karma).toEqual({ deva: 4, archonte: 3 });
    expect(r.credits).toEqual({ deva: 3, archonte: 1 });
    expect(r.debts).toEqual({ deva: 0, archonte: 0 });
    expect(r.xpLeft).toBe(12);
    expect(r.raised).toEqual({ deva: 0, archonte: 1 });
  });
  it("equal debts: the player's pick first", () => {
    const eq = { ...ledger, debts: { deva: 2, archonte: 2 } };
    expect(payDebts(eq, 2, "archonte").debts).toEqual({ deva: 2, archonte: 0 });
    expect(payDebts(eq, 2).debts).toEqual({ deva: 0, archonte: 2 });
  });
  it("a pick's debt is added once", () => {
    expect(addDebt({ deva: 0, archonte: 1 }, "archonte")).toEqual({ deva: 0, archonte: 2 });
    expect(addDebt({ deva: 0, archonte: 1 }, null)).toEqual({ deva: 0, archonte: 1 });
  });
});

describe("spendExperience", () => {
  const clean = { debts: { deva: 0, archonte: 0 }, credits: { deva: 0, archonte: 0 }, karma: { deva: 4, archonte: 2 } };
  it("prices by the table: a skill from 4 to 6 costs 3 + 3, Karma 5 costs 10, the fifth Atout 6", () => {
    expect(purchaseCost({ kind: "competence", from: 4, to: 6 })).toBe(6);
    expect(purchaseCost({ kind: "karma", from: 4, to: 5 })).toBe(10);
    expect(purchaseCost({ kind: "atout", ordinal: 5 })).toBe(6);
    expect(purchaseCost({ kind: "auraAscendant" })).toBe(6);
    expect(spendExperience(clean, 10, { kind: "competence", from: 4, to: 5 })).toMatchObject({ ok: true, xpLeft: 7 });
  });
  it("pays the debts first, the larger first, and refuses a purchase while a debt is left", () => {
    const owing = { ...clean, debts: { deva: 1, archonte: 3 } };
    expect(spendExperience(owing, 3, { kind: "competence", from: 1, to: 2 })).toEqual({
      ok: false,
      reason: "debts",
      cost: 1,
    });
    expect(spendExperience(owing, 5, { kind: "competence", from: 1, to: 2 })).toMatchObject({
      ok: true,
      debtPaid: 4,
      xpLeft: 0,
      debts: { deva: 0, archonte: 0 },
    });
  });
  it("never spends more than the XP, and spends exactly debts paid plus the price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 19 }),
        (dd, da, xp, base) => {
          const ledger = { ...clean, debts: { deva: dd, archonte: da } };
          const r = spendExperience(ledger, xp, { kind: "competence", from: base, to: base + 1 });
          if (!r.ok) return;
          expect(r.debts).toEqual({ deva: 0, archonte: 0 });
          expect(r.debtPaid).toBe(dd + da);
          expect(r.xpLeft).toBe(xp - dd - da - r.cost);
          expect(r.xpLeft).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
