import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { enumerate, mass } from "../shared/distribution";
import { bandOdds, keepInitiativeOdds, penchantPointsDistribution, totalDistribution } from "./odds";
import { BANDS, resolveMove } from "./resolution";

function bruteForce(advantage: number, bonus: number, surpass = false) {
  const sides = Array<number>(2 + Math.abs(advantage)).fill(10);
  return enumerate(sides, (dice) => resolveMove({ dice, advantage, bonus, surpass }));
}

describe("bandOdds", () => {
  it("plain 2D10 with no bonus, counted by hand", () => {
    const o = bandOdds({ advantage: 0, bonus: 0 });
    expect(o.echecCritique).toBeCloseTo(1 / 100, 15);
    expect(o.echec).toBeCloseTo(27 / 100, 15); // sums 2…8: 1+2+…+7 = 28 pairs, less the double 1
    expect(o.partielle).toBeCloseTo(51 / 100, 15);
    expect(o.totale).toBeCloseTo(20 / 100, 15); // sums 15…20: 6+5+…+1 = 21 pairs, less the double 10
    expect(o.reussiteCritique).toBeCloseTo(1 / 100, 15);
  });

  it("Avantage: a kept double 10 needs at least two 10s among three dice (28/1000)", () => {
    expect(bandOdds({ advantage: 1 }).reussiteCritique).toBeCloseTo(28 / 1000, 15);
    expect(bandOdds({ advantage: -1 }).echecCritique).toBeCloseTo(28 / 1000, 15);
  });

  it("matches brute-force enumeration for every advantage level and bonus −6…+7", () => {
    for (let advantage = -2; advantage <= 2; advantage++) {
      for (let bonus = -6; bonus <= 7; bonus++) {
        const brute = bruteForce(advantage, bonus);
        const o = bandOdds({ advantage, bonus });
        for (const band of BANDS) {
          let p = 0;
          for (const [r, q] of brute) if (r.band === band) p += q;
          expect(o[band]).toBeCloseTo(p, 12);
        }
      }
    }
  });

  it("matches brute force with Se surpasser", () => {
    const brute = bruteForce(1, 4, true);
    const o = bandOdds({ advantage: 1, bonus: 4, surpass: true });
    for (const band of BANDS) {
      let p = 0;
      for (const [r, q] of brute) if (r.band === band) p += q;
      expect(o[band]).toBeCloseTo(p, 12);
    }
  });

  it("property: sums to 1, and more advantage or bonus never lowers the chance of success", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 1 }), fc.integer({ min: -8, max: 8 }), (advantage, bonus) => {
        const o = bandOdds({ advantage, bonus });
        expect(BANDS.reduce((s, b) => s + o[b], 0)).toBeCloseTo(1, 12);
        const success = (x: typeof o) => x.partielle + x.totale + x.reussiteCritique;
        expect(success(bandOdds({ advantage: advantage + 1, bonus }))).toBeGreaterThanOrEqual(success(o) - 1e-12);
        expect(success(bandOdds({ advantage, bonus: bonus + 1 }))).toBeGreaterThanOrEqual(success(o) - 1e-12);
      }),
    );
  });

  it("bonus above +5 changes nothing", () => {
    expect(bandOdds({ bonus: 9 })).toEqual(bandOdds({ bonus: 5 }));
  });

  it("rejects impossible input", () => {
    expect(() => bandOdds({ advantage: 3 })).toThrow(RangeError);
    expect(() => bandOdds({ bonus: 0.5 })).toThrow(RangeError);
  });
});

describe("other odds", () => {
  it("initiative kept: matches brute force", () => {
    for (let advantage = -2; advantage <= 2; advantage++) {
      for (const bonus of [-2, 0, 3, 5]) {
        let p = 0;
        for (const [r, q] of bruteForce(advantage, bonus)) if (r.keepsInitiative) p += q;
        expect(keepInitiativeOdds({ advantage, bonus })).toBeCloseTo(p, 12);
      }
    }
  });

  it("total distribution is complete and matches brute force", () => {
    const d = totalDistribution({ advantage: -2, bonus: 2 });
    expect(mass(d)).toBeCloseTo(1, 12);
    let p = 0;
    for (const [r, q] of bruteForce(-2, 2)) if (r.total === 10) p += q;
    expect(d.get(10)).toBeCloseTo(p, 12);
  });

  it("penchant points: surpassing stays under the cap, so 5 points at most", () => {
    const d = penchantPointsDistribution({ advantage: 0, bonus: 5 });
    expect(Math.max(...d.keys())).toBe(5);
    expect(d.get(5)).toBeCloseTo(1 / 100, 15);
    const e = penchantPointsDistribution({ advantage: 0, bonus: 2 });
    expect(e.get(3)).toBeCloseTo(1 / 100, 15); // only 20 on the dice + 3 reaches 23
  });
});
