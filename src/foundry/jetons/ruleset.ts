/**
 * Jetons in Foundry: diceless play with sealed token bids. The `archetype` actor, the question card (state on the
 * message, bids committed as hashes and revealed when both are locked, applied by the GM's client), the collective
 * reserve in a GM-written world setting with its window, and the world settings P and J.
 */
import type { RulesetDescriptor } from "../ruleset.ts";
import { CARD_ACTIONS, registerJetonsRelay } from "./actions.ts";
import { onRenderQuestion, onUpdateQuestion } from "./client.ts";
import {
  onCreateActorLedger,
  onPreCreateActor,
  onPreUpdateActor,
  onReadyLedger,
  onUpdateActorLedger,
} from "./hooks.ts";
import { ArchetypeModel } from "./models.ts";
import { combatBehaviour } from "./combat.ts";
import { QUESTION_BODY } from "./question-card.ts";
import { RESERVE_TEMPLATE, ReserveApp, registerReserveRefresh } from "./reserve-app.ts";
import { registerReserveControl } from "./controls.ts";
import { ARCHETYPE_PART, ArchetypeSheet } from "./sheet.ts";
import { registerJetonsSettings } from "./settings.ts";
import { SYSTEM_ID } from "../ruleset.ts";

export const descriptor: RulesetDescriptor = {
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
  cardActions: CARD_ACTIONS,
  combat: combatBehaviour,
  templates: [QUESTION_BODY, ARCHETYPE_PART, RESERVE_TEMPLATE],
  init() {
    registerJetonsSettings();
    registerJetonsRelay();
    game.settings?.registerMenu(SYSTEM_ID, "jetonsReserve", {
      name: "QUINTETTE.Jetons.Reserve.Title",
      label: "QUINTETTE.Jetons.Reserve.Open",
      hint: "QUINTETTE.Jetons.Reserve.Hint",
      icon: "fa-solid fa-coins",
      type: ReserveApp,
      restricted: false,
    });
    Hooks.on("renderChatMessageHTML", onRenderQuestion);
    Hooks.on("updateChatMessage", onUpdateQuestion);
    Hooks.on("preCreateActor", onPreCreateActor);
    Hooks.on("preUpdateActor", onPreUpdateActor);
    Hooks.once("ready", onReadyLedger);
    Hooks.on("createActor", (actor, options, userId) => void onCreateActorLedger(actor, options, userId));
    Hooks.on(
      "updateActor",
      (actor, changes, options, userId) => void onUpdateActorLedger(actor, changes, options, userId),
    );
    registerReserveRefresh();
    registerReserveControl();
  },
};

/** The entry discovers descriptors under this name. */
export const ruleset = descriptor;
