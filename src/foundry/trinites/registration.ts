/** Trinités at init, in every world: its types (models and sheets), card models, the Roll class, packs and dice looks. */
import { ARCHONTE_COLORSET, DEVA_COLORSET } from "../dice/index.ts";
import type { RulesetRegistration } from "../ruleset.ts";
import { ACTOR_MODELS, ITEM_MODELS } from "./models.ts";
import { TrinitesRoll } from "./roll.ts";
import { TRINITES_CARD_TYPES } from "./card-model.ts";
import { TrinitesActorSheet, TrinitesItemSheet } from "./sheets.ts";

export const TRINITES_PACKS = ["trinites-regles", "trinites-equipement", "trinites-acteurs", "trinites-demarrage"];

export const registration: RulesetRegistration = {
  id: "trinites",
  label: "QUINTETTE.Ruleset.trinites",
  actorTypes: [
    {
      type: "trinite",
      model: ACTOR_MODELS.trinite,
      sheet: TrinitesActorSheet,
      trackable: { bar: ["vie", "deva", "archonte", "adam"], value: [] },
      // The players play Trinités; humains are the world's people, played by the GM.
      playerCharacter: true,
    },
    { type: "humain", model: ACTOR_MODELS.humain, sheet: TrinitesActorSheet, trackable: { bar: ["vie"], value: [] } },
  ],
  itemTypes: Object.entries(ITEM_MODELS).map(([type, model]) => ({ type, model, sheet: TrinitesItemSheet })),
  rolls: [TrinitesRoll],
  packs: TRINITES_PACKS.map((p) => `quintette.${p}`),
  // The system's Deva (light) and Archonte (dark) colour sets are always registered; listed here as this set's own.
  diceSoNice: [DEVA_COLORSET, ARCHONTE_COLORSET],
  cardTypes: TRINITES_CARD_TYPES,
};
