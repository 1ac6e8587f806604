import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  applyDamage,
  painDue,
  painMark,
  clickLifeBox,
  comaNonLethal,
  BOXES_PER_LINE,
  careDifficulty,
  comaTick,
  currentLine,
  heal,
  lifeBoxes,
  lifeState,
  maxHitPoints,
  recoveryRule,
  regenerate,
  regenerationKarma,
  type LifeState,
} from "./life";

const ORDER: LifeState[] = ["indemne", "endolori", "blesse", "inconscient", "mort"];

describe("life lines", () => {
  it("source example: a human has 3 lines of 4 (12 HP), an Adam' 3 lines of 8 (24 HP)", () => {
    expect(maxHitPoints(BOXES_PER_LINE.humain)).toBe(12);
    expect(maxHitPoints(BOXES_PER_LINE.trinite)).toBe(24);
  });
  it("states by the first box of each line", () => {
    expect(lifeState(0, 4)).toBe("indemne");
    expect(lifeState(1, 4)).toBe("endolori");
    expect(lifeState(4, 4)).toBe("endolori");
    expect(lifeState(5, 4)).toBe("blesse");
    expect(lifeState(8, 4)).toBe("blesse");
    expect(lifeState(9, 4)).toBe("inconscient");
    expect(lifeState(12, 4)).toBe("inconscient");
    expect(lifeState(13, 4)).toBe("mort");
    expect(lifeState(17, 8)).toBe("inconscient");
    expect(currentLine(9, 8)).toBe(2);
  });
  it("rejects impossible damage", () => {
    expect(() => lifeState(14, 4)).toThrow(RangeError);
    expect(() => lifeState(-1, 4)).toThrow(RangeError);
    expect(() => lifeState(2, 0)).toThrow(RangeError);
    expect(() => applyDamage(0, -2, 4)).toThrow(RangeError);
  });
  it("boxes fill line by line", () => {
    expect(lifeBoxes(6, 4)).toEqual([
      [true, true, true, true],
      [true, true, false, false],
      [false, false, false, false],
    ]);
  });
});

describe("applyDamage", () => {
  it("fills in order and reports pain when line 2 is touched", () => {
    expect(applyDamage(0, 3, 4)).toMatchObject({ damage: 3, pain: false, state: "endolori" });
    expect(applyDamage(3, 2, 4)).toMatchObject({
      damage: 5,
      pain: true,
      line2Reached: true,
      initiativeDelta: -3,
      state: "blesse",
    });
    expect(applyDamage(5, 1, 4)).toMatchObject({ damage: 6, pain: true });
    expect(applyDamage(8, 1, 4)).toMatchObject({ damage: 9, pain: false, state: "inconscient", knockedOut: true });
    expect(applyDamage(2, 10, 4)).toMatchObject({ damage: 12, pain: true, state: "inconscient" });
    expect(applyDamage(5, 0, 4)).toMatchObject({ damage: 5, pain: false });
  });
  it("death comes when a box must be checked and all are", () => {
    expect(applyDamage(11, 1, 4)).toMatchObject({ damage: 12, state: "inconscient" });
    expect(applyDamage(12, 1, 4)).toMatchObject({ damage: 13, state: "mort" });
    expect(applyDamage(3, 30, 4)).toMatchObject({ damage: 13, state: "mort" });
  });
  it("a non-lethal wound never checks the last box", () => {
    expect(applyDamage(3, 30, 4, { nonLethal: true })).toMatchObject({ damage: 11, state: "inconscient" });
    expect(applyDamage(12, 3, 4, { nonLethal: true })).toMatchObject({ damage: 12, state: "inconscient" });
  });
  it("property: matches checking boxes one by one", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(4, 8),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 30 }),
        fc.boolean(),
        (boxes, before, amount, nonLethal) => {
          fc.pre(before <= 3 * boxes);
          let d = before;
          let touchedLine2 = false;
          for (let i = 0; i < amount; i++) {
            if (d > 3 * boxes) break;
            if (nonLethal && d >= 3 * boxes - 1) break;
            d++;
            if (d > boxes && d <= 2 * boxes) touchedLine2 = true;
          }
          const r = applyDamage(before, amount, boxes, { nonLethal });
          expect(r.damage).toBe(d);
          expect(r.pain).toBe(touchedLine2);
          if (nonLethal) expect(r.state).not.toBe("mort");
          expect(ORDER.indexOf(r.state)).toBeGreaterThanOrEqual(ORDER.indexOf(lifeState(before, boxes)));
        },
      ),
    );
  });
});

