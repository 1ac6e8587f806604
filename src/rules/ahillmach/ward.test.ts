import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { halveDamage, wardHeld, wardOnHit } from "./ward";

const none = { moitie: 0, rediriger: 0 };

describe("Défendre's held consequences on a hit", () => {
  it("a partial success holds one consequence, a total three; more picks are refused", () => {
    expect(wardHeld("partielle", { moitie: 1 })).toEqual({ moitie: 1, rediriger: 0 });
    expect(wardHeld("totale", { moitie: 2, rediriger: 1 })).toEqual({ moitie: 2, rediriger: 1 });
    expect(wardHeld("partielle", { moitie: 1, rediriger: 1 })).toBeNull();
    expect(wardHeld("echec", { moitie: 1 })).toBeNull();
    expect(wardHeld("totale", { moitie: 1, allie: 1, niveau: 1 })).toEqual({ moitie: 1, rediriger: 0 });
    expect(wardHeld("totale", { moitie: -1 })).toBeNull();
  });

  it("halves rounding down: 7 → 3", () => {
    expect(halveDamage(7)).toBe(3);
    expect(halveDamage(8)).toBe(4);
    expect(halveDamage(1)).toBe(0);
  });

  it("a hit on the protected one is redirected first, then halved; a hit on the defender only halved", () => {
    const held = { moitie: 1, rediriger: 1 };
    expect(wardOnHit({ damage: 7, onDefender: false, held, spent: none })).toEqual({
      damage: 7,
      redirected: true,
      spends: "rediriger",
    });
    expect(wardOnHit({ damage: 7, onDefender: false, held, spent: { moitie: 0, rediriger: 1 } })).toEqual({
      damage: 3,
      redirected: false,
      spends: "moitie",
    });
    expect(wardOnHit({ damage: 7, onDefender: true, held: { moitie: 0, rediriger: 1 }, spent: none })).toEqual({
      damage: 7,
      redirected: false,
      spends: null,
    });
  });

  it("never spends more than held, never raises the damage", () => {
    fc.assert(
      fc.property(
        fc.nat(30),
        fc.boolean(),
        fc.record({ moitie: fc.nat(3), rediriger: fc.nat(3) }),
        fc.record({ moitie: fc.nat(3), rediriger: fc.nat(3) }),
        (damage, onDefender, held, spent) => {
          const out = wardOnHit({ damage, onDefender, held, spent });
          expect(out.damage).toBeLessThanOrEqual(damage);
          if (out.spends) expect(spent[out.spends]).toBeLessThan(held[out.spends]);
          if (out.redirected) expect(onDefender).toBe(false);
        },
      ),
    );
  });
});
