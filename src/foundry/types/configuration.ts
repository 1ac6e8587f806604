/**
 * fvtt-types declaration merging for what the shared core registers: settings and document classes. Rule sets merge
 * their own data models into `DataModelConfig` from their folders.
 */
import type { QuintetteActor, QuintetteItem } from "../data/documents.ts";
import type { RulesetId } from "../ruleset.ts";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "quintette.ruleset": RulesetId;
    "quintette.schemaVersion": number;
  }
  interface DocumentClassConfig {
    Actor: typeof QuintetteActor;
    Item: typeof QuintetteItem;
  }
}
