/**
 * The attack dialog's inputs and exact odds (melee, shot, situational module, low-EV penalty), the optional modules
 * as world settings off by default, and the low-EV module in the derived values.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import { defaultValues } from "../../../src/foundry/dialog/inputs.ts";
import { attackDialogConfig, attackOdds, effectiveValues } from "../../../src/foundry/oeilnoir/dialog-config.ts";
import { deriveHeros, type HerosSource } from "../../../src/foundry/oeilnoir/derive.ts";
import { OPTIONAL_MODULES, moduleOn, registerOeilNoirSettings } from "../../../src/foundry/oeilnoir/settings.ts";
import { check, exchangeModifiers, hitChance } from "../../../src/rules/oeilnoir/index.ts";

const melee = { at: 13, prd: 8, targetName: "Orc", situational: false, ranged: false };
const sum = (lines: { probability: number }[]) => lines.reduce((a, l) => a + l.probability, 0);
const p = (lines: { id: string; probability: number }[], id: string) => lines.find((l) => l.id === id)?.probability;

/** Brute force over the 400 pairs of faces: the attack passes, then the parry (halved after a 1) fails. */
function enumerated(at: number, prd: number): number {
  let landed = 0;
  for (let a = 1; a <= 20; a++) {
    const attack = check({ d20: a, value: at });
    if (!attack.success) continue;
    const value = attack.critical ? Math.max(0, Math.floor(prd / 2)) : prd;
    for (let d = 1; d <= 20; d++) if (!check({ d20: d, value }).success) landed++;
  }
  return landed / 400;
}

describe("attack dialog", () => {
  it("gives the exchange's exact odds, summing to 1, whose landing part matches enumeration", () => {
    for (const [at, prd] of [
      [13, 8],
      [5, 15],
      [20, 1],
      [-2, 25],
    ] as const) {
      const odds = attackOdds({ ...melee, at, prd }, { modifier: 0 });
      expect(sum(odds)).toBeCloseTo(1, 12);
      const landed = (p(odds, "hit") ?? 0) + (p(odds, "critical") ?? 0);
      expect(landed).toBeCloseTo(hitChance({ at, prd }), 12);
      expect(landed).toBeCloseTo(enumerated(at, prd), 12);
    }
  });

  it("a shot has no parry line: it lands on the D20 alone", () => {
    const config = attackDialogConfig({ ...melee, prd: null, ranged: true, range: 60, ammo: 11 }, "Arbalète");
    expect(config.title).toBe("QUINTETTE.OeilNoir.Dialog.RangedTitle");
    expect(config.subtitle).toBe("Arbalète (60 · 11) → Orc");
    expect(config.inputs[0]?.hint).toBe("QUINTETTE.OeilNoir.Dialog.RangedHint");
    const odds = config.odds({ modifier: 0 });
    expect(odds.map((l) => l.id)).toEqual(["hit", "critical", "miss", "fumble"]);
    expect(p(odds, "hit")).toBeCloseTo(12 / 20, 12);
    expect(sum(odds)).toBeCloseTo(1, 12);
    // Even a target that could parry does not parry a shot.
    expect(attackOdds({ ...melee, ranged: true }, { modifier: 3 }).map((l) => l.id)).not.toContain("parried");
  });

  it("starts the modifier at the low-EV penalty and says so", () => {
    const config = attackDialogConfig({ ...melee, penalty: 2 }, "Épée");
    expect(defaultValues(config.inputs).modifier).toBe(2);
    expect(config.inputs[0]?.hint).toBe("QUINTETTE.OeilNoir.Dialog.LowEvHint");
    expect(p(config.odds(defaultValues(config.inputs)), "hit")).toBeCloseTo(
      p(attackOdds(melee, { modifier: 2 }), "hit") ?? -1,
      12,
    );
  });

  it("offers the situation only with the module, and weighs each modifier on its own fighter", () => {
    expect(attackDialogConfig(melee, "Épée").inputs.map((i) => i.name)).toEqual(["modifier"]);
    const setup = { ...melee, situational: true };
    expect(attackDialogConfig(setup, "Épée").inputs.map((i) => i.name)).toEqual([
      "modifier",
      "position",
      "opponentPosition",
      "light",
      "water",
      "confined",
      "flying",
      "selfFlying",
      "wrongHand",
    ]);
    // A fighter already on the ground (Foundry's prone status) starts lying, and so does a prone target.
    const prone = defaultValues(attackDialogConfig({ ...setup, prone: true, targetProne: true }, "Épée").inputs);
    expect([prone.position, prone.opponentPosition]).toEqual(["couche", "couche"]);
    expect(defaultValues(attackDialogConfig(setup, "Épée").inputs).position).toBe("debout");
    const values = {
      modifier: 1,
      position: "debout",
      opponentPosition: "debout",
      light: "jour",
      water: "aucune",
      confined: false,
      flying: false,
      selfFlying: false,
      wrongHand: false,
    };
    const at12 = { ...setup, at: 12, prd: 10 };
    // A lying target: the attack is 3 easier, the target's own parry 3 harder (15 against 7, not 12 against 15).
    expect(effectiveValues(at12, { ...values, modifier: 0, opponentPosition: "couche" })).toMatchObject({
      at: 15,
      prd: 7,
    });
    // The attacker's wrong hand: his AT −9 and no PI/FO bonus; the target's parry is untouched.
    expect(effectiveValues(at12, { ...values, modifier: 0, wrongHand: true })).toMatchObject({
      at: 3,
      prd: 10,
      strengthBonus: false,
    });
    // A flying target: the attack is 2 harder, its parry untouched.
    expect(effectiveValues(at12, { ...values, modifier: 0, flying: true })).toMatchObject({ at: 10, prd: 10 });
    // Kneeling attacker, lying target, moonlight, knee-deep water.
    const mixed = { ...values, position: "agenouille", opponentPosition: "couche", light: "lune", water: "genoux" };
    const s = exchangeModifiers({
      attacker: { position: "agenouille" },
      defender: { position: "couche" },
      light: "lune",
      water: "genoux",
    });
    expect(effectiveValues(setup, mixed)).toMatchObject({ at: 13 - 1 - s.at, prd: 8 - s.prd });
    const odds = attackOdds(setup, mixed);
    expect(sum(odds)).toBeCloseTo(1, 12);
    expect((p(odds, "hit") ?? 0) + (p(odds, "critical") ?? 0)).toBeCloseTo(
      hitChance({ at: 13 - 1 - s.at, prd: 8 - s.prd }),
      12,
    );
  });
});

