/**
 * Several clients in one process. `game.user` becomes "the user of the client running this code": `asClient(id,
 * fn)` runs `fn` (and everything it awaits) as that user's client, and a user's `query` runs the registered
 * `CONFIG.queries` handler as the queried user's client, after a JSON round trip like the socket's. So a player's
 * click relayed to the GM really executes with `game.user` = the GM, and concurrent clicks from two clients keep
 * their own identity. Also: `isSelf`, per-user `targets`, `canvas.tokens.controlled`, adding users, and an
 * opt-in check that only owners (or a GM) update actors, and that a player updates only the initiative, flags and
 * defeated state of a combatant they own, as Foundry's server enforces.
 */
import { DoubleActor, DoubleItem } from "./documents.ts";
import { assertCombatantWrite, assertOwnerWrite, broadcastCombatantUpdate, setBroadcast } from "./permissions.ts";
import { DoubleCombat, DoubleCombatant } from "./combat.ts";
import { clientStore as client, DoubleUser } from "./game.ts";
import type { DoubleState } from "./index.ts";
import type { Plain } from "./utils.ts";

export interface FakeToken {
  actor: DoubleActor | null;
}

type QueryHandler = (data: unknown, options: unknown) => unknown;

function equip(user: DoubleUser): void {
  const u = user as DoubleUser & { targets?: Set<FakeToken> };
  if (!u.targets) u.targets = new Set<FakeToken>();
  Object.defineProperty(user, "isSelf", { configurable: true, get: () => currentGame().user === user });
  Object.defineProperty(user, "query", {
    configurable: true,
    value: async (name: string, data: unknown, options: Plain = {}) => {
      user.queries.push({ name, data });
      if (!user.active) throw new Error(`User ${user.id} is not connected`);
      const cfg = (globalThis as { CONFIG?: { queries?: Record<string, QueryHandler> } }).CONFIG;
      const handler = cfg?.queries?.[name];
      if (!handler) throw new Error(`No query handler for ${name}`);
      const wire: unknown = JSON.parse(JSON.stringify(data));
      const answer = await client.run(user, async () => handler(wire, options));
      return answer === undefined ? undefined : (JSON.parse(JSON.stringify(answer)) as unknown);
    },
  });
}

interface GameWithUsers {
  user: DoubleUser;
  users: Map<string, DoubleUser> & { contents: DoubleUser[] };
}
function currentGame(): GameWithUsers {
  const game = (globalThis as { game?: GameWithUsers }).game;
  if (!game) throw new Error("The Foundry double is not installed");
  return game;
}

const controlled: FakeToken[] = [];
const originalActorUpdate = DoubleActor.prototype.update;
const originalCombatantUpdates = DoubleCombat.prototype.updateEmbeddedDocuments;
const originalCombatantUpdate = DoubleCombatant.prototype.update;
const originalItemUpdate = DoubleItem.prototype.update;
const originalEmbedded = {
  create: DoubleActor.prototype.createEmbeddedDocuments,
  update: DoubleActor.prototype.updateEmbeddedDocuments,
  delete: DoubleActor.prototype.deleteEmbeddedDocuments,
};
const assertCombatantUpdate = assertCombatantWrite;

/** Document hooks run on every connected client, as that client, with the writer id the server attests. */
function broadcastToClients(hook: string, ...args: unknown[]): void {
  const hooks = (globalThis as { Hooks?: { callAll(hook: string, ...args: unknown[]): unknown } }).Hooks;
  for (const user of currentGame().users.values()) {
    if (user.active) client.run(user, () => hooks?.callAll(hook, ...args));
  }
}

