import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { XP_THRESHOLDS, arcXp, levelForXp, rollXp, xpForNextLevel, xpToReachLevel } from "./progression";

describe("experience", () => {
  it("source example: the cumulative table 14, 30, 48, 68, 90, 114, 140, 168, then 198 (not 196)", () => {
    // The source's last line says 196, but its own formula (and RULES.md) gives 168 + (6 + 9) × 2 = 198.
    expect(XP_THRESHOLDS).toEqual([0, 14, 30, 48, 68, 90, 114, 140, 168, 198]);
  });
  it("the next level costs (6 + level) × 2", () => {
    expect(xpForNextLevel(1)).toBe(14);
    expect(xpForNextLevel(5)).toBe(22);
    expect(xpForNextLevel(9)).toBe(30);
    expect(xpForNextLevel(10)).toBeNull();
  });
  it("levelForXp at the edges", () => {
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(13)).toBe(1);
    expect(levelForXp(14)).toBe(2);
    expect(levelForXp(29)).toBe(2);
    expect(levelForXp(30)).toBe(3);
    expect(levelForXp(197)).toBe(9);
    expect(levelForXp(198)).toBe(10);
    expect(levelForXp(10000)).toBe(10);
  });
  it("rejects impossible values", () => {
    expect(() => xpForNextLevel(0)).toThrow(RangeError);
    expect(() => xpForNextLevel(11)).toThrow(RangeError);
    expect(() => levelForXp(-1)).toThrow(RangeError);
    expect(() => xpToReachLevel(1.5)).toThrow(RangeError);
    expect(() => arcXp(6)).toThrow(RangeError);
    expect(arcXp(3)).toBe(3);
  });
  it("property: levelForXp inverts xpToReachLevel and is monotonic", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), (level) => {
        expect(levelForXp(xpToReachLevel(level))).toBe(level);
        if (level > 1) expect(levelForXp(xpToReachLevel(level) - 1)).toBe(level - 1);
      }),
    );
    fc.assert(
      fc.property(fc.nat(300), fc.nat(50), (xp, more) => {
        expect(levelForXp(xp + more)).toBeGreaterThanOrEqual(levelForXp(xp));
      }),
    );
  });
});

describe("experience from a roll", () => {
  it("failed fainting and recovery tests give XP like any failure: 1, critical 2", () => {
    for (const kind of ["move", "characteristic", "fainting", "recovery"] as const) {
      expect([rollXp(kind, "echec"), rollXp(kind, "echecCritique"), rollXp(kind, "partielle")]).toEqual([1, 2, 0]);
    }
  });
  it("morale and the end-of-scene roll give none", () => {
    expect(rollXp("morale", "echecCritique")).toBe(0);
    expect(rollXp("sceneEnd", "echec")).toBe(0);
  });
});
