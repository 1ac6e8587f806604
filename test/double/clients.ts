/**
 * Several clients in one process. `game.user` becomes "the user of the client running this code": `asClient(id,
 * fn)` runs `fn` (and everything it awaits) as that user's client, and a user's `query` runs the registered
 * `CONFIG.queries` handler as the queried user's client, after a JSON round trip like the socket's. So a player's
 * click relayed to the GM really executes with `game.user` = the GM, and concurrent clicks from two clients keep
 * their own identity. Also: `isSelf`, per-user `targets`, `canvas.tokens.controlled`, adding users (a second player,
 * a second GM session, an Assistant GM) and the socket's latency. Writes and their permission checks are the
 * server's (server.ts, writes.ts, permissions.ts), whether or not a test installs clients.
 */
import type { DoubleActor } from "./documents.ts";
import { clientStore as client } from "./context.ts";
import { DoubleUser } from "./game.ts";
import { broadcast, callAll, setLatency, USER_ROLES } from "./server.ts";
import { enableChatLog } from "./chat-log.ts";
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

/**
 * Installs per-client users on the current double; returns the state for chaining. Every write already goes through
 * the server (server.ts) with Foundry's permission checks; `latency` sets the socket's one-way delay in milliseconds
 * (tests with several clients use a few, then `await settle()`); `chatLog` makes every client render what it receives
 * into its chat log (chat-log.ts: `renderChatMessageHTML` for the messages that user may see).
 */
export function installClients(
  state: DoubleState,
  { latency = 0, chatLog = false }: { latency?: number; chatLog?: boolean } = {},
): DoubleState {
  const game: GameWithUsers = state.game;
  // `game.user` already follows the running client (context.ts `clientStore`).
  for (const user of game.users.values()) equip(user);
  controlled.length = 0;
  Object.assign(globalThis, { canvas: { tokens: { controlled } } });
  setLatency(latency);
  // Each client renders the messages it receives into its own chat log (chat-log.ts), when the test asks.
  enableChatLog(chatLog);
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
  const gm = currentGame().users.contents.find((u) => u.role >= USER_ROLES.GAMEMASTER);
  if (!gm) throw new Error("No GM in the double");
  return client.run(gm, fn);
}

/**
 * Adds a connected user: a second player (`addUser("player2")`), a second GM session (`addUser("gm2", true)`), an
 * Assistant GM (`addUser("agm", USER_ROLES.ASSISTANT)`) or a Trusted player (`USER_ROLES.TRUSTED`).
 */
export { USER_ROLES };
export function addUser(id: string, isGMOrRole: boolean | number = false): DoubleUser {
  const game = currentGame();
  const user = new DoubleUser(id, id, isGMOrRole);
  game.users.set(id, user);
  equip(user);
  return user;
}

/**
 * Connects or disconnects a user's client: every other connected client then runs the `userConnected` hook (fvtt-types
 * `Hooks.userConnected`: "fires whenever some other User joins or leaves the game session"), after the latency. A
 * client that connects loads the world instead (its own `ready`, which the test runs if it needs it).
 */
export function setUserConnected(userId: string, connected: boolean): void {
  const user = currentGame().users.get(userId);
  if (!user) throw new Error(`No user ${userId}`);
  if (user.active === connected) return;
  user.active = connected;
  broadcast(() => callAll("userConnected", user, connected), { except: user.id });
}

/** Disconnects (or reconnects) every GM (`game.users.activeGM` is then null), each a `userConnected` for the others. */
export function setGMsConnected(connected: boolean): void {
  for (const user of currentGame().users.contents) if (user.isGM) setUserConnected(user.id, connected);
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
