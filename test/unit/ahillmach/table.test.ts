/**
 * Ahill-Mach at a real table (issue 16), on the double: starting HP from class and CON (rank and size for
 * opponents) and kept at full when the sheet changes them; further points of the issue below.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import { asClient, installClients } from "../../double/shared-core.ts";
import { applyRuleset } from "../../../src/foundry/data/register.ts";
import { clearRulesets, registerRuleset } from "../../../src/foundry/ruleset.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";
import { descriptor } from "../../../src/foundry/ahillmach/ruleset.ts";
import { OpposantSheet, PersonnageSheet } from "../../../src/foundry/ahillmach/sheets.ts";
import { creationDefaults } from "../../../src/foundry/ahillmach/compendium.ts";
import { CombatantData } from "../../../src/foundry/combat/model.ts";

let _state: DoubleState;

type Sheet = {
  render(): Promise<unknown>;
  runAction(action: string, event: unknown, target: unknown): Promise<unknown>;
  submit(data: object): Promise<void>;
  lastContext: Record<string, unknown>;
};
const open = (SheetClass: unknown, document: DoubleActor) => new (SheetClass as new (o: object) => Sheet)({ document });
const hpOf = (a: DoubleActor) => (a.system as unknown as { hp: { value: number; max: number } }).hp;

beforeEach(() => {
  _state = installClients(resetFoundryDouble({ lang: "fr" }));
  clearRulesets();
  registerCoreSettings();
  registerRuleset(descriptor);
  applyRuleset(descriptor);
  Object.assign(CONFIG.Combatant.dataModels, { base: CombatantData });
});

describe("starting hit points (Ahill-Mach 4)", () => {
  it("a new actor starts at the HP of its class and CON, or of its tier, size and CON", () => {
    const mage = creationDefaults(
      { type: "personnage", system: { classId: "magicien", characteristics: { con: 2 } } },
      "fr",
    );
    expect(mage?.["system.hp.value"]).toBe(12);
    expect(creationDefaults({ type: "personnage" }, "fr")?.["system.hp.value"]).toBe(17); // Guerrier, CON +1
    const brute = creationDefaults({ type: "opposant", system: { tier: "veteran", size: "grand" } }, "fr");
    expect(brute?.["system.hp.value"]).toBe(13);
    const boss = creationDefaults(
      { type: "opposant", system: { tier: "entraine", major: true, characteristics: { con: 2 } } },
      "fr",
    );
    expect(boss?.["system.hp.value"]).toBe(10);
    // HP given at creation (an import, a duplicate) are kept.
    const given = creationDefaults({ type: "personnage", system: { hp: { value: 5 } } }, "fr");
    expect(given?.["system.hp.value"]).toBeUndefined();
  });

  it("a player picking class and CON on a fresh sheet gets that class's HP; a wounded character keeps its HP", async () => {
    const hero = await asGM(() =>
      DoubleActor.create(
        {
          name: "Ysolde",
          type: "personnage",
          ownership: { default: 0, player1: 3 },
          system: { hp: { value: 17 } },
        },
        { keepId: true },
      ),
    );
    const sheet = open(PersonnageSheet, hero);
    expect(hpOf(hero)).toEqual({ value: 17, max: 17 });
    await asClient("player1", () =>
      sheet.submit({ "system.classId": "magicien", "system.characteristics.con": 2, "system.hp.value": 17 }),
    );
    expect(hpOf(hero)).toEqual({ value: 12, max: 12 });
    await asClient("player1", () => sheet.submit({ "system.level": 2, "system.hp.value": 12 }));
    expect(hpOf(hero)).toEqual({ value: 13, max: 13 });
    // Wounded: a level up does not heal; HP typed by hand are kept.
    await asClient("player1", () => sheet.submit({ "system.hp.value": 8 }));
    await asClient("player1", () => sheet.submit({ "system.level": 3, "system.hp.value": 8 }));
    expect(hpOf(hero)).toEqual({ value: 8, max: 14 });
    await asClient("player1", () => sheet.submit({ "system.classId": "guerrier", "system.hp.value": 10 }));
    expect(hpOf(hero)).toEqual({ value: 10, max: 20 });
  });

  it("the GM changing an unhurt opponent's tier and size keeps it at full health", async () => {
    const ogre = await asGM(() =>
      DoubleActor.create({ name: "Ogre", type: "opposant", system: { hp: { value: 6 } } }, { keepId: true }),
    );
    const sheet = open(OpposantSheet, ogre);
    await asClient("gm", () =>
      sheet.submit({ "system.tier": "veteran", "system.size": "grand", "system.hp.value": 6 }),
    );
    expect(hpOf(ogre)).toEqual({ value: 13, max: 13 });
  });
});
