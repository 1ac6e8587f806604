/**
 * `foundry.data.fields` and `foundry.abstract.DataModel/TypeDataModel`: enough to build schemas, clean and validate
 * values with Foundry's rules (cast, integer, min/max, nullable, choices, nested schemas and arrays), so data models
 * and our validation run in Node exactly as they would in Foundry for plain data.
 */
import { deepClone, isPlainObject, mergeObject, type Plain } from "./utils.ts";

export class DataModelValidationFailure {
  constructor(
    readonly invalidValue: unknown,
    readonly message: string,
    readonly fields: Record<string, DataModelValidationFailure> = {},
    readonly elements: { id: number; failure: DataModelValidationFailure }[] = [],
  ) {}
  isEmpty(): boolean {
    return !this.message && !Object.keys(this.fields).length && !this.elements.length;
  }
  /** Every failing leaf, as `path: message`. */
  describe(prefix = ""): string[] {
    const out: string[] = [];
    if (this.message) out.push(prefix ? `${prefix}: ${this.message}` : this.message);
    for (const [k, f] of Object.entries(this.fields)) out.push(...f.describe(prefix ? `${prefix}.${k}` : k));
    for (const e of this.elements) out.push(...e.failure.describe(`${prefix}[${e.id}]`));
    return out;
  }
}

export class DataModelValidationError extends Error {
  constructor(readonly failure: DataModelValidationFailure) {
    super(failure.describe().join("; "));
  }
}

type Initial = unknown | ((data: Plain) => unknown);
export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: Initial;
  label?: string;
  hint?: string;
  readonly?: boolean;
  [key: string]: unknown;
}

export class DataField {
  name = "";
  parent: DataField | undefined;
  readonly options: FieldOptions;
  required: boolean;
  nullable: boolean;
  initial: Initial;
  label: string;
  hint: string;

  constructor(options: FieldOptions = {}) {
    const defaults = (this.constructor as typeof DataField).defaults;
    const merged: FieldOptions = { ...defaults, ...options };
    this.options = merged;
    this.required = merged.required ?? false;
    this.nullable = merged.nullable ?? false;
    this.initial = merged.initial;
    this.label = merged.label ?? "";
    this.hint = merged.hint ?? "";
  }
  static get defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined };
  }
  get fieldPath(): string {
    const up = this.parent?.fieldPath;
    return up ? `${up}.${this.name}` : this.name;
  }
  getInitialValue(data: Plain = {}): unknown {
    return typeof this.initial === "function" ? (this.initial as (d: Plain) => unknown)(data) : deepClone(this.initial);
  }
  clean(value: unknown, data: Plain = {}): unknown {
    if (value === undefined) return this.getInitialValue(data);
    if (value === null) return this.nullable ? null : this.getInitialValue(data);
    return this._cast(value);
  }
  protected _cast(value: unknown): unknown {
    return value;
  }
  validate(value: unknown): DataModelValidationFailure | undefined {
    if (value === undefined) return this.required ? new DataModelValidationFailure(value, "is required") : undefined;
    if (value === null) return this.nullable ? undefined : new DataModelValidationFailure(value, "may not be null");
    return this._validateType(value);
  }
  protected _validateType(_value: unknown): DataModelValidationFailure | undefined {
    return undefined;
  }
  getField(_path: string | string[]): DataField | undefined {
    return undefined;
  }
}