describe("optional modules", () => {
  let state: DoubleState;
  beforeEach(() => {
    state = resetFoundryDouble({ lang: "fr" });
  });

  it("are world settings shown in the configuration, off by default", () => {
    expect(moduleOn("oeilnoirLowEv")).toBe(false);
    registerOeilNoirSettings();
    for (const key of OPTIONAL_MODULES) {
      expect(state.game.settings.settings.get(`quintette.${key}`)).toMatchObject({
        scope: "world",
        config: true,
        type: Boolean,
        default: false,
      });
      expect(moduleOn(key)).toBe(false);
    }
  });

  it("low EV, on: quality checks −1 per level, Volonté −3, Vitesse lowered", () => {
    const source: HerosSource = {
      qualities: { CO: 12, IN: 13, AG: 14, FO: 13, DE: 12, CN: 13 },
      ev: { value: 9, max: 30 },
      endurance: { value: 30, max: 30 },
      ae: { value: 0, max: 0 },
      wounds: 1,
      vitesse: 8,
      volonte: 12,
      artDeLaGuerre: 0,
      skills: {
        dagues: { points: 0, toAttack: 0 },
        epees: { points: 0, toAttack: 0 },
        sabres: { points: 0, toAttack: 0 },
        hachesEtMasses: { points: 0, toAttack: 0 },
        batons: { points: 0, toAttack: 0 },
        fouets: { points: 0, toAttack: 0 },
        armesDeJoute: { points: 0, toAttack: 0 },
      },
      ranged: { arcs: { points: 0 }, arbaletes: { points: 0 }, armesDeJet: { points: 0 } },
    };
    // EV 9 < 30/3: level 2.
    expect(deriveHeros(source, [], true).lowEv).toEqual({ level: 2, quality: 2, skill: 6, vitesse: 2 });
    expect(deriveHeros(source, [], true).current.vitesse).toBe(5);
    expect(deriveHeros(source, [], false).lowEv.level).toBe(0);
    expect(deriveHeros(source, [], false).current.vitesse).toBe(7);
  });
});
