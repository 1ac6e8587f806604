import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { situationalModifiers, situationalPrdRange, wrongHand } from "./situation";

describe("situational modifiers", () => {
  it("source example: flying creature (2/4) by moonlight (3/3) knee-deep in water (PRD 2) → AT 5 / PRD 9", () => {
    expect(situationalModifiers({ flyingOpponent: true, light: "lune", water: "genoux" })).toEqual({ at: 5, prd: 9 });
  });
  it("wrong hand 9, less 3 per training, never a bonus; strength bonus only with Combat à Deux Mains I", () => {
    expect(wrongHand({})).toEqual({ at: 9, prd: 9, strengthBonusAllowed: false });
    expect(wrongHand({ mainGauche: true, deuxMainsI: true, deuxMainsII: true })).toEqual({
      at: 0,
      prd: 0,
      strengthBonusAllowed: true,
    });
  });
  it("positions: lying 3, kneeling 1; against lying AT −3 / PRD −5", () => {
    expect(situationalModifiers({ position: "couche" })).toEqual({ at: 3, prd: 3 });
    expect(situationalModifiers({ position: "agenouille" })).toEqual({ at: 1, prd: 1 });
    expect(situationalModifiers({ opponentPosition: "couche" })).toEqual({ at: -3, prd: -5 });
    expect(situationalModifiers({ opponentPosition: "agenouille" })).toEqual({ at: -1, prd: -3 });
  });
  it("confined space: long weapons 6/2 unless Demi-Épée; sight and water training halve", () => {
    expect(situationalModifiers({ confined: "ample" })).toEqual({ at: 6, prd: 2 });
    expect(situationalModifiers({ confined: "ample", demiEpee: true })).toEqual({ at: 0, prd: 0 });
    expect(situationalModifiers({ light: "lune", sight: "penombre" })).toEqual({ at: 2, prd: 2 });
    expect(situationalModifiers({ light: "obscurite", sight: "nyctalope" })).toEqual({ at: 2, prd: 2 });
    expect(situationalModifiers({ water: "taille", waterFighter: true })).toEqual({ at: 1, prd: 2 });
    expect(situationalModifiers({ water: "sousLEau", peupleDeLEau: true })).toEqual({ at: 0, prd: 0 });
  });
  it("property: an empty situation is neutral and `other` adds linearly", () => {
    expect(situationalModifiers({})).toEqual({ at: 0, prd: 0 });
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), (at, prd) => {
        expect(situationalModifiers({ position: "couche", other: { at, prd } })).toEqual({ at: 3 + at, prd: 3 + prd });
      }),
    );
  });
});

describe("situationalPrdRange", () => {
  it("bounds every situation the dialog can build (property) and is reached at both ends", () => {
    const { min, max } = situationalPrdRange();
    const positions = ["debout", "agenouille", "couche"] as const;
    const lights = ["jour", "crepuscule", "lune", "etoiles", "obscurite", "invisible"] as const;
    const waters = ["aucune", "genoux", "taille", "epaules", "sousLEau"] as const;
    const confined = [undefined, "ample", "moyenne", "infanterie", "lance", "courte"] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...positions),
        fc.constantFrom(...positions),
        fc.constantFrom(...confined),
        fc.constantFrom(...lights),
        fc.constantFrom(...waters),
        fc.boolean(),
        fc.boolean(),
        (position, opponentPosition, conf, light, water, flyingOpponent, wrong) => {
          const s = situationalModifiers({
            position,
            opponentPosition,
            ...(conf ? { confined: conf } : {}),
            light,
            water,
            flyingOpponent,
            ...(wrong ? { wrongHand: {} } : {}),
          });
          expect(s.prd).toBeGreaterThanOrEqual(min);
          expect(s.prd).toBeLessThanOrEqual(max);
        },
      ),
    );
    expect(situationalModifiers({ opponentPosition: "couche" }).prd).toBe(min);
    const worst = situationalModifiers({
      position: "couche",
      confined: "ample",
      light: "obscurite",
      water: "epaules",
      flyingOpponent: true,
      wrongHand: {},
    });
    expect(worst.prd).toBe(max);
  });
});