export class NumberField extends DataField {
  min: number | undefined;
  max: number | undefined;
  step: number | undefined;
  integer: boolean;
  positive: boolean;
  choices: unknown;
  constructor(options: FieldOptions = {}) {
    super(options);
    this.min = options.min as number | undefined;
    this.max = options.max as number | undefined;
    this.step = options.step as number | undefined;
    this.integer = Boolean(options.integer);
    this.positive = Boolean(options.positive);
    this.choices = options.choices;
  }
  static override get defaults(): FieldOptions {
    return { required: false, nullable: true, initial: null };
  }
  protected override _cast(value: unknown): unknown {
    if (typeof value === "string" && value.trim() === "") return this.nullable ? null : value;
    const cast = typeof value === "number" ? value : Number(value);
    return this._cleanType(cast);
  }
  /** fvtt-types NumberField#_cleanType: "Applies `integer`, `min`, `max`, and `step`": rounds and clamps, never refuses. */
  protected _cleanType(value: number): number {
    if (!Number.isFinite(value)) return value;
    let out = this.integer ? Math.round(value) : value;
    if (this.min !== undefined) out = Math.max(out, this.min);
    if (this.max !== undefined) out = Math.min(out, this.max);
    if (this.step !== undefined) out = Math.round(out / this.step) * this.step;
    return out;
  }
  /** fvtt-types DataField#validate: a failure for what cleaning cannot fix (not a number, NaN, not positive). */
  protected override _validateType(value: unknown): DataModelValidationFailure | undefined {
    if (typeof value !== "number" || Number.isNaN(value))
      return new DataModelValidationFailure(value, "must be a number");
    if (this.integer && !Number.isInteger(value)) return new DataModelValidationFailure(value, "must be an integer");
    if (this.min !== undefined && value < this.min)
      return new DataModelValidationFailure(value, `must be at least ${this.min}`);
    if (this.max !== undefined && value > this.max)
      return new DataModelValidationFailure(value, `must be at most ${this.max}`);
    if (this.positive && value <= 0) return new DataModelValidationFailure(value, "must be positive");
    return undefined;
  }
}

function choiceKeys(choices: unknown): string[] | undefined {
  const resolved: unknown = typeof choices === "function" ? (choices as () => unknown)() : choices;
  if (Array.isArray(resolved)) return resolved.map(String);
  if (isPlainObject(resolved)) return Object.keys(resolved);
  return undefined;
}

export class StringField extends DataField {
  blank: boolean;
  trim: boolean;
  choices: unknown;
  constructor(options: FieldOptions = {}) {
    super(options);
    this.blank = options.blank === undefined ? true : Boolean(options.blank);
    this.trim = options.trim === undefined ? true : Boolean(options.trim);
    this.choices = options.choices;
  }
  static override get defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined };
  }
  override getInitialValue(data: Plain = {}): unknown {
    const v = super.getInitialValue(data);
    if (v === undefined && !this.required) return this.blank ? "" : undefined;
    return v;
  }
  protected override _cast(value: unknown): unknown {
    const s = String(value);
    return this.trim ? s.trim() : s;
  }
  protected override _validateType(value: unknown): DataModelValidationFailure | undefined {
    if (typeof value !== "string") return new DataModelValidationFailure(value, "must be a string");
    if (!this.blank && value === "") return new DataModelValidationFailure(value, "may not be blank");
    const keys = choiceKeys(this.choices);
    if (keys && !(value === "" && this.blank && !keys.includes("")) && !keys.includes(value))
      return new DataModelValidationFailure(value, `${value} is not a valid choice`);
    if (keys && value === "" && !keys.includes("") && !this.blank)
      return new DataModelValidationFailure(value, "is not a valid choice");
    return undefined;
  }
}

export class HTMLField extends StringField {}
export class FilePathField extends StringField {}
export class DocumentUUIDField extends StringField {}
export class DocumentIdField extends StringField {}
export class ColorField extends StringField {}

export class BooleanField extends DataField {
  static override get defaults(): FieldOptions {
    return { required: true, nullable: false, initial: false };
  }
  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true" || value === "on";
    return Boolean(value);
  }
  protected override _validateType(value: unknown): DataModelValidationFailure | undefined {
    return typeof value === "boolean" ? undefined : new DataModelValidationFailure(value, "must be a boolean");
  }
}

export class ObjectField extends DataField {
  static override get defaults(): FieldOptions {
    return { required: true, nullable: false, initial: () => ({}) };
  }
  protected override _validateType(value: unknown): DataModelValidationFailure | undefined {
    return isPlainObject(value) ? undefined : new DataModelValidationFailure(value, "must be an object");
  }
}

