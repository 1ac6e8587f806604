/**
 * Writes the GM's client makes for a request, and their records.
 *
 * Targets: only Actor, Item, Token and Combatant documents of the world (never User, Setting, ChatMessage, Macro…,
 * never a compendium; a world of this system holds only this system's actor and item types); paths only under `system.` and `flags.quintette.`
 * (plus a Combatant's `initiative` and `defeated`); the nonces' own path is reserved.
 *
 * Records: the GM's own, in a world setting (records.ts), never on the target: a record present and not undone
 * means "already applied", and undo reverses what the record says from the current values (numeric leaves by their
 * delta, within the field's limits; other leaves only when they still hold what this effect wrote). Each effect and
 * its reversal is written to the target in one update with the nonce that proves it (records.ts).
 */
import type { AppliedEntry, JsonValue } from "../chat/types.ts";
import { deletionOf, isDeletionOperator } from "./deletion.ts";
import { shortHash } from "./hash.ts";
import {
  applicationOf,
  EFFECTS_PATH,
  newNonce,
  proofOf,
  readStore,
  recordId,
  settleAll,
  writeStore,
  type Application,
  type Store,
  type StoredRecord,
} from "./records.ts";
import { isJsonValue, isPlainRecord } from "./validate.ts";

const SCOPE = "quintette";
export { EFFECTS_PATH };

