import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { enumerate } from "../shared/distribution";
import {
  EXAMPLE_OPPONENTS,
  OPPONENT_SIZES,
  OPPONENT_TIERS,
  fleeOdds,
  moraleCheck,
  opponentHit,
  opponentStatBlock,
  type ExampleOpponent,
} from "./opponents";
import { resolveMove } from "./resolution";

const example = (id: string): ExampleOpponent => {
  const ex = EXAMPLE_OPPONENTS.find((e) => e.id === id);
  if (!ex) throw new Error(id);
  return ex;
};

describe("opponent stat blocks", () => {
  it("tiers give 4/D4, 6/D6, 8/D8, 10/D10", () => {
    expect(OPPONENT_TIERS.map((t) => opponentStatBlock({ tier: t.id })).map((b) => [b.hp, b.damage.formula])).toEqual([
      [4, "D4"],
      [6, "D6"],
      [8, "D8"],
      [10, "D10"],
    ]);
  });
  it("sizes adjust damage, hit points and the characters' moves; zeros are omitted", () => {
    const big = opponentStatBlock({ tier: "entraine", size: "grand" });
    expect(big).toMatchObject({ hp: 11, damage: { formula: "D8+3", modifier: 3 } });
    expect(big.moveModifiers).toEqual({ taillerEnPieces: 1, salve: 1, defendre: -1 });
    const small = opponentStatBlock({ tier: "fortune", size: "petit" });
    expect(small).toMatchObject({ hp: 3, damage: { formula: "D6-3" } });
    expect(small.moveModifiers).toEqual({ taillerEnPieces: -1, salve: -1, defendre: 1 });
    expect(opponentStatBlock({ tier: "veteran", size: "enorme" })).toMatchObject({
      hp: 15,
      damage: { formula: "D10+5" },
    });
    expect(opponentStatBlock({ tier: "veteran" }).moveModifiers).toEqual({});
    expect(OPPONENT_SIZES).toHaveLength(4);
  });
  it("major opponents add FOR to damage, DEX to protection, CON to hit points", () => {
    const b = opponentStatBlock({
      tier: "veteran",
      protection: 1,
      characteristics: { for: 2, dex: 1, con: -1, int: 0 },
    });
    expect(b).toMatchObject({ major: true, hp: 9, protection: 2, damage: { formula: "D10+2" } });
    expect(b.characteristics).toEqual({ for: 2, dex: 1, con: -1 });
  });
  it("source example: Garde benêt", () => {
    const b = opponentStatBlock(example("gardeBenet").input);
    expect(b).toMatchObject({
      major: false,
      hp: 6,
      protection: 1,
      damage: { formula: "D6" },
      mental: -1,
      moraleBonus: -1,
    });
    expect(b.characteristics).toEqual({});
    expect(example("gardeBenet").metiers[0]?.mastery).toBe(1);
  });
  it("source example: Cheveux d'or — protection 4 (2 + 2 DEX), 9 HP (8 + 1 CON), D8, Mystique 1", () => {
    const b = opponentStatBlock(example("cheveuxDOr").input);
    expect(b).toMatchObject({
      major: true,
      hp: 9,
      hpBreakdown: { tier: 8, size: 0, con: 1 },
      protection: 4,
      protectionBreakdown: { gear: 2, dex: 2 },
      damage: { formula: "D8" },
      moraleBonus: 1,
    });
    expect(example("cheveuxDOr").actions).toHaveLength(3);
  });
  it("rejects impossible input", () => {
    expect(() => opponentStatBlock({ tier: "entraine", protection: -1 })).toThrow(RangeError);
    expect(() => opponentStatBlock({ tier: "entraine", characteristics: { for: 5 } })).toThrow(RangeError);
    expect(() => opponentStatBlock({ tier: "entraine", characteristics: {}, mental: 1 })).toThrow(RangeError);
    expect(() => opponentStatBlock({ tier: "boss" as never })).toThrow(RangeError);
  });
  it("property: hit points and damage never fall below tier + size, and grow with CON and FOR", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPPONENT_TIERS.map((t) => t.id)),
        fc.constantFrom(...OPPONENT_SIZES.map((s) => s.id)),
        fc.integer({ min: -2, max: 4 }),
        fc.integer({ min: -2, max: 4 }),
        (tier, size, con, str) => {
          const plain = opponentStatBlock({ tier, size });
          const major = opponentStatBlock({ tier, size, characteristics: { con, for: str } });
          expect(major.hp).toBe(Math.max(1, plain.hpBreakdown.tier + plain.hpBreakdown.size + con));
          expect(major.damage.modifier).toBe(plain.damage.modifier + str);
        },
      ),
    );
  });
});

describe("opponents in a fight", () => {
  it("damage goes through protection; any wound calls for morale", () => {
    expect(opponentHit({ hp: 9, damage: 7, protection: 4 })).toEqual({
      hp: 6,
      taken: 3,
      out: false,
      moraleCheck: true,
    });
    expect(opponentHit({ hp: 9, damage: 3, protection: 4 })).toEqual({
      hp: 9,
      taken: 0,
      out: false,
      moraleCheck: false,
    });
    expect(opponentHit({ hp: 2, damage: 9 })).toMatchObject({ hp: 0, out: true });
  });
  it("morale: a failed Mystique roll means flight", () => {
    expect(moraleCheck({ dice: [4, 4], mystique: 0 }).flees).toBe(true);
    expect(moraleCheck({ dice: [4, 4], mystique: 1 }).flees).toBe(false);
    expect(moraleCheck({ dice: [1, 1], mystique: 4 }).flees).toBe(true);
  });
  it("flee odds match brute force", () => {
    for (const advantage of [-2, -1, 0, 1, 2]) {
      const sides = Array<number>(2 + Math.abs(advantage)).fill(10);
      const brute = enumerate(sides, (dice) => resolveMove({ dice, advantage, bonus: -1 }).value < 0);
      expect(fleeOdds({ advantage, mystique: -1 })).toBeCloseTo(brute.get(true) ?? 0, 12);
    }
  });
});
