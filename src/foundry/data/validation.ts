/**
 * Range validation of sheet edits, pure: a field's declared type, range and integer-ness become a `FieldRule`, and
 * `checkValue` accepts or refuses a raw form value with a localization key and its arguments. No Foundry global here,
 * so the logic is tested directly and reused by the sheet submission path (see sheets/submission.ts).
 */

export type FieldRule =
  | { kind: "number"; integer: boolean; min: number | undefined; max: number | undefined; nullable: boolean }
  | { kind: "string"; choices: string[] | null; blank: boolean }
  | { kind: "boolean" }
  | { kind: "other" };

export type ValidationReason = "NotNumber" | "Integer" | "Min" | "Max" | "Range" | "Required" | "Choice";

export type CheckResult =
  { ok: true; value: unknown } | { ok: false; reason: ValidationReason; data: Record<string, string | number> };

/** Casts a raw form value the way Foundry's fields do, then checks it against the rule. */
export function checkValue(rule: FieldRule, raw: unknown): CheckResult {
  switch (rule.kind) {
    case "number": {
      const empty = raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "");
      if (empty) return rule.nullable ? { ok: true, value: null } : { ok: false, reason: "Required", data: {} };
      const value =
        typeof raw === "number" ? raw : Number(typeof raw === "string" ? raw.trim().replace(",", ".") : raw);
      if (!Number.isFinite(value)) return { ok: false, reason: "NotNumber", data: { value: String(raw) } };
      const bounds = { min: rule.min ?? "", max: rule.max ?? "" };
      const outside = (rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max);
      if (outside) {
        if (rule.min !== undefined && rule.max !== undefined) return { ok: false, reason: "Range", data: bounds };
        return { ok: false, reason: rule.min !== undefined ? "Min" : "Max", data: bounds };
      }
      if (rule.integer && !Number.isInteger(value)) return { ok: false, reason: "Integer", data: { value } };
      return { ok: true, value };
    }
    case "string": {
      const value = raw === null || raw === undefined ? "" : String(raw);
      if (rule.choices && !rule.choices.includes(value) && !(value === "" && rule.blank))
        return { ok: false, reason: "Choice", data: { value } };
      return { ok: true, value };
    }
    case "boolean":
      return { ok: true, value: raw === true || raw === "true" || raw === "on" };
    default:
      return { ok: true, value: raw };
  }
}

export interface Rejection {
  /** Path inside the document (`system.caracteristiques.force`). */
  path: string;
  /** Localization key or text naming the field (its label, or the path when it has none). */
  label: string;
  reason: ValidationReason;
  data: Record<string, string | number>;
}

export interface Screened {
  accepted: Record<string, unknown>;
  rejected: Rejection[];
}

/**
 * Splits a flat change set (`{"system.a.b": "7"}`) into accepted (cast) values and rejections. `ruleAt` returns the
 * rule and label of the field at a `system.` path, or null when there is none (left to Foundry).
 */
export function screenChanges(
  flat: Record<string, unknown>,
  ruleAt: (systemPath: string) => { rule: FieldRule; label: string } | null,
): Screened {
  const accepted: Record<string, unknown> = {};
  const rejected: Rejection[] = [];
  for (const [path, raw] of Object.entries(flat)) {
    const found = path.startsWith("system.") ? ruleAt(path.slice("system.".length)) : null;
    if (!found) {
      accepted[path] = raw;
      continue;
    }
    const result = checkValue(found.rule, raw);
    if (result.ok) accepted[path] = result.value;
    else rejected.push({ path, label: found.label, reason: result.reason, data: result.data });
  }
  return { accepted, rejected };
}

export interface Localizer {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
}

/** The notification text of a rejection: `QUINTETTE.Validation.<reason>` with the field's localized name. */
export function rejectionMessage(r: Rejection, i18n: Localizer): string {
  const field = r.label ? i18n.localize(r.label) : r.path;
  return i18n.format(`QUINTETTE.Validation.${r.reason}`, { ...r.data, field });
}
