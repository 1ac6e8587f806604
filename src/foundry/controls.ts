/**
 * Buttons a rule set adds to the token controls (the Jetons reserve, the SYSTEMJ clock): written once, shown only
 * in worlds of that rule set.
 */
import { activeRulesetId, type RulesetId } from "./ruleset.ts";

export type SceneControlsRecord = Record<string, foundry.applications.ui.SceneControls.Control | undefined>;

export interface TokenToolSpec {
  name: string;
  /** Localization key of the tooltip. */
  title: string;
  icon: string;
  open: () => unknown;
}

/** Adds a one-click button after the existing token tools. */
export function addTokenTool(controls: SceneControlsRecord, spec: TokenToolSpec): void {
  const tokens = controls.tokens;
  if (!tokens) return;
  // fvtt-types 14.x declares `tools` optional.
  const tools = (tokens.tools ??= {});
  const order = Math.max(0, ...Object.values(tools).map((t) => t.order)) + 1;
  tools[spec.name] = {
    name: spec.name,
    order,
    title: spec.title,
    icon: spec.icon,
    button: true,
    visible: true,
    onChange: () => void spec.open(),
  };
}

/** Adds the button whenever Foundry rebuilds the controls in a world of that rule set. */
export function registerTokenTool(rulesetId: RulesetId, spec: TokenToolSpec): void {
  // fvtt-types 13.345.1 leaves this v13 hook undeclared (its signature was reworked): typed here by hand.
  const hooks = Hooks as unknown as { on(name: string, fn: (controls: SceneControlsRecord) => void): number };
  hooks.on("getSceneControlButtons", (controls) => {
    if (activeRulesetId() === rulesetId) addTokenTool(controls, spec);
  });
}