/** Installs per-client users on the current double; returns the state for chaining. */
export function installClients(state: DoubleState, { enforceActorOwnership = true } = {}): DoubleState {
  const game: GameWithUsers = state.game;
  // `game.user` already follows the running client (game.ts `clientStore`).
  for (const user of game.users.values()) equip(user);
  controlled.length = 0;
  Object.assign(globalThis, { canvas: { tokens: { controlled } } });
  setBroadcast(broadcastToClients);
  DoubleActor.prototype.update = enforceActorOwnership
    ? async function (this: DoubleActor, changes: Plain = {}, options: Plain = {}) {
        assertOwnerWrite("Actor", this);
        return originalActorUpdate.call(this, changes, options) as Promise<DoubleActor>;
      }
    : originalActorUpdate;
  DoubleItem.prototype.update = enforceActorOwnership
    ? async function (this: DoubleItem, changes: Plain = {}, options: Plain = {}) {
        assertOwnerWrite("Item", this);
        return originalItemUpdate.call(this, changes, options) as Promise<DoubleItem>;
      }
    : originalItemUpdate;
  // An embedded Item's permission is its parent Actor's (Foundry: embedded documents inherit ownership).
  DoubleActor.prototype.createEmbeddedDocuments = enforceActorOwnership
    ? async function (this: DoubleActor, name: string, data: Plain[], options: Plain = {}) {
        assertOwnerWrite("Actor", this, "create embedded in");
        return originalEmbedded.create.call(this, name, data, options);
      }
    : originalEmbedded.create;
  DoubleActor.prototype.updateEmbeddedDocuments = enforceActorOwnership
    ? async function (this: DoubleActor, name: string, updates: Plain[], options: Plain = {}) {
        assertOwnerWrite("Actor", this, "update embedded in");
        return originalEmbedded.update.call(this, name, updates, options);
      }
    : originalEmbedded.update;
  DoubleActor.prototype.deleteEmbeddedDocuments = enforceActorOwnership
    ? async function (this: DoubleActor, name: string, ids: string[], options: Plain = {}) {
        assertOwnerWrite("Actor", this, "delete embedded in");
        return originalEmbedded.delete.call(this, name, ids, options);
      }
    : originalEmbedded.delete;
  DoubleCombat.prototype.updateEmbeddedDocuments = enforceActorOwnership
    ? async function (this: DoubleCombat, name: string, updates: Plain[]) {
        for (const u of updates) assertCombatantUpdate(this.combatants.get(String(u._id)), u);
        const done = await originalCombatantUpdates.call(this, name, updates);
        for (const u of updates) broadcastCombatantUpdate(this.combatants.get(String(u._id)), u);
        return done;
      }
    : originalCombatantUpdates;
  DoubleCombatant.prototype.update = enforceActorOwnership
    ? async function (this: DoubleCombatant, changes: Plain = {}, options: Plain = {}) {
        assertCombatantUpdate(this, changes);
        const done = (await originalCombatantUpdate.call(this, changes, options)) as DoubleCombatant;
        broadcastCombatantUpdate(this, { ...changes, _id: this.id }, options);
        return done;
      }
    : originalCombatantUpdate;
  return state;
}

/** Runs `fn` as the client of `userId` (game.user is that user throughout, across awaits). */
export function asClient<T>(userId: string, fn: () => T): T {
  const user = currentGame().users.get(userId);
  if (!user) throw new Error(`No user ${userId}`);
  return client.run(user, fn);
}

/**
 * Runs `fn` as the GM's client, said explicitly: for a test's fixtures (creating actors, combats, world settings)
 * and for paths only a GM takes. The double's default client is a player's.
 */
export function asGM<T>(fn: () => T): T {
  const gm = currentGame().users.contents.find((u) => u.isGM);
  if (!gm) throw new Error("No GM in the double");
  return client.run(gm, fn);
}

/** Adds a connected user (a second player, a second GM). */
export function addUser(id: string, isGM = false): DoubleUser {
  const game = currentGame();
  const user = new DoubleUser(id, id, isGM);
  game.users.set(id, user);
  equip(user);
  return user;
}

/** Disconnects (or reconnects) every GM: `game.users.activeGM` is then null. */
export function setGMsConnected(connected: boolean): void {
  for (const user of currentGame().users.values()) if (user.isGM) user.active = connected;
}

/** The tokens a user targets (Foundry's `user.targets`). */
export function targetsOf(userId: string): Set<FakeToken> {
  const user = currentGame().users.get(userId) as (DoubleUser & { targets?: Set<FakeToken> }) | undefined;
  if (!user?.targets) throw new Error(`No user ${userId} with targets`);
  return user.targets;
}

/** The tokens controlled on the canvas of the (single simulated) client. */
export function controlledTokens(): FakeToken[] {
  return controlled;
}
