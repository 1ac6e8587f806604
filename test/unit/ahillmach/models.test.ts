/** Ahill-Mach data models on the double: ranges, integer-ness, derived values through the rules core. */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import type { MetierModel, OpposantModel, PersonnageModel } from "../../../src/foundry/ahillmach/models.ts";
import { ahillmach } from "../../../src/rules/index.ts";
import { registerAhillMachModels } from "../../worlds/ahillmach.ts";

const register = registerAhillMachModels;

type Sys = PersonnageModel;
const sys = (a: DoubleActor) => a.system as unknown as Sys;
const opp = (a: DoubleActor) => a.system as unknown as OpposantModel;

describe("personnage model", () => {
  beforeEach(() => {
    resetFoundryDouble();
    // Data model tests write as the GM (who may write any actor); permission tests say their user.
    setDoubleUser("gm");
    register();
  });

  it("starts as a valid level-1 Guerrier on the first creation array", () => {
    const a = new DoubleActor({ type: "personnage", name: "Ysolde" });
    const s = sys(a);
    expect(s.characteristics).toEqual({ for: 2, dex: 1, con: 1, int: 1, mys: 0, aur: -1 });
    expect(s.derived.creationMatch).toBe(0);
    expect(s.derived.creationValid).toBe(true);
    expect(s.hp.max).toBe(17); // 16 + CON 1
    expect(s.derived.maxHp).toBe(ahillmach.maxHp({ classId: "guerrier", con: 1, level: 1 }));
    expect(s.derived.xpForNextLevel).toBe(14);
  });

  it("derives max HP from class, CON and level, and effective values from ticked states", async () => {
    const a = new DoubleActor({
      type: "personnage",
      system: { classId: "magicien", level: 4, characteristics: { con: 2 }, hp: { value: 5 } },
    });
    expect(sys(a).hp.max).toBe(10 + 2 + 3);
    await a.update({ "system.states.mys": true, "system.states.for": true, "system.lastTicked": "for" });
    expect(sys(a).derived.ticked).toEqual(["mys", "for"]);
    expect(sys(a).derived.effective.for).toBe(1);
    expect(sys(a).derived.statesLeft).toBe(4);
    expect(sys(a).derived.hpZone).toBe("blessures");
  });

  it("clamps out-of-range characteristics, rounds fractions, refuses an unknown class atomically", async () => {
    const a = new DoubleActor({ type: "personnage" });
    // fvtt-types NumberField#_cleanType applies integer, min and max: Foundry rounds and clamps, it does not refuse.
    await a.update({ "system.characteristics.for": 5, "system.characteristics.dex": 1.5, "system.level": 11 });
    expect(sys(a).characteristics.for).toBe(ahillmach.CHARACTERISTIC_MAX);
    expect(sys(a).characteristics.dex).toBe(2);
    expect(sys(a).level).toBe(ahillmach.MAX_LEVEL);
    await expect(a.update({ "system.classId": "nain", "system.characteristics.for": 1 })).rejects.toThrow();
    expect(sys(a).characteristics.for).toBe(ahillmach.CHARACTERISTIC_MAX);
  });

  it("keeps the chosen creation array valid with the level-up raises earned, not one more", async () => {
    setDoubleUser("player1");
    const a = await asGM(() =>
      DoubleActor.create(
        {
          type: "personnage",
          name: "Ysolde",
          ownership: { default: 0, player1: 3 },
          system: { creation: "a", level: 3 },
        },
        { keepId: true },
      ),
    );
    await a.update({ "system.characteristics.for": 3 });
    expect(sys(a).derived.creationValid).toBe(true);
    expect(sys(a).derived.warnings).not.toContain("QUINTETTE.AhillMach.Warning.CreationArray");
    await a.update({ "system.characteristics.dex": 2 });
    expect(sys(a).derived.creationValid).toBe(false);
  });

  it("flags a broken creation array, a due level-up and HP above the maximum", () => {
    const a = new DoubleActor({
      type: "personnage",
      system: { creation: "b", xp: 20, hp: { value: 40 } },
    });
    const w = sys(a).derived.warnings;
    expect(w).toContain("QUINTETTE.AhillMach.Warning.CreationArray");
    expect(w).toContain("QUINTETTE.AhillMach.Warning.LevelUp");
    expect(w).toContain("QUINTETTE.AhillMach.Warning.HpAboveMax");
    expect(sys(a).derived.hp).toBe(17);
  });

  it("reminds the player of states still to tick below 6 HP, and stops once they are ticked", async () => {
    const a = new DoubleActor({ type: "personnage", system: { hp: { value: 4 } } });
    expect(sys(a).derived.warnings).toContain("QUINTETTE.AhillMach.Warning.StatesOwed");
    await a.update({ "system.states.for": true });
    expect(sys(a).derived.warnings).toContain("QUINTETTE.AhillMach.Warning.StatesOwed");
    await a.update({ "system.states.dex": true });
    expect(sys(a).derived.warnings).not.toContain("QUINTETTE.AhillMach.Warning.StatesOwed");
    await a.update({ "system.hp.value": 6, "system.states.for": false, "system.states.dex": false });
    expect(sys(a).derived.warnings).not.toContain("QUINTETTE.AhillMach.Warning.StatesOwed");
  });

  it("reads métiers, gear bonus, protection and weapon from owned items", () => {
    const a = new DoubleActor({
      type: "personnage",
      items: [
        { _id: "m1", name: "Forgeron", type: "am-metier", system: { mastery: 2 } },
        {
          _id: "g1",
          name: "Hache",
          type: "am-equipement",
          system: { kind: "arme", damageDie: "8", damageModifier: 1, bonus: 1 },
        },
        { _id: "g2", name: "Cotte", type: "am-equipement", system: { kind: "armure", protection: 2 } },
        { _id: "g3", name: "Bouclier rangé", type: "am-equipement", system: { protection: 1, equipped: false } },
      ],
    });
    a.prepareData();
    const d = sys(a).derived;
    expect(d.metiers).toEqual([{ id: "m1", name: "Forgeron", mastery: 2 }]);
    expect(d.protection).toBe(2);
    expect(d.weapon?.damageDie).toBe(8);
    expect(d.gear.map((g) => g.id)).toEqual(["g1", "g2"]);
  });

  it("derives the Se surpasser allowance from the scene record", () => {
    const a = new DoubleActor({
      type: "personnage",
      system: {
        characteristics: { mys: 2, for: 2, aur: -1, int: 1, dex: 1, con: 0 },
        scene: { active: true, mystique: 2, uses: 1, boosted: ["for"], penchantIndex: 0, penchant: 3 },
      },
    });
    expect(sys(a).derived.surpass).toEqual({ active: true, adjustedMystique: 1, usesLeft: 1, boosted: ["for"] });
  });
});

