import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { CLASSES, CLASS_IDS, classById, maxHp, startingHp } from "./classes";

describe("classes", () => {
  it("eleven classes with the starting hit points of the source", () => {
    expect(CLASSES).toHaveLength(11);
    const byHp = (hp: number) => CLASSES.filter((c) => c.baseHp === hp).map((c) => c.id);
    expect(byHp(16)).toEqual(["guerrier", "paladin"]);
    expect(byHp(14)).toEqual(["assassin", "barbare", "clerc", "eclaireur"]);
    expect(byHp(12)).toEqual(["barde", "chaman", "druide", "voleur"]);
    expect(byHp(10)).toEqual(["magicien"]);
  });
  it("starting HP add Constitution", () => {
    expect(startingHp("guerrier", 2)).toBe(18);
    expect(startingHp("magicien", -1)).toBe(9);
  });
  it("maxHp adds 1 per level after the first", () => {
    expect(maxHp({ classId: "barde", con: 1, level: 1 })).toBe(13);
    expect(maxHp({ classId: "barde", con: 1, level: 10 })).toBe(22);
  });
  it("rejects impossible values", () => {
    expect(() => classById("moine")).toThrow(RangeError);
    expect(() => maxHp({ classId: "voleur", con: 5, level: 1 })).toThrow(RangeError);
    expect(() => maxHp({ classId: "voleur", con: 0, level: 11 })).toThrow(RangeError);
  });
  it("property: maxHp grows by exactly 1 per level and by 1 per CON", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CLASS_IDS),
        fc.integer({ min: -2, max: 3 }),
        fc.integer({ min: 1, max: 9 }),
        (classId, con, level) => {
          const hp = maxHp({ classId, con, level });
          expect(maxHp({ classId, con, level: level + 1 })).toBe(hp + 1);
          expect(maxHp({ classId, con: con + 1, level })).toBe(hp + 1);
          expect(hp).toBe(classById(classId).baseHp + con + level - 1);
        },
      ),
    );
  });
});
