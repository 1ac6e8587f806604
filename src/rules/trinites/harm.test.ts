import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  attackDamage,
  clickObjectBox,
  damageObject,
  dislodgeDamage,
  fallDamage,
  harmDamage,
  FIRE_DAMAGE,
  hitReach,
  isSwordKind,
  objectProtection,
  stepDamage,
  CONTINUOUS_AGGRESSIONS,
} from "./harm";

describe("attackDamage", () => {
  it("weapon damage minus protection, never below 0", () => {
    expect(attackDamage({ weaponDamage: 4, protection: 1 }).damage).toBe(3);
    expect(attackDamage({ weaponDamage: 2, protection: 5 }).damage).toBe(0);
  });
  it("source example: a sword does 8 instead of 4 to a Trinité", () => {
    expect(attackDamage({ weaponDamage: 4, targetIsTrinite: true, swordKind: true })).toMatchObject({
      raw: 8,
      damage: 8,
      swordRule: true,
    });
    expect(attackDamage({ weaponDamage: 4, targetIsTrinite: false, swordKind: true }).damage).toBe(4);
    expect(attackDamage({ weaponDamage: 4, targetIsTrinite: true, swordKind: false }).damage).toBe(4);
  });
  it("primes: ±50% rounded up, precise halves protection rounded up", () => {
    expect(stepDamage(5, "moitie")).toBe(3);
    expect(stepDamage(5, "plusMoitie")).toBe(8);
    expect(attackDamage({ weaponDamage: 5, protection: 3, steps: ["plusMoitie"] }).damage).toBe(5);
    expect(attackDamage({ weaponDamage: 5, protection: 3, precise: true }).damage).toBe(3);
    expect(attackDamage({ weaponDamage: 4, targetIsTrinite: true, swordKind: true, steps: ["plusMoitie"] }).raw).toBe(
      12,
    );
    expect(attackDamage({ weaponDamage: 6, protection: 1, areaMiss: true }).damage).toBe(2);
  });
  it("blade kinds of the sword rule", () => {
    expect(isSwordKind("katana")).toBe(true);
    expect(isSwordKind("aucune")).toBe(false);
    expect(() => isSwordKind("hache" as "aucune")).toThrow(RangeError);
  });
  it("rejects impossible values", () => {
    expect(() => attackDamage({ weaponDamage: -1 })).toThrow(RangeError);
    expect(() => attackDamage({ weaponDamage: 3, protection: 1.5 })).toThrow(RangeError);
  });
  it("property: never negative, never above the raw damage", () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(10), fc.boolean(), fc.boolean(), (w, p, t, s) => {
        const r = attackDamage({ weaponDamage: w, protection: p, targetIsTrinite: t, swordKind: s });
        expect(r.damage).toBeGreaterThanOrEqual(0);
        expect(r.damage).toBeLessThanOrEqual(r.raw);
        expect(r.raw).toBe(t && s ? 2 * w : w);
      }),
    );
  });
});

describe("other harm", () => {
  it("falls: 1 per 2 m, concrete +3, water −6, Esquive −3", () => {
    expect(fallDamage(6)).toBe(3);
    expect(fallDamage(7)).toBe(3);
    expect(fallDamage(6, "beton")).toBe(6);
    expect(fallDamage(10, "eau")).toBe(0);
    expect(fallDamage(10, "normal", true)).toBe(2);
  });
  it("objects: material protection, +1 for weapons and armour", () => {
    expect(objectProtection("metal")).toBe(4);
    expect(objectProtection("bois", true)).toBe(3);
    expect(objectProtection("verreTissu")).toBe(0);
  });
  it("continuous aggressions carry their skill and difficulties", () => {
    expect(CONTINUOUS_AGGRESSIONS.map((a) => a.id)).toEqual([
      "asphyxie",
      "chaleur",
      "fatigue",
      "froid",
      "maladie",
      "poison",
    ]);
    expect(CONTINUOUS_AGGRESSIONS.find((a) => a.id === "chaleur")).toMatchObject({ damage: 4, skill: "survie" });
  });
});

