/** Trinités in a world that plays it: card actions, damage, combat, daylight, templates, hooks. */
import type { RulesetRuntime } from "../ruleset.ts";
import { trinitesGuide } from "./creation.ts";
import { CARD_ACTIONS } from "./actions.ts";
import { BODY } from "./card.ts";
import { combatBehaviour, PLACES_PART, registerTrinitesCombat } from "./combat.ts";
import { damageAction, damageApplier, registerWoundHooks } from "./damage.ts";
import { registerDaylight } from "./daylight.ts";
import { registerSeatWatch } from "./seat-watch.ts";
import { registerTrinitesHooks } from "./flow.ts";
import { api } from "./api.ts";
import { ACTOR_PARTS, HARM_DIALOG, ITEM_PART } from "./sheet-paths.ts";

export const runtime: RulesetRuntime = {
  combat: combatBehaviour,
  cardActions: [...CARD_ACTIONS, damageAction],
  damage: damageApplier,
  api,
  creation: trinitesGuide,
  templates: [BODY, PLACES_PART, ...Object.values(ACTOR_PARTS), ITEM_PART, HARM_DIALOG],
  init() {
    registerTrinitesHooks();
    registerTrinitesCombat();
    registerWoundHooks();
    registerSeatWatch();
    registerDaylight();
  },
};
