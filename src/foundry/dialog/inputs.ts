/**
 * The roll dialog's model, pure: a rule set declares its inputs as data and gives an odds function from its rules core;
 * these functions turn raw form values into clamped, typed values and build the template context (inputs with their
 * current values, the exact chance of each outcome). The dialog application (roll-dialog.ts) only wires them to the DOM.
 */

interface InputBase {
  /** Key in the returned values. */
  name: string;
  /** Localization key of the label. */
  label: string;
  hint?: string;
  /** Shown only while another input holds one of these values (a field that does nothing otherwise). */
  shownWhen?: { name: string; values: readonly string[] };
}
export type RollInput =
  | (InputBase & { kind: "number"; min: number; max: number; step?: number; initial: number })
  | (InputBase & { kind: "counter"; min: number; max: number; initial: number })
  | (InputBase & { kind: "select"; options: { value: string; label: string }[]; initial: string })
  | (InputBase & { kind: "checkbox"; initial: boolean; fixed?: boolean });

export type RollValue = number | string | boolean;
export type RollValues = Record<string, RollValue>;

/** One outcome and its exact probability (0…1), from the rules core. */
export interface OddsLine {
  id: string;
  /** Localization key of the outcome's name. */
  label: string;
  probability: number;
  /** CSS tone: success, failure, critical, fumble, partial, neutral. */
  tone?: string;
}

export interface RollDialogConfig<V extends RollValues = RollValues> {
  /** Localization key of the window title. */
  title: string;
  /** Plain text under the title (the actor and what it rolls). */
  subtitle?: string;
  inputs: RollInput[];
  /** Exact odds for the current values; called on every change. */
  odds(values: V): OddsLine[];
  /** Initial roll mode; default: the user's core setting. */
  rollMode?: string;
  /** Rule-set CSS class on the window (`trinites`). */
  cssClass?: string;
}

export interface RollDialogResult<V extends RollValues = RollValues> {
  values: V;
  rollMode: string;
}

/**
 * The inputs with their initial values preset (a journal link's `difficulty=ardue`): only a value the input accepts
 * (an option of a select, a number within bounds, a boolean for a checkbox); any other is ignored.
 */
export function presetInputs(inputs: readonly RollInput[], values: Readonly<Record<string, unknown>>): RollInput[] {
  return inputs.map((input) => {
    const v = values[input.name];
    if (v === undefined) return input;
    if (input.kind === "select")
      return input.options.some((o) => o.value === v) ? { ...input, initial: String(v) } : input;
    if (input.kind === "checkbox") return typeof v === "boolean" && !input.fixed ? { ...input, initial: v } : input;
    const n = typeof v === "number" ? v : NaN;
    return Number.isInteger(n) && n >= input.min && n <= input.max ? { ...input, initial: n } : input;
  });
}