describe("hitReach (area attacks)", () => {
  it("source case: a failed area attack, or one the target dodged, still costs half the damage minus armour", () => {
    expect(hitReach(false, true, false)).toBe("half");
    expect(hitReach(true, true, true)).toBe("half");
    // A 6-damage grenade on a target in 1-point armour: 3 − 1.
    expect(attackDamage({ weaponDamage: 6, protection: 1, areaMiss: true }).damage).toBe(2);
  });
  it("an area attack always reaches; any other attack reaches in full exactly when it succeeds unprevented", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (ok, area, prevented) => {
        const r = hitReach(ok, area, prevented);
        if (area) expect(r).not.toBe("none");
        expect(r === "full").toBe(ok && !prevented);
        if (!area) expect(r).not.toBe("half");
      }),
    );
  });
});

describe("harmDamage", () => {
  it("source cases: a blaze costs 3 (2 in a firefighter's outfit), a 7 m fall on concrete 6, asphyxia 1", () => {
    expect(harmDamage({ kind: "feu", size: "brasier", protected: false })).toBe(3);
    expect(harmDamage({ kind: "feu", size: "brasier", protected: true })).toBe(2);
    expect(harmDamage({ kind: "chute", meters: 7, surface: "beton", dodged: false })).toBe(6);
    expect(harmDamage({ kind: "continu", id: "asphyxie" })).toBe(1);
    expect(harmDamage({ kind: "continu", id: "poison", amount: 4 })).toBe(4);
    expect(() => harmDamage({ kind: "continu", id: "poison", amount: 5 })).toThrow(RangeError);
    expect(() => harmDamage({ kind: "continu", id: "lave" })).toThrow(RangeError);
  });
  it("never costs less than 0 nor more than the source's table allows", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIRE_DAMAGE.map((f) => f.id)),
        fc.boolean(),
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom("normal", "beton", "eau" as const),
        fc.boolean(),
        (size, worn, meters, surface, dodged) => {
          const fire = harmDamage({ kind: "feu", size, protected: worn });
          expect(fire).toBeGreaterThanOrEqual(0);
          expect(fire).toBeLessThanOrEqual(3);
          const fall = harmDamage({ kind: "chute", meters, surface, dodged });
          expect(fall).toBeGreaterThanOrEqual(0);
          expect(fall).toBeLessThanOrEqual(meters / 2 + 3);
        },
      ),
    );
  });
});

describe("Déloger and objects (issue 25)", () => {
  it("costs 1 for a window, 2 for a wall, 1 per full 3 m of stairs", () => {
    expect(dislodgeDamage("vitre")).toBe(1);
    expect(dislodgeDamage("mur")).toBe(2);
    expect(dislodgeDamage("escaliers", 7)).toBe(2);
    expect(harmDamage({ kind: "deloger", id: "escaliers", meters: 2 })).toBe(0);
    expect(harmDamage({ kind: "deloger", id: "mur" })).toBe(2);
  });
  it("an object's line takes the blow above its protection and is destroyed when full", () => {
    // A wooden door: 6 boxes, protection 2. A blow of 5 checks 3; another of 5 checks the last 3.
    expect(damageObject(6, 0, 5, 2)).toEqual({ damage: 3, lost: 3, destroyed: false });
    expect(damageObject(6, 3, 5, 2)).toEqual({ damage: 6, lost: 3, destroyed: true });
    expect(damageObject(6, 0, 2, 2)).toEqual({ damage: 0, lost: 0, destroyed: false });
  });
  it("checks an object's boxes up to the one clicked, and unchecks the last checked one", () => {
    expect(clickObjectBox(6, 0, 3)).toBe(3);
    expect(clickObjectBox(6, 3, 3)).toBe(2);
    expect(clickObjectBox(6, 3, 1)).toBe(1);
    expect(clickObjectBox(6, 3, 7)).toBe(3);
  });
  it("never checks more boxes than the line holds, nor unchecks any", () => {
    fc.assert(
      fc.property(fc.nat(24), fc.nat(30), fc.nat(30), fc.nat(5), (hp, d, blow, prot) => {
        const r = damageObject(hp, d, blow, prot);
        expect(r.damage).toBeLessThanOrEqual(hp);
        expect(r.damage).toBeGreaterThanOrEqual(Math.min(d, hp));
        expect(r.destroyed).toBe(hp > 0 && r.damage === hp);
      }),
    );
  });
});
