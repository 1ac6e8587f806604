/** A tiny rule set built from the shared pieces, for adapter tests only (the five real ones plug in later). */
import { integerField, choiceField, textField } from "../../../src/foundry/data/fields.ts";
import { BaseActorModel, BaseItemModel, baseActorSchema, baseItemSchema } from "../../../src/foundry/data/models.ts";
import { QuintetteActorSheet } from "../../../src/foundry/sheets/actor-sheet.ts";
import { QuintetteItemSheet } from "../../../src/foundry/sheets/item-sheet.ts";
import type { RulesetDescriptor } from "../../../src/foundry/ruleset.ts";

export function heroSchema() {
  return {
    ...baseActorSchema(),
    force: integerField({ min: -2, max: 4, initial: 0, label: "QUINTETTE.Sheet.Name" }),
    vie: integerField({ min: 0, max: 100, initial: 10 }),
    voie: choiceField({ ombre: "A", lumiere: "B" }, { initial: "ombre" }),
    titre: textField({ initial: "" }),
    liste: new foundry.data.fields.ArrayField(
      new foundry.data.fields.SchemaField({ nom: textField(), rang: integerField({ min: 0, max: 5, initial: 0 }) }),
    ),
  };
}

export class HeroModel extends BaseActorModel<ReturnType<typeof heroSchema>> {
  static override defineSchema() {
    return heroSchema();
  }
}

export class GearModel extends BaseItemModel {
  static override defineSchema() {
    return { ...baseItemSchema() };
  }
}

export function testRuleset(id: RulesetDescriptor["id"], suffix: string): RulesetDescriptor {
  return {
    id,
    label: `QUINTETTE.Ruleset.${id}`,
    actorTypes: [{ type: `hero-${suffix}`, model: HeroModel, sheet: QuintetteActorSheet }],
    itemTypes: [
      { type: `gear-${suffix}`, model: GearModel, sheet: QuintetteItemSheet },
      { type: `spell-${suffix}`, model: GearModel, sheet: QuintetteItemSheet },
    ],
    rolls: [],
  };
}
