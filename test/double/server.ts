/**
 * The simulated Foundry server: every create, update and delete of a client goes here. A write is a round trip:
 *
 * 1. the writer's client runs its `_preCreate`/`_preUpdate`/`_preDelete` and `preX` hook (the caller does this);
 * 2. after the latency, the server checks the writer's permission, cleans the data against the schema, diffs an update
 *    against its own copy of the document (an update that changes nothing is dropped: no broadcast, the writer's
 *    promise resolves undefined) and gives ids;
 * 3. after the latency again, every connected client applies the change and runs `_onCreate`/`_onUpdate`/`_onDelete`
 *    and the `createX`/`updateX`/`deleteX` hooks as that client (`game.user` is that client's user), with the
 *    writer's id as the server attests it, unawaited (`Hooks.callAll`). The writer's promise resolves once its own
 *    client has applied the change.
 *
 * Sources: fvtt-types `ClientDocument#_onUpdate` ("Perform follow-up operations after a Document of this type is
 * updated… @param userId - The ID of the User who triggered the update workflow"), `Hooks.UpdateDocument` ("A hook
 * event that fires for every Document type after conclusion of an update workflow… This hook fires for all connected
 * clients after the update has been processed"), `Document.updateDocuments` ("an update which changes nothing is not
 * sent": `DatabaseUpdateOperation.diff`, "Difference each update object against current Document data and only use
 * differential data for the update operation", default true), `Document#update` ("@returns The updated Document
 * instance, or undefined if not updated").
 *
 * The clients of the double share one replica of each document, applied when the broadcast arrives, the same moment
 * for every client: between the write and its broadcast every client reads the old value (a per-client lag is not
 * modelled). The latency is 0 by default (one turn of the event loop per hop); tests with several clients set a
 * few milliseconds (`setLatency`, `installClients(state, { latency })`) and wait with `await settle()`.
 */
import { clientStore, currentUser, allUsers, type ClientUser } from "./context.ts";
import { deepClone, isPlainObject, type Plain } from "./utils.ts";

const net = {
  latency: 0,
  /** Round trips in flight and unawaited hook listeners still running: what `settle` waits for. */
  pending: new Set<Promise<unknown>>(),
  /** Errors thrown by an unawaited listener or a client's `_onX` during a broadcast (surfaced by `settle`). */
  errors: [] as unknown[],
  /** Server-side copies of documents whose change is accepted but not yet applied by the clients. */
  sources: new WeakMap<object, { source: Plain; inFlight: number }>(),
};

/** Sets the one-way latency of the socket, in milliseconds (0: one turn of the event loop). */
export function setLatency(ms: number): void {
  net.latency = Math.max(0, ms);
}
export function getLatency(): number {
  return net.latency;
}

/** Back to an idle, zero-latency server (the double's install calls it). */
export function resetServer(): void {
  net.latency = 0;
  net.pending.clear();
  net.errors.length = 0;
  net.sources = new WeakMap();
}

function hop(): Promise<void> {
  return new Promise((resolve) => (net.latency > 0 ? setTimeout(resolve, net.latency) : setImmediate(resolve)));
}

/** Keeps an unawaited promise (a hook listener's) in view of `settle`; its rejection is recorded, not lost. */
export function trackListener(value: unknown): void {
  if (!value || typeof (value as { then?: unknown }).then !== "function") return;
  const p = Promise.resolve(value);
  net.pending.add(p);
  p.then(
    () => net.pending.delete(p),
    (error: unknown) => {
      net.pending.delete(p);
      net.errors.push(error);
    },
  );
}

/** Errors recorded during broadcasts and unawaited listeners since the last call; clears them. */
export function takeServerErrors(): unknown[] {
  return net.errors.splice(0);
}

/**
 * Waits until the server and every client are idle: no write in flight, no unawaited listener still running, and
 * nothing new scheduled after one more turn of the event loop. Throws what a listener or a broadcast threw meanwhile.
 */
