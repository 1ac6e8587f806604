/**
 * One GM session serves (issue 22): Foundry names one active GM user (`game.users.activeGM`, the same on every
 * client), but that user may be connected twice (two tabs, two browsers), and each page would then serve every
 * request. Each page has its own session id; the page that serves is the one the world setting
 * `quintette.servingSession` names (only a GM writes it), claimed by the active GM's page at `ready` (the newest claim
 * wins, and the other page stops serving as soon as it sees the claim) and, when users connect or leave, by the
 * active GM's page if the service is not already that user's. A page of
 * the active GM that is not the serving one takes over when a request has waited unanswered longer than a requester
 * waits (the serving page was closed or crashed: Foundry tells no other page of the same user).
 */
const SCOPE = "quintette";
export const SETTING_SESSION = "servingSession";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "quintette.servingSession": string;
  }
}

interface Lease {
  userId: string;
  session: string;
  at: number;
}

function newSessionId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** This page's session. */
let session = newSessionId();

/** A new page (tests model a reload, or another tab, with it). */
export function newSession(): string {
  session = newSessionId();
  return session;
}

export function currentSession(): string {
  return session;
}

export function registerServingSession(): void {
  const settings = game.settings;
  if (!settings || settings.settings.has(`${SCOPE}.${SETTING_SESSION}`)) return;
  settings.register(SCOPE, SETTING_SESSION, { scope: "world", config: false, type: String, default: "" });
}

function readLease(): Lease | null {
  registerServingSession();
  try {
    const raw: unknown = JSON.parse(String(game.settings?.get(SCOPE, SETTING_SESSION) || "null"));
    if (!raw || typeof raw !== "object") return null;
    const { userId, session: s, at } = raw as Record<string, unknown>;
    return typeof userId === "string" && typeof s === "string" && typeof at === "number"
      ? { userId, session: s, at }
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether this page serves relayed requests and does the active GM's work: it is the active GM's, and no page of
 * that user claimed the service, or this page did.
 */
export function isServingSession(): boolean {
  const gm = game.users?.activeGM;
  if (!gm?.isSelf) return false;
  const lease = readLease();
  return !lease || lease.userId !== gm.id || lease.session === session;
}

/**
 * The active GM's page claims the service (the newest claim wins). At its load and on a takeover a page claims over
 * another page of the same GM (a reload has a new session; the page named may be gone). When users connect or leave
 * (`overOwnPage: false`) it claims only if the service is another user's or no one's: every page of the active GM
 * runs that hook, and taking the service from a live page of the same GM there would move it back and forth on every
 * connection, and with it what only the serving page holds (awaited commitments, openings, secrets in its storage).
 */
export async function claimServing({ overOwnPage = true }: { overOwnPage?: boolean } = {}): Promise<void> {
  const gm = game.users?.activeGM;
  if (!gm?.isSelf || !gm.id) return;
  const lease = readLease();
  if (lease && lease.userId === gm.id && (lease.session === session || !overOwnPage)) return;
  registerServingSession();
  const claim: Lease = { userId: gm.id, session, at: Date.now() };
  await game.settings?.set(SCOPE, SETTING_SESSION, JSON.stringify(claim));
}
