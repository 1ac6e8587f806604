/**
 * The sheet submission path's screening: out-of-range edits are refused with a localized notification and dropped
 * from the update (the document keeps its value; the sheet re-renders to show it); the rest of the form still saves.
 * Array fields edited by index are merged onto the stored array, so elements not in the form are never lost.
 */
import { ruleOfField } from "../data/fields.ts";
import { rejectionMessage, screenChanges, type Rejection } from "../data/validation.ts";

interface SchemaLike {
  getField(path: string | string[]): unknown;
}

/** Finds the schema field at a `system` path and its rule and label. */
export function ruleLookup(schema: SchemaLike | undefined) {
  return (systemPath: string) => {
    const field = schema?.getField(systemPath);
    if (!field) return null;
    const label = typeof (field as { label?: unknown }).label === "string" ? (field as { label: string }).label : "";
    return { rule: ruleOfField(field), label };
  };
}

function isIndexObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((k) => /^\d+$/.test(k))
  );
}

/**
 * Foundry's form data turns `system.list.1.name` into `{1: {name}}`; merged onto the stored array it keeps the other
 * elements and the element's other fields.
 */
export function mergeIndexedArrays(
  expanded: Record<string, unknown>,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(expanded)) {
    const current = stored[key];
    if (Array.isArray(current) && isIndexObject(value)) {
      const merged: unknown[] = current.map((v: unknown) => (typeof v === "object" && v !== null ? { ...v } : v));
      for (const [index, patch] of Object.entries(value)) {
        const i = Number(index);
        const prev = merged[i];
        merged[i] =
          typeof prev === "object" && prev !== null && typeof patch === "object" && patch !== null
            ? { ...prev, ...patch }
            : patch;
      }
      out[key] = merged;
    } else if (
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      typeof current === "object" &&
      current !== null &&
      !Array.isArray(current)
    ) {
      out[key] = mergeIndexedArrays(value as Record<string, unknown>, current as Record<string, unknown>);
    } else {
      out[key] = value;
    }
  }
  return out;
}

export interface ScreenedSubmission {
  /** Flat accepted changes. */
  accepted: Record<string, unknown>;
  rejected: Rejection[];
  messages: string[];
}

export function screenSubmission(
  flat: Record<string, unknown>,
  schema: SchemaLike | undefined,
  i18n: { localize(key: string): string; format(key: string, data: Record<string, string | number>): string },
): ScreenedSubmission {
  const { accepted, rejected } = screenChanges(flat, ruleLookup(schema));
  return { accepted, rejected, messages: rejected.map((r) => rejectionMessage(r, i18n)) };
}