export async function settle(): Promise<void> {
  for (let round = 0; round < 10_000; round += 1) {
    if (net.pending.size) await Promise.allSettled([...net.pending]);
    await new Promise((resolve) => setImmediate(resolve));
    if (!net.pending.size) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!net.pending.size) break;
    }
  }
  const errors = takeServerErrors();
  if (errors.length === 1) throw errors[0];
  if (errors.length) throw new AggregateError(errors, "Errors during broadcasts");
}

/** What the server sends back once it accepted a write. */
export interface Delivery<R> {
  /** Applies the change to the clients' replica. */
  apply(): R;
  /** Runs on each connected client, as that client, after `apply`: `_onX` and the `X` hooks. */
  notify(user: ClientUser): void;
}

/** The users whose client is connected: each receives every broadcast. */
export function connectedUsers(): ClientUser[] {
  return allUsers().filter((u) => u.active);
}

/**
 * A write's round trip: `serve` runs on the server after the latency, as the writer (so permission checks read the
 * writer), and returns the delivery or null (nothing to send). The writer's promise resolves with what `apply` gives.
 */
export function roundTrip<R>(serve: (writer: ClientUser) => Delivery<R> | null): Promise<R | undefined> {
  const writer = currentUser();
  const trip = (async () => {
    await hop();
    const delivery = clientStore.run(writer, () => serve(writer));
    if (!delivery) return undefined;
    await hop();
    const result = delivery.apply();
    for (const user of connectedUsers()) {
      try {
        clientStore.run(user, () => delivery.notify(user));
      } catch (error) {
        net.errors.push(error);
      }
    }
    return result;
  })();
  net.pending.add(trip);
  const done = () => net.pending.delete(trip);
  trip.then(done, done);
  return trip;
}

/**
 * A message the server sends to every connected client but `except` (a connection change, which the client it is
 * about does not receive), after the latency, run as each client; unawaited, in view of `settle`.
 */
export function broadcast(notify: (user: ClientUser) => void, { except }: { except?: string } = {}): void {
  const trip = (async () => {
    await hop();
    for (const user of connectedUsers()) {
      if (user.id === except) continue;
      try {
        clientStore.run(user, () => notify(user));
      } catch (error) {
        net.errors.push(error);
      }
    }
  })();
  net.pending.add(trip);
  const done = () => net.pending.delete(trip);
  trip.then(done, done);
}

/** Calls a hook on the current client like Foundry's `Hooks.callAll` (unawaited; listeners' promises tracked). */
export function callAll(hook: string, ...args: unknown[]): void {
  const hooks = (globalThis as { Hooks?: { callAll(hook: string, ...args: unknown[]): unknown } }).Hooks;
  hooks?.callAll(hook, ...args);
}
/** `Hooks.call` on the current client: false when a listener returned false. */
export function call(hook: string, ...args: unknown[]): boolean {
  const hooks = (globalThis as { Hooks?: { call(hook: string, ...args: unknown[]): boolean } }).Hooks;
  return hooks?.call(hook, ...args) !== false;
}

// ---- The server's copy of documents ---------------------------------------------------------------------------

