/**
 * Applies rule-set descriptors to Foundry at init: every data model, sheet, Roll class and plug-in of every rule set
 * (documents of an inactive rule set still open and save), and the document classes.
 */
import { plugRuleset } from "../chat/plugins.ts";
import { SYSTEM_ID, type RulesetDescriptor } from "../ruleset.ts";
import { QuintetteActor, QuintetteItem, registerTokenBarDefaults } from "./documents.ts";

export function registerDocumentClasses(): void {
  CONFIG.Actor.documentClass = QuintetteActor;
  CONFIG.Item.documentClass = QuintetteItem;
  registerTokenBarDefaults();
}

export function applyRuleset(descriptor: RulesetDescriptor): void {
  const { Actors, Items } = foundry.documents.collections;
  for (const spec of descriptor.actorTypes) {
    CONFIG.Actor.dataModels[spec.type] = spec.model;
    Actors.registerSheet(SYSTEM_ID, spec.sheet, { types: [spec.type], makeDefault: true, label: descriptor.label });
    if (spec.trackable)
      CONFIG.Actor.trackableAttributes[spec.type] = {
        bar: spec.trackable.bar ?? [],
        value: spec.trackable.value ?? [],
      };
  }
  for (const spec of descriptor.itemTypes) {
    CONFIG.Item.dataModels[spec.type] = spec.model;
    Items.registerSheet(SYSTEM_ID, spec.sheet, { types: [spec.type], makeDefault: true, label: descriptor.label });
  }
  for (const roll of descriptor.rolls) if (!CONFIG.Dice.rolls.includes(roll)) CONFIG.Dice.rolls.push(roll);
  plugRuleset({
    id: descriptor.id,
    cardActions: descriptor.cardActions,
    damage: descriptor.damage,
    combat: descriptor.combat,
    diceSoNice: descriptor.diceSoNice,
  });
  descriptor.init?.();
}
