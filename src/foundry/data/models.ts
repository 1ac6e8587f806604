/**
 * Base data models every rule set's actor and item models extend: the rich-text fields every sheet shows, and the
 * migration of old biography keys every actor needs. Rule sets spread `baseActorSchema()` / `baseItemSchema()` into
 * their own `defineSchema`.
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

// The base and derived data parameters as TypeDataModel declares them (fvtt-types: `AnyObject`, default `EmptyObject`).
type ModelData = Record<string, unknown>;

export class BaseActorModel<
  Schema extends BaseActorSchema = BaseActorSchema,
  BaseData extends ModelData = Record<never, never>,
  DerivedData extends ModelData = Record<never, never>,
> extends foundry.abstract.TypeDataModel<Schema, Actor.Implementation, BaseData, DerivedData> {
  /** Old biography keys, before schema cleaning drops them (see migrateActorSystemSource). */
  static override migrateData(source: MigrationSource): MigrationSource {
    migrateActorSystemSource(source);
    return super.migrateData(source);
  }

  static override defineSchema(): BaseActorSchema {
    return baseActorSchema();
  }
}

export class BaseItemModel<
  Schema extends BaseItemSchema = BaseItemSchema,
  BaseData extends ModelData = Record<never, never>,
  DerivedData extends ModelData = Record<never, never>,
> extends foundry.abstract.TypeDataModel<Schema, Item.Implementation, BaseData, DerivedData> {
  static override defineSchema(): BaseItemSchema {
    return baseItemSchema();
  }
}
