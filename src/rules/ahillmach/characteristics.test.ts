import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  fitsCreationArray,
  creationArrayChoices,
  CHARACTERISTIC_IDS,
  CREATION_ARRAYS,
  STATES,
  assertCharacteristics,
  characteristicIncreases,
  creationArrayIndex,
  effectiveCharacteristic,
  effectiveCharacteristics,
  matchesCreationArray,
  stateFor,
  type Characteristics,
} from "./characteristics";

const values = (v: number[]): Characteristics => ({
  for: v[0]!,
  dex: v[1]!,
  con: v[2]!,
  int: v[3]!,
  mys: v[4]!,
  aur: v[5]!,
});

describe("characteristics", () => {
  it("six characteristics, three physical and three mental", () => {
    expect(CHARACTERISTIC_IDS).toEqual(["for", "dex", "con", "int", "mys", "aur"]);
  });
  it("recognises both creation arrays in any order", () => {
    expect(creationArrayIndex(values([-1, 1, 0, 2, 1, 1]))).toBe(0);
    expect(creationArrayIndex(values([1, -1, 2, -1, 2, 1]))).toBe(1);
    expect(matchesCreationArray(values([2, 2, 2, 0, 0, 0]))).toBe(false);
  });
  it("property: every permutation of a creation array matches", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([2, 1, 1, 1, 0, -1], { minLength: 6, maxLength: 6 }), (perm) => {
        expect(matchesCreationArray(values(perm))).toBe(true);
      }),
    );
  });
  it("values must be integers from −2 to +4", () => {
    expect(() => assertCharacteristics(values([5, 0, 0, 0, 0, 0]))).toThrow(RangeError);
    expect(() => assertCharacteristics(values([0, -3, 0, 0, 0, 0]))).toThrow(RangeError);
    expect(() => assertCharacteristics(values([0, 0, 0.5, 0, 0, 0]))).toThrow(RangeError);
    expect(() => assertCharacteristics(values([4, -2, 0, 0, 0, 0]))).not.toThrow();
  });
  it("increases at levels 3, 5, 7, 9", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(characteristicIncreases)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });
});

describe("states", () => {
  it("one state per characteristic", () => {
    expect(STATES.map((s) => s.characteristic)).toEqual(CHARACTERISTIC_IDS);
    expect(stateFor("mys").name.fr).toBe("Confus");
  });
  it("a ticked state lowers its characteristic by 1, even below −2", () => {
    expect(effectiveCharacteristic(2, "for", ["for"])).toBe(1);
    expect(effectiveCharacteristic(-2, "dex", ["dex", "for"])).toBe(-3);
    expect(effectiveCharacteristic(1, "con", ["for"])).toBe(1);
    expect(effectiveCharacteristics(values([2, 1, 1, 1, 0, -1]), ["aur", "int"])).toEqual(values([2, 1, 1, 0, 0, -2]));
  });
  it("a creation array with its level-up raises on top still fits it", () => {
    const b = { for: 3, dex: 2, con: 1, int: 1, mys: -1, aur: -1 };
    expect(fitsCreationArray(b, 1, 1)).toBe(true);
    expect(fitsCreationArray(b, 1, 0)).toBe(false);
    expect(fitsCreationArray({ for: 2, dex: 2, con: 1, int: 1, mys: -1, aur: -1 }, 1, 2)).toBe(true);
    // Array A is 2, 1, 1, 1, 0, −1: two raises on the lowest still fit, a value below the array never.
    expect(fitsCreationArray({ for: 2, dex: 1, con: 1, int: 1, mys: 1, aur: 0 }, 0, 2)).toBe(true);
    expect(fitsCreationArray({ for: 2, dex: 1, con: 1, int: 1, mys: -2, aur: 0 }, 0, 4)).toBe(false);
    expect(fitsCreationArray(b, 5, 4)).toBe(false);
  });
  it("a chosen array offers its values plus the raises earned, never above +4", () => {
    expect(creationArrayChoices(0, 0)).toEqual([2, 1, 0, -1]);
    expect(creationArrayChoices(1, 1)).toEqual([3, 2, 1, 0, -1]);
    expect(creationArrayChoices(0, 4)).toEqual([4, 3, 2, 1, 0, -1]);
    expect(creationArrayChoices(9, 1)).toEqual([]);
  });
  it("every value that fits the array with its raises is on offer", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.nat(5), { maxLength: 4 }),
        (index, raises, bumps) => {
          // An array value per characteristic, then up to `raises` raises of +1 (never above +4): it fits.
          const list = [...CREATION_ARRAYS[index]!];
          for (const i of bumps.slice(0, raises)) if (list[i]! < 4) list[i] = list[i]! + 1;
          const values = Object.fromEntries(CHARACTERISTIC_IDS.map((id, i) => [id, list[i]!])) as Characteristics;
          expect(fitsCreationArray(values, index, raises)).toBe(true);
          const offered = creationArrayChoices(index, raises);
          for (const v of list) expect(offered).toContain(v);
        },
      ),
    );
  });
});
