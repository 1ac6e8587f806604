import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { boundName, boundText, TEXT_MAX } from "../../../src/foundry/trust/bound.ts";

describe("boundText", () => {
  it("keeps a short text, cuts a long one to the bound with an ellipsis", () => {
    expect(boundText("Aelis")).toBe("Aelis");
    expect(boundText("x".repeat(500))).toBe(`${"x".repeat(TEXT_MAX - 1)}…`);
    expect(boundName({ name: 12 })).toBe("12");
    expect(boundName(null)).toBe("");
  });

  it("never exceeds the bound nor splits a surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), fc.integer({ min: 2, max: 300 }), (text, max) => {
        const out = boundText(text, max);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).toBe(text.length <= max ? text : out);
        expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(out)).toBe(false);
      }),
      { seed: 36, numRuns: 200 },
    );
  });
});
