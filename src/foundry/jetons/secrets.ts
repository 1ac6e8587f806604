/**
 * The sealed half of a bid: its amount and nonce stay on the bidder's client (localStorage, so a reload keeps them)
 * until both bids are locked. Nothing here is ever sent before the reveal; the card and the GM see only the hash.
 */
import type { jetons as J } from "../../rules/index.ts";

export interface SealedBid {
  messageId: string;
  round: number;
  side: J.Side;
  bid: number;
  nonce: string;
  hash: string;
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Fallback when the browser's storage is missing (tests in Node, privacy modes): lost on reload. */
const memory = new Map<string, string>();
const memoryStore: KeyValueStore = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
};

let warned = false;

/**
 * The fallback is not silent: a sealed bid kept only in memory dies with the page, so the user is told once (and
 * the console says why); the GM can still void a question whose GM bid was lost (question card).
 */
function warnMemory(): void {
  if (warned) return;
  warned = true;
  const key = "QUINTETTE.Jetons.Error.MemorySecrets";
  console.warn("quintette | jetons: no localStorage here, sealed bids are kept in memory only (lost on reload)");
  ui.notifications?.warn(game.i18n?.localize(key) ?? key);
}

function store(): KeyValueStore {
  try {
    const ls = (globalThis as { localStorage?: KeyValueStore }).localStorage;
    if (ls) return ls;
  } catch {
    // Access to localStorage can throw (sandboxed frames).
  }
  warnMemory();
  return memoryStore;
}

/** One key per user, message, round and side: two users of one browser never read each other's bids. */
export function secretKey(userId: string, messageId: string, round: number, side: J.Side): string {
  return `quintette.jetons.bid.${userId}.${messageId}.${round}.${side}`;
}

/** 256 random bits from the platform's CSPRNG, as lowercase hex (the rules core asks for at least 128). */
export function makeNonce(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function saveSecret(userId: string, sealed: SealedBid): void {
  store().setItem(secretKey(userId, sealed.messageId, sealed.round, sealed.side), JSON.stringify(sealed));
}

export function loadSecret(userId: string, messageId: string, round: number, side: J.Side): SealedBid | null {
  const raw = store().getItem(secretKey(userId, messageId, round, side));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object") return null;
    const s = parsed as Partial<SealedBid>;
    if (typeof s.bid !== "number" || typeof s.nonce !== "string" || typeof s.hash !== "string") return null;
    return { messageId, round, side, bid: s.bid, nonce: s.nonce, hash: s.hash };
  } catch {
    return null;
  }
}

export function forgetSecret(userId: string, messageId: string, round: number, side: J.Side): void {
  store().removeItem(secretKey(userId, messageId, round, side));
}

/** The two commitments a bidder's client saw when both bids were locked, to notice a later change on the card. */
export interface LockSeen {
  joueur: string;
  mj: string;
}

export function lockKey(userId: string, messageId: string, round: number): string {
  return `quintette.jetons.lock.${userId}.${messageId}.${round}`;
}

export function saveLockSeen(userId: string, messageId: string, round: number, seen: LockSeen): void {
  store().setItem(lockKey(userId, messageId, round), JSON.stringify(seen));
}

export function loadLockSeen(userId: string, messageId: string, round: number): LockSeen | null {
  const raw = store().getItem(lockKey(userId, messageId, round));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object") return null;
    const s = parsed as Partial<LockSeen>;
    return typeof s.joueur === "string" && typeof s.mj === "string" ? { joueur: s.joueur, mj: s.mj } : null;
  } catch {
    return null;
  }
}

/** Test helper: forget the in-memory fallback (and that its warning was shown). */
export function clearMemorySecrets(): void {
  memory.clear();
  warned = false;
}
