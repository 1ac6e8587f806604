import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { meleeForceExchangeOdds, stealthApproachOdds, stealthHitChance } from "./combat-odds";
import { resolveTest, isSuccess } from "./test";

const ok = (roll: number, score: number) => isSuccess(resolveTest({ roll, score }).outcome);

describe("combat odds", () => {
  it("stealth approach matches the 100×100 enumeration", () => {
    for (const [dis, det] of [
      [74, 30],
      [10, 90],
      [0, 0],
      [55, 55],
    ] as const) {
      let counter = 0;
      let force = 0;
      let stealth = 0;
      for (let a = 0; a < 100; a++)
        for (let b = 0; b < 100; b++) {
          if (!ok(a, dis)) counter++;
          else if (ok(b, det)) force++;
          else stealth++;
        }
      const o = stealthApproachOdds({ score: dis }, { score: det });
      expect(o.counterAttack).toBeCloseTo(counter / 1e4, 12);
      expect(o.meleeForce).toBeCloseTo(force / 1e4, 12);
      expect(o.stealthAttack).toBeCloseTo(stealth / 1e4, 12);
    }
  });

  it("by hand: attack 74 (74 % success: 01–74), parry 40 (40 %), counter 50 (50 %)", () => {
    const o = meleeForceExchangeOdds({ attack: { score: 74 }, defence: { score: 40 }, counter: { score: 50 } });
    expect(o.attackerHits).toBeCloseTo(0.74 * 0.6, 12);
    expect(o.defenderHits).toBeCloseTo(0.26 * 0.5, 12);
    expect(o.noHit).toBeCloseTo(0.74 * 0.4 + 0.26 * 0.5, 12);
  });

  it("without defence or counter: the attack hits on every success", () => {
    expect(meleeForceExchangeOdds({ attack: { score: 30, modifier: -10 } })).toEqual({
      attackerHits: expect.closeTo(0.21, 12) as number, // 01–20 and the critical 30
      defenderHits: 0,
      noHit: expect.closeTo(0.79, 12) as number,
    });
    expect(stealthHitChance({ score: 74 })).toBeCloseTo(0.74, 12);
  });

  it("property: exchange odds sum to 1 and match the triple enumeration", () => {
    const s = fc.integer({ min: 0, max: 100 });
    fc.assert(
      fc.property(s, s, s, (a, d, c) => {
        let att = 0;
        let def = 0;
        for (let x = 0; x < 100; x++) {
          if (!ok(x, a)) continue;
          for (let y = 0; y < 100; y++) if (!ok(y, d)) att++;
        }
        for (let x = 0; x < 100; x++) {
          if (ok(x, a)) continue;
          for (let z = 0; z < 100; z++) if (ok(z, c)) def++;
        }
        const o = meleeForceExchangeOdds({ attack: { score: a }, defence: { score: d }, counter: { score: c } });
        expect(o.attackerHits).toBeCloseTo(att / 1e4, 12);
        expect(o.defenderHits).toBeCloseTo(def / 1e4, 12);
        expect(o.attackerHits + o.defenderHits + o.noHit).toBeCloseTo(1, 12);
      }),
      { numRuns: 30 },
    );
  });
});
