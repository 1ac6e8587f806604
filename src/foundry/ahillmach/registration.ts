/** Ahill-Mach at init, in every world: its types (models and sheets), the AhillMachRoll, packs and dice colours. */
import type { RulesetRegistration } from "../ruleset.ts";
import {
  AhillMachDamageCardModel,
  AhillMachRollCardModel,
  DAMAGE_CARD_TYPE,
  ROLL_CARD_TYPE,
  ROLL_KINDS,
} from "./card-model.ts";
import { AHILLMACH_PACKS } from "./compendium.ts";
import { MOVE_KEYS_STEP } from "./migration.ts";
import { ActionModel, EquipementModel, MetierModel, OpposantModel, PersonnageModel } from "./models.ts";
import { AhillMachRoll, COLORSET } from "./roll.ts";
import { AhillMachItemSheet, OpposantSheet, PersonnageSheet } from "./sheets.ts";

export const PACKS = Object.values(AHILLMACH_PACKS).map((name) => `quintette.${name}`);

export const registration: RulesetRegistration = {
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
  rolls: [AhillMachRoll],
  // The ready actors and the quick start are hand-written sources, not built by compendium.ts.
  packs: [...PACKS, "quintette.ahillmach-acteurs", "quintette.ahillmach-demarrage"],
  cardTypes: [
    { type: ROLL_CARD_TYPE, model: AhillMachRollCardModel, kinds: ROLL_KINDS },
    { type: DAMAGE_CARD_TYPE, model: AhillMachDamageCardModel, kinds: ["damage"] },
  ],
  migrations: [MOVE_KEYS_STEP],
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
};
