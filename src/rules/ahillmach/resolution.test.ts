import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  BANDS,
  BAND_INFO,
  advantageLevel,
  bandOf,
  keepsInitiative,
  keptDice,
  poolFormula,
  poolSize,
  resolveMove,
} from "./resolution";

const d10 = fc.integer({ min: 1, max: 10 });
const advantageArb = fc.integer({ min: -2, max: 2 });
const rollArb = advantageArb.chain((advantage) =>
  fc.record({
    advantage: fc.constant(advantage),
    dice: fc.array(d10, { minLength: 2 + Math.abs(advantage), maxLength: 2 + Math.abs(advantage) }),
    bonus: fc.integer({ min: -8, max: 12 }),
  }),
);

describe("resolveMove", () => {
  it("adds the kept dice and the bonus", () => {
    expect(resolveMove({ dice: [4, 7], bonus: 2 })).toMatchObject({
      kept: [7, 4],
      total: 13,
      band: "partielle",
      value: 0,
      keepsInitiative: true,
      xp: 0,
    });
  });

  it("reads the band limits: 8 fails, 9 and 14 are partial, 15 is total", () => {
    expect(resolveMove({ dice: [3, 5] }).band).toBe("echec");
    expect(resolveMove({ dice: [4, 5] }).band).toBe("partielle");
    expect(resolveMove({ dice: [7, 7] }).band).toBe("partielle");
    expect(resolveMove({ dice: [7, 8] }).band).toBe("totale");
  });

  it("caps the bonus at +5 but leaves penalties whole", () => {
    expect(resolveMove({ dice: [5, 5], bonus: 9 }).total).toBe(15);
    expect(resolveMove({ dice: [5, 5], bonus: -4 }).total).toBe(6);
  });

  it("double 1 is a critical failure whatever the total, and gives 2 XP", () => {
    const r = resolveMove({ dice: [1, 1], bonus: 5 });
    expect(r).toMatchObject({ total: 7, band: "echecCritique", value: -2, xp: 2, keepsInitiative: false });
    expect(r.answer.fr).toBe("NON ET");
  });

  it("double 10 is a critical success whatever the total", () => {
    const r = resolveMove({ dice: [10, 10], bonus: -8 });
    expect(r).toMatchObject({ total: 12, band: "reussiteCritique", value: 2, xp: 0, keepsInitiative: true });
  });

  it("a failure gives 1 XP and loses the initiative", () => {
    expect(resolveMove({ dice: [2, 3], bonus: 1 })).toMatchObject({ band: "echec", xp: 1, keepsInitiative: false });
  });

  it("advantage keeps the two best, disadvantage the two worst", () => {
    expect(resolveMove({ dice: [1, 9, 6], advantage: 1 }).kept).toEqual([9, 6]);
    expect(resolveMove({ dice: [1, 9, 6, 10], advantage: 2 }).kept).toEqual([10, 9]);
    expect(resolveMove({ dice: [1, 9, 6], advantage: -1 }).kept).toEqual([6, 1]);
    expect(resolveMove({ dice: [10, 9, 10, 10], advantage: -2 }).kept).toEqual([10, 9]);
  });

  it("a disadvantage pool with two 1s kept is a critical failure", () => {
    expect(resolveMove({ dice: [1, 10, 1], advantage: -1 }).band).toBe("echecCritique");
  });

  it("Se surpasser adds 1 under the cap and pours points above 20 into a penchant", () => {
    expect(resolveMove({ dice: [9, 9], bonus: 3, surpass: true })).toMatchObject({ total: 22, penchantPoints: 2 });
    expect(resolveMove({ dice: [9, 9], bonus: 5, surpass: true })).toMatchObject({ total: 23, penchantPoints: 3 });
    expect(resolveMove({ dice: [9, 9], bonus: 5 }).penchantPoints).toBe(0);
  });

  it("rejects impossible input", () => {
    expect(() => resolveMove({ dice: [0, 5] })).toThrow(RangeError);
    expect(() => resolveMove({ dice: [11, 5] })).toThrow(RangeError);
    expect(() => resolveMove({ dice: [5, 5, 5] })).toThrow(RangeError);
    expect(() => resolveMove({ dice: [5, 5], advantage: 1 })).toThrow(RangeError);
    expect(() => resolveMove({ dice: [5, 5, 5, 5, 5], advantage: 3 })).toThrow(RangeError);
    expect(() => resolveMove({ dice: [5, 5], bonus: 1.5 })).toThrow(RangeError);
  });

  it("property: value, xp and initiative follow the band; the total is kept dice plus the capped bonus", () => {
    fc.assert(
      fc.property(rollArb, ({ dice, advantage, bonus }) => {
        const r = resolveMove({ dice, advantage, bonus });
        expect(r.total).toBe(r.kept[0] + r.kept[1] + Math.min(bonus, 5));
        expect(r.value).toBe(BANDS.indexOf(r.band) - 2);
        expect(r.xp).toBe(r.band === "echec" ? 1 : r.band === "echecCritique" ? 2 : 0);
        expect(r.keepsInitiative).toBe(r.value > 0 || (r.value === 0 && r.total % 2 === 1));
        expect(r.appliedBonus).toBeLessThanOrEqual(5);
      }),
    );
  });

  it("property: kept dice are two of the pool, the best ones with advantage and the worst with disadvantage", () => {
    fc.assert(
      fc.property(rollArb, ({ dice, advantage }) => {
        const [a, b] = keptDice(dice, advantage);
        const sorted = [...dice].sort((x, y) => x - y);
        if (advantage > 0) expect([b, a]).toEqual(sorted.slice(-2));
        if (advantage < 0) expect([b, a]).toEqual(sorted.slice(0, 2));
        expect(a).toBeGreaterThanOrEqual(b);
      }),
    );
  });

  it("property: more bonus never gives a worse band", () => {
    fc.assert(
      fc.property(rollArb, fc.integer({ min: 1, max: 6 }), ({ dice, advantage, bonus }, more) => {
        const low = resolveMove({ dice, advantage, bonus }).value;
        const high = resolveMove({ dice, advantage, bonus: bonus + more }).value;
        expect(high).toBeGreaterThanOrEqual(low);
      }),
    );
  });
});

