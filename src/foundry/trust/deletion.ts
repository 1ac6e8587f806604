/**
 * Deleting a key in an update, as each Foundry generation expects, and recognising a deletion in an update's
 * `changed`. v13: a `-=key` with the value null. v14: the value is a `ForcedDeletion` operator
 * (`foundry.data.operators`; the `-=` syntax is deprecated until v16), which may reach other clients as the operator
 * or in its serialized form (`{ "__$OPERATOR$__": "ForcedDeletion" }`). Detected by feature, not by version number.
 */
import { isPlainRecord } from "./validate.ts";

interface OperatorClass {
  create(): unknown;
}

function forcedDeletion(): OperatorClass | null {
  const data = (globalThis as { foundry?: { data?: { operators?: { ForcedDeletion?: unknown } } } }).foundry?.data;
  const op = data?.operators?.ForcedDeletion;
  return typeof op === "function" && "create" in op ? (op as unknown as OperatorClass) : null;
}

/** `{ "<parent>.<key>": deletion }` in the running generation's form. */
export function deletionOf(parent: string, key: string): Record<string, unknown> {
  const op = forcedDeletion();
  return op ? { [`${parent}.${key}`]: op.create() } : { [`${parent}.-=${key}`]: null };
}

/** Whether a value is v14's deletion operator (live or serialized): never a value to store. */
export function isDeletionOperator(value: unknown): boolean {
  const op = forcedDeletion();
  if (op && value instanceof (op as unknown as new () => object)) return true;
  return isPlainRecord(value) && "__$OPERATOR$__" in value;
}

/** Whether an entry of an update's `changed` deletes its key (either generation's form), rather than setting it. */
export function isDeletion(key: string, value: unknown): boolean {
  if (key.startsWith("-=")) return true;
  if (value === null || value === undefined) return true;
  return isDeletionOperator(value);
}