describe("recovery and regeneration", () => {
  it("coma costs 1 HP an hour unless the wound was non-lethal", () => {
    expect(comaTick(9, 4).damage).toBe(10);
    expect(comaTick(12, 4).state).toBe("mort");
    expect(comaTick(9, 4, true).damage).toBe(9);
    expect(comaTick(5, 4).damage).toBe(5);
  });
  it("recovery by line", () => {
    expect(recoveryRule(0, 4)).toBeNull();
    expect(recoveryRule(3, 4)).toMatchObject({ line: 1, period: "heure", needsCarer: false });
    expect(recoveryRule(6, 4)).toMatchObject({ line: 2, period: "jour", needsCarer: true });
    expect(recoveryRule(10, 4)).toMatchObject({ line: 3, period: "semaine", test: { skill: "soins", difficulty: -6 } });
    expect(recoveryRule(13, 4)).toBeNull();
    expect(heal(6, 10, 4)).toBe(0);
    expect(() => heal(13, 1, 4)).toThrow(RangeError);
  });
  it("care difficulty by state", () => {
    expect(careDifficulty("endolori")).toBe(0);
    expect(careDifficulty("blesse")).toBe(-3);
    expect(careDifficulty("inconscient")).toBe(-6);
    expect(() => careDifficulty("mort")).toThrow(RangeError);
  });
  it("regeneration: the right Karma by state, 4 HP per point", () => {
    expect(regenerationKarma("endolori")).toEqual(["lumiere", "tenebres"]);
    expect(regenerationKarma("blesse")).toEqual(["lumiere"]);
    expect(regenerationKarma("inconscient")).toEqual(["tenebres"]);
    expect(regenerationKarma("indemne")).toEqual([]);
    expect(regenerate(20, 8, "tenebres")).toEqual({ damage: 16, state: "blesse" });
    expect(regenerate(12, 8, "lumiere", 2)).toEqual({ damage: 4, state: "endolori" });
    expect(() => regenerate(12, 8, "tenebres")).toThrow(RangeError);
    expect(() => regenerate(20, 8, "lumiere")).toThrow(RangeError);
  });
});

describe("painDue", () => {
  it("agrees with applyDamage's pain for a wound reported once, and never counts the same damage twice (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.nat(40), fc.nat(40), (per, from, amount) => {
        const start = Math.min(from, 3 * per);
        const r = applyDamage(start, amount, per);
        if (r.damage > 3 * per) return;
        expect(painDue(r.damage, start, per)).toBe(r.pain);
        expect(painDue(r.damage, r.damage, per)).toBe(false);
      }),
    );
  });
});

describe("painMark", () => {
  it("source case: an Adam' wounded into line 2, healed, then wounded into line 2 again, pays the pain twice", () => {
    // 8 boxes a line: 10 damage checks boxes of line 2.
    const first = painMark(10, 0, 8);
    expect(first).toEqual({ pain: true, mark: 10 });
    // Healed to 3 (back in line 1): the mark follows the damage down.
    const healed = painMark(3, first.mark, 8);
    expect(healed).toEqual({ pain: false, mark: 3 });
    expect(painMark(10, healed.mark, 8)).toEqual({ pain: true, mark: 10 });
    // Without the healing seen, the same 10 would count nothing.
    expect(painMark(10, first.mark, 8).pain).toBe(false);
    // A report that is no wound lowers the mark and costs nothing.
    expect(painMark(12, 0, 8, false)).toEqual({ pain: false, mark: 0 });
  });

  it("after any healing, the next wound costs pain exactly when applyDamage says it checks line 2 (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.nat(40),
        fc.nat(40),
        fc.nat(40),
        (per, wounded, healing, amount) => {
          const hurt = Math.min(wounded, 3 * per);
          const mark = painMark(hurt, 0, per).mark;
          const left = heal(hurt, Math.min(healing, hurt), per);
          const after = painMark(left, mark, per);
          expect(after.mark).toBeLessThanOrEqual(left);
          const r = applyDamage(left, amount, per);
          if (r.damage > 3 * per) return;
          expect(painMark(r.damage, after.mark, per).pain).toBe(r.pain);
        },
      ),
    );
  });
});

describe("clickLifeBox", () => {
  it("checks up to the clicked box, unchecks the last checked one, and never revives the dead", () => {
    expect(clickLifeBox(0, 3, 4)).toBe(3);
    expect(clickLifeBox(3, 3, 4)).toBe(2);
    expect(clickLifeBox(13, 12, 4)).toBe(13);
    expect(() => clickLifeBox(0, 0, 4)).toThrow(RangeError);
  });
  it("stays within the boxes for the living, and dead stays dead whatever box is clicked", () => {
    fc.assert(
      fc.property(fc.constantFrom(4, 8), fc.nat(), fc.nat(), (per, d, i) => {
        const max = 3 * per;
        const damage = d % (max + 2);
        const index = (i % max) + 1;
        const next = clickLifeBox(damage, index, per);
        if (damage > max) expect(next).toBe(damage);
        else expect(next >= 0 && next <= max).toBe(true);
      }),
    );
  });
});

describe("comaNonLethal", () => {
  it("is set by the wound that knocks out, kept by a soft blow, cleared by a lethal box or waking", () => {
    const out = applyDamage(15, 2, 8, { nonLethal: true });
    expect(comaNonLethal(false, out, true)).toBe(true);
    const again = applyDamage(out.damage, 1, 8);
    expect(comaNonLethal(true, again, false)).toBe(false);
    expect(comaNonLethal(true, applyDamage(3, 1, 8), false)).toBe(false);
  });
});