/** The server's current source of a document: its accepted, not yet broadcast state, else the replica's. */
export function serverSource(doc: { toObject(): Plain }): Plain {
  return deepClone(net.sources.get(doc)?.source ?? doc.toObject());
}
/** Records an accepted change until the clients applied it. */
export function holdSource(doc: object, source: Plain): void {
  const held = net.sources.get(doc);
  net.sources.set(doc, { source: deepClone(source), inFlight: (held?.inFlight ?? 0) + 1 });
}
/** The clients applied one held change. */
export function releaseSource(doc: object): void {
  const held = net.sources.get(doc);
  if (!held) return;
  held.inFlight -= 1;
  if (held.inFlight <= 0) net.sources.delete(doc);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The differential data of an update: what `after` changes in `before` (changed leaves of nested objects, whole
 * arrays, `-=key` for a removed key), as fvtt-types `foundry.utils.diffObject` describes it ("Deeply difference an
 * object against some other, returning the update keys and values").
 */
export function diffSource(before: Plain, after: Plain): Plain {
  const out: Plain = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (isPlainObject(old) && isPlainObject(value)) {
      const inner = diffSource(old, value);
      if (Object.keys(inner).length) out[key] = inner;
    } else if (!(key in before) || !same(old, value)) out[key] = deepClone(value);
  }
  for (const key of Object.keys(before)) if (!(key in after)) out[`-=${key}`] = null;
  return out;
}

// ---- Roles and permissions ------------------------------------------------------------------------------------

/** fvtt-types `CONST.USER_ROLES` (common/constants.d.mts). */
export const USER_ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

/**
 * `CONST.USER_PERMISSIONS` and each one's `defaultRole` (fvtt-types common/constants.d.mts, `@defaultValue` of each
 * entry): the role from which a permission is granted in a new world.
 */
export const USER_PERMISSIONS: Record<string, number> = {
  ACTOR_CREATE: USER_ROLES.ASSISTANT,
  BROADCAST_AUDIO: USER_ROLES.TRUSTED,
  BROADCAST_VIDEO: USER_ROLES.TRUSTED,
  CARDS_CREATE: USER_ROLES.ASSISTANT,
  DRAWING_CREATE: USER_ROLES.TRUSTED,
  ITEM_CREATE: USER_ROLES.ASSISTANT,
  FILES_BROWSE: USER_ROLES.TRUSTED,
  FILES_UPLOAD: USER_ROLES.ASSISTANT,
  JOURNAL_CREATE: USER_ROLES.TRUSTED,
  MACRO_SCRIPT: USER_ROLES.PLAYER,
  MANUAL_ROLLS: USER_ROLES.TRUSTED,
  MESSAGE_WHISPER: USER_ROLES.PLAYER,
  NOTE_CREATE: USER_ROLES.TRUSTED,
  PING_CANVAS: USER_ROLES.TRUSTED,
  PLAYLIST_CREATE: USER_ROLES.ASSISTANT,
  SETTINGS_MODIFY: USER_ROLES.ASSISTANT,
  SHOW_CURSOR: USER_ROLES.PLAYER,
  SHOW_RULER: USER_ROLES.PLAYER,
  TEMPLATE_CREATE: USER_ROLES.PLAYER,
  TOKEN_CREATE: USER_ROLES.ASSISTANT,
  TOKEN_DELETE: USER_ROLES.ASSISTANT,
  TOKEN_CONFIGURE: USER_ROLES.TRUSTED,
  WALL_DOORS: USER_ROLES.PLAYER,
  QUERY_USER: USER_ROLES.PLAYER,
};

/** The world's permission table (`game.permissions`: permission → roles granted); a test may grant more. */
let worldPermissions: Record<string, number[]> = {};
export function resetPermissions(): void {
  worldPermissions = Object.fromEntries(
    Object.entries(USER_PERMISSIONS).map(([k, role]) => [k, [1, 2, 3, 4].filter((r) => r >= role)]),
  );
}
resetPermissions();
export function permissionTable(): Record<string, number[]> {
  return worldPermissions;
}
/** Grants (or sets) the roles of a permission, as the GM does in "Configure Permissions". */
export function setPermission(name: string, roles: number[]): void {
  if (!(name in USER_PERMISSIONS)) throw new Error(`No permission ${name}`);
  worldPermissions[name] = [...roles];
}
/**
 * fvtt-types `BaseUser#hasPermission`: "Test whether the User has at least a specific permission"; a GAMEMASTER has
 * every permission.
 */
export function userHasPermission(user: { role: number }, name: string): boolean {
  if (user.role >= USER_ROLES.GAMEMASTER) return true;
  const roles = worldPermissions[name];
  if (!roles) throw new Error(`No permission ${name}`);
  return roles.includes(user.role);
}
/** fvtt-types `BaseUser#hasRole`: "Test whether the User has at least the permission level of a certain role". */
export function userHasRole(user: { role: number }, role: keyof typeof USER_ROLES | number): boolean {
  const level = typeof role === "number" ? role : USER_ROLES[role];
  return user.role >= level;
}
