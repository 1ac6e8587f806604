import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { isFumble, naturalOf } from "./dice";

describe("naturalOf", () => {
  it("source example: 12 then 5 is a natural 17", () => {
    expect(naturalOf([12, 5])).toBe(17);
  });
  it("sums a chain of explosions", () => {
    expect(naturalOf([12, 12, 3])).toBe(27);
    expect(naturalOf([7])).toBe(7);
  });
  it("rejects impossible faces and broken chains", () => {
    expect(() => naturalOf([13])).toThrow(RangeError);
    expect(() => naturalOf([0])).toThrow(RangeError);
    expect(() => naturalOf([2.5])).toThrow(RangeError);
    expect(() => naturalOf([])).toThrow(RangeError);
    expect(() => naturalOf([5, 3])).toThrow(RangeError);
    expect(() => naturalOf([12])).toThrow(RangeError);
    expect(() => naturalOf([12, 12])).toThrow(RangeError);
  });
  it("a natural 1 only comes from a first face of 1", () => {
    fc.assert(
      fc.property(fc.nat(5), fc.integer({ min: 1, max: 11 }), (explosions, last) => {
        const chain = [...Array<number>(explosions).fill(12), last];
        expect(naturalOf(chain) === 1).toBe(isFumble(chain));
        expect(naturalOf(chain)).toBe(12 * explosions + last);
      }),
    );
  });
});
