import { describe, expect, it } from "vitest";
import { RANGED_SKILLS, rangedAttackValue, shieldModifiers, volonteTarget } from "./gear";
import { check } from "./check";

describe("ranged attacks", () => {
  it("adds every skill point to the Distance base, minus 2 per wound", () => {
    expect(rangedAttackValue({ distance: 10, points: 6 })).toBe(16);
    expect(rangedAttackValue({ distance: 10, points: 6, wounds: 2, weapon: -1 })).toBe(11);
  });
  it("marks only crossbows as bolts", () => {
    expect(
      Object.values(RANGED_SKILLS)
        .filter((s) => s.bolt)
        .map((s) => s.key),
    ).toEqual(["arbaletes"]);
  });
  it("refuses negative points", () => {
    expect(() => rangedAttackValue({ distance: 10, points: -1 })).toThrow(RangeError);
  });
});

describe("shields", () => {
  it("keeps the best parry of the shields carried", () => {
    expect(shieldModifiers([])).toEqual({ at: 0, prd: 0, ini: 0 });
    expect(
      shieldModifiers([
        { at: -1, prd: 3, ini: -1 },
        { at: 0, prd: 1, ini: 0 },
      ]),
    ).toEqual({ at: -1, prd: 3, ini: -1 });
  });
});

describe("Volonté", () => {
  it("is harder by the damage, and a natural 1 still succeeds", () => {
    expect(volonteTarget({ volonte: 12, difficulty: 9 })).toBe(3);
    expect(check({ d20: 1, value: volonteTarget({ volonte: 5, difficulty: 9 }) }).success).toBe(true);
  });
});
