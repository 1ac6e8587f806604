import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { adamKarma, karmaMaxima, refillKarma, spendKarma } from "./karma";

describe("adamKarma", () => {
  it("follows the stronger spirit", () => {
    expect(adamKarma(7, 3)).toEqual({ type: "lumiere", value: 4 });
    expect(adamKarma(2, 9)).toEqual({ type: "tenebres", value: 7 });
    expect(adamKarma(5, 5)).toEqual({ type: "aucun", value: 0 });
  });
  it("rejects Karma outside 0…12", () => {
    expect(() => adamKarma(13, 0)).toThrow(RangeError);
    expect(() => adamKarma(3, -1)).toThrow(RangeError);
    expect(() => adamKarma(3.5, 1)).toThrow(RangeError);
  });
  it("property: value is the difference, type its sign", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), (d, a) => {
        const k = adamKarma(d, a);
        expect(k.value).toBe(Math.abs(d - a));
        expect(k.type).toBe(d > a ? "lumiere" : d < a ? "tenebres" : "aucun");
      }),
    );
  });
});

describe("spending and refills", () => {
  const scores = { deva: 8, archonte: 5 };
  const full = karmaMaxima(scores);
  it("maxima: Deva, Archonte and the Adam' difference", () => {
    expect(full).toEqual({ deva: 8, archonte: 5, adam: 3 });
  });
  it("spends from any reserve out of combat", () => {
    const r = spendKarma(scores, full, "adam", 2);
    expect(r.reserves).toEqual({ deva: 8, archonte: 5, adam: 1 });
    expect(r.kind).toBe("lumiere");
    expect(() => spendKarma(scores, r.reserves, "adam", 2)).toThrow(RangeError);
  });
  it("in combat, one Lumière and one Ténèbres point per round", () => {
    const combat = { spentThisRound: { lumiere: 0, tenebres: 0 } };
    const a = spendKarma(scores, full, "deva", 1, combat);
    const b = spendKarma(scores, a.reserves, "archonte", 1, { spentThisRound: a.spentThisRound });
    expect(b.spentThisRound).toEqual({ lumiere: 1, tenebres: 1 });
    expect(() => spendKarma(scores, b.reserves, "adam", 1, { spentThisRound: b.spentThisRound })).toThrow(RangeError);
    expect(() => spendKarma(scores, full, "deva", 2, combat)).toThrow(RangeError);
  });
  it("an Adam' without Karma has nothing to spend", () => {
    expect(() => spendKarma({ deva: 4, archonte: 4 }, { deva: 4, archonte: 4, adam: 0 }, "adam")).toThrow(RangeError);
  });
  it("dawn refills Lumière, dusk Ténèbres", () => {
    const low = { deva: 1, archonte: 0, adam: 0 };
    expect(refillKarma(scores, low, "aube")).toEqual({ deva: 8, archonte: 0, adam: 3 });
    expect(refillKarma(scores, low, "crepuscule")).toEqual({ deva: 1, archonte: 5, adam: 0 });
    expect(refillKarma({ deva: 2, archonte: 6 }, low, "crepuscule")).toEqual({ deva: 1, archonte: 6, adam: 4 });
  });
});
