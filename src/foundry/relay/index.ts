/**
 * GM relay: an action a player may not write themselves is applied by the active GM's client. Handlers are
 * registered by kind (`cardAction`, `systemj.advanceTime`…). With no GM connected nothing is sent and the user is
 * told so.
 *
 * Identity comes from Foundry's server, never from the request: the requester writes the request into the flags of
 * their OWN User document (`flags.quintette.relay.<requestId> = { kind, payload }`, the payload as a JSON string;
 * a player owns only their own
 * User, see docs/security.md). Every client receives the `updateUser` hook with the `userId` the server attests for
 * that write; the active GM's client takes the requester from it (it must be the User whose document it is, or a
 * GM), runs the handler through the GM's serialization queue, and writes the result back on the same User
 * (`flags.quintette.relayResult.<requestId>`), removing the request. The requester's client resolves its promise
 * from its own `updateUser` hook and removes the result. A request id whose answer is still stored (the requester
 * timed out before reading it) returns that answer without running again, so a retry with the same id is safe; a
 * duplicate arriving while the first runs waits for the same answer. Each write carries the time it was sent, so a
 * retry of a request nobody answered changes the document (Foundry broadcasts no update that changes nothing).
 *
 * A request no GM served (the GM left, reloaded, or its client failed before answering) is not lost: a client that
 * becomes the active GM (at `ready`, or when users connect or leave) serves every request still stored on a User, for
 * that User (the only one who may write there besides a GM, whose request then runs with the User's own rights).
 *
 * One page serves: of the active GM user's pages (a GM may be connected twice), only the one holding the service
 * (session.ts) serves; another page of that user takes over when a request waits past what a requester waits.
 */
import type { JsonObject } from "../chat/types.ts";
import { deletionOf, isDeletion } from "../trust/deletion.ts";
import { serializeOnGM } from "../trust/queue.ts";
import { claimServing, isServingSession, registerServingSession } from "./session.ts";
import {
  isObject,
  isRelayResult,
  isRequestId,
  isStoredRequest,
  parsePayload,
  type RelayResult,
  type RelayStatus,
  type StoredRequest,
} from "./request.ts";

export { isServingSession } from "./session.ts";
export { isRequestId, type RelayResult, type RelayStatus } from "./request.ts";

/** Long enough for a GM client busy rolling; short enough for a player to retry. */
export const RELAY_TIMEOUT_MS = 10_000;
const SCOPE = "quintette";

/** `requester` is the User Foundry's server attests as the writer of the request, never a field of the payload. */
export type RelayHandler = (payload: JsonObject, requester: User.Implementation) => Promise<RelayResult>;

export interface RelayOptions {
  /** Keep the same id when retrying: an answered id is never run twice. Default: the payload's `requestId`. */
  requestId?: string;
  timeout?: number;
  /** Tell the user nothing, whatever the answer (a check this client makes on its own). */
  quiet?: boolean;
}

/** A no-op the serving page answers: another page of the same GM asks it to learn whether it still lives. */
export const ALIVE = "quintette.alive";

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    User: {
      quintette?: {
        relay?: Record<string, StoredRequest | null>;
        relayResult?: Record<string, RelayResult | null>;
      };
    };
  }
}

const handlers = new Map<string, RelayHandler>();

/** Registers what the GM's client does for one kind of relayed request (later registrations replace earlier). */
export function registerRelayHandler(kind: string, handler: RelayHandler): void {
  handlers.set(kind, handler);
}

export function hasRelayHandler(kind: string): boolean {
  return handlers.has(kind);
}

/**
 * The GM side for one request: runs the handler for `requester` inside the GM's serialization queue. Never throws.
 * (`requestId` is only used by the relay's own bookkeeping; idempotence of the effect is the handler's.)
 */
export function handleRelayRequest(
  kind: string,
  payload: JsonObject,
  requester: User.Implementation,
): Promise<RelayResult> {
  // Liveness is answered at once, outside the queue: a flood that holds the queue must not make the serving page look
  // gone to another page of the same GM (which would then take the service over).
  if (kind === ALIVE) return Promise.resolve({ status: "applied" });
  return serializeOnGM(async () => {
    const handler = handlers.get(kind);
    if (!handler) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" } satisfies RelayResult;
    try {
      return await handler(payload, requester);
    } catch (error) {
      console.error("quintette | relayed action failed", kind, payload, error);
      return { status: "error", reason: "QUINTETTE.Relay.Failed" } satisfies RelayResult;
    }
  });
}

