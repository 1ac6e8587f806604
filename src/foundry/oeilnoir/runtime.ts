/** L'Œil Noir in a world that plays it: card actions (the duel), damage, combat, templates. */
import type { RulesetRuntime } from "../ruleset.ts";
import { oeilNoirGuide } from "./creation.ts";
import { OEILNOIR_CARD_ACTIONS } from "./actions.ts";
import { TRACKER_PART, oeilNoirCombat } from "./combat.ts";
import { oeilNoirDamage } from "./damage.ts";
import { DUEL_BODY } from "./duel.ts";
import { registerDuelRecords, registerDuelStore } from "./duel-store.ts";
import { api } from "./api.ts";
import { SHEET_TEMPLATES } from "./sheets.ts";

export const runtime: RulesetRuntime = {
  combat: oeilNoirCombat,
  cardActions: OEILNOIR_CARD_ACTIONS,
  damage: oeilNoirDamage,
  api,
  creation: oeilNoirGuide,
  templates: [DUEL_BODY, TRACKER_PART, SHEET_TEMPLATES.heros, SHEET_TEMPLATES.adversaire, SHEET_TEMPLATES.item],
  // The GM's record of the duels (issue 22): a GM-only world setting, forgotten with its message.
  init() {
    registerDuelStore();
    registerDuelRecords();
  },
};
