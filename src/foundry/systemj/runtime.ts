/** SYSTEMJ in a world that plays it: card actions, damage, combat phases, the Chronoste. */
import type { RulesetRuntime } from "../ruleset.ts";
import { systemJGuide } from "./creation.ts";
import { CARD_ACTIONS, damageApplier } from "./actions.ts";
import { EXCHANGE_BODY, REVEAL_BODY, TEST_BODY } from "./cards.ts";
import { combatBehaviour, reconcileAtReady, registerSystemJCombat } from "./combat.ts";
import { registerExchangeStore } from "./exchange-store.ts";
import { registerRoundBinding } from "./binding.ts";
import { registerExchangeViewer } from "./card-viewer.ts";
import { openChronoste, registerChronoste } from "./chronoste.ts";
import { PHASE_TEMPLATE } from "./phase-context.ts";
import { CHRONOSTE_TEMPLATE } from "./chronoste-context.ts";
import { TIME_BODY } from "./chronoste-record.ts";
import { api } from "./api.ts";
import { fillChronosteChoices } from "./settings.ts";
import { ACTOR_PARTS, ITEM_CARD } from "./sheet-paths.ts";

export const runtime: RulesetRuntime = {
  cardActions: CARD_ACTIONS,
  damage: damageApplier,
  api,
  creation: systemJGuide,
  combat: combatBehaviour,
  templates: [
    ACTOR_PARTS.main,
    ACTOR_PARTS.cards,
    ITEM_CARD,
    TEST_BODY,
    EXCHANGE_BODY,
    REVEAL_BODY,
    PHASE_TEMPLATE,
    CHRONOSTE_TEMPLATE,
    TIME_BODY,
  ],
  init() {
    registerSystemJCombat();
    registerChronoste();
    registerExchangeStore();
    registerRoundBinding();
    registerExchangeViewer();
  },
  ready() {
    reconcileAtReady();
    if (game.users) fillChronosteChoices(game.users);
    openChronoste();
  },
};
