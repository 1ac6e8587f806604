/**
 * Which client is running the code: `asClient`/`asGM` and the server's broadcasts set it across awaits (Node's
 * AsyncLocalStorage); outside them, the user the test chose (`setDoubleUser`). Kept apart so the server, the documents
 * and `game` can all read it without importing each other.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface ClientUser {
  id: string;
  isGM: boolean;
  active: boolean;
  role: number;
  name: string;
}

/** The client whose code is running (set by `asClient`/`asGM` and by broadcasts); none: the chosen user's client. */
export const clientStore = new AsyncLocalStorage<ClientUser>();

/** The user of the client running this code (`game.user`); throws when no double is installed. */
export function currentUser(): ClientUser {
  const g = (globalThis as { game?: { user?: ClientUser } }).game;
  // No installed game, no user: the double never assumes the GM.
  if (!g?.user) throw new Error("The Foundry double is not installed: no current user");
  return g.user;
}

/** Every user of the installed double (connected or not). */
export function allUsers(): ClientUser[] {
  const users = (globalThis as { game?: { users?: Map<string, ClientUser> } }).game?.users;
  return users ? [...users.values()] : [];
}
