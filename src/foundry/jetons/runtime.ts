/**
 * Jetons in a world that plays it: the question card (state on the message, bids committed as
 * hashes and revealed when both are locked, applied by the GM's client), the collective reserve's window, menu and
 * token control, the archetype checks and the ledger hooks.
 */
import type { RulesetRuntime } from "../ruleset.ts";
import { jetonsGuide } from "./creation.ts";
import { SYSTEM_ID } from "../ruleset.ts";
import { CARD_ACTIONS, registerJetonsRelay } from "./actions.ts";
import { onRenderQuestion, onUpdateQuestion } from "./client.ts";
import {
  onCreateActorLedger,
  onCreateTokenLedger,
  onDeleteMessageLedger,
  onPreCreateActor,
  onPreUpdateActor,
  onReadyLedger,
  onUpdateActorLedger,
  onUpdateTokenLedger,
} from "./hooks.ts";
import { QUESTION_BODY } from "./question-data.ts";
import { RESERVE_TEMPLATE, ReserveApp, registerReserveRefresh } from "./reserve-app.ts";
import { registerReserveControl } from "./controls.ts";
import { api } from "./api.ts";
import { ARCHETYPE_PART } from "./sheet.ts";
import { combatBehaviour } from "./combat.ts";
import { registerHeldPaths } from "../trust/effects.ts";

export const runtime: RulesetRuntime = {
  cardActions: CARD_ACTIONS,
  combat: combatBehaviour,
  api,
  creation: jetonsGuide,
  templates: [QUESTION_BODY, ARCHETYPE_PART, RESERVE_TEMPLATE],
  ready: onReadyLedger,
  init() {
    registerJetonsRelay();
    // The ledger holds these (ledger.ts): no player's undo of a recorded effect writes them.
    registerHeldPaths("Actor", "archetype", ["system.tokens", "system.bidLock"]);
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
    Hooks.on("createActor", (actor, options, userId) => void onCreateActorLedger(actor, options, userId));
    Hooks.on(
      "updateActor",
      (actor, changes, options, userId) => void onUpdateActorLedger(actor, changes, options, userId),
    );
    Hooks.on("deleteChatMessage", onDeleteMessageLedger);
    Hooks.on("createToken", (token, options, userId) => void onCreateTokenLedger(token, options, userId));
    Hooks.on(
      "updateToken",
      (token, changes, options, userId) => void onUpdateTokenLedger(token, changes, options, userId),
    );
    registerReserveControl();
    registerReserveRefresh();
  },
};
