/** Trinités in a world that plays it, loaded on demand: card actions, damage, combat, daylight, templates, hooks. */
import type { RulesetRuntime } from "../ruleset.ts";
import { CARD_ACTIONS } from "./actions.ts";
import { BODY } from "./card.ts";
import { registerTrinitesCardModels } from "./card-model.ts";
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
  // The guide's rules and view load with the first sheet, outside the world's start (its budget).
  creation: async (actor, editable) => (await import("./creation.ts")).trinitesGuide(actor, editable),
  templates: [BODY, PLACES_PART, ...Object.values(ACTOR_PARTS), ITEM_PART, HARM_DIALOG],
  init() {
    registerTrinitesCardModels();
    registerTrinitesHooks();
    registerTrinitesCombat();
    registerWoundHooks();
    registerSeatWatch();
    registerDaylight();
  },
};
