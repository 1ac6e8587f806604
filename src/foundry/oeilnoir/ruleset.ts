/** The L'Œil Noir descriptor: its types, roll, card actions, damage, combat, settings, packs and templates. */
import type { RulesetDescriptor } from "../ruleset.ts";
import { OEILNOIR_CARD_ACTIONS } from "./actions.ts";
import { TRACKER_PART, oeilNoirCombat } from "./combat.ts";
import { oeilNoirDamage } from "./damage.ts";
import { DUEL_BODY } from "./duel.ts";
import { ACTOR_MODELS, ITEM_MODELS } from "./models.ts";
import { OEILNOIR_COLORSET, oeilNoirRollClass } from "./roll.ts";
import { registerOeilNoirSettings } from "./settings.ts";
import { AdversaireSheet, HerosSheet, OeilNoirItemSheet, SHEET_TEMPLATES } from "./sheets.ts";

export const OEILNOIR_PACKS = ["quintette.oeilnoir-tables", "quintette.oeilnoir-equipement"];

export const descriptor: RulesetDescriptor = {
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
  // The Roll class exists only once Foundry has loaded: built when the registry reads it.
  get rolls() {
    return [oeilNoirRollClass()];
  },
  combat: oeilNoirCombat,
  cardActions: OEILNOIR_CARD_ACTIONS,
  damage: oeilNoirDamage,
  packs: OEILNOIR_PACKS,
  diceSoNice: [OEILNOIR_COLORSET],
  templates: [DUEL_BODY, TRACKER_PART, SHEET_TEMPLATES.heros, SHEET_TEMPLATES.adversaire, SHEET_TEMPLATES.item],
  init: registerOeilNoirSettings,
};

/** The entry discovers rule sets by this name. */
export const ruleset = descriptor;
