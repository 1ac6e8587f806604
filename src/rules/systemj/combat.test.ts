import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  counterAttack,
  defenceGearOf,
  defend,
  meleeForceAttack,
  rangedAttack,
  stealthApproach,
  stealthAttack,
  usesInitiative,
} from "./combat";
import { isSuccess, OUTCOMES } from "./test";

const outcome = fc.constantFrom(...OUTCOMES);

describe("combat flow", () => {
  it("melee in force: a failed attack opens a counter-attack with no defence", () => {
    expect(meleeForceAttack("echec")).toEqual({ step: "counterAttack", defendable: false });
    expect(meleeForceAttack("echecCritique")).toEqual({ step: "counterAttack", defendable: false });
    expect(counterAttack("moyenne")).toEqual({ step: "hit" });
    expect(counterAttack("echec")).toEqual({ step: "miss", reason: "failed" });
  });

  it("melee in force: a successful attack may be dodged, parried or blocked", () => {
    expect(meleeForceAttack("justesse")).toEqual({ step: "defence", options: ["dodge", "parry", "block"] });
    expect(meleeForceAttack("notable", { canParry: true, canBlock: false })).toEqual({
      step: "defence",
      options: ["dodge", "parry"],
    });
    expect(meleeForceAttack("reussiteCritique", { canParry: false, canBlock: false })).toEqual({
      step: "defence",
      options: ["dodge"],
    });
    expect(defend("moyenne")).toEqual({ step: "miss", reason: "defended" });
    expect(defend("echec")).toEqual({ step: "hit" });
  });

  it("stealth: failed Dissimulation → free counter-attack, even if Détection also succeeds", () => {
    expect(stealthApproach("echec", "notable")).toEqual({ step: "counterAttack", defendable: false });
    expect(stealthApproach("echecCritique", "echec")).toEqual({ step: "counterAttack", defendable: false });
  });

  it("stealth: a successful Détection turns it into an attack in force; unseen, the hit cannot be defended", () => {
    expect(stealthApproach("moyenne", "justesse")).toEqual({ step: "meleeForce" });
    expect(stealthApproach("moyenne", "echec")).toEqual({ step: "stealthAttack" });
    expect(stealthAttack("justesse")).toEqual({ step: "hit" });
    expect(stealthAttack("echec")).toEqual({ step: "miss", reason: "failed" });
  });

  it("ranged: never countered; defended only by an aware target; out of range is no attack", () => {
    expect(rangedAttack("echec")).toEqual({ step: "miss", reason: "failed" });
    expect(rangedAttack("echecCritique")).toEqual({ step: "miss", reason: "failed" });
    expect(rangedAttack("notable")).toEqual({ step: "defence", options: ["dodge", "parry", "block"] });
    expect(rangedAttack("notable", { targetAware: false })).toEqual({ step: "hit" });
    expect(rangedAttack("notable", { inRange: false })).toEqual({ step: "miss", reason: "outOfRange" });
  });

  it("only melee in force uses initiative", () => {
    expect(usesInitiative("meleeForce")).toBe(true);
    expect(usesInitiative("meleeStealth")).toBe(false);
    expect(usesInitiative("ranged")).toBe(false);
  });

  it("property: a ranged attack never leads to a counter-attack", () => {
    fc.assert(
      fc.property(outcome, fc.boolean(), fc.boolean(), (o, inRange, targetAware) => {
        return rangedAttack(o, { inRange, targetAware }).step !== "counterAttack";
      }),
    );
  });

  it("property: melee in force — counter-attack exactly on failure, dodge always offered on success", () => {
    fc.assert(
      fc.property(outcome, fc.boolean(), fc.boolean(), (o, canParry, canBlock) => {
        const step = meleeForceAttack(o, { canParry, canBlock });
        if (!isSuccess(o)) return step.step === "counterAttack";
        return step.step === "defence" && step.options[0] === "dodge";
      }),
    );
  });
});

describe("defenceGearOf", () => {
  it("an object fit for combat in hand allows parry and block, with no DEF", () => {
    expect(defenceGearOf({ weaponDef: null, shieldDef: null, improvised: true })).toEqual({
      canParry: true,
      canBlock: true,
      def: 0,
      shieldDef: 0,
    });
    expect(defenceGearOf({ weaponDef: null, shieldDef: null, improvised: false })).toMatchObject({
      canParry: false,
      canBlock: false,
    });
    expect(defenceGearOf({ weaponDef: 8, shieldDef: null, improvised: true })).toMatchObject({
      canBlock: true,
      def: 8,
    });
  });

  it("property: an improvised object adds options, never DEF; real gear is always offered", () => {
    const def = fc.option(fc.integer({ min: -20, max: 20 }), { nil: null });
    fc.assert(
      fc.property(def, def, fc.boolean(), (w, s, improvised) => {
        const g = defenceGearOf({ weaponDef: w, shieldDef: s, improvised });
        const plain = defenceGearOf({ weaponDef: w, shieldDef: s, improvised: false });
        return (
          g.def === plain.def &&
          g.shieldDef === plain.shieldDef &&
          g.canParry === (w !== null || improvised) &&
          g.canBlock === (s !== null || improvised)
        );
      }),
    );
  });
});
