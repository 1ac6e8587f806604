/**
 * Base data models every rule set's actor and item models extend: the rich-text fields every sheet shows, and the
 * migration of old biography keys every actor needs, and the roll and action entry points as methods for macros and
 * modules (`actor.system.roll(key, options)`, `rollRequest`, `act(name, options)`, `item.system.use(options)`): every
 * actor and item of every rule set, a token's synthetic actor included, has them through its model. Each calls
 * `api/rolls.ts` with the model's document. Rule sets spread `baseActorSchema()` / `baseItemSchema()` into their own
 * `defineSchema`.
 */
import { act, roll, rollRequest, useItem, type RollResult } from "../api/rolls.ts";
import type { ActionOptions, RollOptions } from "../api/types.ts";
import type { RollRequest } from "../dialog/request.ts";
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

  /** Rolls a roll key of this actor (`quintette.roll`). */
  roll(key: string, options?: RollOptions): Promise<RollResult | null> {
    return roll(this.parent, key, options);
  }

  /** The roll request behind a key, without rolling (`quintette.rollRequest`). */
  rollRequest(key: string, options?: RollOptions): Promise<RollRequest | null> {
    return rollRequest(this.parent, key, options);
  }

  /** Runs a named action of the actor's rule set (`quintette.act`). */
  act(name: string, options?: ActionOptions): Promise<unknown> {
    return act(this.parent, name, options);
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

  /** Uses this owned item on its actor (`quintette.useItem`). */
  use(options?: RollOptions): Promise<RollResult | null> {
    return useItem(this.parent, options);
  }
}
