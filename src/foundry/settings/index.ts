/**
 * World settings of the shared core: the rule set (reload on change; changing it deletes nothing) and the world's
 * schema version, which the migration runner compares with the code's.
 */
import { DEFAULT_RULESET, RULESET_IDS, SYSTEM_ID, rulesetLabel, type RulesetId } from "../ruleset.ts";

export function rulesetChoices(): Record<RulesetId, string> {
  const choices = {} as Record<RulesetId, string>;
  for (const id of RULESET_IDS) choices[id] = rulesetLabel(id);
  return choices;
}

export function registerCoreSettings(): void {
  const settings = game.settings;
  if (!settings) throw new Error("Quintette: settings registered before init");
  settings.register(SYSTEM_ID, "ruleset", {
    name: "QUINTETTE.Setting.Ruleset.Name",
    hint: "QUINTETTE.Setting.Ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: rulesetChoices(),
    default: DEFAULT_RULESET,
    requiresReload: true,
  });
  settings.register(SYSTEM_ID, "schemaVersion", {
    name: "QUINTETTE.Setting.SchemaVersion.Name",
    hint: "QUINTETTE.Setting.SchemaVersion.Hint",
    scope: "world",
    config: false,
    type: Number,
    // A new world starts at the current version: nothing to migrate (set at ready when still 0).
    default: 0,
  });
}
