/**
 * The world's rule set's stylesheet. The manifest's `styles` holds what every world needs; each rule set's sheet
 * (`styles/<ruleset>/<ruleset>.css`, bundled by the build) is added to the page for the world that plays it.
 */
import { SYSTEM_ID, type RulesetId } from "./ruleset.ts";

export function rulesetStylesheet(id: RulesetId): string {
  return `systems/${SYSTEM_ID}/styles/${id}/${id}.css`;
}

/** Adds the rule set's stylesheet once (a second call for the same rule set does nothing). */
export function loadRulesetStyles(id: RulesetId): void {
  if (typeof document === "undefined") return;
  const href = foundry.utils.getRoute(rulesetStylesheet(id));
  if (document.querySelector(`link[data-quintette-styles="${id}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.quintetteStyles = id;
  document.head.append(link);
}
