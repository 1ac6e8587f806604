/**
 * The system's own Handlebars helpers: pure functions, registered at init (and by the gallery, which imports this
 * object). Only what Foundry's helpers do not cover.
 */
import { pluralKey } from "../i18n/plural.ts";

type HelperOptions = { hash?: Record<string, unknown> };

function isOptions(value: unknown): value is HelperOptions {
  return typeof value === "object" && value !== null && "hash" in value;
}

/** French "of" before a name: "de Dana", elided before a vowel ("d'Orc", "d'Élise"). */
export function frenchOf(name: unknown): string {
  const text = String(name ?? "").trim();
  return /^[aeiouyàâäéèêëîïôöùûüœæ]/iu.test(text) ? `d'${text}` : `de ${text}`;
}

export const helpers = {
  /** French "of" before a name, elided before a vowel (`qOf name` → "d'Orc"): the French strings' `{ofName}`. */
  qOf(name: unknown): string {
    return frenchOf(name);
  },
  /**
   * The key of `key`'s plural form for `count` in the interface language (`{{localize (qPlural key n) value=n}}`):
   * "1 jeton", "2 jetons" (i18n/plural.ts); `key` itself when it is a plain string.
   */
  qPlural(key: unknown, count: unknown): string {
    return pluralKey(String(key), count);
  },
  /** Signed number: `+2`, `0`, `−1` (true minus sign). */
  qSigned(value: unknown): string {
    const n = Number(value);
    if (!Number.isFinite(n)) return "";
    return n > 0 ? `+${n}` : n < 0 ? `\u2212${Math.abs(n)}` : "0";
  },
  /** `value` when set, else the fallback (a dash by default): for empty fields in play mode. */
  qOr(value: unknown, fallback: unknown): unknown {
    const alt = isOptions(fallback) ? "\u2014" : fallback;
    return value === null || value === undefined || value === "" ? alt : value;
  },
  /** A range `[min, max]` as an array, for repeated boxes (life lines, counters). */
  qRange(min: unknown, max: unknown): number[] {
    const a = Math.trunc(Number(min));
    const b = Math.trunc(Number(max));
    if (!Number.isFinite(a) || !Number.isFinite(b) || b < a || b - a > 500) return [];
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  },
  /** The hash as an object (`(qObject key=id)`): a button's arguments, a fixed list to iterate. */
  qObject(options: unknown): Record<string, unknown> {
    return isOptions(options) ? { ...options.hash } : {};
  },
  /** JSON text of a value, for a `data-args` attribute (Handlebars escapes it there). */
  qJson(value: unknown): string {
    return JSON.stringify(value ?? null);
  },
};