export function defaultValues(inputs: readonly RollInput[]): RollValues {
  const values: RollValues = {};
  for (const input of inputs) values[input.name] = input.initial;
  return values;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** Reads one raw value for an input; anything unusable keeps the previous value. Numbers are clamped to the range. */
export function parseValue(input: RollInput, raw: unknown, previous: RollValue): RollValue {
  switch (input.kind) {
    case "number":
    case "counter": {
      const n =
        typeof raw === "number"
          ? raw
          : Number(
              String(raw ?? "")
                .trim()
                .replace(",", "."),
            );
      if (raw === "" || raw === null || raw === undefined || !Number.isFinite(n)) return previous;
      const step = input.kind === "number" ? (input.step ?? 1) : 1;
      const stepped = step >= 1 ? Math.round(n) : n;
      return clamp(stepped, input.min, input.max);
    }
    case "select": {
      const v = String(raw ?? "");
      return input.options.some((o) => o.value === v) ? v : previous;
    }
    case "checkbox":
      // A fixed box shows what the rules set (shown disabled): nothing typed changes it.
      if (input.fixed) return input.initial;
      return raw === true || raw === "true" || raw === "on";
  }
}

/** Applies a set of raw values (a form's, or one changed field) on top of the current values. */
export function parseValues(
  inputs: readonly RollInput[],
  raw: Record<string, unknown>,
  current: RollValues,
): RollValues {
  const next: RollValues = { ...current };
  for (const input of inputs) {
    if (input.name in raw) next[input.name] = parseValue(input, raw[input.name], current[input.name] ?? input.initial);
    // An unchecked checkbox is absent from form data: a full-form read sets it false.
    else if (input.kind === "checkbox" && !input.fixed && raw.__fullForm === true) next[input.name] = false;
  }
  return next;
}

/** Moves a counter (or number) input by `delta`, within its range. */
export function stepValue(inputs: readonly RollInput[], values: RollValues, name: string, delta: number): RollValues {
  const input = inputs.find((i) => i.name === name);
  if (!input || (input.kind !== "counter" && input.kind !== "number")) return values;
  const current = Number(values[name] ?? input.initial);
  return {
    ...values,
    [name]: clamp(current + delta * (input.kind === "number" ? (input.step ?? 1) : 1), input.min, input.max),
  };
}

/** Percent text of an exact probability: two decimals, "< 0.01 %" for a tiny non-zero chance; localized separator. */
export function formatPercent(p: number, lang = "fr"): string {
  if (p > 0 && p < 0.00005) return lang === "fr" ? "< 0,01 %" : "< 0.01%";
  const text = (p * 100).toLocaleString(lang === "fr" ? "fr-FR" : "en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return lang === "fr" ? `${text} %` : `${text}%`;
}

export interface InputContext {
  /** The input does not apply to the other values chosen: left out of sight. */
  hidden: boolean;
  name: string;
  label: string;
  hint: string;
  kind: RollInput["kind"];
  isNumber: boolean;
  isCounter: boolean;
  isSelect: boolean;
  isCheckbox: boolean;
  /** A checkbox the rules set: shown, not changeable. */
  fixed: boolean;
  value: RollValue;
  min: number | null;
  max: number | null;
  step: number | null;
  atMin: boolean;
  atMax: boolean;
  options: { value: string; label: string; selected: boolean }[];
  id: string;
}

export interface OddsContext extends OddsLine {
  percent: string;
  /** Bar width in percent, for the visual gauge. */
  width: number;
  tone: string;
}

export interface RollDialogContext {
  title: string;
  subtitle: string;
  cssClass: string;
  inputs: InputContext[];
  odds: OddsContext[];
  /** Sum of the probabilities (1 when the rules core is exhaustive; shown as a check in tests). */
  total: number;
  rollMode: string;
  rollModes: { value: string; label: string; selected: boolean }[];
}

export function buildRollDialogContext(
  config: RollDialogConfig,
  values: RollValues,
  rollMode: string,
  rollModes: { value: string; label: string }[],
  lang = "fr",
  idPrefix = "quintette-roll",
): RollDialogContext {
  const inputs = config.inputs.map((input): InputContext => {
    const value = values[input.name] ?? input.initial;
    const ranged = input.kind === "number" || input.kind === "counter";
    const when = input.shownWhen;
    return {
      hidden: !!when && !when.values.includes(String(values[when.name] ?? "")),
      name: input.name,
      label: input.label,
      hint: input.hint ?? "",
      kind: input.kind,
      isNumber: input.kind === "number",
      isCounter: input.kind === "counter",
      isSelect: input.kind === "select",
      isCheckbox: input.kind === "checkbox",
      fixed: input.kind === "checkbox" && input.fixed === true,
      value,
      min: ranged ? input.min : null,
      max: ranged ? input.max : null,
      step: input.kind === "number" ? (input.step ?? 1) : ranged ? 1 : null,
      atMin: ranged && Number(value) <= input.min,
      atMax: ranged && Number(value) >= input.max,
      options:
        input.kind === "select"
          ? input.options.map((o) => ({ value: o.value, label: o.label, selected: o.value === value }))
          : [],
      id: `${idPrefix}-${input.name}`,
    };
  });
  const lines = config.odds(values);
  const odds = lines.map((line) => ({
    ...line,
    tone: line.tone ?? "neutral",
    percent: formatPercent(line.probability, lang),
    width: Math.round(Math.min(1, Math.max(0, line.probability)) * 1000) / 10,
  }));
  return {
    title: config.title,
    subtitle: config.subtitle ?? "",
    cssClass: config.cssClass ?? "",
    inputs,
    odds,
    total: lines.reduce((s, l) => s + l.probability, 0),
    rollMode,
    rollModes: rollModes.map((m) => ({ ...m, selected: m.value === rollMode })),
  };
}
