/**
 * The GM's record of every effect its client wrote (issue 22): a world setting, which only a GM may write, keyed by
 * effect key and target. It, and never anything on the target, says whether an effect was applied, what undoes it,
 * who asked for it and which "applied" lines of the card show it. A record a player writes on their own actor
 * (Foundry lets an owner write any of its flags) is therefore never read: it can neither veto a GM's write nor be
 * undone.
 *
 * A setting and an actor are two documents, so one write cannot hold both. Each transition (applied, undone) is
 * written in three steps: the record first, as pending with the proof `sha256(nonce)`; then the target's update,
 * which carries the effect (or its reversal) and the nonce itself, in one write; then the record, confirmed. A
 * failure between the steps leaves a pending record, settled when it is next read: the transition happened exactly
 * when the target holds a nonce matching the proof. The nonce exists only in the GM's memory until the target's
 * update carries it, so no player can plant a matching one before that write lands.
 *
 * Records live as long as their message: the active GM's client drops them when the message is deleted. The store
 * is bounded in count and size (`mayRecord`); past its size, records no undo needs are evicted (`evictToBound`: a
 * deleted message's, an undone one's), never a live one: no number of other effects brings an old card back to "not
 * applied".
 */
import { sha256Hex } from "../../rules/shared/sha256.ts";
import type { AppliedEntry, JsonValue } from "../chat/types.ts";
import { isPlainRecord } from "./validate.ts";

const SCOPE = "quintette";
export const SETTING_RECORDS = "effectRecords";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "quintette.effectRecords": string;
  }
}

/** What one application of an effect wrote. */
export interface Application {
  action: string;
  /** The requester as Foundry's server attested it. */
  userId: string;
  at: number;
  /** Numeric leaves: the change actually written (`after - before`). */
  delta: Array<{ path: string; value: number }>;
  /** Other leaves: the value before and the value this effect wrote. */
  set: Array<{ path: string; before: JsonValue; after: JsonValue }>;
  /** The card's "applied" lines that show it (restored on the card when missing). */
  lines: AppliedEntry[];
  undone: boolean;
}

export type Pending = { proof: string; to: "applied"; next: Application } | { proof: string; to: "undone" };

export interface StoredRecord {
  messageId: string;
  target: string;
  key: string;
  /** The last confirmed application; null while the first one is pending. */
  applied: Application | null;
  pending: Pending | null;
}

export type Store = Record<string, StoredRecord>;

/** Path of the nonces on a target (`flags.quintette.effects.<key>.n`), reserved: no card write may name it. */
export const EFFECTS_PATH = `flags.${SCOPE}.effects`;
const PROOF_PREFIX = "quintette-effect:v1|";

export function recordId(key: string, target: string): string {
  return `${key}@${target}`;
}

/** Registered at init for every world (shared code), and lazily for tests that skip init. */
export function registerEffectRecords(): void {
  const settings = game.settings;
  if (!settings || settings.settings.has(`${SCOPE}.${SETTING_RECORDS}`)) return;
  settings.register(SCOPE, SETTING_RECORDS, { scope: "world", config: false, type: String, default: "{}" });
}

function isApplication(value: unknown): value is Application {
  return (
    isPlainRecord(value) &&
    typeof value.action === "string" &&
    typeof value.userId === "string" &&
    typeof value.at === "number" &&
    Array.isArray(value.delta) &&
    value.delta.every((d) => isPlainRecord(d) && typeof d.path === "string" && Number.isFinite(d.value)) &&
    Array.isArray(value.set) &&
    value.set.every((s) => isPlainRecord(s) && typeof s.path === "string") &&
    Array.isArray(value.lines) &&
    value.lines.every((l) => isPlainRecord(l) && typeof l.id === "string") &&
    typeof value.undone === "boolean"
  );
}

function isPending(value: unknown): value is Pending {
  if (!isPlainRecord(value) || typeof value.proof !== "string") return false;
  return value.to === "undone" || (value.to === "applied" && isApplication(value.next));
}

