import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BARE_HANDS_DAMAGE, combatScores, objectThrow, WEAPON_FAMILIES } from "./combat-scores";

const attr = fc.integer({ min: 0, max: 100 });
const bonus = fc.integer({ min: -20, max: 20 });

describe("combatScores", () => {
  it("worked by hand: FOR 74, RES 32, AGI 55, RAP 61, CHA 40", () => {
    const s = combatScores({ FOR: 74, RES: 32, AGI: 55, RAP: 61, CHA: 40 });
    expect(s).toEqual({
      meleeForce: 48, // (148 + 32 + 61) / 5 = 48.2
      meleeStealth: 49, // (74 + 110 + 61) / 5 = 49
      throwObject: 51, // (148 + 110) / 5 = 51.6
      thrown: 51,
      bow: 49,
      handgun: 45, // (165 + 61) / 5 = 45.2
      shoulder: 49, // (110 + 74 + 61) / 5 = 49
      dodge: 42, // (61 + 110 + 40) / 5 = 42.2
      parry: 47, // (148 + 32 + 55) / 5 = 47
      block: 42, // (148 + 64) / 5 = 42.4
    } satisfies Record<string, number>);
  });

  it("weapon families add ATT, parry adds DEF, block adds the shield's DEF; melee does not take ATT", () => {
    const base = { FOR: 56, RES: 61, AGI: 40, RAP: 35, CHA: 50 };
    const plain = combatScores(base);
    const armed = combatScores(base, { att: 7, def: 3, shieldDef: 5 });
    expect(armed.thrown - plain.thrown).toBe(7);
    expect(armed.bow - plain.bow).toBe(7);
    expect(armed.handgun - plain.handgun).toBe(7);
    expect(armed.shoulder - plain.shoulder).toBe(7);
    expect(armed.parry - plain.parry).toBe(3);
    expect(armed.block - plain.block).toBe(5);
    for (const k of ["meleeForce", "meleeStealth", "throwObject", "dodge"] as const) expect(armed[k]).toBe(plain[k]);
  });

  it("rejects attributes out of 0…100, missing ones, and non-integer bonuses", () => {
    expect(() => combatScores({ FOR: 101, RES: 1, AGI: 1, RAP: 1, CHA: 1 })).toThrow(RangeError);
    expect(() => combatScores({ FOR: -1, RES: 1, AGI: 1, RAP: 1, CHA: 1 })).toThrow(RangeError);
    expect(() => combatScores({ FOR: 50.5, RES: 1, AGI: 1, RAP: 1, CHA: 1 })).toThrow(RangeError);
    expect(() => combatScores({ FOR: 1, RES: 1, AGI: 1, RAP: 1 } as never)).toThrow(RangeError);
    expect(() => combatScores({ FOR: 1, RES: 1, AGI: 1, RAP: 1, CHA: 1 }, { att: 1.5 })).toThrow(RangeError);
  });

  it("property: each score is the floor of its formula", () => {
    fc.assert(
      fc.property(attr, attr, attr, attr, attr, bonus, bonus, bonus, (FOR, RES, AGI, RAP, CHA, att, def, sd) => {
        const s = combatScores({ FOR, RES, AGI, RAP, CHA }, { att, def, shieldDef: sd });
        // 5·floor(x/5) ≤ x < 5·floor(x/5) + 5
        const floorOk = (score: number, numerator: number, add = 0) =>
          5 * (score - add) <= numerator && numerator < 5 * (score - add) + 5;
        return (
          floorOk(s.meleeForce, 2 * FOR + RES + RAP) &&
          floorOk(s.meleeStealth, FOR + 2 * AGI + RAP) &&
          floorOk(s.throwObject, 2 * FOR + 2 * AGI) &&
          floorOk(s.thrown, 2 * FOR + 2 * AGI, att) &&
          floorOk(s.bow, FOR + 2 * AGI + RAP, att) &&
          floorOk(s.handgun, 3 * AGI + RAP, att) &&
          floorOk(s.shoulder, 2 * AGI + FOR + RAP, att) &&
          floorOk(s.dodge, RAP + 2 * AGI + CHA) &&
          floorOk(s.parry, 2 * FOR + RES + AGI, def) &&
          floorOk(s.block, 2 * FOR + 2 * RES, sd)
        );
      }),
    );
  });

  it("property: raising an attribute never lowers a score", () => {
    fc.assert(
      fc.property(
        attr,
        attr,
        attr,
        attr,
        attr,
        fc.constantFrom("FOR", "RES", "AGI", "RAP", "CHA"),
        (a, b, c, d, e, k) => {
          const base = { FOR: a, RES: b, AGI: c, RAP: d, CHA: e };
          fc.pre(base[k] < 100);
          const lo = combatScores(base);
          const hi = combatScores({ ...base, [k]: base[k] + 1 });
          return (Object.keys(lo) as (keyof typeof lo)[]).every((s) => hi[s] >= lo[s]);
        },
      ),
    );
  });

  it("weapon families name existing scores", () => {
    const s = combatScores({ FOR: 1, RES: 1, AGI: 1, RAP: 1, CHA: 1 });
    for (const f of WEAPON_FAMILIES) expect(s).toHaveProperty(f.score);
  });
});

describe("objectThrow (issue 16, SYSTEMJ 5)", () => {
  it("worked by hand: FOR 74, AGI 55 throw at (148 + 110) / 5 = 51, a ranged attack dealing bare hands' 1d3", () => {
    expect(objectThrow({ FOR: 74, RES: 32, AGI: 55, RAP: 61, CHA: 40 })).toEqual({
      mode: "ranged",
      score: 51,
      damage: BARE_HANDS_DAMAGE,
      family: "jet",
    });
    expect(BARE_HANDS_DAMAGE).toBe("1d3");
  });

  it("always throws at the throwObject score, whatever ATT a weapon in hand has", () => {
    fc.assert(
      fc.property(attr, attr, attr, attr, attr, bonus, (FOR, RES, AGI, RAP, CHA, att) => {
        const attributes = { FOR, RES, AGI, RAP, CHA };
        expect(objectThrow(attributes).score).toBe(combatScores(attributes, { att }).throwObject);
        expect(objectThrow(attributes).score).toBe(Math.floor((2 * FOR + 2 * AGI) / 5));
      }),
    );
  });
});
