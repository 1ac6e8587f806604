import { beforeEach, describe, expect, it } from "vitest";
import { doubleState, asGM, resetFoundryDouble, sheetsFor } from "../../double/index.ts";
import {
  activeRuleset,
  activeTypes,
  allRulesets,
  clearRulesets,
  registerRuleset,
  rulesetOfType,
  RULESET_IDS,
} from "../../../src/foundry/ruleset.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";
import { applyRuleset } from "../../../src/foundry/data/register.ts";
import { restrictTypes } from "../../../src/foundry/data/documents.ts";
import { testRuleset, HeroModel } from "./fixtures.ts";

describe("rule-set registry", () => {
  beforeEach(() => {
    resetFoundryDouble();
    clearRulesets();
    registerCoreSettings();
  });

  it("registers the ruleset world setting: five choices, Trinités by default, reload on change", () => {
    const setting = doubleState().game.settings.settings.get("quintette.ruleset");
    expect(setting).toMatchObject({ scope: "world", config: true, default: "trinites", requiresReload: true });
    expect(Object.keys(setting?.choices ?? {})).toEqual([...RULESET_IDS]);
    for (const label of Object.values(setting?.choices ?? {})) {
      for (const lang of ["fr", "en"]) {
        doubleState().game.i18n.setLanguage(lang);
        expect(doubleState().game.i18n.has(label), `${label} in ${lang}`).toBe(true);
      }
    }
  });

  it("follows the setting for the active rule set and its create-dialog types", async () => {
    registerRuleset(testRuleset("trinites", "t"));
    registerRuleset(testRuleset("jetons", "j"));
    expect(activeRuleset()?.id).toBe("trinites");
    expect(activeTypes("Item")).toEqual(["gear-t", "spell-t"]);
    await asGM(() => doubleState().game.settings.set("quintette", "ruleset", "jetons"));
    expect(activeRuleset()?.id).toBe("jetons");
    expect(activeTypes("Actor")).toEqual(["hero-j"]);
    expect(rulesetOfType("gear-t")?.id).toBe("trinites");
    expect(allRulesets().map((d) => d.id)).toEqual(["trinites", "jetons"]);
  });

  it("refuses a rule set registered twice or a type id two rule sets claim", () => {
    registerRuleset(testRuleset("trinites", "t"));
    expect(() => registerRuleset(testRuleset("trinites", "x"))).toThrow(/twice/);
    expect(() => registerRuleset(testRuleset("jetons", "t"))).toThrow(/hero-t/);
  });

  it("registers every rule set's data models and sheets, active or not", () => {
    for (const d of [testRuleset("trinites", "t"), testRuleset("systemj", "s")]) {
      registerRuleset(d);
      applyRuleset(d);
    }
    const { CONFIG } = doubleState();
    expect(CONFIG.Actor.dataModels["hero-s"]).toBe(HeroModel);
    expect(Object.keys(CONFIG.Item.dataModels).sort()).toEqual(["gear-s", "gear-t", "spell-s", "spell-t"]);
    expect(sheetsFor("Actor", "hero-s")).toHaveLength(1);
    expect(sheetsFor("Item", "spell-t")[0]?.options.makeDefault).toBe(true);
  });

  it("narrows the create dialog to the active rule set, keeping a caller's narrower list", () => {
    expect(restrictTypes(undefined, ["a", "b"])).toEqual(["a", "b"]);
    expect(restrictTypes(["b", "z"], ["a", "b"])).toEqual(["b"]);
    expect(restrictTypes(["z"], [])).toEqual(["z"]);
  });
});