function isStored(value: unknown): value is StoredRecord {
  return (
    isPlainRecord(value) &&
    typeof value.messageId === "string" &&
    typeof value.target === "string" &&
    typeof value.key === "string" &&
    (value.applied === null || isApplication(value.applied)) &&
    (value.pending === null || isPending(value.pending))
  );
}

/** The store as the setting holds it (only a GM can have written it). */
export function readStore(): Store {
  registerEffectRecords();
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(game.settings?.get(SCOPE, SETTING_RECORDS) ?? "{}"));
  } catch {
    parsed = {};
  }
  const store: Store = {};
  if (!isPlainRecord(parsed)) return store;
  for (const [id, record] of Object.entries(parsed)) if (isStored(record)) store[id] = record;
  return store;
}

export async function writeStore(store: Store): Promise<void> {
  registerEffectRecords();
  evictToBound(store);
  await game.settings?.set(SCOPE, SETTING_RECORDS, JSON.stringify(store));
}

/** A fresh 128-bit nonce (hex), from the browser's random source. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function proofOf(nonce: string): string {
  return sha256Hex(`${PROOF_PREFIX}${nonce}`);
}

/** The nonce the target holds for an effect key, if any. */
function nonceOn(target: string, key: string): string | null {
  let doc: unknown;
  try {
    doc = fromUuidSync(target as Parameters<typeof fromUuidSync>[0]);
  } catch {
    return null;
  }
  const get = (doc as { getFlag?: (scope: string, key: string) => unknown } | null)?.getFlag;
  const marker = typeof get === "function" ? get.call(doc, SCOPE, `effects.${key}`) : null;
  return isPlainRecord(marker) && typeof marker.n === "string" ? marker.n : null;
}

/**
 * A record with its pending transition settled: taken when the target holds the matching nonce, dropped
 * otherwise. Null when nothing was ever applied.
 */
export function settled(record: StoredRecord): StoredRecord | null {
  const { pending } = record;
  if (!pending) return record.applied ? record : null;
  const nonce = nonceOn(record.target, record.key);
  const happened = nonce !== null && proofOf(nonce) === pending.proof;
  let applied = record.applied;
  if (happened && pending.to === "applied") applied = pending.next;
  else if (happened && applied) applied = { ...applied, undone: true };
  return applied ? { ...record, applied, pending: null } : null;
}

/** Every pending record of the store settled (in place); whether anything changed. */
export function settleAll(store: Store): boolean {
  let changed = false;
  for (const [id, record] of Object.entries(store)) {
    if (!record.pending) continue;
    changed = true;
    const done = settled(record);
    if (done) store[id] = done;
    else delete store[id];
  }
  return changed;
}

/** The confirmed application of an effect on a target (pending transitions settled), or null. */
export function applicationOf(key: string, target: string): (Application & { messageId: string }) | null {
  const record = readStore()[recordId(key, target)];
  const done = record ? settled(record) : null;
  return done?.applied ? { ...done.applied, messageId: done.messageId } : null;
}

/** The records of one message (pending transitions settled). */
export function recordsOfMessage(messageId: string): StoredRecord[] {
  return Object.values(readStore()).flatMap((record) => {
    if (record.messageId !== messageId) return [];
    const done = settled(record);
    return done ? [done] : [];
  });
}

/**
 * Records a non-GM requester may hold (issue: a player can post cards without end and apply each to their own
 * character). Past it the GM's client writes no new effect for them until some of their cards are deleted; honest
 * play stays far below (a record per card and target kept in the chat log).
 */
export const RECORDS_PER_USER = 2000;
/**
 * Size bounds, in characters of the stored JSON (the setting every client receives whole): one record (its lines
 * and the values it replaced), all the records naming one non-GM requester, and the whole store. Names copied into
 * a record are bounded where copied (bound.ts), so honest records stay near 1,000 characters.
 */
export const RECORD_MAX_CHARS = 8_000;
export const USER_RECORDS_MAX_CHARS = 400_000;
export const STORE_MAX_CHARS = 2_000_000;

