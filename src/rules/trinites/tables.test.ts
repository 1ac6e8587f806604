import { describe, it, expect } from "vitest";
import {
  DIFFICULTIES,
  INITIATIVE_CONDITIONS,
  RELATED_SKILL_PENALTIES,
  difficultyValue,
  isInitiativeDifficulty,
} from "./tables";

describe("tables", () => {
  it("difficulty table from Élémentaire +6 to Prodigieuse −9", () => {
    expect(DIFFICULTIES.map((d) => d.value)).toEqual([6, 3, 0, -3, -6, -9]);
    expect(difficultyValue("ardue")).toBe(-3);
    expect(() => difficultyValue("facile" as "ardue")).toThrow(RangeError);
  });
  it("related skills add −3 or −6", () => {
    expect(RELATED_SKILL_PENALTIES.map((d) => d.value)).toEqual([0, -3, -6]);
  });
  it("initiative conditions", () => {
    expect(INITIATIVE_CONDITIONS.map((d) => d.value)).toEqual([-6, -6, -3, 0, 3, 3, 6]);
  });
});

describe("initiative difficulties (issue 25)", () => {
  it("accepts a condition plus a related-skill penalty, nothing else", () => {
    expect(isInitiativeDifficulty(6)).toBe(true);
    expect(isInitiativeDifficulty(-12)).toBe(true);
    expect(isInitiativeDifficulty(0)).toBe(true);
    expect(isInitiativeDifficulty(9)).toBe(false);
    expect(isInitiativeDifficulty(-15)).toBe(false);
    expect(isInitiativeDifficulty(1)).toBe(false);
  });
});
