import { describe, it, expect } from "vitest";
import { METIER_MASTERIES, assertMetierMastery } from "./metiers";
import { assertD10, assertIntegerIn } from "./validate";

describe("métiers", () => {
  it("three masteries: 6 months, 3 years, 15 years of full-time practice", () => {
    expect(METIER_MASTERIES.map((m) => [m.mastery, m.trainingMonths])).toEqual([
      [1, 6],
      [2, 36],
      [3, 180],
    ]);
  });
  it("mastery is 1 to 3", () => {
    expect(() => assertMetierMastery(0)).toThrow(RangeError);
    expect(() => assertMetierMastery(4)).toThrow(RangeError);
    expect(() => assertMetierMastery(2)).not.toThrow();
  });
});

describe("guards", () => {
  it("d10 faces and ranges", () => {
    expect(() => assertD10(13)).toThrow(/d10 face/);
    expect(() => assertIntegerIn(NaN, 0, 1, "x")).toThrow(RangeError);
  });
});
