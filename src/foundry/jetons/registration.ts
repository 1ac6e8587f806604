/** Jetons at init, in every world: the `archetype` type (model and sheet); its world settings when active. */
import type { RulesetRegistration } from "../ruleset.ts";
import { ArchetypeModel } from "./models.ts";
import { registerJetonsSettings } from "./settings.ts";
import { ArchetypeSheet } from "./sheet.ts";
import { QUESTION_CARD_TYPE, JetonsQuestionCardModel } from "./card-model.ts";

export const registration: RulesetRegistration = {
  id: "jetons",
  label: "QUINTETTE.Ruleset.jetons",
  // The one actor type is what the players play.
  actorTypes: [
    {
      type: "archetype",
      model: ArchetypeModel,
      sheet: ArchetypeSheet,
      trackable: { value: ["tokens"] },
      playerCharacter: true,
    },
  ],
  itemTypes: [],
  rolls: [],
  packs: ["quintette.jetons-acteurs", "quintette.jetons-demarrage"],
  settings: registerJetonsSettings,
  cardTypes: [{ type: QUESTION_CARD_TYPE, model: JetonsQuestionCardModel, kinds: ["question"] }],
};
