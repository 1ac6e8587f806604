/**
 * Field builders for every data model of the system: each number declares its range and integer-ness, each string
 * with a fixed vocabulary its choices, so sheets can refuse bad input (see validation.ts). Called inside
 * `defineSchema`, never at module load, so this file imports safely anywhere.
 */
import type { FieldRule } from "./validation.ts";

interface Labelled {
  /** Localization key of the field's name: used in refusal messages and by `formInput`. */
  label?: string;
  hint?: string;
}

/** A whole number in [min, max]; never null. */
export function integerField<const Initial extends number>(
  options: { min: number; max: number; initial: Initial } & Labelled,
) {
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: false,
    integer: true,
    min: options.min,
    max: options.max,
    initial: options.initial,
    label: options.label ?? "",
    hint: options.hint ?? "",
  });
}

/** A whole number in [min, max] that may be empty (an unset score). */
export function optionalIntegerField(options: { min: number; max: number } & Labelled) {
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: true,
    integer: true,
    min: options.min,
    max: options.max,
    initial: null,
    label: options.label ?? "",
    hint: options.hint ?? "",
  });
}

/** A decimal number in [min, max] (weights, multipliers). */
export function decimalField(options: { min: number; max: number; initial: number; step?: number } & Labelled) {
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: false,
    integer: false,
    min: options.min,
    max: options.max,
    initial: options.initial,
    step: options.step ?? 0.1,
    label: options.label ?? "",
    hint: options.hint ?? "",
  });
}

/** One of a fixed list of ids; `choices` maps id → localization key. */
export function choiceField<const C extends Record<string, string>>(
  choices: C,
  options: { initial: keyof C & string } & Labelled,
) {
  return new foundry.data.fields.StringField({
    required: true,
    blank: false,
    choices,
    initial: options.initial,
    label: options.label ?? "",
    hint: options.hint ?? "",
  });
}

export function textField(options: { initial?: string } & Labelled = {}) {
  return new foundry.data.fields.StringField({
    required: true,
    blank: true,
    initial: options.initial ?? "",
    label: options.label ?? "",
    hint: options.hint ?? "",
  });
}

export function htmlField(options: Labelled = {}) {
  return new foundry.data.fields.HTMLField({
    required: true,
    blank: true,
    initial: "",
    label: options.label ?? "",
    hint: options.hint ?? "",
  });
}

export function booleanField(options: { initial?: boolean } & Labelled = {}) {
  return new foundry.data.fields.BooleanField({
    initial: options.initial ?? false,
    label: options.label ?? "",
    hint: options.hint ?? "",
  });
}

/** A current/max pair (life, Karma, HP): both whole numbers in [min, max]; token bars read it. */
export function resourceField(options: { min?: number; max: number; value: number; maxInitial?: number } & Labelled) {
  const min = options.min ?? 0;
  return new foundry.data.fields.SchemaField(
    {
      value: integerField({ min, max: options.max, initial: options.value, label: options.label ?? "" }),
      max: integerField({
        min,
        max: options.max,
        initial: options.maxInitial ?? options.value,
        label: options.label ?? "",
      }),
    },
    { label: options.label ?? "" },
  );
}

/** The validation rule of a schema field, from its declared options (read at call time from Foundry's classes). */
export function ruleOfField(field: unknown): FieldRule {
  const f = foundry.data.fields;
  if (field instanceof f.NumberField) {
    return {
      kind: "number",
      integer: Boolean(field.integer),
      min: typeof field.min === "number" ? field.min : undefined,
      max: typeof field.max === "number" ? field.max : undefined,
      nullable: Boolean(field.nullable),
    };
  }
  if (field instanceof f.BooleanField) return { kind: "boolean" };
  if (field instanceof f.StringField && !(field instanceof f.HTMLField)) {
    const raw: unknown = field.choices;
    const resolved: unknown = typeof raw === "function" ? (raw as () => unknown)() : raw;
    const choices = Array.isArray(resolved)
      ? resolved.map(String)
      : resolved && typeof resolved === "object"
        ? Object.keys(resolved)
        : null;
    return { kind: "string", choices, blank: Boolean(field.blank) };
  }
  return { kind: "other" };
}
