/**
 * Strict reading of JSON any client may have written (a relay payload, a card's `data`, an effect record): plain
 * objects only, bounded size and depth. The shape of a stored card is its data model's (`chat/card-model.ts`).
 * Pure: no Foundry global.
 */
import type { JsonValue } from "../chat/types.ts";

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** JSON of bounded size and depth (no functions, no NaN, no class instances). */
export function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  if (depth > 10) return false;
  if (value === null || typeof value === "boolean") return true;
  if (typeof value === "string") return value.length <= 10_000;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.length <= 500 && value.every((v) => isJsonValue(v, depth + 1));
  if (isPlainRecord(value)) {
    const entries = Object.entries(value);
    return entries.length <= 500 && entries.every(([k, v]) => k.length <= 200 && isJsonValue(v, depth + 1));
  }
  return false;
}
