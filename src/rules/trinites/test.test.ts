import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { confront, debtFor, freeActionPenalty, pickDie, rankConfrontation, resolveTest, suggestPick } from "./test";

const chain = fc
  .tuple(fc.nat(3), fc.integer({ min: 1, max: 11 }))
  .map(([n, last]) => [...Array<number>(n).fill(12), last]);

describe("resolveTest", () => {
  it("source example: the guide's Survie, natural 5 + 7 = 12, succeeds", () => {
    const r = resolveTest({ dice: [5], score: 7 });
    expect(r).toMatchObject({ natural: 5, final: 12, success: true, fumble: false });
  });
  it("one below 12 fails", () => {
    expect(resolveTest({ dice: [4], score: 7 }).success).toBe(false);
  });
  it("explodes: [12, 12, 3] is a natural 27", () => {
    expect(resolveTest({ dice: [12, 12, 3], score: -10, difficulty: -3 })).toMatchObject({
      natural: 27,
      final: 14,
      success: true,
    });
  });
  it("a natural 1 fails whatever the modifiers", () => {
    const r = resolveTest({ dice: [1], score: 15, difficulty: 6 });
    expect(r).toMatchObject({ natural: 1, final: 22, success: false, fumble: true });
  });
  it("source example: Documentation/−3 lowers the final by 3", () => {
    expect(resolveTest({ dice: [8], score: 6, difficulty: -3 }).final).toBe(11);
  });
  it("free actions after the first give −3 each", () => {
    expect(freeActionPenalty(1)).toBe(0);
    expect(freeActionPenalty(2)).toBe(-3);
    expect(freeActionPenalty(3)).toBe(-6);
    expect(resolveTest({ dice: [10], score: 5, freeActions: 3 }).final).toBe(9);
    expect(() => freeActionPenalty(0)).toThrow(RangeError);
  });
  it("source example: Langues (Latin)/−3 failed, the retry is at −6, a third try fails automatically", () => {
    expect(resolveTest({ dice: [6], score: 8, difficulty: -3 }).success).toBe(false);
    const second = resolveTest({ dice: [9], score: 8, difficulty: -3, previousFailures: 1 });
    expect(second.final).toBe(11);
    expect(second.success).toBe(false);
    const third = resolveTest({ dice: [12, 11], score: 8, difficulty: -3, previousFailures: 2 });
    expect(third).toMatchObject({ success: false, automaticFailure: true });
  });
  it("rejects impossible inputs", () => {
    expect(() => resolveTest({ dice: [13], score: 3 })).toThrow(RangeError);
    expect(() => resolveTest({ dice: [3], score: 1.5 })).toThrow(RangeError);
    expect(() => resolveTest({ dice: [3], score: 3, difficulty: Number.NaN })).toThrow(RangeError);
  });
  it("property: success iff no natural 1 and final ≥ 12; final = natural + modifiers", () => {
    fc.assert(
      fc.property(
        chain,
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: -9, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        (dice, score, difficulty, freeActions) => {
          const r = resolveTest({ dice, score, difficulty, freeActions });
          expect(r.final).toBe(r.natural + score + difficulty - 3 * (freeActions - 1));
          expect(r.success).toBe(dice[0] !== 1 && r.final >= 12);
        },
      ),
    );
  });
});

