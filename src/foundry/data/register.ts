/**
 * Applies rule-set descriptors to Foundry at init: every data model, sheet, Roll class and plug-in of every rule set
 * (documents of an inactive rule set still open and save), and the document classes.
 */
import { plugRuleset } from "../chat/plugins.ts";
import { SYSTEM_ID, type RulesetDescriptor } from "../ruleset.ts";
import { QuintetteActor, QuintetteItem, registerTokenDefaults } from "./documents.ts";

export function registerDocumentClasses(): void {
  CONFIG.Actor.documentClass = QuintetteActor;
  CONFIG.Item.documentClass = QuintetteItem;
  registerTokenDefaults();
}

export function applyRuleset(descriptor: RulesetDescriptor): void {
  const { Actors, Items } = foundry.documents.collections;
  for (const spec of descriptor.actorTypes) {
    // Object.assign: fvtt-types 14.x keys these records by the declared types only, and spec.type is a plain string.
    Object.assign(CONFIG.Actor.dataModels, { [spec.type]: spec.model });
    Actors.registerSheet(SYSTEM_ID, spec.sheet, {
      types: [spec.type as Actor.SubType],
      makeDefault: true,
      label: descriptor.label,
    });
    if (spec.trackable)
      Object.assign(CONFIG.Actor.trackableAttributes, {
        [spec.type]: { bar: spec.trackable.bar ?? [], value: spec.trackable.value ?? [] },
      });
  }
  for (const spec of descriptor.itemTypes) {
    Object.assign(CONFIG.Item.dataModels, { [spec.type]: spec.model });
    Items.registerSheet(SYSTEM_ID, spec.sheet, {
      types: [spec.type as Item.SubType],
      makeDefault: true,
      label: descriptor.label,
    });
  }
  // Read as unknown[]: fvtt-types 14.x types the list as `typeof Roll`, our descriptors hold Roll subclasses.
  const rolls: unknown[] = CONFIG.Dice.rolls;
  for (const roll of descriptor.rolls) if (!rolls.includes(roll)) rolls.push(roll);
  plugRuleset({
    id: descriptor.id,
    cardActions: descriptor.cardActions,
    damage: descriptor.damage,
    combat: descriptor.combat,
    diceSoNice: descriptor.diceSoNice,
  });
  descriptor.init?.();
}
