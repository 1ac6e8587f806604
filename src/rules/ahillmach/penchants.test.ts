import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { PENCHANT_EXAMPLES, PENCHANT_TABLE, penchantReaction } from "./penchants";

describe("penchants", () => {
  it("five rows, the last one for 5 and more", () => {
    expect(PENCHANT_TABLE.map((r) => r.level)).toEqual([1, 2, 3, 4, 5]);
    expect(penchantReaction(5)?.level).toBe(5);
    expect(penchantReaction(9)?.level).toBe(5);
    expect(penchantReaction(3)?.level).toBe(3);
  });
  it("nothing happens at 0 or less", () => {
    expect(penchantReaction(0)).toBeNull();
    expect(penchantReaction(-2)).toBeNull();
    expect(() => penchantReaction(1.5)).toThrow(RangeError);
  });
  it("fourteen examples", () => expect(PENCHANT_EXAMPLES).toHaveLength(14));
  it("property: the reaction level never falls when the score rises", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 20 }), (s) => {
        expect(penchantReaction(s + 1)?.level ?? 0).toBeGreaterThanOrEqual(penchantReaction(s)?.level ?? 0);
      }),
    );
  });
  it("the rows as the source means them: anger shown, anger vented on others, then reactions of rising danger", () => {
    const fr = PENCHANT_TABLE.map((r) => r.text.fr);
    const en = PENCHANT_TABLE.map((r) => r.text.en);
    expect(fr[0]).toMatch(/^Colère/);
    expect(en[0]).toMatch(/^Anger/);
    expect(fr[1]).toMatch(/^Colère/);
    expect(en[1]).toContain("others");
    for (const text of fr.slice(2)) expect(text).toMatch(/^Réaction/);
    expect(en[3]).toContain("the character in danger");
    expect(en[4]).toContain("the character and others in danger");
  });
});