describe("bandOf", () => {
  it("criticals win over the total", () => {
    expect(bandOf([1, 1], 20)).toBe("echecCritique");
    expect(bandOf([10, 10], 2)).toBe("reussiteCritique");
  });
});

describe("keepsInitiative", () => {
  it("partial success keeps it on 9, 11, 13 and loses it on 10, 12, 14", () => {
    expect([9, 11, 13].map((t) => keepsInitiative("partielle", t))).toEqual([true, true, true]);
    expect([10, 12, 14].map((t) => keepsInitiative("partielle", t))).toEqual([false, false, false]);
  });
  it("successes keep it and failures lose it", () => {
    expect(keepsInitiative("totale", 16)).toBe(true);
    expect(keepsInitiative("reussiteCritique", 20)).toBe(true);
    expect(keepsInitiative("echec", 7)).toBe(false);
    expect(keepsInitiative("echecCritique", 2)).toBe(false);
  });
});

describe("advantageLevel", () => {
  it("one helper is Avantage, two or more Fort Avantage; hindrance the reverse; they cancel", () => {
    expect(advantageLevel(0, 0)).toBe(0);
    expect(advantageLevel(1, 0)).toBe(1);
    expect(advantageLevel(2, 0)).toBe(2);
    expect(advantageLevel(5, 0)).toBe(2);
    expect(advantageLevel(0, 1)).toBe(-1);
    expect(advantageLevel(0, 3)).toBe(-2);
    expect(advantageLevel(1, 1)).toBe(0);
    expect(advantageLevel(3, 1)).toBe(1);
    expect(advantageLevel(1, 4)).toBe(-1);
  });
  it("rejects negative or fractional counts", () => {
    expect(() => advantageLevel(-1, 0)).toThrow(RangeError);
    expect(() => advantageLevel(0, 0.5)).toThrow(RangeError);
  });
  it("property: stays in −2…+2 and is antisymmetric", () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), (h, g) => {
        const level = advantageLevel(h, g);
        expect(Math.abs(level)).toBeLessThanOrEqual(2);
        expect(advantageLevel(g, h)).toBe(-level || 0);
      }),
    );
  });
});

describe("pools", () => {
  it("sizes and formulas", () => {
    expect([-2, -1, 0, 1, 2].map(poolSize)).toEqual([4, 3, 2, 3, 4]);
    expect([-2, -1, 0, 1, 2].map(poolFormula)).toEqual(["4d10kl2", "3d10kl2", "2d10", "3d10kh2", "4d10kh2"]);
  });
  it("band table lists the answers NON ET … OUI ET", () => {
    expect(BANDS.map((b) => BAND_INFO[b].answer.fr)).toEqual(["NON ET", "NON", "OUI MAIS", "OUI", "OUI ET"]);
  });
});
