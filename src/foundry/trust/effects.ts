/**
 * Writes the GM's client makes for a request, and their records.
 *
 * Targets: only Actor, Item, Token and Combatant documents of the world (never User, Setting, ChatMessage, Macro…,
 * never a compendium; a world of this system holds only this system's actor and item types); paths only under `system.` and `flags.quintette.`
 * (plus a Combatant's `initiative` and `defeated`); the records' own path is reserved.
 *
 * Records: each effect carries its record in the SAME update, on the target itself, under
 * `flags.quintette.effects.<key>` (key from the message id and the action's token): so an effect never happens
 * without its record, a record present means "already applied", and undo reverses what the record says from the
 * current values (numeric leaves by their delta; other leaves only when they still hold what this effect wrote).
 * The player cannot write a record on a document they do not own; on a document they own they may write anything
 * anyway (accepted: see docs/security.md).
 */
import type { JsonValue } from "../chat/types.ts";
import { shortHash } from "./hash.ts";
import { isJsonValue, isPlainRecord } from "./validate.ts";

const SCOPE = "quintette";
export const EFFECTS_PATH = `flags.${SCOPE}.effects`;
/** Records kept per document; the oldest go first (an undo older than that is refused). */
export const EFFECTS_KEPT = 40;

export interface EffectRecord {
  messageId: string;
  action: string;
  /** The requester as Foundry's server attested it. */
  userId: string;
  /** When it was applied (ms), for pruning. */
  at: number;
  /** Numeric leaves: the change actually written (`after - before`). */
  delta: Array<{ path: string; value: number }>;
  /** Other leaves: the value before and the value this effect wrote. */
  set: Array<{ path: string; before: JsonValue; after: JsonValue }>;
  undone: boolean;
}

/** What the executor may write: an update plus the document-level calls we use. */
export interface WritableDocument {
  documentName: string;
  uuid: string;
  type?: string;
  pack?: string | null;
  _source: object;
  update(changes: Record<string, unknown>): Promise<unknown>;
  getFlag(scope: string, key: string): unknown;
  testUserPermission(user: User.Implementation, level: "OWNER"): boolean;
}

const DOCUMENTS = new Set(["Actor", "Item", "Token", "Combatant"]);
const EXTRA_PATHS: Record<string, string[]> = { Combatant: ["initiative", "defeated"] };

/** The record key of an effect: the message id (16 alphanumerics) and a hash of the action's token. */
export function effectKey(messageId: string, token: string): string {
  const id = messageId.replace(/[^A-Za-z0-9]/g, "").slice(0, 32);
  return `${id}-${shortHash(token)}`;
}

export function isEffectKey(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9]{1,32}-[a-z0-9]{1,12}$/.test(value);
}

/**
 * Resolves a uuid the GM's client will write: null when it is not a document of a writable kind of this world and
 * system (whatever a card or a request says).
 */
export async function resolveWriteTarget(uuid: unknown): Promise<WritableDocument | null> {
  if (typeof uuid !== "string" || uuid.length > 300 || uuid.startsWith("Compendium.")) return null;
  let doc: unknown;
  try {
    doc = await fromUuid(uuid as Parameters<typeof fromUuid>[0]);
  } catch {
    return null;
  }
  return isWritableDocument(doc) ? doc : null;
}

export function isWritableDocument(doc: unknown): doc is WritableDocument {
  if (!doc || typeof doc !== "object") return false;
  const d = doc as Partial<WritableDocument>;
  if (typeof d.documentName !== "string" || !DOCUMENTS.has(d.documentName)) return false;
  if (d.pack) return false;
  return typeof d.update === "function" && typeof d.testUserPermission === "function";
}

/** Flat `path → value`, refusing paths outside what the document kind allows, and the records' own path. */
export function allowedChanges(documentName: string, changes: Record<string, unknown>): Record<string, unknown> | null {
  const flat = foundry.utils.flattenObject(changes) as Record<string, unknown>;
  const extra = EXTRA_PATHS[documentName] ?? [];
  for (const path of Object.keys(flat)) {
    const ok =
      (path.startsWith("system.") || path.startsWith(`flags.${SCOPE}.`) || extra.includes(path)) &&
      !path.startsWith(EFFECTS_PATH) &&
      !path.split(".").some((part) => part === "" || part.startsWith("=="));
    if (!ok) return null;
  }
  return flat;
}

function readPath(doc: WritableDocument, path: string): unknown {
  return foundry.utils.getProperty(doc._source, path);
}