describe("opposant model", () => {
  beforeEach(() => {
    resetFoundryDouble();
    // Data model tests write as the GM (who may write any actor); permission tests say their user.
    setDoubleUser("gm");
    register();
  });

  it("derives the stat block from tier and size", () => {
    const a = new DoubleActor({ type: "opposant", system: { tier: "entraine", size: "grand", protection: 1 } });
    const d = opp(a).derived;
    expect(d.stats.hp).toBe(11);
    expect(d.stats.damage.formula).toBe("D8+3");
    expect(opp(a).hp.max).toBe(11);
    expect(d.side).toBe("opposants");
  });

  it("adds a major opponent's FOR, DEX and CON; matches Cheveux d'or", () => {
    const cheveux = ahillmach.EXAMPLE_OPPONENTS.find((o) => o.id === "cheveuxDOr")!;
    const a = new DoubleActor({
      type: "opposant",
      system: {
        tier: "entraine",
        protection: 2,
        major: true,
        characteristics: { dex: 2, con: 1, mys: 1 },
      },
    });
    expect(opp(a).derived.stats).toEqual(ahillmach.opponentStatBlock(cheveux.input));
    expect(opp(a).derived.fleeOdds).toBeCloseTo(ahillmach.fleeOdds({ mystique: 1 }), 12);
  });

  it("refuses an unknown tier and clamps a protection out of range", async () => {
    const a = new DoubleActor({ type: "opposant" });
    await expect(a.update({ "system.tier": "dragon" })).rejects.toThrow();
    // fvtt-types NumberField#_cleanType applies integer, min and max: Foundry rounds and clamps, it does not refuse.
    await a.update({ "system.protection": -1 });
    expect((a.system as unknown as { protection: number }).protection).toBe(0);
  });
});

describe("item models", () => {
  beforeEach(() => {
    resetFoundryDouble();
    // Data model tests write as the GM (who may write any actor); permission tests say their user.
    setDoubleUser("gm");
    register();
  });

  it("bounds métier mastery to 1…3 and picks to 0…6", async () => {
    const a = new DoubleActor({
      type: "personnage",
      items: [
        { _id: "m1", name: "Soldat", type: "am-metier" },
        { _id: "x1", name: "Coup", type: "am-action" },
      ],
    });
    const metier = a.items.get("m1")!;
    expect((metier.system as unknown as MetierModel).mastery).toBe(1);
    // fvtt-types NumberField#_cleanType applies integer, min and max: Foundry rounds and clamps, it does not refuse.
    await metier.update({ "system.mastery": 4 });
    expect((metier.system as unknown as MetierModel).mastery).toBe(ahillmach.METIER_MASTERY_MAX);
    await a.items.get("x1")!.update({ "system.picks.totale": 7 });
    expect((a.items.get("x1")!.system as unknown as { picks: { totale: number } }).picks.totale).toBe(6);
  });
});
