/**
 * Who may write what, as Foundry's server decides it: the double refuses (throws "User … lacks permission …", the
 * server's wording) what Foundry refuses, so a test performing an attack from a player's client sees the real
 * refusal. Each rule cites where Foundry documents it (paths under node_modules/fvtt-types/src/foundry/):
 *
 * - Actor, Item, Token: update needs OWNER. The base Document's default is `permissions.update: "OWNER"`
 *   (common/abstract/document.d.mts, `Metadata.Default.permissions`); Actor and Token keep an update test
 *   (`#canUpdate`) that starts from ownership (common/documents/actor.d.mts, token.d.mts `metadata`).
 * - ChatMessage: update by its author or a GM. The message's `author` is a `DocumentAuthorField`, "the original
 *   author of a document. This can only be changed later by GM users" (common/data/fields.d.mts), and the message's
 *   `getUserLevel` gives the author OWNER (common/documents/chat-message.d.mts; public API page of BaseChatMessage).
 * - Combatant: a non-GM owner may update only `initiative`, `flags` and `defeated` (`#canUpdate` in
 *   common/documents/combatant.d.mts `metadata`; the API page of BaseCombatant; FOUNDRY-NOTES.md).
 * - User: a player owns only their own User ("Returns `.OWNER` for the User in question, `.NONE` for everyone
 *   else", `BaseUser#getUserLevel` in common/documents/user.d.mts) and may not change its `role` (roles are changed
 *   by a Gamemaster only: `CONST.USER_ROLES` ASSISTANT "does not have the ability to perform administrative actions
 *   like changing User roles", foundryvtt.com/api/enums/foundry.CONST.USER_ROLES.html).
 * - Setting (world scope): create/update/delete need `SETTINGS_MODIFY` (common/documents/setting.d.mts
 *   `canUserCreate` "Returns `user.hasPermission("SETTINGS_MODIFY")`"), whose default role is ASSISTANT
 *   (common/constants.d.mts `USER_PERMISSIONS.SETTINGS_MODIFY`): never a player.
 */
import { expandObject, getProperty, isPlainObject, mergeObject, type Plain } from "./utils.ts";

export interface PermissionUser {
  id: string;
  isGM: boolean;
}

interface Owned {
  id: string;
  testUserPermission(user: PermissionUser, level: "OWNER"): boolean;
}

function refuse(user: PermissionUser, action: string, documentName: string, id: string): never {
  throw new Error(`User ${user.id} lacks permission to ${action} ${documentName} [${id}]`);
}

/** The user of the client running the code (the double's `game.user`). */
export function currentUser(): PermissionUser {
  const g = (globalThis as { game?: { user?: PermissionUser } }).game;
  // No installed game, no user: the double never assumes the GM.
  if (!g?.user) throw new Error("The Foundry double is not installed: no current user");
  return g.user;
}

/** Actor, Item, Token: OWNER (a GM owns everything). */
export function assertOwnerWrite(documentName: string, doc: Owned, action = "update"): void {
  const user = currentUser();
  if (!user.isGM && !doc.testUserPermission(user, "OWNER")) refuse(user, action, documentName, doc.id);
}

/** ChatMessage: its author or a GM. */
export function assertMessageWrite(message: { id: string; author: string }, action = "update"): void {
  const user = currentUser();
  if (!user.isGM && user.id !== message.author) refuse(user, action, "ChatMessage", message.id);
}

/** What Foundry's server lets a non-GM owner change on a combatant. */
const PLAYER_COMBATANT_KEYS = new Set(["_id", "initiative", "flags", "defeated"]);

/** Combatant: a non-GM needs OWNER and may touch only `initiative`, `flags`, `defeated`. */
export function assertCombatantWrite(combatant: Owned | undefined, changes: Plain): void {
  const user = currentUser();
  if (user.isGM || !combatant) return;
  const keys = Object.keys(changes).map((k) => k.split(".")[0] ?? k);
  if (!combatant.testUserPermission(user, "OWNER") || !keys.every((k) => PLAYER_COMBATANT_KEYS.has(k))) {
    refuse(user, "update", "Combatant", combatant.id);
  }
}

