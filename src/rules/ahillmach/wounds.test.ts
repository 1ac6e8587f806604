import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { enumerate } from "../shared/distribution";
import { maxHp } from "./classes";
import { CHARACTERISTIC_IDS, type CharacteristicId } from "./characteristics";
import {
  afterRest,
  hpAfterMaxChange,
  damageOdds,
  damageTaken,
  faintingTest,
  loseHp,
  recoveryTest,
  tickStates,
  untickedCharacteristics,
} from "./wounds";

describe("damage", () => {
  it("protection is subtracted, never below 0", () => {
    expect(damageTaken({ damage: 7, protection: 4 })).toBe(3);
    expect(damageTaken({ damage: 2, protection: 4 })).toBe(0);
    expect(damageTaken({ damage: -1 })).toBe(0);
    expect(() => damageTaken({ damage: 3, protection: -1 })).toThrow(RangeError);
  });
  it("damage odds: D8 against protection 4 matches enumeration", () => {
    const d = damageOdds({ sides: 8, protection: 4 });
    expect(d.get(0)).toBeCloseTo(4 / 8, 15);
    const brute = enumerate([8], ([f]) => Math.max(0, f! - 4));
    for (const [k, p] of brute) expect(d.get(k)).toBeCloseTo(p, 15);
  });
});

describe("wounds", () => {
  it("above 6 it is only bruises", () => {
    expect(loseHp({ hp: 15, loss: 5 })).toMatchObject({
      hp: 10,
      bruises: 5,
      wounds: 0,
      dead: false,
      faintingTest: false,
    });
    expect(loseHp({ hp: 10, loss: 4 })).toMatchObject({ hp: 6, bruises: 4, wounds: 0, faintingTest: false });
  });
  it("crossing 6 splits the loss: 9 → 4 is 3 bruises and 2 wounds", () => {
    expect(loseHp({ hp: 9, loss: 5 })).toMatchObject({
      hp: 4,
      bruises: 3,
      wounds: 2,
      statesToTick: 2,
      dead: false,
      faintingTest: true,
    });
  });
  it("reaching 0 is death", () => {
    expect(loseHp({ hp: 3, loss: 5 })).toMatchObject({ hp: 0, dead: true, faintingTest: false });
  });
  it("a wound with no state left to tick is death even above 0", () => {
    const ticked: CharacteristicId[] = ["for", "dex", "con", "int", "mys"];
    expect(loseHp({ hp: 5, loss: 1, ticked })).toMatchObject({ hp: 4, dead: false, statesToTick: 1 });
    expect(loseHp({ hp: 5, loss: 2, ticked })).toMatchObject({ hp: 3, dead: true, statesToTick: 1 });
  });
  it("ticking states, the last one for the fainting test", () => {
    const r = tickStates(["for"], ["dex", "mys"], 2);
    expect(r).toEqual({ ticked: ["for", "dex", "mys"], lastTicked: "mys" });
    expect(() => tickStates(["for"], ["for"], 1)).toThrow(RangeError);
    expect(() => tickStates([], ["for"], 2)).toThrow(RangeError);
    expect(untickedCharacteristics(["for", "aur"])).toEqual(["dex", "con", "int", "mys"]);
  });
  it("fainting test: failure faints, partial success stays up", () => {
    expect(faintingTest({ dice: [3, 4], characteristic: 0 }).fainted).toBe(true);
    expect(faintingTest({ dice: [5, 4], characteristic: 0 }).fainted).toBe(false);
    expect(faintingTest({ dice: [1, 1], characteristic: 4 }).fainted).toBe(true);
  });
  it("recovery: the number of states lowers the roll", () => {
    expect(recoveryTest({ dice: [5, 5], characteristic: 1, states: 3 })).toMatchObject({ total: 8, sequel: true });
    expect(recoveryTest({ dice: [5, 5], characteristic: 1, states: 2 })).toMatchObject({ total: 9, sequel: false });
  });
  it("rest restores bruises only", () => {
    expect(afterRest({ hp: 7, maxHp: 15 })).toBe(15);
    expect(afterRest({ hp: 6, maxHp: 15 })).toBe(15);
    expect(afterRest({ hp: 5, maxHp: 15 })).toBe(5);
  });
  it("rejects impossible input", () => {
    expect(() => loseHp({ hp: -1, loss: 1 })).toThrow(RangeError);
    expect(() => loseHp({ hp: 5, loss: 1.5 })).toThrow(RangeError);
    expect(() => loseHp({ hp: 5, loss: 1, ticked: ["for", "for"] })).toThrow(RangeError);
    expect(() => afterRest({ hp: 20, maxHp: 15 })).toThrow(RangeError);
  });

  it("property: bruises + wounds = HP actually lost; wounds only below 6; losing point by point agrees", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(30), (hp, loss) => {
        const r = loseHp({ hp, loss });
        expect(r.bruises + r.wounds).toBe(hp - r.hp);
        expect(r.wounds).toBe(Math.max(0, Math.min(6, hp) - r.hp));
        expect(r.dead).toBe(r.hp === 0);
        // one point at a time gives the same count of wounds
        let h = hp;
        let w = 0;
        for (let i = 0; i < loss && h > 0; i++) {
          w += loseHp({ hp: h, loss: 1 }).wounds;
          h -= 1;
        }
        expect(w).toBe(r.wounds);
      }),
    );
  });

  it("property: a living wounded character always has a state to tick per wound", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat(20),
        fc.shuffledSubarray([...CHARACTERISTIC_IDS]),
        (hp, loss, ticked) => {
          const r = loseHp({ hp, loss, ticked });
          if (!r.dead) expect(r.statesToTick).toBeLessThanOrEqual(6 - ticked.length);
          if (!r.dead) expect(r.statesToTick).toBe(r.wounds);
        },
      ),
    );
  });
});

describe("hpAfterMaxChange", () => {
  it("a new Magicien with CON +2 starts at 12, not at the Guerrier's 17", () => {
    const oldMax = maxHp({ classId: "guerrier", con: 1, level: 1 });
    const newMax = maxHp({ classId: "magicien", con: 2, level: 1 });
    expect([oldMax, newMax]).toEqual([17, 12]);
    expect(hpAfterMaxChange({ value: 17, oldMax, newMax })).toBe(12);
  });

  it("a wounded character keeps its points; a level up does not heal it", () => {
    expect(hpAfterMaxChange({ value: 9, oldMax: 17, newMax: 18 })).toBe(9);
    expect(hpAfterMaxChange({ value: 15, oldMax: 17, newMax: 12 })).toBe(12);
    expect(() => hpAfterMaxChange({ value: -1, oldMax: 17, newMax: 12 })).toThrow(RangeError);
  });

  it("property: full stays full, never above the new maximum, wounded never gains", () => {
    const hp = fc.integer({ min: 1, max: 40 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), hp, hp, (value, oldMax, newMax) => {
        const after = hpAfterMaxChange({ value, oldMax, newMax });
        if (after > newMax) return false;
        if (value >= oldMax) return after === newMax;
        return after <= value && after === Math.min(value, newMax);
      }),
    );
  });
});
