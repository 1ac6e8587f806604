import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  damage,
  enduranceDamage,
  resolveHit,
  ATTACK_KINDS,
  strengthBonus,
  woundEffects,
  woundThresholdModifier,
  woundThresholds,
  wounds,
} from "./damage";

describe("strengthBonus", () => {
  it("source example: axe 13/2 gives Alrik (FO 11) nothing, Sven +1 at FO 15 and +2 at FO 17", () => {
    expect(strengthBonus({ fo: 11, threshold: 13, step: 2 })).toBe(0);
    expect(strengthBonus({ fo: 15, threshold: 13, step: 2 })).toBe(1);
    expect(strengthBonus({ fo: 17, threshold: 13, step: 2 })).toBe(2);
  });
  it("only full steps count", () => {
    expect(strengthBonus({ fo: 14, threshold: 13, step: 2 })).toBe(0);
    expect(strengthBonus({ fo: 16, threshold: 13, step: 2 })).toBe(1);
    expect(() => strengthBonus({ fo: 14, threshold: 13, step: 0 })).toThrow(RangeError);
  });
  it("property: monotone in FO and never negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 29 }),
        fc.integer({ min: 8, max: 16 }),
        fc.integer({ min: 1, max: 6 }),
        (fo, t, s) => {
          const a = strengthBonus({ fo, threshold: t, step: s });
          expect(a).toBeGreaterThanOrEqual(0);
          expect(strengthBonus({ fo: fo + 1, threshold: t, step: s })).toBeGreaterThanOrEqual(a);
        },
      ),
    );
  });
});

describe("damage", () => {
  it("PI − PR, never below 0", () => {
    expect(damage({ pi: 9, pr: 3 })).toBe(6);
    expect(damage({ pi: 2, pr: 3 })).toBe(0);
  });
  it("a critical attack doubles the PI before armour", () => {
    expect(damage({ pi: 7, pr: 3, critical: true })).toBe(11);
  });
  it("PI(End): endurance loses PI(End) − PR, EV half of it rounded down", () => {
    expect(enduranceDamage({ piEnd: 8, pr: 1 })).toEqual({ endurance: 7, ev: 3 });
  });
  it("rejects negative PI", () => {
    expect(() => damage({ pi: -1, pr: 0 })).toThrow(RangeError);
  });
});

describe("wounds", () => {
  it("source example: CN 13 with En Fer has thresholds 9, 15 and 22", () => {
    expect(woundThresholds({ cn: 13, modifier: woundThresholdModifier({ enFer: true }) })).toEqual([9, 15, 22]);
  });
  it("plain CN 13: 7, 13, 20 — one wound above 7, two above 13, three above 20", () => {
    expect(woundThresholds({ cn: 13 })).toEqual([7, 13, 20]);
    const w = (d: number) => wounds({ damage: d, cn: 13, modifier: 0 });
    expect([7, 8, 13, 14, 20, 21, 40].map(w)).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });
  it("threshold modifiers add up (bolt −2, Coup du Plat +2, Os de Verre −2)", () => {
    expect(woundThresholdModifier({ enFer: true, attacks: ["carreau"] })).toBe(0);
    expect(woundThresholdModifier({ osDeVerre: true, attacks: ["coupCible", "carreau"] })).toBe(-6);
    expect(woundThresholdModifier({ attacks: ["sansArme", "piEnd"] })).toBe(4);
  });
  it("no damage never wounds", () => {
    expect(wounds({ damage: 0, cn: 2, modifier: -6 })).toBe(0);
  });
  it("property: wounds are monotone in damage and fall as the modifier rises", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: -6, max: 6 }),
        (d, cn, m) => {
          const w = wounds({ damage: d, cn, modifier: m });
          expect(w).toBeGreaterThanOrEqual(0);
          expect(w).toBeLessThanOrEqual(3);
          expect(wounds({ damage: d + 1, cn, modifier: m })).toBeGreaterThanOrEqual(w);
          expect(wounds({ damage: d, cn, modifier: m + 1 })).toBeLessThanOrEqual(w);
        },
      ),
    );
  });
  it("each wound: −2 to AT, PRD, Distance, INI base and AG, −1 Vitesse", () => {
    expect(woundEffects(2)).toEqual({ atBase: -4, prdBase: -4, distance: -4, iniBase: -4, ag: -4, vitesse: -2 });
  });
});

describe("resolveHit", () => {
  it("a normal hit counts the threshold wounds", () => {
    expect(resolveHit({ pi: 12, pr: 3, cn: 13 })).toEqual({
      damage: 9,
      endurance: 0,
      wounds: 1,
      seriousWound: 0,
      totalWounds: 1,
      volonteModifier: 9,
    });
  });
  it("a critical hit doubles PI and adds a serious wound unless Volonté holds", () => {
    expect(resolveHit({ pi: 8, pr: 2, cn: 13, critical: true })).toMatchObject({
      damage: 14,
      wounds: 2,
      seriousWound: 1,
      totalWounds: 3,
      volonteModifier: 14,
    });
    expect(resolveHit({ pi: 8, pr: 2, cn: 13, critical: true, volonteSuccess: true }).totalWounds).toBe(2);
    expect(resolveHit({ pi: 1, pr: 5, cn: 13, critical: true }).seriousWound).toBe(0);
  });
  it("PI(End): PI − PR off Endurance, half (rounded down) off EV, the wounds counted on that half", () => {
    // 14 PI(End) against PR 1: 13 Endurance, 6 EV; thresholds 7+2 (PI(End)): no wound.
    const m = woundThresholdModifier({ attacks: [ATTACK_KINDS.sansArme.wound] });
    expect(resolveHit({ pi: 14, pr: 1, cn: 13, modifier: m, endurance: true })).toMatchObject({
      damage: 6,
      endurance: 13,
      wounds: 0,
    });
    // Doubled by a critical: 28 − 1 = 27 Endurance, 13 EV: over 9, one wound (and the serious one).
    expect(resolveHit({ pi: 14, pr: 1, cn: 13, modifier: m, endurance: true, critical: true })).toMatchObject({
      damage: 13,
      endurance: 27,
      wounds: 1,
      totalWounds: 2,
    });
  });
  it("property: a PI(End) blow never takes more EV than a plain blow of the same PI", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 10 }), (pi, pr) => {
        const end = resolveHit({ pi, pr, cn: 12, endurance: true });
        const plain = resolveHit({ pi, pr, cn: 12 });
        expect(end.damage).toBeLessThanOrEqual(plain.damage);
        expect(end.endurance).toBe(plain.damage);
      }),
    );
  });
  it("attack kinds: Coup Ciblé lowers the thresholds by 2; Coup du Plat and unarmed blows deal PI(End), +2", () => {
    expect(ATTACK_KINDS.coupCible).toEqual({ wound: "coupCible", endurance: false });
    expect(woundThresholdModifier({ attacks: [ATTACK_KINDS.coupCible.wound] })).toBe(-2);
    expect(ATTACK_KINDS.coupDuPlat.endurance && ATTACK_KINDS.sansArme.endurance).toBe(true);
    expect(woundThresholdModifier({ attacks: [ATTACK_KINDS.coupDuPlat.wound] })).toBe(2);
  });
});
