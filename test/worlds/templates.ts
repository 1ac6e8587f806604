/**
 * Real templates for a test that sets up its world without the system's init: the templates init loads (the shared
 * ones and the rule sets' own, `src/foundry/templates/index.ts`) are partials, as in a world whose init ran.
 */
import { useRealTemplates } from "../double/templates.ts";
import { SHARED_TEMPLATES } from "../../src/foundry/templates/index.ts";
import { RULESET_IDS, type RulesetId } from "../../src/foundry/ruleset.ts";
import { descriptor as trinites } from "../../src/foundry/trinites/ruleset.ts";
import { descriptor as ahillmach } from "../../src/foundry/ahillmach/ruleset.ts";
import { descriptor as oeilnoir } from "../../src/foundry/oeilnoir/ruleset.ts";
import { descriptor as jetons } from "../../src/foundry/jetons/ruleset.ts";
import { descriptor as systemj } from "../../src/foundry/systemj/ruleset.ts";

const WHOLE = { trinites, ahillmach, oeilnoir, jetons, systemj };

/** `useRealTemplates` with what init loads for `rulesets` (every rule set's unless said: a test of several games). */
export function useSystemTemplates(lang = "en", rulesets: readonly RulesetId[] = RULESET_IDS): void {
  useRealTemplates(lang, [...SHARED_TEMPLATES, ...rulesets.flatMap((id) => WHOLE[id].templates ?? [])]);
}
