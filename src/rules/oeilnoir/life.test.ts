import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  dyingRounds,
  inFrenzy,
  penalisingWounds,
  lifeStatus,
  lowEvPenalties,
  permanentEvLoss,
  reducedVitesse,
  isRescueSkill,
  RESCUE_BOUNDS,
  rescueCheck,
  rescueValue,
  stabilization,
} from "./life";

describe("lifeStatus", () => {
  it("bands: above 5 standing, 1–5 out of the fight, ≤ 0 dying, below −CN dead", () => {
    const s = (ev: number) => lifeStatus({ ev, cn: 12, tenace: false });
    expect([6, 5, 1, 0, -12, -13].map(s)).toEqual(["debout", "horsCombat", "horsCombat", "mourant", "mourant", "mort"]);
  });
  it("Tenace or En Fer keeps a fighter standing at 1–5; Tenace moves death to −1.5 × CN", () => {
    expect(lifeStatus({ ev: 3, cn: 12, tenace: true })).toBe("debout");
    expect(lifeStatus({ ev: 3, cn: 12, enFer: true })).toBe("debout");
    expect(lifeStatus({ ev: 3, cn: 12, volonteSuccess: true })).toBe("debout");
    expect(lifeStatus({ ev: -18, cn: 12, tenace: true })).toBe("mourant");
    expect(lifeStatus({ ev: -19, cn: 12, tenace: true })).toBe("mort");
    expect(lifeStatus({ ev: -19, cn: 13, tenace: true })).toBe("mourant"); // limit −19.5
    expect(lifeStatus({ ev: -20, cn: 13, tenace: true })).toBe("mort");
  });
  it("Endurance at 0 knocks a fighter out (issue 25), En Fer or Tenace notwithstanding; a Volonté check holds", () => {
    expect(lifeStatus({ ev: 20, cn: 12, endurance: 0 })).toBe("horsCombat");
    expect(lifeStatus({ ev: 20, cn: 12, endurance: 0, enFer: true, tenace: true })).toBe("horsCombat");
    expect(lifeStatus({ ev: 20, cn: 12, endurance: 0, volonteSuccess: true })).toBe("debout");
    expect(lifeStatus({ ev: 20, cn: 12, endurance: 1 })).toBe("debout");
    expect(lifeStatus({ ev: 20, cn: 12, endurance: null })).toBe("debout");
    expect(lifeStatus({ ev: 0, cn: 12, endurance: 0 })).toBe("mourant");
  });
  it("property: status never improves as EV falls", () => {
    const rank = { debout: 0, horsCombat: 1, mourant: 2, mort: 3 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        (ev, cn, tenace) => {
          expect(rank[lifeStatus({ ev: ev - 1, cn, tenace })]).toBeGreaterThanOrEqual(
            rank[lifeStatus({ ev, cn, tenace })],
          );
        },
      ),
    );
  });
});

describe("dying and saving", () => {
  it("source example: Alrigio (CN 13) rolls 3: 39 rounds; at EV −5 the check is +10 and takes 10 rounds", () => {
    expect(dyingRounds({ d6: 3, cn: 13 })).toBe(39);
    expect(stabilization({ ev: -5 })).toEqual({ modifier: 10, rounds: 10, failureDamage: "1d6" });
  });
  it("skill points left shorten it, down to 1 round; Tenace lasts 1.5 ×", () => {
    expect(stabilization({ ev: -5, pointsLeft: 4 }).rounds).toBe(6);
    expect(stabilization({ ev: -2, pointsLeft: 9 }).rounds).toBe(1);
    expect(dyingRounds({ d6: 3, cn: 13, tenace: true })).toBe(59); // 58.5 → 59
    expect(() => stabilization({ ev: 2 })).toThrow(RangeError);
    expect(() => dyingRounds({ d6: 7, cn: 13 })).toThrow(RangeError);
  });
});

