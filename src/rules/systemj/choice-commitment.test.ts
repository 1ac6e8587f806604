import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { sha256Hex } from "../shared/sha256";
import { commitChoice, verifyChoice, type ChoiceOpening } from "./choice-commitment";

const salt = "0123456789abcdef0123456789abcdef";
const opening: ChoiceOpening = { combatId: "combat1", round: 2, combatantId: "aude", choice: "mouvement", salt };

describe("hidden choice commitment", () => {
  it("verifies its own opening and nothing else (worked example)", () => {
    const c = commitChoice(opening, sha256Hex);
    expect(c).toMatch(/^[0-9a-f]{64}$/u);
    expect(verifyChoice(c, opening, sha256Hex)).toBe(true);
    expect(verifyChoice(c, { ...opening, choice: "action" }, sha256Hex)).toBe(false);
    expect(verifyChoice(c, { ...opening, round: 3 }, sha256Hex)).toBe(false);
    expect(verifyChoice(c, { ...opening, combatantId: "brin" }, sha256Hex)).toBe(false);
  });

  it("refuses malformed openings instead of hashing them", () => {
    expect(() => commitChoice({ ...opening, salt: "short" }, sha256Hex)).toThrow(RangeError);
    expect(() => commitChoice({ ...opening, combatId: "a|b" }, sha256Hex)).toThrow(RangeError);
    expect(verifyChoice("nothex", opening, sha256Hex)).toBe(false);
  });

  it("never verifies the other choice (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{32}$/u), fc.integer({ min: 1, max: 999 }), (s, round) => {
        const o: ChoiceOpening = { ...opening, salt: s, round };
        const c = commitChoice(o, sha256Hex);
        return verifyChoice(c, o, sha256Hex) && !verifyChoice(c, { ...o, choice: "action" }, sha256Hex);
      }),
      { numRuns: 50, seed: 22 },
    );
  });
});
