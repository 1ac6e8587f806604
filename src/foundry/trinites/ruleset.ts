/** The Trinités descriptor: types, sheets, the Roll class, card actions, damage, combat, dice looks and templates. */
import { ARCHONTE_COLORSET, DEVA_COLORSET } from "../dice/index.ts";
import type { RulesetDescriptor } from "../ruleset.ts";
import { CARD_ACTIONS } from "./actions.ts";
import { BODY } from "./card.ts";
import { combatBehaviour, PLACES_PART, registerTrinitesCombat } from "./combat.ts";
import { damageAction, damageApplier, registerWoundHooks } from "./damage.ts";
import { registerDaylight } from "./daylight.ts";
import { registerTrinitesHooks } from "./flow.ts";
import { ACTOR_MODELS, ITEM_MODELS } from "./models.ts";
import { TrinitesRoll } from "./roll.ts";
import { ACTOR_PARTS, ITEM_PART, TrinitesActorSheet, TrinitesItemSheet } from "./sheets.ts";
import { HARM_DIALOG } from "./sheet-paths.ts";

export const TRINITES_PACKS = ["trinites-regles", "trinites-equipement"];

export const descriptor: RulesetDescriptor = {
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
  combat: combatBehaviour,
  cardActions: [...CARD_ACTIONS, damageAction],
  damage: damageApplier,
  packs: TRINITES_PACKS.map((p) => `quintette.${p}`),
  // The system's Deva (light) and Archonte (dark) colour sets are always registered; listed here as this set's own.
  diceSoNice: [DEVA_COLORSET, ARCHONTE_COLORSET],
  templates: [BODY, PLACES_PART, ...Object.values(ACTOR_PARTS), ITEM_PART, HARM_DIALOG],
  init() {
    registerTrinitesHooks();
    registerTrinitesCombat();
    registerWoundHooks();
    registerDaylight();
  },
};
export { descriptor as ruleset };