function toJson(value: unknown): JsonValue {
  if (value === undefined) return null;
  const copy: unknown = JSON.parse(JSON.stringify(value));
  return isJsonValue(copy) ? copy : null;
}

function isRecord(value: unknown): value is EffectRecord {
  return (
    isPlainRecord(value) &&
    typeof value.messageId === "string" &&
    typeof value.action === "string" &&
    typeof value.userId === "string" &&
    typeof value.at === "number" &&
    Array.isArray(value.delta) &&
    value.delta.every((d) => isPlainRecord(d) && typeof d.path === "string" && Number.isFinite(d.value)) &&
    Array.isArray(value.set) &&
    value.set.every((s) => isPlainRecord(s) && typeof s.path === "string") &&
    typeof value.undone === "boolean"
  );
}

/** The record of an effect on a document, or null. */
// Reading needs the flags only: an actor whose uuid is typed nullable (fvtt-types 14.x) can be asked too.
export function readEffect(doc: Pick<WritableDocument, "getFlag">, key: string): EffectRecord | null {
  if (!isEffectKey(key)) return null;
  const raw = doc.getFlag(SCOPE, `effects.${key}`);
  return isRecord(raw) ? raw : null;
}

/** Whether an effect is on the document and not undone. */
export function hasLiveEffect(doc: Pick<WritableDocument, "getFlag">, key: string): boolean {
  const record = readEffect(doc, key);
  return !!record && !record.undone;
}

function allRecords(doc: WritableDocument): Array<[string, EffectRecord]> {
  const raw = doc.getFlag(SCOPE, "effects");
  if (!isPlainRecord(raw)) return [];
  return Object.entries(raw).flatMap(([k, v]) => (isRecord(v) ? [[k, v] as [string, EffectRecord]] : []));
}

/** Deletions of the oldest records beyond what is kept, for the same update. */
function pruning(doc: WritableDocument, adding: string): Record<string, null> {
  const others = allRecords(doc)
    .filter(([k]) => k !== adding)
    .sort((a, b) => a[1].at - b[1].at);
  const excess = others.length + 1 - EFFECTS_KEPT;
  const out: Record<string, null> = {};
  for (const [k] of others.slice(0, Math.max(0, excess))) out[`${EFFECTS_PATH}.-=${k}`] = null;
  return out;
}

export interface EffectMeta {
  messageId: string;
  action: string;
  userId: string;
}

/**
 * Applies `changes` (already checked with `allowedChanges`) with its record, in one update. Returns "already"
 * without writing when a live record with this key is there.
 */
export async function applyEffect(
  doc: WritableDocument,
  key: string,
  changes: Record<string, unknown>,
  meta: EffectMeta,
): Promise<"applied" | "already"> {
  if (!isEffectKey(key)) throw new Error(`quintette | bad effect key ${key}`);
  if (hasLiveEffect(doc, key)) return "already";
  const record: EffectRecord = { ...meta, at: Date.now(), delta: [], set: [], undone: false };
  for (const [path, after] of Object.entries(changes)) {
    const leaf = path.split(".").pop() ?? "";
    if (leaf.startsWith("-=")) continue;
    const before = readPath(doc, path);
    if (typeof before === "number" && typeof after === "number") record.delta.push({ path, value: after - before });
    else record.set.push({ path, before: toJson(before), after: toJson(after) });
  }
  await doc.update({ ...changes, [`${EFFECTS_PATH}.${key}`]: record, ...pruning(doc, key) });
  return "applied";
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Reverses an effect from the document's CURRENT values and marks its record undone, in one update: numeric leaves
 * by their own delta (later changes stay), other leaves only when they still hold what this effect wrote.
 */
export async function undoEffect(
  doc: WritableDocument,
  key: string,
  messageId: string,
): Promise<"applied" | "already" | "missing"> {
  const record = readEffect(doc, key);
  if (!record || record.messageId !== messageId) return "missing";
  if (record.undone) return "already";
  const update: Record<string, unknown> = {};
  for (const { path, value } of record.delta) {
    const current = readPath(doc, path);
    if (typeof current === "number") update[path] = current - value;
  }
  for (const { path, before, after } of record.set) {
    if (sameJson(readPath(doc, path), after)) update[path] = before;
  }
  if (!allowedChanges(doc.documentName, update)) return "missing";
  await doc.update({ ...update, [`${EFFECTS_PATH}.${key}.undone`]: true });
  return "applied";
}