const bounds = { count: RECORDS_PER_USER, user: USER_RECORDS_MAX_CHARS, store: STORE_MAX_CHARS };

/** Tests lower the bound; no argument puts it back. */
export function setRecordsPerUser(max: number | undefined): void {
  bounds.count = max ?? RECORDS_PER_USER;
}

/** Tests lower the size bounds; no argument puts them back. */
export function setRecordSizeBounds(sizes?: { user?: number; store?: number }): void {
  bounds.user = sizes?.user ?? USER_RECORDS_MAX_CHARS;
  bounds.store = sizes?.store ?? STORE_MAX_CHARS;
}

/** The requester a record names: its last application, or the one pending. */
function requesterOf(record: StoredRecord): string | null {
  const next = record.pending?.to === "applied" ? record.pending.next : null;
  return (record.applied ?? next)?.userId ?? null;
}

const sizeOf = (record: StoredRecord) => JSON.stringify(record).length;

/** How many records name `userId` as the requester (their last application, or the one pending). */
export function recordsOfUser(userId: string, store: Store = readStore()): number {
  let count = 0;
  for (const record of Object.values(store)) if (requesterOf(record) === userId) count += 1;
  return count;
}

/** Characters of the records naming `userId` as the requester. */
export function recordCharsOfUser(userId: string, store: Store = readStore()): number {
  let chars = 0;
  for (const record of Object.values(store)) if (requesterOf(record) === userId) chars += sizeOf(record);
  return chars;
}

/**
 * Records no undo and no "already applied" needs: a deleted message's (its card can never be clicked again) and an
 * undone one (it says what no record says: the effect is not on the target), oldest first. Never a live record, nor
 * one whose transition is pending.
 */
function evictable(store: Store): string[] {
  const messages = game.messages;
  const candidates = Object.entries(store).filter(([, r]) => {
    if (r.pending) return false;
    const gone = !!messages && !messages.get(r.messageId);
    return gone || !!r.applied?.undone;
  });
  return candidates.sort(([, a], [, b]) => (a.applied?.at ?? 0) - (b.applied?.at ?? 0)).map(([id]) => id);
}

/**
 * The store's eviction, run before each write past the size bound: evictable records go, oldest first, until it
 * fits with `room` characters to spare. What is left over the bound is live; `mayRecord` stops new records from
 * getting there. Returns the store's size.
 */
export function evictToBound(store: Store, room = 0): number {
  let size = JSON.stringify(store).length;
  if (size + room <= bounds.store) return size;
  for (const id of evictable(store)) {
    const record = store[id];
    if (!record) continue;
    size -= sizeOf(record) + id.length + 4;
    delete store[id];
    if (size + room <= bounds.store) return size;
  }
  return size;
}

/**
 * Whether `user` may have `more` new records written whose JSON holds `chars` characters, the largest `largest`:
 * no record over `RECORD_MAX_CHARS`; a non-GM within their count and size; everyone within the store's size once
 * what may be evicted is gone.
 */
export function mayRecord(
  user: { id: string | null; isGM: boolean },
  more: number,
  size: { chars: number; largest: number } = { chars: 0, largest: 0 },
): boolean {
  if (more === 0) return true;
  if (size.largest > RECORD_MAX_CHARS) return false;
  const store = readStore();
  if (!user.isGM) {
    if (recordsOfUser(user.id ?? "", store) + more > bounds.count) return false;
    if (recordCharsOfUser(user.id ?? "", store) + size.chars > bounds.user) return false;
  }
  return evictToBound(store, size.chars) + size.chars <= bounds.store;
}

/** Drops the records of deleted messages (run by the active GM's client). */
export async function forgetMessages(ids: string[]): Promise<void> {
  const gone = new Set(ids);
  const store = readStore();
  let changed = false;
  for (const [id, record] of Object.entries(store)) {
    if (!gone.has(record.messageId)) continue;
    delete store[id];
    changed = true;
  }
  if (changed) await writeStore(store);
}
