import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyDamage } from "./damage";

describe("applyDamage", () => {
  it("armour points absorb first, then hit points", () => {
    expect(applyDamage({ damage: 7, armourPoints: 4, hitPoints: 20 })).toEqual({
      armourPoints: 0,
      hitPoints: 17,
      armourLost: 4,
      hitPointsLost: 3,
      overflow: 0,
    });
    expect(applyDamage({ damage: 3, armourPoints: 5, hitPoints: 20 })).toMatchObject({
      armourPoints: 2,
      hitPoints: 20,
    });
  });

  it("hit points stop at 0 and the excess is reported", () => {
    expect(applyDamage({ damage: 30, armourPoints: 5, hitPoints: 10 })).toEqual({
      armourPoints: 0,
      hitPoints: 0,
      armourLost: 5,
      hitPointsLost: 10,
      overflow: 15,
    });
  });

  it("rejects negative or fractional values", () => {
    expect(() => applyDamage({ damage: -1, armourPoints: 0, hitPoints: 1 })).toThrow(RangeError);
    expect(() => applyDamage({ damage: 1, armourPoints: -2, hitPoints: 1 })).toThrow(RangeError);
    expect(() => applyDamage({ damage: 1.5, armourPoints: 0, hitPoints: 1 })).toThrow(RangeError);
  });

  it("property: damage is conserved and hit points only drop once armour is gone", () => {
    const n = fc.integer({ min: 0, max: 200 });
    fc.assert(
      fc.property(n, n, n, (damage, armourPoints, hitPoints) => {
        const r = applyDamage({ damage, armourPoints, hitPoints });
        return (
          r.armourLost + r.hitPointsLost + r.overflow === damage &&
          r.armourPoints === armourPoints - r.armourLost &&
          r.hitPoints === hitPoints - r.hitPointsLost &&
          (r.hitPointsLost === 0 || r.armourPoints === 0) &&
          r.hitPoints >= 0
        );
      }),
    );
  });
});