/** Requests the GM's client is serving now, by `<userId>:<requestId>`: a duplicate joins the running one. */
const inFlight = new Map<string, Promise<RelayResult>>();

/**
 * Answers this GM session gave, by `<userId>:<requestId>`, newest last (kept on the GM's side: the requester's own
 * User is theirs to clear, and clearing must not replay a request). Bounded; a reload of the GM's client forgets it,
 * where each handler's own idempotence (effect records, `from` values, request keys) still holds.
 */
const served = new Map<string, RelayResult>();
const SERVED_KEPT = 2000;
function remember(memo: string, result: RelayResult): void {
  served.delete(memo);
  served.set(memo, result);
  for (const old of served.keys()) {
    if (served.size <= SERVED_KEPT) break;
    served.delete(old);
  }
}

/** Requests served from one User write (an honest client writes one); the rest of that write is ignored. */
export const REQUESTS_PER_WRITE = 4;
/** Requests served per user in a sliding window; beyond it they are refused without running. */
export const REQUESTS_PER_WINDOW = 100;
export const WINDOW_MS = 10_000;
const recent = new Map<string, number[]>();

/** Whether `userId` may have one more request served now (and counts it). */
function withinRate(userId: string): boolean {
  const now = Date.now();
  const times = (recent.get(userId) ?? []).filter((t) => now - t < WINDOW_MS);
  const ok = times.length < REQUESTS_PER_WINDOW;
  if (ok) times.push(now);
  recent.set(userId, times);
  return ok;
}

/** Forgets the GM session's memory (tests start a new session). */
export function resetRelayMemory(): void {
  served.clear();
  recent.clear();
  observed.clear();
  inFlight.clear();
  for (const timer of takeovers) clearTimeout(timer);
  takeovers.clear();
  checking = null;
}

/**
 * How long a page of the active GM that does not hold the service waits on a request before taking over (the
 * serving page was closed or crashed): longer than a requester waits, so a live serving page has answered first.
 */
let takeoverMs = RELAY_TIMEOUT_MS + 2_000;
const takeovers = new Set<ReturnType<typeof setTimeout>>();

/** Tests shorten the takeover. */
export function setTakeoverDelay(ms: number): void {
  takeoverMs = ms;
}

/** How long a page waits for the serving page's answer to `quintette.alive` (default: the relay's). */
let aliveTimeout: number | undefined;

/** Tests shorten the wait for the serving page's answer to `quintette.alive`. */
export function setAliveTimeout(ms: number | undefined): void {
  aliveTimeout = ms;
}

/** Whether the serving page answers `quintette.alive` in the relay's time (asked from another page of the GM). */
export async function servingPageAnswers(): Promise<boolean> {
  const answer = await relayToGM(ALIVE, {}, { quiet: true, timeout: aliveTimeout });
  return answer.status !== "error";
}

/** A takeover check under way: one at a time, whatever the number of requests waiting. */
let checking: Promise<void> | null = null;

/**
 * A page of the active GM user that does not serve: if the request still waits after the delay, and the serving page
 * does not answer `quintette.alive` either (it is gone, not only busy with a player's flood), take over.
 */
function watchUnanswered(user: User.Implementation, requestId: string): void {
  const timer = setTimeout(() => {
    takeovers.delete(timer);
    const waiting: unknown = user.getFlag(SCOPE, `relay.${requestId}` as never);
    if (!isObject(waiting) || checking || !game.users?.activeGM?.isSelf || isServingSession()) return;
    checking = servingPageAnswers()
      .then(async (lives) => {
        if (lives || isServingSession()) return;
        await claimServing();
        await serveWaitingRequests();
      })
      .catch((error: unknown) => console.error("quintette | relay takeover failed", error))
      .finally(() => (checking = null));
  }, takeoverMs);
  takeovers.add(timer);
}

/**
 * The requests of one write the serving page answers: ids it takes, a writer who may ask there, at most
 * `REQUESTS_PER_WRITE`; never a deletion. A page that does not serve watches only these, and not `quintette.alive`
 * (its own question): anything else the serving page never answers, and waiting on it would move the service.
 */
function answerable(user: User.Implementation, requests: Record<string, unknown>, writerId: string): string[] {
  const writer = game.users?.get(writerId);
  if (!writer || (writer.id !== user.id && !writer.isGM)) return [];
  return Object.entries(requests)
    .filter(([id, request]) => !isDeletion(id, request))
    .slice(0, REQUESTS_PER_WRITE)
    .map(([id]) => id)
    .filter((id) => {
      const whole: unknown = isRequestId(id) ? user.getFlag(SCOPE, `relay.${id}` as never) : null;
      return isStoredRequest(whole) && whole.kind !== ALIVE;
    });
}

