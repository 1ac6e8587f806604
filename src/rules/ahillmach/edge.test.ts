import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BANDS } from "./resolution";
import { allyEdgesHeld, discernerGrantsEdge, edgeBonus } from "./edge";

describe("the situational +1 (issue 25)", () => {
  it("Discerner la réalité grants it on every success, never on a failure", () => {
    expect(BANDS.filter(discernerGrantsEdge)).toEqual(["partielle", "totale", "reussiteCritique"]);
  });

  it("Défendre holds as many +1 for allies as the option was picked, within the band", () => {
    expect(allyEdgesHeld("partielle", { allie: 1 })).toBe(1);
    expect(allyEdgesHeld("totale", { allie: 2, moitie: 1 })).toBe(2);
    // More picks than a partial success allows: not a card of the rules.
    expect(allyEdgesHeld("partielle", { allie: 2 })).toBe(0);
    expect(allyEdgesHeld("echec", { allie: 1 })).toBe(0);
    expect(allyEdgesHeld("totale", { allie: -1 })).toBe(0);
  });

  it("never exceeds the band's picks, and one tick is one +1", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BANDS), fc.nat(5), fc.nat(5), (band, allie, other) => {
        const held = allyEdgesHeld(band, { allie, moitie: other });
        expect(held).toBeLessThanOrEqual(allie);
        expect(held).toBeLessThanOrEqual(3);
      }),
    );
    expect(edgeBonus(true)).toBe(1);
    expect(edgeBonus(false)).toBe(0);
  });
});