export class SchemaField extends DataField {
  readonly fields: Record<string, DataField>;
  constructor(fields: Record<string, DataField>, options: FieldOptions = {}) {
    super(options);
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) {
      field.name = name;
      field.parent = this;
    }
  }
  static override get defaults(): FieldOptions {
    return { required: true, nullable: false, initial: undefined };
  }
  override getInitialValue(data: Plain = {}): unknown {
    if (this.initial !== undefined) return super.getInitialValue(data);
    const out: Plain = {};
    for (const [k, f] of Object.entries(this.fields)) out[k] = f.getInitialValue(data);
    return out;
  }
  /** fvtt-types SchemaField#_cleanType: "Deletes any keys from `value` not in the schema, including `-=` and `==` keys". */
  protected override _cast(value: unknown): unknown {
    if (!isPlainObject(value)) return value;
    const out: Plain = {};
    for (const [k, f] of Object.entries(this.fields)) out[k] = f.clean(value[k], value);
    return out;
  }
  protected override _validateType(value: unknown): DataModelValidationFailure | undefined {
    if (!isPlainObject(value)) return new DataModelValidationFailure(value, "must be an object");
    const fields: Record<string, DataModelValidationFailure> = {};
    for (const [k, f] of Object.entries(this.fields)) {
      const failure = f.validate(value[k]);
      if (failure) fields[k] = failure;
    }
    return Object.keys(fields).length ? new DataModelValidationFailure(value, "", fields) : undefined;
  }
  override getField(path: string | string[]): DataField | undefined {
    const parts = typeof path === "string" ? path.split(".") : [...path];
    const head = parts.shift();
    if (head === undefined) return undefined;
    const field = this.fields[head];
    if (!field || !parts.length) return field;
    return field.getField(parts);
  }
  *[Symbol.iterator](): Generator<DataField> {
    yield* Object.values(this.fields);
  }
  has(name: string): boolean {
    return name in this.fields;
  }
  keys(): string[] {
    return Object.keys(this.fields);
  }
}

export class ArrayField extends DataField {
  readonly element: DataField;
  min: number | undefined;
  max: number | undefined;
  constructor(element: DataField, options: FieldOptions = {}) {
    super(options);
    this.element = element;
    element.parent = this;
    element.name = "element";
    this.min = options.min as number | undefined;
    this.max = options.max as number | undefined;
  }
  static override get defaults(): FieldOptions {
    return { required: true, nullable: false, initial: () => [] };
  }
  protected override _cast(value: unknown): unknown {
    const list =
      value instanceof Set
        ? [...value]
        : Array.isArray(value)
          ? value
          : isPlainObject(value)
            ? Object.values(value)
            : [value];
    return list.map((v) => this.element.clean(v));
  }
  protected override _validateType(value: unknown): DataModelValidationFailure | undefined {
    if (!Array.isArray(value)) return new DataModelValidationFailure(value, "must be an array");
    if (this.min !== undefined && value.length < this.min)
      return new DataModelValidationFailure(value, `needs at least ${this.min} elements`);
    if (this.max !== undefined && value.length > this.max)
      return new DataModelValidationFailure(value, `takes at most ${this.max} elements`);
    const elements: { id: number; failure: DataModelValidationFailure }[] = [];
    value.forEach((v: unknown, id) => {
      const failure = this.element.validate(v);
      if (failure) elements.push({ id, failure });
    });
    return elements.length ? new DataModelValidationFailure(value, "", {}, elements) : undefined;
  }
  override getField(path: string | string[]): DataField | undefined {
    const parts = typeof path === "string" ? path.split(".") : [...path];
    if (parts[0] === "element") parts.shift();
    return parts.length ? this.element.getField(parts) : this.element;
  }
}