/**
 * Requests this page saw written live while another page served (`user:request`), each within its write's cap: if
 * it takes the service over, it serves them all, however many one User holds (an honest player's clicks in flight).
 * Bounded; a request it did not see counts against the cap of what waits (`serveWaitingRequests`).
 */
const observed = new Set<string>();
const OBSERVED_KEPT = 1000;

function observe(memo: string): void {
  observed.add(memo);
  for (const old of observed) {
    if (observed.size <= OBSERVED_KEPT) break;
    observed.delete(old);
  }
}

/** Pending requests of this client, by request id. */
const pending = new Map<string, (result: RelayResult) => void>();

function relayFlags(changed: unknown, key: "relay" | "relayResult"): Record<string, unknown> {
  const flags = isObject(changed) ? changed.flags : undefined;
  const scope = isObject(flags) ? flags[SCOPE] : undefined;
  const inner = isObject(scope) ? scope[key] : undefined;
  return isObject(inner) ? inner : {};
}

/** The active GM's client: a request written on a User document, by the writer Foundry's server names. */
async function onRequestWritten(user: User.Implementation, requestId: string, request: unknown, writerId: string) {
  const writer = game.users?.get(writerId);
  // Only the User whose document it is (or a GM) may ask through it; anything else is ignored.
  if (!writer || (writer.id !== user.id && !writer.isGM)) return;
  if (!isRequestId(requestId)) return;
  // An id already answered (a retry after a timeout) gets the answer again, without running again. The memory is
  // this GM session's, never the requester's User (which they may clear).
  const memo = `${user.id ?? ""}:${requestId}`;
  const stored: unknown = user.getFlag(SCOPE, `relayResult.${requestId}` as never);
  const known = served.get(memo);
  let result: RelayResult;
  const payload = isStoredRequest(request) ? parsePayload(request) : null;
  // Still on the User (the requester timed out before reading it): the same answer. Read and cleared already: a
  // success is not run again ("already"), a refusal stays one.
  if (known && isRelayResult(stored)) result = known;
  else if (known)
    result = known.status === "applied" ? { status: "already", reason: "QUINTETTE.Relay.Already" } : known;
  else if (!isStoredRequest(request) || !payload) result = { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  else if (!inFlight.has(memo) && !withinRate(user.id ?? ""))
    result = { status: "denied", reason: "QUINTETTE.Relay.Denied" };
  else {
    let running = inFlight.get(memo);
    if (!running) {
      running = handleRelayRequest(request.kind, payload, writer);
      inFlight.set(memo, running);
    }
    try {
      result = await running;
    } finally {
      inFlight.delete(memo);
    }
  }
  // A failure is not remembered: the handlers' own idempotence makes a retry safe, and it may succeed.
  if (result.status !== "error") remember(memo, result);
  await user.update({
    [`flags.${SCOPE}.relayResult.${requestId}`]: result,
    ...deletionOf(`flags.${SCOPE}.relay`, requestId),
  } as User.UpdateData);
}

/** Requests of one write beyond what is served: removed in one write, unanswered (their senders time out). */
async function dropExcess(user: User.Implementation, ids: string[]): Promise<void> {
  const update: Record<string, unknown> = {};
  for (const id of ids) if (isRequestId(id)) Object.assign(update, deletionOf(`flags.${SCOPE}.relay`, id));
  if (Object.keys(update).length) await user.update(update as User.UpdateData);
}

/** `updateUser` on every client: the GM serves requests, the requester collects its answers. */
export function onUpdateUser(user: User.Implementation, changed: unknown, _options: unknown, userId: string): void {
  const requests = relayFlags(changed, "relay");
  if (isServingSession()) {
    // A deletion (the GM's own cleanup, in either generation's form) is never a request.
    const asked = Object.entries(requests).filter(([id, request]) => !isDeletion(id, request));
    for (const [id, request] of asked.slice(0, REQUESTS_PER_WRITE)) {
      // `changed` holds only what differs (a retry with the same id changes `sentAt` alone): read the request whole.
      const whole: unknown = user.getFlag(SCOPE, `relay.${id}` as never) ?? request;
      void onRequestWritten(user, id, whole, userId).catch((error: unknown) => {
        console.error("quintette | relay answer failed", id, error);
      });
    }
    const excess = asked.slice(REQUESTS_PER_WRITE).map(([id]) => id);
    const writer = game.users?.get(userId);
    if (excess.length && writer && (writer.id === user.id || writer.isGM)) {
      void dropExcess(user, excess).catch((error: unknown) => console.error("quintette | relay cleanup failed", error));
    }
  } else if (game.users?.activeGM?.isSelf) {
    // Another page of this GM user holds the service (session.ts); watch that it answers.
    for (const id of answerable(user, requests, userId)) {
      observe(`${user.id ?? ""}:${id}`);
      watchUnanswered(user, id);
    }
  }
  if (!user.isSelf) return;
  for (const [id, result] of Object.entries(relayFlags(changed, "relayResult"))) {
    const resolve = pending.get(id);
    if (!resolve || !isRelayResult(result)) continue;
    pending.delete(id);
    resolve(result);
  }
}

/**
 * The active GM's client serves the requests still stored on User documents, each for the User it is stored on,
 * within the same cap as a live write: those this page saw written live (a takeover: each passed its write's cap),
 * and at most `REQUESTS_PER_WRITE` per User of the others (the oldest sent first; at a GM's arrival it saw none),
 * the rest removed in one write and unanswered. Returns when all are answered (for tests); callers from hooks do not
 * wait.
 */
export async function serveWaitingRequests(): Promise<void> {
  if (!isServingSession() || !game.users) return;
  const served: Promise<void>[] = [];
  for (const user of game.users) {
    const stored: unknown = user.getFlag(SCOPE, "relay" as never);
    if (!isObject(stored) || !user.id) continue;
    const sentAt = (request: unknown) => (isObject(request) && typeof request.sentAt === "number" ? request.sentAt : 0);
    const waiting = Object.entries(stored)
      .filter(([id, request]) => request !== null && !isDeletion(id, request))
      .sort(([, a], [, b]) => sentAt(a) - sentAt(b));
    // Seen live by this page (each within its write's cap), then at most the cap of what it never saw.
    const seen = waiting.filter(([id]) => observed.has(`${user.id}:${id}`));
    const unseen = waiting.filter(([id]) => !observed.has(`${user.id}:${id}`));
    const serve = [...seen, ...unseen.slice(0, REQUESTS_PER_WRITE)].sort(([, a], [, b]) => sentAt(a) - sentAt(b));
    for (const [id, request] of serve) {
      observed.delete(`${user.id}:${id}`);
      served.push(
        onRequestWritten(user, id, request, user.id).catch((error: unknown) => {
          console.error("quintette | relay answer failed", id, error);
        }),
      );
    }
    const excess = unseen.slice(REQUESTS_PER_WRITE).map(([id]) => id);
    if (excess.length)
      served.push(
        dropExcess(user, excess).catch((error: unknown) => console.error("quintette | relay cleanup failed", error)),
      );
  }
  await Promise.all(served);
}

/**
 * Installs the `updateUser` hook; called once at init. A client that is (or becomes) the active GM serves what is
 * waiting: at `ready`, and on `userConnected` (fvtt-types `Hooks.userConnected`: "fires whenever some other User
 * joins or leaves the game session"), since the active GM changes with connections.
 */
export function registerRelay(): void {
  resetRelayMemory();
  registerServingSession();
  Hooks.on("updateUser", (user, changed, options, userId) => onUpdateUser(user, changed, options, userId));
  const serve = (overOwnPage: boolean) =>
    void claimServing({ overOwnPage })
      .then(() => serveWaitingRequests())
      .catch((error: unknown) => console.error("quintette | relay service failed", error));
  Hooks.on("ready", () => serve(true));
  // A connection changes which user is the active GM, never which of its pages serves (session.ts).
  Hooks.on("userConnected", () => serve(false));
  registerRelayHandler(ALIVE, () => Promise.resolve({ status: "applied" }));
}

function newRequestId(payload: JsonObject, options: RelayOptions): string {
  if (isRequestId(options.requestId)) return options.requestId;
  if (isRequestId(payload.requestId)) return payload.requestId;
  return foundry.utils.randomID(16);
}

/** Requests this client is waiting for, by id: a second call with the same id joins the first. */
const asking = new Map<string, Promise<RelayResult>>();

/** The requesting side of a non-GM client: write, wait for the answer, clean up. */
function askThroughUser(
  user: User.Implementation,
  kind: string,
  payload: JsonObject,
  requestId: string,
  timeout: number,
): Promise<RelayResult> {
  const running = asking.get(requestId);
  if (running) return running;
  const ask = askOnce(user, kind, payload, requestId, timeout).finally(() => asking.delete(requestId));
  asking.set(requestId, ask);
  return ask;
}

/** Answers nobody waits for any more (their request timed out long ago), beyond a few kept for late retries. */
const RESULTS_KEPT = 10;
function staleResults(user: User.Implementation, current: string): Record<string, unknown> {
  const stored: unknown = user.getFlag(SCOPE, "relayResult" as never);
  if (!isObject(stored)) return {};
  const ids = Object.keys(stored).filter((id) => id !== current && !asking.has(id));
  const out: Record<string, unknown> = {};
  for (const id of ids.slice(0, Math.max(0, ids.length - RESULTS_KEPT)))
    Object.assign(out, deletionOf(`flags.${SCOPE}.relayResult`, id));
  return out;
}

async function askOnce(
  user: User.Implementation,
  kind: string,
  payload: JsonObject,
  requestId: string,
  timeout: number,
): Promise<RelayResult> {
  const stored = user.getFlag(SCOPE, `relayResult.${requestId}` as never) as unknown;
  if (isRelayResult(stored)) {
    await user.update(deletionOf(`flags.${SCOPE}.relayResult`, requestId) as User.UpdateData);
    return stored;
  }
  const answer = new Promise<RelayResult>((resolve) => pending.set(requestId, resolve));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<RelayResult>((resolve) => {
    timer = setTimeout(() => resolve({ status: "error", reason: "QUINTETTE.Relay.Timeout" }), timeout);
  });
  try {
    const request: StoredRequest = { kind, payload: JSON.stringify(payload), sentAt: Date.now() };
    await user.update({
      [`flags.${SCOPE}.relay.${requestId}`]: request,
      ...staleResults(user, requestId),
    } as User.UpdateData);
    const result = await Promise.race([answer, expired]);
    if (result.reason !== "QUINTETTE.Relay.Timeout") {
      await user.update(deletionOf(`flags.${SCOPE}.relayResult`, requestId) as User.UpdateData);
    }
    return result;
  } finally {
    clearTimeout(timer);
    pending.delete(requestId);
  }
}

/**
 * The requesting side: runs at once on the active GM's own client, otherwise asks that GM through the user's own
 * User document. With no active GM: a localized warning and `noGM`, nothing applied. Results other than `applied`
 * are shown to the user. A retry after a timeout should pass the same `requestId` (or payload `requestId`).
 */
export async function relayToGM(kind: string, payload: JsonObject, options: RelayOptions = {}): Promise<RelayResult> {
  const gm = game.users?.activeGM;
  const user = game.user;
  const requestId = newRequestId(payload, options);
  let result: RelayResult;
  if (!gm || !user) result = { status: "noGM", reason: "QUINTETTE.Relay.NoGM" };
  // The serving page runs it at once; another page of the same GM user asks it through its own User, like a player.
  else if (gm.isSelf && isServingSession()) result = await handleRelayRequest(kind, payload, user);
  else {
    try {
      result = await askThroughUser(user, kind, payload, requestId, options.timeout ?? RELAY_TIMEOUT_MS);
    } catch (error) {
      console.error("quintette | relay request failed", kind, payload, error);
      result = { status: "error", reason: "QUINTETTE.Relay.Timeout" };
    }
  }
  if (!options.quiet) notifyRelayResult(result);
  return result;
}

const DEFAULT_REASON: Record<Exclude<RelayStatus, "applied">, string> = {
  already: "QUINTETTE.Relay.Already",
  denied: "QUINTETTE.Relay.Denied",
  invalid: "QUINTETTE.Relay.Invalid",
  noGM: "QUINTETTE.Relay.NoGM",
  error: "QUINTETTE.Relay.Failed",
  cancelled: "QUINTETTE.Relay.Cancelled",
};

/** Tells the user why nothing happened; silent on success. */
export function notifyRelayResult(result: RelayResult): void {
  // A module that cancels a request says why itself, if it wants to.
  if (result.status === "applied" || result.status === "cancelled") return;
  const text = game.i18n?.localize(result.reason ?? DEFAULT_REASON[result.status]) ?? result.status;
  if (result.status === "already") ui.notifications?.info(text);
  else if (result.status === "error") ui.notifications?.error(text);
  else ui.notifications?.warn(text);
}