/** An effect as the GM's record holds it. */
export interface EffectRecord {
  messageId: string;
  action: string;
  /** The requester as Foundry's server attested it. */
  userId: string;
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

/** The GM's record of an effect on a document, or null (whatever the document's own flags say). */
export function readEffect(doc: { uuid: string | null }, key: string): EffectRecord | null {
  if (!isEffectKey(key) || !doc.uuid) return null;
  const found = applicationOf(key, doc.uuid);
  if (!found) return null;
  const { messageId, action, userId, at, delta, set, undone } = found;
  return { messageId, action, userId, at, delta, set, undone };
}

/** Whether the GM's record says the effect is on the document and not undone. */
export function hasLiveEffect(doc: { uuid: string | null }, key: string): boolean {
  const record = readEffect(doc, key);
  return !!record && !record.undone;
}

export interface EffectMeta {
  messageId: string;
  action: string;
  userId: string;
}

/** A write the executor checked, with the card lines that show it. */
export interface PlannedEffect {
  doc: WritableDocument;
  key: string;
  changes: Record<string, unknown>;
  lines: AppliedEntry[];
}

/** A reversal computed from a record (`update`), ready to write. */
export interface PlannedUndo {
  doc: WritableDocument;
  key: string;
  update: Record<string, unknown>;
}

/**
 * The record of one write, read against the document as the writes before it in the same batch leave it
 * (`planned`: path → value they write), since every record is computed before the first write.
 */
function record(w: PlannedEffect, meta: EffectMeta, planned: Map<string, Record<string, unknown>>): Application {
  const { doc, changes, lines } = w;
  const app: Application = {
    action: meta.action,
    userId: meta.userId,
    at: Date.now(),
    delta: [],
    set: [],
    lines,
    undone: false,
  };
  const mine = planned.get(doc.uuid) ?? {};
  planned.set(doc.uuid, mine);
  for (const [path, after] of Object.entries(changes)) {
    const leaf = path.split(".").pop() ?? "";
    if (leaf.startsWith("-=") || isDeletionOperator(after)) continue;
    const before = path in mine ? mine[path] : readPath(doc, path);
    mine[path] = after;
    if (typeof before === "number" && typeof after === "number") app.delta.push({ path, value: after - before });
    else app.set.push({ path, before: toJson(before), after: toJson(after) });
  }
  return app;
}

/**
 * The nonce written with the effect, and the deletion of the document's other nonces whose transition is settled
 * (only a pending one is still needed), in the running generation's form.
 */
function nonceChanges(doc: WritableDocument, key: string, nonce: string, store: Store): Record<string, unknown> {
  const out: Record<string, unknown> = { [`${EFFECTS_PATH}.${key}`]: { n: nonce } };
  const held = doc.getFlag(SCOPE, "effects");
  if (!isPlainRecord(held)) return out;
  for (const other of Object.keys(held)) {
    if (other === key || other.startsWith("-=") || store[recordId(other, doc.uuid)]?.pending) continue;
    Object.assign(out, deletionOf(EFFECTS_PATH, other));
  }
  return out;
}

/**
 * Writes one transition of several effects: every record pending first (one setting write), then each target's
 * update with its nonce, then every record confirmed. A failure on the way throws; what was written is settled
 * from the targets' nonces when the records are next read.
 */
async function transition(
  items: Array<{
    doc: WritableDocument;
    key: string;
    update: Record<string, unknown>;
    pending: (proof: string, current: StoredRecord | undefined) => StoredRecord | null;
  }>,
): Promise<void> {
  if (!items.length) return;
  const store = readStore();
  settleAll(store);
  const nonces = items.map(() => newNonce());
  const ready = items.filter((item, i) => {
    const id = recordId(item.key, item.doc.uuid);
    const next = item.pending(proofOf(nonces[i] ?? ""), store[id]);
    if (next) store[id] = next;
    return !!next;
  });
  if (!ready.length) return;
  await writeStore(store);
  for (const [i, item] of items.entries()) {
    if (!ready.includes(item)) continue;
    await item.doc.update({ ...item.update, ...nonceChanges(item.doc, item.key, nonces[i] ?? "", store) });
  }
  settleAll(store);
  await writeStore(store);
}

/**
 * The size of the records `applyEffects` would leave for these writes once confirmed (characters of their JSON): all
 * together and the largest, for the store's bounds (records.ts `mayRecord`).
 */
export function plannedRecordSize(writes: PlannedEffect[], meta: EffectMeta): { chars: number; largest: number } {
  const planned = new Map<string, Record<string, unknown>>();
  let chars = 0;
  let largest = 0;
  for (const w of writes) {
    const next = record(w, meta, planned);
    const stored: StoredRecord = {
      messageId: meta.messageId,
      target: w.doc.uuid,
      key: w.key,
      applied: next,
      pending: null,
    };
    const size = JSON.stringify(stored).length;
    chars += size;
    largest = Math.max(largest, size);
  }
  return { chars, largest };
}

/** Applies checked writes, each with its record in the GM's store (records.ts). */
export async function applyEffects(writes: PlannedEffect[], meta: EffectMeta): Promise<void> {
  const planned = new Map<string, Record<string, unknown>>();
  await transition(
    writes.map((w) => ({
      doc: w.doc,
      key: w.key,
      update: w.changes,
      pending: (proof, current) => ({
        messageId: meta.messageId,
        target: w.doc.uuid,
        key: w.key,
        applied: current?.applied ?? null,
        pending: { proof, to: "applied", next: record(w, meta, planned) },
      }),
    })),
  );
}

/** Reverses planned undos, each marking its record undone. */
export async function undoEffects(undos: PlannedUndo[]): Promise<void> {
  await transition(
    undos.map((u) => ({
      doc: u.doc,
      key: u.key,
      update: u.update,
      pending: (proof, current) =>
        current?.applied && !current.applied.undone ? { ...current, pending: { proof, to: "undone" } } : null,
    })),
  );
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function finite(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * The limits of a numeric field: its schema's `min`/`max` (NumberField), and for a `….value` the sibling `….min` and
 * `….max` as the document holds them now (prepared data: a maximum derived from other fields counts).
 */
export function fieldLimits(doc: WritableDocument, path: string): { min: number | null; max: number | null } {
  let min: number | null = null;
  let max: number | null = null;
  const system = (doc as { system?: { schema?: { getField?: (p: string) => unknown } } }).system;
  if (path.startsWith("system.") && typeof system?.schema?.getField === "function") {
    const field = system.schema.getField(path.slice("system.".length)) as { min?: unknown; max?: unknown } | undefined;
    min = finite(field?.min);
    max = finite(field?.max);
  }
  if (path.endsWith(".value")) {
    const parent = path.slice(0, -".value".length);
    const low = finite(foundry.utils.getProperty(doc, `${parent}.min`));
    const high = finite(foundry.utils.getProperty(doc, `${parent}.max`));
    if (low !== null) min = min === null ? low : Math.max(min, low);
    if (high !== null) max = max === null ? high : Math.min(max, high);
  }
  return { min, max };
}

/**
 * The reversal of a record from the document's CURRENT values: numeric leaves by their own delta (later changes
 * stay), moved only toward where the undo goes and never past the field's limits (a hit of 4 undone after a heal to
 * the maximum stays at the maximum); other leaves only when they still hold what this effect wrote.
 */
export function undoChanges(doc: WritableDocument, record: EffectRecord): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const { path, value } of record.delta) {
    const current = readPath(doc, path);
    if (typeof current !== "number" || value === 0) continue;
    const { min, max } = fieldLimits(doc, path);
    let next = current - value;
    if (value < 0 && max !== null) next = Math.max(current, Math.min(next, max));
    if (value > 0 && min !== null) next = Math.min(current, Math.max(next, min));
    if (next !== current) update[path] = next;
  }
  for (const { path, before, after } of record.set) {
    if (sameJson(readPath(doc, path), after)) update[path] = before;
  }
  return update;
}

/** Fields the GM's client holds the truth of (a rule set's ledger): by document name and type, path prefixes. */
const held: Array<{ documentName: string; type: string | null; paths: string[] }> = [];

/** Declares fields only the GM's client writes for a player (Jetons' tokens and bid lock): no player's undo writes them. */
export function registerHeldPaths(documentName: string, type: string | null, paths: string[]): void {
  held.push({ documentName, type, paths });
}

/** Fields Foundry lets a player write on a Combatant they own (fvtt-types BaseCombatant `#canUpdate`). */
const PLAYER_COMBATANT_PATHS = ["initiative", "defeated"];

/** Whether a player who owns the document could write this path themselves (and the GM's client does not hold it). */
export function playerMayWrite(doc: WritableDocument, path: string): boolean {
  const holds = held.some(
    (h) =>
      h.documentName === doc.documentName &&
      (h.type === null || h.type === doc.type) &&
      h.paths.some((p) => path === p || path.startsWith(`${p}.`)),
  );
  if (holds) return false;
  if (doc.documentName === "Combatant") return PLAYER_COMBATANT_PATHS.includes(path) || path.startsWith("flags.");
  return true;
}
