/** The first-run window's context (settings/first-run.ts): pure, so the gallery renders it without Foundry. */
import { RULESET_IDS, rulesetLabel, type RulesetId } from "../ruleset-id.ts";

export const FIRST_RUN_TEMPLATE = "systems/quintette/templates/shared/dialog/first-run.hbs";

/** The five games, the world's current one marked. */
export function firstRunView(current: RulesetId) {
  return {
    games: RULESET_IDS.map((id) => ({
      id,
      label: rulesetLabel(id),
      hint: `QUINTETTE.FirstRun.Hint.${id}`,
      current: id === current,
    })),
  };
}
