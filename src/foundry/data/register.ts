/**
 * Applies rule-set descriptors to Foundry at init. Every rule set's data models, sheets and Roll classes
 * (`registerRulesetTypes`: documents and chat rolls of an inactive rule set still open and save); only the world's
 * rule set gets its card actions, damage, combat, dice colours and its own `init` (`activateRuleset`: settings,
 * menus, hooks).
 */
import { registerCardModel } from "../chat/card-model.ts";
import { plugRuleset } from "../chat/plugins.ts";
import { SYSTEM_ID, type RulesetDescriptor } from "../ruleset.ts";
import { QuintetteActor, QuintetteItem, registerTokenDefaults } from "./documents.ts";
import { QuintetteActiveEffect } from "../effects/document.ts";
import { registerEffectConfig } from "../effects/config-sheet.ts";
import { registerTypeIcons } from "./artwork.ts";
import { registerMigrationStep } from "../migrations/steps.ts";

export function registerDocumentClasses(): void {
  CONFIG.Actor.documentClass = QuintetteActor;
  CONFIG.Item.documentClass = QuintetteItem;
  CONFIG.ActiveEffect.documentClass = QuintetteActiveEffect;
  registerEffectConfig();
  registerTokenDefaults();
}

/** Both halves: what a test world of one rule set needs. */
export function applyRuleset(descriptor: RulesetDescriptor): void {
  registerRulesetTypes(descriptor);
  activateRuleset(descriptor);
}

/**
 * Data models (the roll and action entry points are methods of their base classes, `data/models.ts`), sheets, token
 * bars, type icons (`artwork.ts`) and Roll classes: for every rule set, active or not.
 */
export function registerRulesetTypes(descriptor: RulesetDescriptor): void {
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
  registerTypeIcons(
    "Actor",
    descriptor.actorTypes.map((t) => t.type),
  );
  registerTypeIcons(
    "Item",
    descriptor.itemTypes.map((t) => t.type),
  );
  for (const card of descriptor.cardTypes ?? [])
    registerCardModel(card.type, card.model, { ruleset: descriptor.id, ...(card.kinds ? { kinds: card.kinds } : {}) });
  // Read as unknown[]: fvtt-types 14.x types the list as `typeof Roll`, our descriptors hold Roll subclasses.
  const rolls: unknown[] = CONFIG.Dice.rolls;
  for (const roll of descriptor.rolls) if (!rolls.includes(roll)) rolls.push(roll);
  // In every world, as its documents may be in any world: the schema version is the same whichever game is played.
  for (const step of descriptor.migrations ?? []) registerMigrationStep(step);
}

/** What only the world's rule set runs: its plug-ins and its own registration (settings, menus, hooks). */
export function activateRuleset(descriptor: RulesetDescriptor): void {
  plugRuleset({
    id: descriptor.id,
    cardActions: descriptor.cardActions,
    damage: descriptor.damage,
    combat: descriptor.combat,
    diceSoNice: descriptor.diceSoNice,
  });
  descriptor.init?.();
}
