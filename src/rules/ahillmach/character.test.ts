import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { derivedValues, hpZone, rollBonus, sizeModifier, type Personnage } from "./character";
import { CLASS_IDS } from "./classes";
import { levelForXp } from "./progression";

const base: Personnage = {
  classId: "guerrier",
  characteristics: { for: 2, dex: 1, con: 1, int: 1, mys: 0, aur: -1 },
  level: 1,
};

describe("derived values", () => {
  it("a new Guerrier with CON +1", () => {
    expect(derivedValues(base)).toMatchObject({
      maxHp: 17,
      hp: 17,
      hpZone: "souffle",
      statesLeft: 6,
      levelFromXp: 1,
      levelUpDue: false,
      xpToNextLevel: 14,
      characteristicIncreases: 0,
      maxSurpassUses: 1,
    });
  });
  it("states lower the values to roll with; XP past the threshold asks for a level-up", () => {
    const d = derivedValues({ ...base, level: 2, xp: 31, hp: 4, ticked: ["for", "dex"] });
    expect(d.effective).toMatchObject({ for: 1, dex: 0 });
    expect(d).toMatchObject({ maxHp: 18, hpZone: "blessures", statesLeft: 4, levelFromXp: 3, levelUpDue: true });
    expect(d.xpToNextLevel).toBe(0);
  });
  it("rejects impossible personnages", () => {
    expect(() => derivedValues({ ...base, hp: 40 })).toThrow(RangeError);
    expect(() => derivedValues({ ...base, level: 0 })).toThrow(RangeError);
    expect(() => derivedValues({ ...base, penchants: [] })).toThrow(RangeError);
    expect(() => derivedValues({ ...base, metiers: [{ name: "Forgeron", mastery: 4 }] })).toThrow(RangeError);
  });
  it("property: level from XP agrees with levelForXp; max HP at least 7", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CLASS_IDS), fc.integer({ min: -2, max: 4 }), fc.nat(250), (classId, con, xp) => {
        const level = levelForXp(xp);
        const d = derivedValues({ ...base, classId, characteristics: { ...base.characteristics, con }, level, xp });
        expect(d.levelFromXp).toBe(level);
        expect(d.levelUpDue).toBe(false);
        expect(d.maxHp).toBeGreaterThanOrEqual(8);
      }),
    );
  });
});

describe("helpers", () => {
  it("hp zones", () => {
    expect([0, 1, 6, 7].map(hpZone)).toEqual(["mort", "blessures", "blessures", "souffle"]);
  });
  it("roll bonus sums characteristic, gear, métier and size (the cap is resolveMove's)", () => {
    expect(rollBonus({ characteristic: 3, gear: 1, metier: 2, sizeModifier: 1 })).toBe(7);
    expect(() => rollBonus({ characteristic: 1, metier: 4 })).toThrow(RangeError);
  });
  it("size modifiers by move", () => {
    expect(sizeModifier("grand", "taillerEnPieces")).toBe(1);
    expect(sizeModifier("petit", "defendre")).toBe(1);
    expect(sizeModifier("enorme", "negocier")).toBe(0);
  });
});