describe("optional low-EV modules", () => {
  it("below 1/2, 1/3, 1/4 of base EV: −1/−2/−3 to quality, −3/−6/−9 to skill checks", () => {
    const l = (ev: number) => lowEvPenalties({ ev, evBase: 30 }).level;
    expect([15, 14, 10, 9, 8, 7, 0].map(l)).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(lowEvPenalties({ ev: 7, evBase: 30 })).toEqual({ level: 3, quality: 3, skill: 9, vitesse: 3 });
    expect(lowEvPenalties({ ev: 1, evBase: 30, frenzy: true }).level).toBe(0);
  });
  it("Vitesse stays at least 1", () => {
    expect(reducedVitesse(8, 3)).toBe(5);
    expect(reducedVitesse(2, 3)).toBe(1);
  });
  it("permanent loss of 1 EV below minus the wound threshold", () => {
    expect(permanentEvLoss({ evBefore: 3, ev: -7, woundThreshold: 7 })).toBe(0);
    expect(permanentEvLoss({ evBefore: 3, ev: -8, woundThreshold: 7 })).toBe(1);
    // Already below: a later blow or a failed care costs nothing more.
    expect(permanentEvLoss({ evBefore: -8, ev: -11, woundThreshold: 7 })).toBe(0);
  });
  it("property: along any fall of EV, the base EV is lost at most once per crossing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 30 }),
        fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 12 }),
        fc.integer({ min: 3, max: 12 }),
        (start, blows, woundThreshold) => {
          let ev = start;
          let lost = 0;
          for (const d of blows) {
            lost += permanentEvLoss({ evBefore: ev, ev: ev - d, woundThreshold });
            ev -= d;
          }
          expect(lost).toBe(start >= -woundThreshold && ev < -woundThreshold ? 1 : 0);
        },
      ),
    );
  });
  it("property: penalty level is monotone in EV", () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 60 }), fc.integer({ min: 1, max: 60 }), (ev, evBase) => {
        expect(lowEvPenalties({ ev: ev - 1, evBase }).level).toBeGreaterThanOrEqual(
          lowEvPenalties({ ev, evBase }).level,
        );
      }),
    );
  });
});

describe("rescue check", () => {
  it("rolls under the healer's value made harder by twice the points below 0", () => {
    // EV −3: 6 harder; Médecine 14 with no modifier → under 8.
    expect(rescueValue({ skill: 14, modifier: 0, ev: -3 })).toBe(8);
    // A 5 leaves 3 points: the care lasts 6 − 3 = 3 rounds.
    expect(rescueCheck({ skill: 14, modifier: 0, ev: -3, d20: 5 })).toMatchObject({
      test: { success: true, value: 8 },
      pointsLeft: 3,
      rounds: 3,
    });
    expect(rescueCheck({ skill: 14, modifier: 0, ev: -3, d20: 9 })).toMatchObject({
      test: { success: false },
      pointsLeft: null,
      rounds: null,
    });
  });

  it("a natural 1 saves even under an impossible value, with no points left", () => {
    expect(rescueCheck({ skill: 4, modifier: 2, ev: -6, d20: 1 })).toMatchObject({
      test: { success: true, critical: true },
      pointsLeft: 0,
      rounds: 12,
    });
  });
});

describe("rescue bounds", () => {
  it("refuses a healer's value or modifier outside what the dialog offers (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -50, max: 50 }), (skill, modifier) => {
        const inside =
          skill >= RESCUE_BOUNDS.skill.min &&
          skill <= RESCUE_BOUNDS.skill.max &&
          modifier >= RESCUE_BOUNDS.modifier.min &&
          modifier <= RESCUE_BOUNDS.modifier.max;
        const run = () => rescueCheck({ skill, modifier, ev: -1, d20: 10 });
        if (inside) expect(run().test.value).toBe(skill - modifier - 2);
        else expect(run).toThrow(RangeError);
      }),
    );
    expect(isRescueSkill(1000)).toBe(false);
    expect(isRescueSkill(14.5)).toBe(false);
    expect(isRescueSkill(14)).toBe(true);
  });
});

describe("frenzy (Frénétique, issue 33)", () => {
  it("is a state: only with the ability and while toggled on", () => {
    expect(inFrenzy({ ability: true, state: true })).toBe(true);
    expect(inFrenzy({ ability: true, state: false })).toBe(false);
    expect(inFrenzy({ ability: false, state: true })).toBe(false);
  });

  it("while it lasts, no wound penalty and no low-EV penalty; outside it, the wounds all count", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: -30, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        (w, ev, base) => {
          expect(penalisingWounds(w, true)).toBe(0);
          expect(penalisingWounds(w, false)).toBe(w);
          expect(lowEvPenalties({ ev, evBase: base, frenzy: true }).level).toBe(0);
        },
      ),
    );
  });
});
