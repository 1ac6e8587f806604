/**
 * Field types of card data (`CardModel` and the rule sets' card models): Foundry's own fields plus the bounds it
 * has no option for (a string's length, a JSON object's size, a text-or-number label argument). A value out of
 * bounds fails the model's validation on every client (Foundry's server runs no system data model and stores it as
 * sent): the card is ignored by its readers, a legacy card read from flags too. Each check throws, which Foundry's `DataField#validate` turns into a validation failure.
 */
import { isJsonValue, isPlainRecord } from "../trust/validate.ts";

const fields = () => foundry.data.fields;

/** A string of at most `maxLength` characters. */
// The options vary per field (nullable, required, initial): the fields are typed by their general options.
export class BoundedStringField extends foundry.data.fields.StringField<foundry.data.fields.StringField.Options> {
  maxLength = 1000;
  /** Only a template of this system (a card's body is rendered from it). */
  templatePath = false;
  protected override _validateType(value: string, options?: never) {
    const base = super._validateType(value, options);
    if (typeof value === "string" && value.length > this.maxLength) {
      throw new Error(`is longer than ${this.maxLength} characters`);
    }
    if (this.templatePath && (!value.startsWith("systems/quintette/templates/") || value.includes(".."))) {
      throw new Error("is not one of this system's templates");
    }
    return base;
  }
}

/** A label's format argument: a string (≤ 1000 characters) or a finite number; may be absent. */
export class LabelArgField extends foundry.data.fields.DataField<
  foundry.data.fields.DataField.Options.Any,
  unknown,
  unknown,
  unknown
> {
  protected override _cast(value: unknown): unknown {
    return value;
  }
  protected override _validateType(value: unknown) {
    if (typeof value === "string" && value.length <= 1000) return undefined;
    if (typeof value === "number" && Number.isFinite(value)) return undefined;
    throw new Error("must be a string or a finite number");
  }
}

/** A JSON object of bounded size and depth (`isJsonValue`), optionally with primitive values only. */
export class JsonObjectField extends foundry.data.fields.ObjectField<
  foundry.data.fields.DataField.Options<Record<string, unknown>>
> {
  primitivesOnly = false;
  maxKeys = 500;
  protected override _validateType(value: unknown) {
    if (!isPlainRecord(value) || !isJsonValue(value)) throw new Error("must be a JSON object of bounded size");
    const entries = Object.entries(value);
    if (entries.length > this.maxKeys) throw new Error(`has more than ${this.maxKeys} keys`);
    if (this.primitivesOnly && entries.some(([, v]) => v !== null && typeof v === "object")) {
      throw new Error("must hold primitive values only");
    }
    return undefined;
  }
}

/** A string of at most `max` characters; `nullable` ones start null, others empty. */
export function text(
  max: number,
  options: { nullable?: boolean; optional?: boolean; choices?: string[]; templatePath?: boolean } = {},
) {
  const field = new BoundedStringField({
    required: !options.optional,
    nullable: !!options.nullable,
    // An optional text is absent rather than empty (a blank string field would start as "").
    blank: !options.optional,
    trim: false,
    initial: options.optional ? undefined : options.nullable ? null : "",
    ...(options.choices ? { choices: options.choices } : {}),
  });
  field.maxLength = max;
  field.templatePath = !!options.templatePath;
  return field;
}

export function integer(min: number, max: number, initial: number) {
  return new (fields().NumberField)({ required: true, nullable: false, integer: true, min, max, initial });
}

export function finite(options: { nullable?: boolean } = {}) {
  return new (fields().NumberField)({
    required: true,
    nullable: !!options.nullable,
    initial: options.nullable ? null : 0,
  });
}

export function flag(options: { nullable?: boolean; optional?: boolean } = {}) {
  return new (fields().BooleanField)({
    required: !options.optional,
    nullable: !!options.nullable,
    initial: options.optional ? undefined : options.nullable ? null : false,
  });
}

export function jsonObject(options: { nullable?: boolean; primitivesOnly?: boolean; maxKeys?: number } = {}) {
  const field = new JsonObjectField({
    required: true,
    nullable: !!options.nullable,
    initial: options.nullable ? null : () => ({}),
  });
  field.primitivesOnly = !!options.primitivesOnly;
  field.maxKeys = options.maxKeys ?? 500;
  return field;
}

function labelArg() {
  return new LabelArgField({ required: false, nullable: false, initial: undefined });
}

/** A localizable text: a lang key and the fixed format arguments (`chat/types.ts` `Label`). */
export function label(options: { nullable?: boolean } = {}) {
  return new (fields().SchemaField)(
    { key: text(200), name: labelArg(), value: labelArg(), target: labelArg(), detail: labelArg() },
    { required: true, nullable: !!options.nullable, initial: options.nullable ? null : undefined },
  );
}

export function list<T extends foundry.data.fields.DataField.Any>(element: T, max: number) {
  return new (fields().ArrayField)(element, { required: true, nullable: false, initial: () => [], max });
}
