/**
 * Base data models every rule set's actor and item models extend: the rich-text fields every sheet shows, and the
 * derived summary the base sheet reads. Rule sets spread `baseActorSchema()` into their own `defineSchema`.
 */
import { htmlField, textField } from "./fields.ts";
import { migrateActorSystemSource } from "../migrations/steps.ts";
type MigrationSource = Parameters<typeof foundry.abstract.DataModel.migrateData>[0];

export function baseActorSchema() {
  return {
    biography: htmlField({ label: "QUINTETTE.Sheet.Biography" }),
    notes: htmlField({ label: "QUINTETTE.Sheet.Notes" }),
  };
}
export type BaseActorSchema = ReturnType<typeof baseActorSchema>;

export function baseItemSchema() {
  return {
    description: htmlField({ label: "QUINTETTE.Sheet.Description" }),
    source: textField({ label: "QUINTETTE.Sheet.Source" }),
  };
}
export type BaseItemSchema = ReturnType<typeof baseItemSchema>;

/** Counts of owned items by type: the base sheet's inventory headings and the bench's derived figure. */
export function countItemsByType(items: Iterable<{ type: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item.type] = (counts[item.type] ?? 0) + 1;
  return counts;
}

export class BaseActorModel<Schema extends BaseActorSchema = BaseActorSchema> extends foundry.abstract.TypeDataModel<
  Schema,
  Actor.Implementation
> {
  /** Old biography keys, before schema cleaning drops them (see migrateActorSystemSource). */
  static override migrateData(source: MigrationSource): MigrationSource {
    migrateActorSystemSource(source);
    return super.migrateData(source);
  }

  static override defineSchema(): BaseActorSchema {
    return baseActorSchema();
  }

  /** Derived: owned items per type (set in prepareDerivedData). */
  itemCounts: Record<string, number> = {};

  override prepareDerivedData(): void {
    const items = this.parent?.items;
    this.itemCounts = items ? countItemsByType(items) : {};
  }
}

export class BaseItemModel<Schema extends BaseItemSchema = BaseItemSchema> extends foundry.abstract.TypeDataModel<
  Schema,
  Item.Implementation
> {
  static override defineSchema(): BaseItemSchema {
    return baseItemSchema();
  }
}
