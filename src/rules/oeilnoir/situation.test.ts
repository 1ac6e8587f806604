import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  OPPONENT_POSITION,
  OWN_POSITION,
  dodgeValue,
  exchangeModifiers,
  situationalModifiers,
  situationalPrdRange,
  wrongHand,
  type ConfinedClass,
  type Light,
  type Position,
  type Water,
} from "./situation";

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

describe("modifiers of one exchange, each on its fighter", () => {
  it("a lying target: the attacker's AT is 3 easier, the target's own parry 3 harder (AT 12 vs PRD 10 → 15 vs 7)", () => {
    const m = exchangeModifiers({ defender: { position: "couche" } });
    expect({ at: 12 - m.at, prd: 10 - m.prd }).toEqual({ at: 15, prd: 7 });
  });
  it("a lying attacker: his AT is 3 harder, the standing defender parries 5 easier", () => {
    expect(exchangeModifiers({ attacker: { position: "couche" } })).toMatchObject({ at: 3, prd: -5 });
  });
  it("the attacker's wrong hand costs his AT 9 and his PI/FO bonus, never the defender's parry", () => {
    expect(exchangeModifiers({ attacker: { wrongHand: {} } })).toMatchObject({
      at: 9,
      prd: 0,
      strengthBonusAllowed: false,
    });
    expect(exchangeModifiers({ attacker: { wrongHand: { deuxMainsI: true } } }).strengthBonusAllowed).toBe(true);
    expect(exchangeModifiers({ defender: { wrongHand: {} } })).toMatchObject({
      at: 0,
      prd: 9,
      strengthBonusAllowed: true,
    });
  });
  it("a flying target makes the attack 2 harder and leaves its parry alone; a flying attacker's blow is 4 harder to parry", () => {
    expect(exchangeModifiers({ defender: { flying: true } })).toMatchObject({ at: 2, prd: 0 });
    expect(exchangeModifiers({ attacker: { flying: true } })).toMatchObject({ at: 0, prd: 4 });
  });
  it("a confined space weighs on each fighter's own weapon", () => {
    const m = exchangeModifiers({
      confinedSpace: true,
      attacker: { confined: "ample" },
      defender: { confined: "lance" },
    });
    expect(m).toMatchObject({ at: 6, prd: 2 });
  });
  it("property: light and water weigh on both sides alike; position swaps between the sides", () => {
    const positions = fc.constantFrom<Position>("debout", "agenouille", "couche");
    fc.assert(
      fc.property(positions, positions, (a, d) => {
        const m = exchangeModifiers({ attacker: { position: a }, defender: { position: d }, light: "lune" });
        expect(m.at).toBe(OWN_POSITION[a].at + OPPONENT_POSITION[d].at + 3);
        expect(m.prd).toBe(OWN_POSITION[d].prd + OPPONENT_POSITION[a].prd + 3);
      }),
    );
  });
  it("dodge: the parry's modifiers, but kneeling costs 4 and a lying defender cannot dodge", () => {
    expect(exchangeModifiers({ light: "lune" }).dodge).toBe(3);
    expect(exchangeModifiers({ defender: { position: "agenouille" } })).toMatchObject({ prd: 1, dodge: 4 });
    expect(exchangeModifiers({ defender: { position: "couche" } }).dodge).toBeNull();
    expect(dodgeValue({ prdBase: 9, enc: 4 })).toBe(5);
    expect(dodgeValue({ prdBase: 3, enc: 6 })).toBe(0);
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

describe("situationalPrdRange bounds the exchange the GM recomputes", () => {
  it("property: every defender's parry and dodge modifier the dialog can build lies in its range", () => {
    const parry = situationalPrdRange();
    const dodge = situationalPrdRange({ dodge: true });
    const positions = fc.constantFrom<Position>("debout", "agenouille", "couche");
    const classes = fc.constantFrom<ConfinedClass | undefined>(
      undefined,
      "ample",
      "moyenne",
      "infanterie",
      "lance",
      "courte",
    );
    fc.assert(
      fc.property(
        positions,
        positions,
        classes,
        classes,
        fc.constantFrom<Light>("jour", "crepuscule", "lune", "etoiles", "obscurite", "invisible"),
        fc.constantFrom<Water>("aucune", "genoux", "taille", "epaules", "sousLEau"),
        fc.boolean(),
        fc.boolean(),
        (a, d, ac, dc, light, water, attackerFlies, wrong) => {
          const m = exchangeModifiers({
            attacker: { position: a, ...(ac ? { confined: ac } : {}), flying: attackerFlies, wrongHand: {} },
            defender: { position: d, ...(dc ? { confined: dc } : {}), ...(wrong ? { wrongHand: {} } : {}) },
            confinedSpace: !!(ac ?? dc),
            light,
            water,
          });
          expect(m.prd).toBeGreaterThanOrEqual(parry.min);
          expect(m.prd).toBeLessThanOrEqual(parry.max);
          if (m.dodge !== null) {
            expect(m.dodge).toBeGreaterThanOrEqual(dodge.min);
            expect(m.dodge).toBeLessThanOrEqual(dodge.max);
          }
        },
      ),
    );
  });
  it("a kneeling defender's dodge (4) is outside the parry's own-position part but inside the dodge range", () => {
    expect(situationalPrdRange({ dodge: true }).max - situationalPrdRange().max).toBe(1);
  });
});
