import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { BLADE_KINDS } from "./harm";
import { SWORD_STANDARD_DAMAGE, armourSuggestions, weaponSuggestions } from "./equipment";

describe("the source's weapon and armour numbers", () => {
  it("source example: a sword's 4 standard damage is the source's, as a sabre's or a katana's", () => {
    expect(SWORD_STANDARD_DAMAGE).toBe(4);
    expect(weaponSuggestions({ damage: 4, range: 0, blade: "epee" })).toEqual({ degats: false, portee: false });
    expect(weaponSuggestions({ damage: 4, range: 0, blade: "sabre" })).toEqual({ degats: false, portee: false });
    expect(weaponSuggestions({ damage: 4, range: 0, blade: "katana" })).toEqual({ degats: false, portee: false });
  });
  it("marks any other damage, any range and any armour protection as ours", () => {
    expect(weaponSuggestions({ damage: 2, range: 0, blade: "aucune" })).toEqual({ degats: true, portee: false });
    expect(weaponSuggestions({ damage: 4, range: 100, blade: "aucune" })).toEqual({ degats: true, portee: true });
    expect(weaponSuggestions({ damage: 5, range: 0, blade: "epee" })).toEqual({ degats: true, portee: false });
    expect(armourSuggestions()).toEqual({ protection: true });
  });
  it("property: damage is the source's only for a sword-kind blade at 4; range only when there is none", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.constantFrom(...BLADE_KINDS),
        (damage, range, blade) => {
          const s = weaponSuggestions({ damage, range, blade: blade.id });
          expect(s.degats).toBe(!(blade.swordKind && damage === 4));
          expect(s.portee).toBe(range > 0);
        },
      ),
    );
  });
});
