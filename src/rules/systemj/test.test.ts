import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { d100FromD10, formatRoll, isSuccess, OUTCOMES, resolveTest, testTarget } from "./test";
import {
  DIFFICULTIES,
  FREE_MODIFIER_LIMIT,
  MODIFIER_MAX,
  MODIFIER_MIN,
  parseModifier,
  totalModifier,
} from "./difficulty";

const outcome = (roll: number, score: number, modifier?: number | "automatique") =>
  resolveTest({ roll, score, modifier }).outcome;

describe("resolveTest", () => {
  it("source example: score 74 reads 00, 86, 08, 42, 69 and 74", () => {
    expect(outcome(0, 74)).toBe("echecCritique");
    expect(outcome(86, 74)).toBe("echec");
    expect(outcome(8, 74)).toBe("justesse");
    expect(outcome(42, 74)).toBe("moyenne");
    expect(outcome(69, 74)).toBe("notable");
    expect(outcome(74, 74)).toBe("reussiteCritique");
    expect(resolveTest({ roll: 42, score: 74 }).target).toBe(74);
  });

  it("source example: score 74 with −30 succeeds only up to 44, except 74", () => {
    expect(resolveTest({ roll: 44, score: 74, modifier: -30 })).toMatchObject({ target: 44, success: true });
    expect(outcome(45, 74, -30)).toBe("echec");
    expect(outcome(73, 74, -30)).toBe("echec");
    expect(outcome(74, 74, -30)).toBe("reussiteCritique");
    expect(outcome(75, 74, -30)).toBe("echec");
  });

  it("degree thresholds are the thirds of the target (74: 24 | 25, 49 | 50)", () => {
    expect(outcome(24, 74)).toBe("justesse");
    expect(outcome(25, 74)).toBe("moyenne");
    expect(outcome(49, 74)).toBe("moyenne");
    expect(outcome(50, 74)).toBe("notable");
    expect(outcome(73, 74)).toBe("notable");
    expect(outcome(75, 74)).toBe("echec");
  });

  it("thresholds use the modified target: 60 + 15 = 75 splits at 25 and 50", () => {
    expect(outcome(25, 60, 15)).toBe("justesse");
    expect(outcome(26, 60, 15)).toBe("moyenne");
    expect(outcome(50, 60, 15)).toBe("moyenne");
    expect(outcome(51, 60, 15)).toBe("notable");
  });

  it("00 fails critically even when the target is above 99", () => {
    expect(outcome(0, 95, 30)).toBe("echecCritique");
    expect(outcome(0, 0)).toBe("echecCritique");
  });

  it("automatique succeeds on every face but 00, which still fails critically (RULES.md)", () => {
    expect(resolveTest({ roll: 0, score: 20, modifier: "automatique" })).toMatchObject({
      outcome: "echecCritique",
      target: 99,
      success: false,
    });
    expect(outcome(1, 20, "automatique")).toBe("justesse");
    expect(outcome(99, 20, "automatique")).toBe("notable");
    expect(outcome(20, 20, "automatique")).toBe("reussiteCritique");
  });

  it("shows the roll on two digits", () => {
    expect(resolveTest({ roll: 8, score: 74 }).rollText).toBe("08");
    expect(formatRoll(0)).toBe("00");
    expect(d100FromD10(0, 0)).toBe(0);
    expect(d100FromD10(7, 4)).toBe(74);
  });

  it("rejects impossible values", () => {
    expect(() => resolveTest({ roll: 100, score: 50 })).toThrow(RangeError);
    expect(() => resolveTest({ roll: -1, score: 50 })).toThrow(RangeError);
    expect(() => resolveTest({ roll: 4.5, score: 50 })).toThrow(RangeError);
    expect(() => resolveTest({ roll: 4, score: -1 })).toThrow(RangeError);
    expect(() => resolveTest({ roll: 4, score: 50, modifier: 0.5 })).toThrow(RangeError);
    expect(() => d100FromD10(10, 0)).toThrow(RangeError);
    expect(() => testTarget(Number.NaN)).toThrow(RangeError);
  });

  const roll = fc.integer({ min: 0, max: 99 });
  const score = fc.integer({ min: 0, max: 130 });
  const modifier = fc.integer({ min: -60, max: 40 });

  it("property: 00 is always a critical failure, automatique included", () => {
    fc.assert(fc.property(score, modifier, (s, m) => outcome(0, s, m) === "echecCritique"));
    fc.assert(fc.property(score, (s) => outcome(0, s, "automatique") === "echecCritique"));
  });

  it("property: automatique succeeds on every face but 00", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 99 }), score, (r, s) => isSuccess(outcome(r, s, "automatique"))));
  });

  it("property: a roll equal to the bare score is critical whatever the modifier", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), modifier, (s, m) => outcome(s, s, m) === "reussiteCritique"),
    );
  });

  it("property: otherwise success exactly when roll ≤ target", () => {
    fc.assert(
      fc.property(roll, score, modifier, (r, s, m) => {
        fc.pre(r !== 0 && r !== s);
        return isSuccess(outcome(r, s, m)) === r <= s + m;
      }),
    );
  });

  it("property: degrees do not decrease as the roll rises toward the target", () => {
    const order = OUTCOMES.indexOf.bind(OUTCOMES);
    fc.assert(
      fc.property(roll, roll, score, modifier, (a, b, s, m) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        fc.pre(lo !== 0 && lo !== s && hi !== s && hi <= s + m);
        return order(outcome(lo, s, m)) <= order(outcome(hi, s, m));
      }),
    );
  });
});

describe("parseModifier (a follow-up test's modifier sent with a card button)", () => {
  it("accepts automatique and whole numbers within the table widened by the free modifier", () => {
    expect(parseModifier("automatique")).toBe("automatique");
    expect(parseModifier(-20)).toBe(-20);
    expect(parseModifier(MODIFIER_MIN)).toBe(MODIFIER_MIN);
    expect(parseModifier(MODIFIER_MAX)).toBe(MODIFIER_MAX);
  });
  it("refuses anything else", () => {
    for (const v of [MODIFIER_MIN - 1, MODIFIER_MAX + 1, 2.5, "10", null, undefined, Number.NaN, {}])
      expect(parseModifier(v)).toBeNull();
  });
  it("accepts exactly the totals a dialog can reach (any table entry plus a free modifier within its limit)", () => {
    const entries = [0, ...DIFFICULTIES.map((d) => d.modifier)];
    fc.assert(
      fc.property(
        fc.constantFrom(...entries),
        fc.integer({ min: -FREE_MODIFIER_LIMIT, max: FREE_MODIFIER_LIMIT }),
        (table, free) => {
          const total = totalModifier(table, free);
          expect(parseModifier(total)).toBe(total);
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const reachable = entries.some((t) => typeof t === "number" && Math.abs(n - t) <= FREE_MODIFIER_LIMIT);
        expect(parseModifier(n) !== null).toBe(reachable);
      }),
    );
  });
});