/** World setting: a GM only (SETTINGS_MODIFY). Client-scoped settings live in the browser: anyone. */
export function assertSettingWrite(id: string, scope: unknown): void {
  const user = currentUser();
  if (scope === "world" && !user.isGM) refuse(user, "update", "Setting", id);
}

// ---- User documents -----------------------------------------------------------------------------------------

export interface UserDocument extends PermissionUser {
  flags: Plain;
  isGM: boolean;
}

/** Keys a player may never change on a User, even their own. */
const GM_ONLY_USER_KEYS = new Set(["role", "permissions", "password"]);

/** User: a player updates only their own User, never its role; a GM updates any. */
export function assertUserWrite(target: UserDocument, changes: Plain): void {
  const user = currentUser();
  if (user.isGM) return;
  const keys = Object.keys(expandObject(changes));
  if (user.id !== target.id || keys.some((k) => GM_ONLY_USER_KEYS.has(k))) refuse(user, "update", "User", target.id);
}

/**
 * Fires a document hook the way Foundry does after the server accepted a write: on every connected client, with the
 * writer's id as the server attests it. `installClients` replaces it to run each call as that client.
 */
type Broadcast = (hook: string, ...args: unknown[]) => void;
let broadcast: Broadcast = (hook, ...args) => {
  const hooks = (globalThis as { Hooks?: { callAll(hook: string, ...args: unknown[]): unknown } }).Hooks;
  hooks?.callAll(hook, ...args);
};
export function setBroadcast(fn: Broadcast): void {
  broadcast = fn;
}

/**
 * fvtt-types `Hooks.UpdateDocument` ("A hook event that fires for every Document type after conclusion of an update
 * workflow", `(document, changed, options, userId)`): a Combatant's update, on every connected client, with the
 * writer's id as the server attests it.
 */
export function broadcastCombatantUpdate(combatant: unknown, changes: Plain, options: Plain = {}): void {
  const changed = JSON.parse(JSON.stringify(changes)) as Plain;
  broadcast("updateCombatant", combatant, changed, options, currentUser().id);
}

/** Every write to a User, whoever makes it; the record of writes for assertions. */
export const userWrites: Array<{ userId: string; targetId: string; changes: Plain }> = [];

/** `User#update` with Foundry's permission check, flag merge (with `-=` deletions) and `updateUser` hook. */
export async function updateUserDocument<T extends UserDocument>(target: T, changes: Plain, options: Plain = {}) {
  assertUserWrite(target, changes);
  const writer = currentUser();
  const expanded = expandObject(changes);
  if (isPlainObject(expanded.flags)) mergeObject(target.flags, expanded.flags, { performDeletions: true });
  if (typeof expanded.role === "number") target.isGM = expanded.role >= 4;
  if (typeof expanded.name === "string") (target as T & { name: string }).name = expanded.name;
  userWrites.push({ userId: writer.id, targetId: target.id, changes: expanded });
  // The diff the hook receives, JSON like on the socket.
  const changed = JSON.parse(JSON.stringify({ ...expanded, _id: target.id })) as Plain;
  broadcast("updateUser", target, changed, options, writer.id);
  return target;
}

export function userFlag(target: UserDocument, scope: string, key: string): unknown {
  return getProperty(target.flags[scope], key);
}

/** Relay requests users wrote on their own User (`flags.quintette.relay.<id>`), in order: what replaced queries. */
export function relayRequests(): Array<{ userId: string; requestId: string; kind: string; payload: unknown }> {
  return userWrites.flatMap((w) => {
    const relay = getProperty(w.changes, "flags.quintette.relay");
    if (!isPlainObject(relay)) return [];
    return Object.entries(relay).flatMap(([requestId, request]) =>
      isPlainObject(request) && typeof request.kind === "string" && typeof request.payload === "string"
        ? [{ userId: w.userId, requestId, kind: request.kind, payload: JSON.parse(request.payload) as unknown }]
        : [],
    );
  });
}
