/**
 * The rule-set ids and the world's active one, read from the setting: what shared code (cards, damage, controls)
 * needs of the rule sets without the registry (`ruleset.ts`), which names the shared code's types and so sits above it.
 */
export const SYSTEM_ID = "quintette";

export const RULESET_IDS = ["trinites", "ahillmach", "oeilnoir", "jetons", "systemj"] as const;
export type RulesetId = (typeof RULESET_IDS)[number];
export const DEFAULT_RULESET: RulesetId = "trinites";

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === "string" && (RULESET_IDS as readonly string[]).includes(value);
}

/** Localization key of a rule set's name (used by the setting before any descriptor is registered). */
export function rulesetLabel(id: RulesetId): string {
  return `QUINTETTE.Ruleset.${id}`;
}

/** The world's rule-set id from the setting; the default before settings are ready or when the value is unknown. */
export function activeRulesetId(): RulesetId {
  try {
    const value: unknown = game.settings?.get(SYSTEM_ID, "ruleset");
    return isRulesetId(value) ? value : DEFAULT_RULESET;
  } catch {
    return DEFAULT_RULESET;
  }
}
