import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { armourAfterEquip, armourFromCards, derivedArmour } from "./armour";

describe("armour points", () => {
  it("the maximum is the sum of the armour cards in hand", () => {
    expect(
      armourFromCards([
        { inHand: true, armourPoints: 4 },
        { inHand: false, armourPoints: 3 },
        { inHand: true, armourPoints: 2 },
      ]),
    ).toBe(6);
    expect(armourFromCards([])).toBe(0);
  });

  it("the current value is clamped to the maximum and never negative", () => {
    expect(derivedArmour(9, 4)).toEqual({ value: 4, max: 4 });
    expect(derivedArmour(-2, 4)).toEqual({ value: 0, max: 4 });
    expect(derivedArmour(3, 4)).toEqual({ value: 3, max: 4 });
  });

  it("a card taken in hand brings its points; put away, the value drops to the new maximum", () => {
    expect(armourAfterEquip({ value: 1, max: 4 }, 2, true)).toEqual({ value: 3, max: 6 });
    expect(armourAfterEquip({ value: 4, max: 6 }, 2, false)).toEqual({ value: 4, max: 4 });
    expect(armourAfterEquip({ value: 6, max: 6 }, 4, false)).toEqual({ value: 2, max: 2 });
  });

  it("property: taking a card in hand then putting it away never raises the value above where it was", () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), fc.nat(10), (a, b, pts) => {
        const max = Math.max(a, b);
        const start = derivedArmour(Math.min(a, b), max);
        const taken = armourAfterEquip(start, pts, true);
        expect(taken.value).toBeLessThanOrEqual(taken.max);
        const back = armourAfterEquip(taken, pts, false);
        expect(back.max).toBe(start.max);
        expect(back.value).toBeLessThanOrEqual(start.max);
        expect(back.value).toBeGreaterThanOrEqual(start.value);
      }),
    );
  });
});
