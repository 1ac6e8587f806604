/** The SYSTEMJ rule-set descriptor: its types, roll class, card actions, damage rule, combat and settings. */
import type { RulesetDescriptor } from "../ruleset.ts";
import { CARD_ACTIONS, damageApplier } from "./actions.ts";
import { EXCHANGE_BODY, REVEAL_BODY, TEST_BODY } from "./cards.ts";
import { ITEM_MODELS, ITEM_TYPES, SystemJCreatureModel, SystemJPersonnageModel } from "./models.ts";
import { systemJRollClass } from "./roll.ts";
import { registerExchangeStore } from "./exchange-store.ts";
import { combatBehaviour, registerSystemJCombat } from "./combat.ts";
import { openChronoste, registerChronoste } from "./chronoste.ts";
import { PHASE_TEMPLATE } from "./phase-context.ts";
import { CHRONOSTE_TEMPLATE } from "./chronoste-context.ts";
import { registerSystemJSettings, fillChronosteChoices } from "./settings.ts";
import { ACTOR_PARTS, ITEM_CARD, SystemJActorSheet, SystemJItemSheet } from "./sheets.ts";

const trackable = { bar: ["hitPoints", "armourPoints"], value: [] };

export const descriptor: RulesetDescriptor = {
  id: "systemj",
  label: "QUINTETTE.Ruleset.systemj",
  actorTypes: [
    // PJ and PNJ share this type: linked by default (a PNJ is a named person too); créatures are not.
    {
      type: "sj-personnage",
      model: SystemJPersonnageModel,
      sheet: SystemJActorSheet,
      trackable,
      playerCharacter: true,
    },
    { type: "creature", model: SystemJCreatureModel, sheet: SystemJActorSheet, trackable },
  ],
  itemTypes: ITEM_TYPES.map((type) => ({ type, model: ITEM_MODELS[type], sheet: SystemJItemSheet })),
  get rolls() {
    return [systemJRollClass()];
  },
  cardActions: CARD_ACTIONS,
  damage: damageApplier,
  combat: combatBehaviour,
  packs: ["quintette.systemj-competences", "quintette.systemj-cartes"],
  templates: [
    ACTOR_PARTS.main,
    ACTOR_PARTS.cards,
    ITEM_CARD,
    TEST_BODY,
    EXCHANGE_BODY,
    REVEAL_BODY,
    PHASE_TEMPLATE,
    CHRONOSTE_TEMPLATE,
  ],
  init() {
    registerSystemJSettings();
    registerSystemJCombat();
    registerChronoste();
    registerExchangeStore();
  },
  ready() {
    if (game.users) fillChronosteChoices(game.users);
    openChronoste();
  },
};

/** The entry discovers `ruleset` exports (src/index.ts). */
export const ruleset = descriptor;
export { damageApplier };
