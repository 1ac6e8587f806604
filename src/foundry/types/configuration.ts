/**
 * fvtt-types declaration merging for the whole system.
 *
 * Data models: `DataModelConfig.Actor`/`Item` are declared ONCE here, as the global interfaces below. Two rule sets
 * each declaring `DataModelConfig { Actor: {...} }` conflict (TS2717); instead each rule set merges its types into
 * these interfaces from its own folder:
 *
 *   declare global {
 *     interface QuintetteActorModels { heros: typeof HerosModel }
 *     interface QuintetteItemModels { "on-armure": typeof ArmourModel }
 *   }
 */
import type { QuintetteActor, QuintetteItem } from "../data/documents.ts";
import type { RulesetId } from "../ruleset.ts";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface QuintetteActorModels {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface QuintetteItemModels {}
}

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "quintette.ruleset": RulesetId;
    "quintette.schemaVersion": number;
    "quintette.firstRunDone": boolean;
  }
  interface DocumentClassConfig {
    Actor: typeof QuintetteActor;
    Item: typeof QuintetteItem;
  }
  interface DataModelConfig {
    Actor: QuintetteActorModels;
    Item: QuintetteItemModels;
  }
}