/** Stored as an array of unique values (Foundry's source form); the double does not build a Set on the model. */
export class SetField extends ArrayField {
  protected override _cast(value: unknown): unknown {
    const cast = super._cast(value) as unknown[];
    return [...new Set(cast)];
  }
}

export class EmbeddedDataField extends SchemaField {
  readonly model: typeof DataModel;
  constructor(model: typeof DataModel, options: FieldOptions = {}) {
    super(model.defineSchema(), options);
    this.model = model;
  }
}

export class TypeDataField extends ObjectField {}

export const fields = {
  DataField,
  NumberField,
  StringField,
  HTMLField,
  FilePathField,
  DocumentUUIDField,
  DocumentIdField,
  ColorField,
  BooleanField,
  ObjectField,
  SchemaField,
  ArrayField,
  SetField,
  EmbeddedDataField,
  TypeDataField,
};

export interface ModelOptions {
  parent?: unknown;
  strict?: boolean;
}

const schemaCache = new WeakMap<typeof DataModel, SchemaField>();

/** `foundry.abstract.DataModel`: source cleaned and validated on construction and on `updateSource`. */
export class DataModel {
  _source: Plain;
  readonly parent: unknown;
  [key: string]: unknown;

  constructor(source: Plain = {}, options: ModelOptions = {}) {
    const cls = this.constructor as typeof DataModel;
    this.parent = options.parent ?? null;
    const migrated = cls.migrateData(deepClone(source));
    const cleaned = cls.schema.clean(migrated) as Plain;
    const failure = cls.schema.validate(cleaned);
    if (failure && options.strict !== false) throw new DataModelValidationError(failure);
    this._source = cleaned;
    this._initialize();
  }
  static defineSchema(): Record<string, DataField> {
    return {};
  }
  static get schema(): SchemaField {
    let schema = schemaCache.get(this);
    if (!schema) {
      schema = new SchemaField(this.defineSchema());
      schemaCache.set(this, schema);
    }
    return schema;
  }
  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }
  static migrateData(source: Plain): Plain {
    return source;
  }
  static cleanData(source: Plain = {}): Plain {
    return this.schema.clean(source) as Plain;
  }
  /** Validates a candidate change set against this model; throws DataModelValidationError, like Foundry. */
  validate({ changes }: { changes?: Plain } = {}): boolean {
    const candidate = mergeObject(deepClone(this._source), changes ?? {}, { inplace: true });
    const failure = this.schema.validate(this.schema.clean(candidate));
    if (failure) throw new DataModelValidationError(failure);
    return true;
  }
  /** Applies changes atomically: on any failure the source is left as it was. */
  updateSource(changes: Plain = {}): Plain {
    const cls = this.constructor as typeof DataModel;
    const candidate = mergeObject(deepClone(this._source), changes, { performDeletions: true });
    const cleaned = cls.schema.clean(candidate) as Plain;
    const failure = cls.schema.validate(cleaned);
    if (failure) throw new DataModelValidationError(failure);
    this._source = cleaned;
    this._initialize();
    return changes;
  }
  reset(): void {
    this._initialize();
  }
  protected _initialize(): void {
    for (const key of this.schema.keys()) this[key] = deepClone(this._source[key]);
  }
  toObject(): Plain {
    return deepClone(this._source);
  }
  toJSON(): Plain {
    return this.toObject();
  }
}

/** `foundry.abstract.TypeDataModel`: `system` of an Actor/Item/…, with the prepare* lifecycle. */
export class TypeDataModel extends DataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  /** fvtt-types `TypeDataModel#_preCreate`: "Called by ClientDocument#_preCreate"; false cancels the creation. */
  async _preCreate(_data: Plain, _options: Plain, _user: unknown): Promise<boolean | void> {}
  /** fvtt-types `TypeDataModel#_preUpdate`: "Called by ClientDocument#_preUpdate"; false cancels the update. */
  async _preUpdate(_changes: Plain, _options: Plain, _user: unknown): Promise<boolean | void> {}
}
