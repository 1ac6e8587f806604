/**
 * The Ahill-Mach rule set as the shared core sees it: types (models and sheets), the AhillMachRoll, card actions,
 * damage, combat (DEX order, initiative marker), dice colours, templates, compendia.
 */
import type { RulesetDescriptor } from "../ruleset.ts";
import { CARD_ACTIONS } from "./actions.ts";
import { AHILLMACH_PACKS } from "./compendium.ts";
import { BODY_TEMPLATES } from "./card.ts";
import { TRACKER_PART, combatBehaviour, holderOf, setHolder } from "./combat.ts";
import { damageApplier } from "./damage.ts";
import { ActionModel, EquipementModel, MetierModel, OpposantModel, PersonnageModel } from "./models.ts";
import { COLORSET, ahillMachRollClass } from "./roll.ts";
import { AhillMachItemSheet, OpposantSheet, PersonnageSheet, SHEET_TEMPLATES } from "./sheets.ts";
import { ahillmach } from "../../rules/index.ts";

export const PACKS = Object.values(AHILLMACH_PACKS).map((name) => `quintette.${name}`);

/** The GM's "hand over" button in the tracker part (a hook: the tracker's own actions are Foundry's). */
function onRenderTracker(_app: unknown, element: HTMLElement): void {
  const button = element.querySelector<HTMLButtonElement>("[data-ahillmach='handOver']");
  button?.addEventListener("click", () => {
    const combat = game.combat;
    if (!combat || !game.user?.isGM) return;
    void setHolder(combat, ahillmach.otherSide(holderOf(combat.combatants.contents)));
  });
}

export const descriptor: RulesetDescriptor = {
  id: "ahillmach",
  label: "QUINTETTE.Ruleset.ahillmach",
  actorTypes: [
    {
      type: "personnage",
      model: PersonnageModel,
      sheet: PersonnageSheet,
      trackable: { bar: ["hp"], value: ["xp"] },
      playerCharacter: true,
    },
    { type: "opposant", model: OpposantModel, sheet: OpposantSheet, trackable: { bar: ["hp"], value: [] } },
  ],
  itemTypes: [
    { type: "am-action", model: ActionModel, sheet: AhillMachItemSheet },
    { type: "am-equipement", model: EquipementModel, sheet: AhillMachItemSheet },
    { type: "am-metier", model: MetierModel, sheet: AhillMachItemSheet },
  ],
  // Read at init, once Foundry's dice exist; the Node test double has none (its tests install a fake first).
  get rolls() {
    return typeof foundry.dice === "undefined" ? [] : [ahillMachRollClass()];
  },
  combat: combatBehaviour,
  cardActions: CARD_ACTIONS,
  damage: damageApplier,
  packs: PACKS,
  diceSoNice: [
    {
      name: COLORSET,
      description: "QUINTETTE.AhillMach.Dice",
      category: "Quintette",
      foreground: "#f6efe0",
      background: "#5b1f1a",
      outline: "#1d0a08",
      edge: "#7a2d24",
      texture: "none",
      material: "wood",
    },
  ],
  templates: [BODY_TEMPLATES.move, BODY_TEMPLATES.damage, TRACKER_PART, ...Object.values(SHEET_TEMPLATES)],
  init() {
    Hooks.on("renderCombatTracker", onRenderTracker);
  },
};
export { descriptor as ruleset };
