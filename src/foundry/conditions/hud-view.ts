/**
 * The token HUD's conditions palette of a rule set, as data: each condition with its icon, whether it is shown
 * active, and whether the rules derive it (a HUD click then writes the actor) or it is a plain status set by hand.
 * Used by the gallery; Foundry draws the real palette from `CONFIG.statusEffects`.
 */
import type { RulesetId } from "../ruleset.ts";
import { conditionsOf } from "./index.ts";

export interface HudConditionView {
  id: string;
  name: string;
  img: string;
  active: boolean;
  derived: boolean;
  /** Actor type ids it is offered to (empty: all of the rule set's). */
  actorTypes: string[];
}

export function hudConditionsView(ruleset: RulesetId, active: readonly string[]): HudConditionView[] {
  return conditionsOf(ruleset).map((c) => ({
    id: c.id,
    name: c.name,
    img: c.img,
    active: active.includes(c.id),
    derived: !!c.derive,
    actorTypes: c.actorTypes ?? [],
  }));
}
