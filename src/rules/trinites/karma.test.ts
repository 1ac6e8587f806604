import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { adamKarma, canSpendKind, karmaMaxima, refillKarma, reservesFollowScores, spendKarma } from "./karma";

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

describe("canSpendKind (regeneration buttons, issue 25)", () => {
  const scores = { deva: 6, archonte: 2 };
  it("needs a reserve of that kind: the spirit's, or a Lumière Adam' for Lumière", () => {
    expect(canSpendKind(scores, { deva: 0, archonte: 0, adam: 4 }, "lumiere")).toBe(true);
    expect(canSpendKind(scores, { deva: 0, archonte: 0, adam: 4 }, "tenebres")).toBe(false);
    expect(canSpendKind(scores, { deva: 0, archonte: 1, adam: 0 }, "tenebres")).toBe(true);
    expect(canSpendKind(scores, { deva: 0, archonte: 0, adam: 0 }, "lumiere")).toBe(false);
  });
  it("allows one point per kind per combat round", () => {
    const full = { deva: 6, archonte: 2, adam: 4 };
    expect(canSpendKind(scores, full, "lumiere", { lumiere: 1, tenebres: 0 })).toBe(false);
    expect(canSpendKind(scores, full, "tenebres", { lumiere: 1, tenebres: 0 })).toBe(true);
    expect(canSpendKind(scores, full, "lumiere", null)).toBe(true);
  });
  it("agrees with spendKarma on every reserve and round", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.nat(12),
        fc.nat(12),
        fc.nat(12),
        fc.constantFrom<"lumiere" | "tenebres">("lumiere", "tenebres"),
        fc.nat(1),
        (deva, archonte, rd, ra, radam, kind, spent) => {
          const s = { deva, archonte };
          const max = karmaMaxima(s);
          const reserves = {
            deva: Math.min(rd, max.deva),
            archonte: Math.min(ra, max.archonte),
            adam: Math.min(radam, max.adam),
          };
          const round = { lumiere: kind === "lumiere" ? spent : 0, tenebres: kind === "tenebres" ? spent : 0 };
          const pools = (kind === "lumiere" ? ["deva", "adam"] : ["archonte", "adam"]) as (
            "deva" | "archonte" | "adam"
          )[];
          const anyWorks = pools.some((pool) => {
            try {
              return spendKarma(s, reserves, pool, 1, { spentThisRound: round }).kind === kind;
            } catch {
              return false;
            }
          });
          expect(canSpendKind(s, reserves, kind, round)).toBe(anyWorks);
        },
      ),
    );
  });
});

describe("reservesFollowScores (a Trinité being built, issue 25)", () => {
  it("fills a reserve that was at its score to the new score, the Adam' too", () => {
    expect(
      reservesFollowScores({ deva: 0, archonte: 0 }, { deva: 0, archonte: 0, adam: 0 }, { deva: 7, archonte: 3 }),
    ).toEqual({
      deva: 7,
      archonte: 3,
      adam: 4,
    });
  });
  it("keeps a reserve where points were spent, capped at the new score", () => {
    expect(
      reservesFollowScores({ deva: 7, archonte: 3 }, { deva: 5, archonte: 3, adam: 4 }, { deva: 4, archonte: 5 }),
    ).toEqual({
      deva: 4,
      archonte: 5,
      adam: 1,
    });
  });
  it("never leaves a reserve above its score", () => {
    fc.assert(
      fc.property(fc.nat(12), fc.nat(12), fc.nat(12), fc.nat(12), fc.nat(12), fc.nat(12), (d0, a0, d1, a1, rd, ra) => {
        const before = { deva: d0, archonte: a0 };
        const reserves = { deva: Math.min(rd, d0), archonte: Math.min(ra, a0), adam: karmaMaxima(before).adam };
        const after = { deva: d1, archonte: a1 };
        const out = reservesFollowScores(before, reserves, after);
        const max = karmaMaxima(after);
        for (const pool of ["deva", "archonte", "adam"] as const) expect(out[pool]).toBeLessThanOrEqual(max[pool]);
      }),
    );
  });
});
