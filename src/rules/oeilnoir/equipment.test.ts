import { describe, it, expect } from "vitest";
import { ARMOURS, COMBAT_SKILLS, WEAPONS, armour, weapon, weaponPi } from "./equipment";
import { armourTotals } from "./values";

describe("equipment data", () => {
  it("source values: dagger INI −1 / PRD −1, axe PI/FO 13/2, Kuslik sabre INI +1, épée 1D6+3", () => {
    expect(weapon("dague")).toMatchObject({ ini: -1, at: 0, prd: -1, skill: "dagues" });
    expect(weapon("hacheDeBataille")).toMatchObject({ piFo: { threshold: 13, step: 2 }, prd: -1 });
    expect(weapon("sabreDeKuslik")).toMatchObject({ ini: 1, skill: "sabres" });
    expect(weapon("epee").pi).toEqual({ dice: 1, bonus: 3 });
    expect(() => weapon("arbalete")).toThrow(RangeError);
  });
  it("source values: cuirasse 3/2, long mail shirt 4/4, leather cap 1/1; skill allowances", () => {
    expect(armourTotals([armour("chemiseDeMaillesLongue"), armour("casqueDeCuir")])).toEqual({ pr: 5, enc: 5 });
    expect(armour("cuirasse")).toMatchObject({ pr: 3, enc: 2 });
    expect(COMBAT_SKILLS.dagues.allowance).toBe(1);
    expect(COMBAT_SKILLS.batons.allowance).toBe(2);
    expect(COMBAT_SKILLS.hachesEtMasses.allowance).toBe(4);
    expect(COMBAT_SKILLS.sabres.allowance).toBe(2);
    expect(COMBAT_SKILLS.fouets.attackOnly).toBe(true);
  });
  it("the skills the source names are all there, each with its confined-space class", () => {
    for (const key of ["armesDInfanterie", "lances", "armesAChaines", "fleauxADeuxMains", "escrime"] as const)
      expect(COMBAT_SKILLS[key].key).toBe(key);
    expect(COMBAT_SKILLS.hachesEtMassesADeuxMains.confined).toBe("ample");
    expect(COMBAT_SKILLS.epeesEtSabresADeuxMains.confined).toBe("ample");
    expect(COMBAT_SKILLS.armesDInfanterie.confined).toBe("infanterie");
    expect(COMBAT_SKILLS.lances.confined).toBe("lance");
    expect(COMBAT_SKILLS.bagarre.unarmed).toBe(true);
    for (const s of Object.values(COMBAT_SKILLS)) expect(s.allowance).toBeGreaterThanOrEqual(0);
  });
  it("every weapon is consistent: known skill, INI within ±3, unique keys", () => {
    expect(new Set(WEAPONS.map((w) => w.key)).size).toBe(WEAPONS.length);
    expect(new Set(ARMOURS.map((a) => a.key)).size).toBe(ARMOURS.length);
    for (const w of WEAPONS) {
      expect(COMBAT_SKILLS[w.skill]).toBeDefined();
      expect(Math.abs(w.ini)).toBeLessThanOrEqual(3);
      for (const f of w.sourced) expect(Object.keys(w)).toContain(f);
    }
  });
});

describe("weaponPi", () => {
  it("source example: Sven (FO 15) with the battle axe rolls 1D6+4 +1", () => {
    expect(weaponPi({ weapon: weapon("hacheDeBataille"), fo: 15 })).toEqual({
      dice: 1,
      bonus: 5,
      strength: 1,
      formula: "1d6 + 5",
    });
    expect(weaponPi({ weapon: weapon("hacheDeBataille"), fo: 17, strengthBonusAllowed: false }).bonus).toBe(4);
  });
});
