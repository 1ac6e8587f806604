/**
 * Ahill-Mach in a world that plays it: card actions, damage, combat (DEX order, initiative marker
 * and its hand-over button), templates.
 */
import type { RulesetRuntime } from "../ruleset.ts";
import { ahillMachGuide } from "./creation.ts";
import { CARD_ACTIONS } from "./actions.ts";
import { BODY_TEMPLATES } from "./card.ts";
import { TRACKER_PART, combatBehaviour, holderOf, setHolder } from "./combat.ts";
import { damageApplier } from "./damage.ts";
import { api } from "./api.ts";
import { SHEET_TEMPLATES } from "./sheets.ts";
import { ahillmach } from "../../rules/index.ts";
import { registerConflictWatch } from "./conflict-watch.ts";
import { registerAmmunitionView } from "./ammunition.ts";

/** The GM's "hand over" button in the tracker part (a hook: the tracker's own actions are Foundry's). */
function onRenderTracker(_app: unknown, element: HTMLElement): void {
  const button = element.querySelector<HTMLButtonElement>("[data-ahillmach='handOver']");
  button?.addEventListener("click", () => {
    const combat = game.combat;
    if (!combat || !game.user?.isGM) return;
    void setHolder(combat, ahillmach.otherSide(holderOf(combat.combatants.contents)));
  });
}

export const runtime: RulesetRuntime = {
  combat: combatBehaviour,
  cardActions: CARD_ACTIONS,
  damage: damageApplier,
  api,
  creation: ahillMachGuide,
  templates: [BODY_TEMPLATES.move, BODY_TEMPLATES.damage, TRACKER_PART, ...Object.values(SHEET_TEMPLATES)],
  init() {
    Hooks.on("renderCombatTracker", onRenderTracker);
    registerConflictWatch();
    registerAmmunitionView();
  },
};
