import { beforeEach, describe, expect, it } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import {
  ACTOR_MODELS,
  ITEM_MODELS,
  type HerosModel,
  type AdversaireModel,
} from "../../../src/foundry/oeilnoir/models.ts";
import { registerOeilNoirSettings } from "../../../src/foundry/oeilnoir/settings.ts";
import { alrikDocument as alrik } from "../../worlds/oeilnoir.ts";

function register() {
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
}

const heros = (a: DoubleActor) => a.system as unknown as HerosModel;

describe("héros data model", () => {
  beforeEach(() => {
    resetFoundryDouble();
    // Data model tests write as the GM (who may write any actor); permission tests say their user.
    setDoubleUser("gm");
    register();
  });

  it("derives base values, the AT/PRD split, encumbrance and initiative from the rules core", () => {
    const d = heros(alrik()).derived;
    expect(d.base).toEqual({ at: 8, prd: 8, distance: 8, ini: 10, woundThreshold: 7 });
    const epee = d.weapons.find((w) => w.id === "epee");
    // split 6/4 → 14/12, chain mail Enc 4 − allowance 2 = EncE 2 → AT −1, PRD −1
    expect(epee).toMatchObject({ at: 13, prd: 11, encE: 2, pi: "1d6 + 3", error: null });
    expect(d.mainWeaponId).toBe("epee");
    expect(d.armour).toEqual({ pr: 4, enc: 4, effectiveEnc: 4 });
    expect(d.initiative).toEqual({ fixed: 6, dice: 1, formula: "1d6 + 6" });
    expect(d.thresholds).toEqual([7, 13, 20]);
    expect(d.status).toBe("debout");
  });

  it("applies wounds, abilities and a broken split as the rules core says", () => {
    const a = alrik({
      system: { wounds: 1, skills: { epees: { points: 12, toAttack: 10 } } },
      items: [
        { _id: "epee", name: "Épée", type: "on-arme-melee", system: { skill: "epees" } },
        { _id: "rc", name: "Réflexe de combat", type: "on-capacite", system: { key: "reflexeDeCombat" } },
        { _id: "dl", name: "Danseur de lames", type: "on-capacite", system: { key: "danseurDeLames" } },
        { _id: "fer", name: "En Fer", type: "on-capacite", system: { key: "enFer" } },
      ],
    });
    const d = heros(a).derived;
    expect(d.weapons[0]?.error).toMatch(/5-point rule/);
    // The skill is named by key, so an English sheet does not show "Épées".
    expect(d.weapons[0]?.skill).toBe("QUINTETTE.OeilNoir.CombatSkill.epees");
    expect(game.i18n?.localize(d.weapons[0]?.skill ?? "")).toBe("Swords");
    expect(d.skills.find((s) => s.key === "epees")?.error).toMatch(/5-point rule/);
    expect(d.current.at).toBe(6);
    // INI 10 − 2 (wound) + 4 (Réflexe) = 12, two dice with Danseur de lames
    expect(d.initiative).toEqual({ fixed: 12, dice: 2, formula: "2d6 + 12" });
    expect(d.thresholds).toEqual([9, 15, 22]);
  });

  it("clamps values out of range and rounds fractions", async () => {
    const a = alrik();
    // fvtt-types NumberField#_cleanType applies integer, min and max: Foundry rounds and clamps, it does not refuse.
    await a.update({ "system.qualities.CO": 31, "system.wounds": 1.5 });
    expect(heros(a).qualities.CO).toBe(30);
    expect(heros(a).wounds).toBe(2);
    await a.update({ "system.ev.value": -5 });
    expect(heros(a).derived.status).toBe("mourant");
  });

  it("counts the low-EV penalties only when the optional module is on", async () => {
    registerOeilNoirSettings();
    const a = alrik({ system: { ev: { value: 10, max: 30 } } });
    expect(heros(a).derived.lowEv.level).toBe(0);
    await asGM(() => game.settings?.set("quintette", "oeilnoirLowEv", true));
    await a.update({ "system.ev.value": 9 });
    expect(heros(a).derived.lowEv).toEqual({ level: 2, quality: 2, skill: 6, vitesse: 2 });
  });
});

describe("adversaire data model", () => {
  beforeEach(() => {
    resetFoundryDouble();
    // Data model tests write as the GM (who may write any actor); permission tests say their user.
    setDoubleUser("gm");
    register();
  });

  it("keeps fixed values, lowered by wounds", () => {
    const orc = new DoubleActor({
      name: "Orc",
      type: "adversaire",
      system: {
        at: 12,
        prd: 8,
        iniBase: 9,
        pi: { dice: 1, bonus: 4 },
        pr: 2,
        cn: 14,
        wounds: 1,
        ev: { value: 28, max: 28 },
      },
    });
    const d = (orc.system as unknown as AdversaireModel).derived;
    expect(d.current).toMatchObject({ at: 10, prd: 6, ini: 7 });
    expect(d.pi).toBe("1d6 + 4");
    expect(d.initiative.formula).toBe("1d6 + 7");
    expect(d.thresholds).toEqual([7, 14, 21]);
  });
});
