import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { enumerate } from "../shared/distribution";
import { resolveMove } from "./resolution";
import {
  addPenchantPoints,
  adjustedMystique,
  canSurpass,
  endRollBonus,
  endScene,
  endSceneOdds,
  isSurpassed,
  maxSurpassUses,
  needsEndRoll,
  startScene,
  surpass,
  valueWhenSurpassing,
} from "./surpass";
import { CHARACTERISTIC_IDS } from "./characteristics";

describe("Se surpasser", () => {
  it("at least once per scene, at most Mystique times", () => {
    expect([-2, -1, 0, 1, 2, 3, 4].map(maxSurpassUses)).toEqual([1, 1, 1, 1, 2, 3, 4]);
  });

  it("each use costs 1 Mystique and boosts one characteristic", () => {
    let scene = startScene(2);
    scene = surpass(scene, "for");
    expect(adjustedMystique(scene)).toBe(1);
    expect(isSurpassed(scene, "for")).toBe(true);
    expect(isSurpassed(scene, "dex")).toBe(false);
    expect(canSurpass(scene, "for")).toBe(false);
    scene = surpass(scene, "dex");
    expect(adjustedMystique(scene)).toBe(0);
    expect(() => surpass(scene, "con")).toThrow(RangeError);
  });

  it("a character with Mystique 0 may still surpass once, going to −1", () => {
    const scene = surpass(startScene(0), "aur");
    expect(adjustedMystique(scene)).toBe(-1);
    expect(() => surpass(scene, "for")).toThrow(RangeError);
  });

  it("points above 20 go into one penchant, read at the end against a Mystique roll", () => {
    let scene = surpass(startScene(3), "for", 1);
    const roll = resolveMove({ dice: [10, 9], bonus: 4, surpass: true });
    expect(roll.penchantPoints).toBe(4);
    scene = addPenchantPoints(scene, roll.penchantPoints);
    expect(needsEndRoll(scene)).toBe(true);
    expect(endRollBonus(scene)).toBe(2);
    // a partial success (value 0) leaves 4: danger to oneself
    expect(endScene(scene, "partielle")).toMatchObject({ score: 4, penchantIndex: 1, mystique: 3 });
    expect(endScene(scene, "partielle").reaction?.level).toBe(4);
    // a critical success takes 2 off
    expect(endScene(scene, "reussiteCritique").score).toBe(2);
  });

  it("surpassing without overflow still risks anger on a failed end roll", () => {
    const scene = surpass(startScene(1), "int");
    expect(endScene(scene, "echec").reaction?.level).toBe(1);
    expect(endScene(scene, "totale").reaction).toBeNull();
  });

  it("a scene without Se surpasser ends without a roll", () => {
    expect(endScene(startScene(2), null)).toMatchObject({ score: 0, reaction: null });
    expect(() => endScene(startScene(2), "echec")).toThrow(RangeError);
    expect(() => endScene(surpass(startScene(2), "for"), null)).toThrow(RangeError);
  });

  it("rejects impossible input", () => {
    expect(() => startScene(5)).toThrow(RangeError);
    expect(() => addPenchantPoints(startScene(2), 2)).toThrow(RangeError);
    expect(() => surpass(startScene(2), "for", 2)).toThrow(RangeError);
    expect(() => surpass(surpass(startScene(3), "for", 0), "dex", 1)).toThrow(RangeError);
  });

  it("end-of-scene odds match brute force", () => {
    const scene = addPenchantPoints(surpass(startScene(2), "for"), 2);
    const d = endSceneOdds(scene);
    const brute = enumerate([10, 10], (dice) => {
      const r = resolveMove({ dice, bonus: 1 });
      return Math.max(0, Math.min(5, 2 - r.value));
    });
    for (const [k, p] of brute) expect(d.get(k) ?? 0).toBeCloseTo(p, 12);
  });

  it("property: uses never exceed the allowance and Mystique falls by one per use", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2, max: 4 }),
        fc.shuffledSubarray(["for", "dex", "con", "int", "mys", "aur"] as const),
        (mystique, chars) => {
          let scene = startScene(mystique);
          for (const c of chars) if (canSurpass(scene, c)) scene = surpass(scene, c);
          expect(scene.uses).toBe(Math.min(chars.length, maxSurpassUses(mystique)));
          expect(adjustedMystique(scene)).toBe(mystique - scene.uses);
        },
      ),
    );
  });
});

describe("valueWhenSurpassing", () => {
  it("Mystique 2: the first surpassed Mystique roll reads 1 (+1 surpass = +2), like the later ones", () => {
    expect(valueWhenSurpassing("mys", 2, true)).toBe(1);
    expect(valueWhenSurpassing("mys", 2, false)).toBe(2);
    expect(valueWhenSurpassing("for", 2, true)).toBe(2);
  });

  it("property: a new use's Mystique roll reads the Mystique the scene holds after that use", () => {
    const chars = fc.constantFrom(...CHARACTERISTIC_IDS);
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 4 }), chars, (mystique, characteristic) => {
        const after = surpass(startScene(mystique), characteristic);
        const read = valueWhenSurpassing(characteristic, mystique, true);
        return characteristic === "mys" ? read === adjustedMystique(after) : read === mystique;
      }),
    );
  });
});
