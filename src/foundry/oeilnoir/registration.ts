/** L'Œil Noir at init, in every world: its types, card models, Roll class, packs, dice colours; its settings when active. */
import type { RulesetRegistration } from "../ruleset.ts";
import { ACTOR_MODELS, ITEM_MODELS } from "./models.ts";
import { OEILNOIR_COLORSET, OeilNoirRoll } from "./roll.ts";
import { OEILNOIR_CARD_TYPES } from "./card-model.ts";
import { registerOeilNoirSettings } from "./settings.ts";
import { AdversaireSheet, HerosSheet, OeilNoirItemSheet } from "./sheets.ts";

export const OEILNOIR_PACKS = [
  "quintette.oeilnoir-tables",
  "quintette.oeilnoir-equipement",
  "quintette.oeilnoir-acteurs",
  "quintette.oeilnoir-demarrage",
];

export const registration: RulesetRegistration = {
  id: "oeilnoir",
  label: "QUINTETTE.Ruleset.oeilnoir",
  actorTypes: [
    {
      type: "heros",
      model: ACTOR_MODELS.heros,
      sheet: HerosSheet,
      trackable: { bar: ["ev", "endurance", "ae"], value: ["wounds"] },
      playerCharacter: true,
    },
    {
      type: "adversaire",
      model: ACTOR_MODELS.adversaire,
      sheet: AdversaireSheet,
      trackable: { bar: ["ev", "endurance"], value: ["wounds"] },
    },
  ],
  itemTypes: Object.entries(ITEM_MODELS).map(([type, model]) => ({ type, model, sheet: OeilNoirItemSheet })),
  rolls: [OeilNoirRoll],
  packs: OEILNOIR_PACKS,
  diceSoNice: [OEILNOIR_COLORSET],
  settings: registerOeilNoirSettings,
  cardTypes: OEILNOIR_CARD_TYPES,
};
