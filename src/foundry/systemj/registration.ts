/** SYSTEMJ at init, in every world: its types, Roll class and packs; its world settings when active. */
import type { RulesetRegistration } from "../ruleset.ts";
import { ITEM_MODELS, ITEM_TYPES, SystemJCreatureModel, SystemJPersonnageModel } from "./models.ts";
import { SystemJRoll } from "./roll.ts";
import { registerSystemJSettings } from "./settings.ts";
import { SystemJActorSheet, SystemJItemSheet } from "./sheets.ts";
import { EXCHANGE_CARD_TYPE, SystemJExchangeCardModel } from "./card-model.ts";

const trackable = { bar: ["hitPoints", "armourPoints"], value: [] };

export const registration: RulesetRegistration = {
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
  rolls: [SystemJRoll],
  packs: [
    "quintette.systemj-competences",
    "quintette.systemj-cartes",
    "quintette.systemj-acteurs",
    "quintette.systemj-demarrage",
  ],
  settings: registerSystemJSettings,
  cardTypes: [{ type: EXCHANGE_CARD_TYPE, model: SystemJExchangeCardModel, kinds: ["exchange"] }],
};