describe("pickDie", () => {
  it("keeps the chosen die and resolves both", () => {
    const r = pickDie({ deva: [3], archonte: [12, 2], score: 4, adamKarma: "aucun", pick: "archonte" });
    expect(r).toMatchObject({ natural: 14, final: 18, success: true, fumble: false, debt: null, pick: "archonte" });
    expect(r.results.deva.final).toBe(7);
  });
  it("Lumière Adam' keeping a successful Archonte die owes the Archonte", () => {
    expect(pickDie({ deva: [3], archonte: [10], score: 4, adamKarma: "lumiere", pick: "archonte" }).debt).toBe(
      "archonte",
    );
    expect(pickDie({ deva: [10], archonte: [3], score: 4, adamKarma: "lumiere", pick: "deva" }).debt).toBeNull();
  });
  it("Ténèbres Adam' keeping a successful Deva die owes the Deva", () => {
    expect(pickDie({ deva: [10], archonte: [3], score: 4, adamKarma: "tenebres", pick: "deva" }).debt).toBe("deva");
    expect(pickDie({ deva: [10], archonte: [9], score: 4, adamKarma: "tenebres", pick: "archonte" }).debt).toBeNull();
  });
  it("a failed pick costs nothing, and the natural-1 rule applies to the picked die", () => {
    const r = pickDie({ deva: [11], archonte: [1], score: 20, adamKarma: "lumiere", pick: "archonte" });
    expect(r).toMatchObject({ fumble: true, success: false, debt: null });
    expect(r.results.deva.success).toBe(true);
  });
  it("property: debt only on a success against the Adam' Karma", () => {
    fc.assert(
      fc.property(
        chain,
        chain,
        fc.integer({ min: -10, max: 15 }),
        fc.constantFrom("lumiere", "tenebres", "aucun") as fc.Arbitrary<"lumiere" | "tenebres" | "aucun">,
        fc.constantFrom("deva", "archonte") as fc.Arbitrary<"deva" | "archonte">,
        (deva, archonte, score, adamKarma, pick) => {
          const r = pickDie({ deva, archonte, score, adamKarma, pick });
          const expected =
            r.success &&
            ((adamKarma === "lumiere" && pick === "archonte") || (adamKarma === "tenebres" && pick === "deva"))
              ? pick
              : null;
          expect(r.debt).toBe(expected);
          expect(r.natural).toBe((pick === "deva" ? deva : archonte).reduce((a, b) => a + b, 0));
        },
      ),
    );
  });
  it("suggestPick prefers success, then no debt, then the higher final", () => {
    expect(suggestPick({ deva: [2], archonte: [9], score: 4, adamKarma: "aucun" })).toBe("archonte");
    expect(suggestPick({ deva: [9], archonte: [11], score: 4, adamKarma: "lumiere" })).toBe("deva");
    expect(suggestPick({ deva: [1], archonte: [3], score: 20, adamKarma: "tenebres" })).toBe("archonte");
    expect(debtFor("aucun", "deva", true)).toBeNull();
  });
  it("rejects a bad pick or Karma", () => {
    expect(() =>
      pickDie({ deva: [3], archonte: [4], score: 1, adamKarma: "aucun", pick: "adam" as unknown as "deva" }),
    ).toThrow(RangeError);
    expect(() =>
      pickDie({ deva: [9], archonte: [4], score: 5, adamKarma: "gris" as unknown as "aucun", pick: "deva" }),
    ).toThrow(RangeError);
  });
});

describe("confront", () => {
  it("a success beats a failure", () => {
    expect(confront(12, 11)).toBe("a");
    expect(confront(5, 13)).toBe("b");
  });
  it("both succeed: the higher final wins", () => {
    expect(confront(15, 14)).toBe("a");
    expect(confront(12, 20)).toBe("b");
  });
  it("equal successes: the preventer wins, else a tie", () => {
    expect(confront(14, 14, { preventer: "b" })).toBe("b");
    expect(confront(14, 14, { preventer: "a" })).toBe("a");
    expect(confront(14, 14)).toBe("egalite");
    expect(confront(14, 14, {})).toBe("egalite");
  });
  it("both fail: nobody", () => {
    expect(confront(11, 3)).toBe("aucun");
    expect(confront(11, 11, { preventer: "a" })).toBe("aucun");
  });
  it("a natural 1 with a high final still loses when passed as a result", () => {
    const fumble = resolveTest({ dice: [1], score: 20 });
    expect(confront(fumble, 12)).toBe("b");
  });
  it("property: symmetric", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 40 }), fc.integer({ min: -10, max: 40 }), (a, b) => {
        const swap = { a: "b", b: "a", egalite: "egalite", aucun: "aucun" } as const;
        expect(confront(b, a)).toBe(swap[confront(a, b)]);
        expect(confront(b, a, { preventer: "a" })).toBe(swap[confront(a, b, { preventer: "b" })]);
      }),
    );
  });
});

describe("rankConfrontation", () => {
  it("ranks successes in decreasing order, ties grouped, failures out", () => {
    expect(rankConfrontation([14, 9, 17, 14, 12])).toEqual([[2], [0, 3], [4]]);
    expect(rankConfrontation([3, 11])).toEqual([]);
  });
});
