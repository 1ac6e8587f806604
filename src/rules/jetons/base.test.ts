import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { oppositionBase, playerBase } from "./base";
import { pivot } from "./bids";

describe("playerBase", () => {
  it("adds the points of ticked traits and 1 for the advantage", () => {
    const traits = [
      { points: 2, ticked: true },
      { points: 1, ticked: true },
      { points: 2, ticked: false },
    ];
    expect(playerBase({ traits })).toBe(3);
    expect(playerBase({ traits, advantageUsed: true })).toBe(4);
  });
  it("leaves out the one trait the GM strikes", () => {
    const traits = [
      { points: 2, ticked: true, struck: true },
      { points: 1, ticked: true },
    ];
    expect(playerBase({ traits })).toBe(1);
  });
  it("rejects two strikes, a strike on an unticked trait, and bad points", () => {
    expect(() =>
      playerBase({
        traits: [
          { points: 1, ticked: true, struck: true },
          { points: 1, ticked: true, struck: true },
        ],
      }),
    ).toThrow(/one trait/);
    expect(() => playerBase({ traits: [{ points: 1, ticked: false, struck: true }] })).toThrow(RangeError);
    expect(() => playerBase({ traits: [{ points: 3, ticked: true }] })).toThrow(RangeError);
  });
  it("property: the base is the ticked points minus the struck one, never negative", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ points: fc.constantFrom(1, 2), ticked: fc.boolean() }), { maxLength: 8 }),
        fc.nat(8),
        fc.boolean(),
        (traits, strikeAt, adv) => {
          const ticked = traits.map((t, i) => ({ ...t, struck: t.ticked && i === strikeAt }));
          const expected =
            ticked.filter((t) => t.ticked && !t.struck).reduce((s, t) => s + t.points, 0) + (adv ? 1 : 0);
          expect(playerBase({ traits: ticked, advantageUsed: adv })).toBe(expected);
        },
      ),
    );
  });
});

describe("oppositionBase", () => {
  it("counts one per condition and per negative trait", () => {
    expect(oppositionBase({ conditions: 2, negativeTraits: 1 })).toBe(3);
    expect(oppositionBase({ conditions: 0, negativeTraits: 0 })).toBe(0);
    expect(() => oppositionBase({ conditions: -1, negativeTraits: 0 })).toThrow(RangeError);
  });
  it("source flow: traits against conditions give the pivot", () => {
    // Escrime (2) and Acrobaties (1) against one wound and the weakness Sujet au vertige: pivot +1.
    const pb = playerBase({
      traits: [
        { points: 2, ticked: true },
        { points: 1, ticked: true },
      ],
    });
    const ob = oppositionBase({ conditions: 1, negativeTraits: 1 });
    expect(pivot(pb, ob)).toBe(1);
  });
});
