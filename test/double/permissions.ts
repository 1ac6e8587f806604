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
import { currentUser as clientUser } from "./context.ts";
import {
  callAll,
  diffSource,
  holdSource,
  releaseSource,
  roundTrip,
  serverSource,
  userHasPermission,
  userHasRole,
} from "./server.ts";
import { deepClone, expandObject, getProperty, isPlainObject, mergeObject, type Plain } from "./utils.ts";

export interface PermissionUser {
  id: string;
  isGM: boolean;
  role?: number;
}
const roleOf = (user: PermissionUser) => user.role ?? (user.isGM ? 4 : 1);

interface Owned {
  id: string;
  testUserPermission(user: PermissionUser, level: "OWNER"): boolean;
}

function refuse(user: PermissionUser, action: string, documentName: string, id: string): never {
  throw new Error(`User ${user.id} lacks permission to ${action} ${documentName} [${id}]`);
}

/** The user of the client running the code (the double's `game.user`). */
export function currentUser(): PermissionUser {
  return clientUser();
}

/** Actor, Item, Token: OWNER (a GM owns everything). */
export function assertOwnerWrite(documentName: string, doc: Owned, action = "update"): void {
  const user = currentUser();
  if (!user.isGM && !doc.testUserPermission(user, "OWNER")) refuse(user, action, documentName, doc.id);
}

/** ChatMessage: its author or a GM. */
export function assertMessageWrite(message: { id: string; author: { id: string } | null }, action = "update"): void {
  const user = currentUser();
  if (!user.isGM && user.id !== message.author?.id) refuse(user, action, "ChatMessage", message.id);
}

/** What Foundry's server lets a non-GM owner change on a combatant. */
const PLAYER_COMBATANT_KEYS = new Set(["_id", "initiative", "flags", "defeated"]);

/** Combatant: a non-GM needs OWNER and may touch only `initiative`, `flags`, `defeated`. */
export function assertCombatantWrite(combatant: Owned | undefined, changes: Plain, user = currentUser()): void {
  if (user.isGM || !combatant) return;
  const keys = Object.keys(changes).map((k) => k.split(".")[0] ?? k);
  if (!combatant.testUserPermission(user, "OWNER") || !keys.every((k) => PLAYER_COMBATANT_KEYS.has(k))) {
    refuse(user, "update", "Combatant", combatant.id);
  }
}

/** World setting: SETTINGS_MODIFY (ASSISTANT and up by default). Client-scoped settings live in the browser: anyone. */
export function assertSettingWrite(id: string, scope: unknown): void {
  const user = currentUser();
  if (scope === "world" && !userHasPermission({ role: roleOf(user) }, "SETTINGS_MODIFY"))
    refuse(user, "update", "Setting", id);
}

// ---- Documents through the server (writes.ts) -------------------------------------------------------------------

interface WritableLike extends Owned {
  documentName: string;
  parent: unknown;
  author?: { id: string } | null;
}

/** Keys a player may change on a Combat: the round and the turn (see `assertDocumentWrite`). */
const PLAYER_COMBAT_KEYS = new Set(["_id", "round", "turn"]);

/**
 * Foundry's `Document#canUserModify` for `update` and `delete`: the document type's own test when it has one, else
 * its metadata permission (fvtt-types common/abstract/document.d.mts `Metadata.Default.permissions`: update
 * "OWNER", delete "ASSISTANT"), met by an owner or by a user of that role.
 */
export function assertDocumentWrite(
  doc: WritableLike,
  action: "update" | "delete",
  user: PermissionUser,
  changes: Plain,
) {
  const owner = user.isGM || doc.testUserPermission(user, "OWNER");
  const name = doc.documentName;
  const embedded = doc.parent !== null && doc.parent !== undefined;
  let allowed: boolean;
  if (name === "ChatMessage") {
    // Author or GM for both (the author is the message's OWNER; fvtt-types BaseChatMessage metadata delete "OWNER").
    allowed = user.isGM || (!!doc.author && user.id === doc.author.id);
    if (action === "update" && "author" in changes && !user.isGM) allowed = false;
  } else if (name === "Combatant") {
    if (action === "update") return assertCombatantWrite(doc, changes, user);
    allowed = owner; // BaseCombatant metadata: create/delete "OWNER"
  } else if (name === "Combat" && action === "update") {
    // fvtt-types BaseCombat: `permissions.update: this.#canUpdate`, with `_canChangeRound`/`_canChangeTurn` that
    // "always return true" in Foundry's implementation: a player may advance the round and the turn (the tracker's
    // "end my turn"), and change nothing else of the encounter.
    allowed = user.isGM || Object.keys(expandObject(changes)).every((k) => PLAYER_COMBAT_KEYS.has(k));
  } else if (action === "update" || embedded) allowed = owner;
  else allowed = owner || userHasRole({ role: roleOf(user) }, "ASSISTANT");
  if (!allowed) refuse(user, action, name, doc.id);
}

/**
 * Creation rights: fvtt-types `BaseActor.canUserCreate` "Returns `user.hasPermission("ACTOR_CREATE")`", `BaseItem`
 * likewise with ITEM_CREATE for a world Item, an owned Item needing its Actor's ownership; a ChatMessage by anyone for
 * themselves (`#canCreate`; its author is server-set, a `DocumentAuthorField` only a GM sets to someone else); a
 * Combatant by the owner of its actor (metadata create "OWNER"); a Combat by an ASSISTANT (default "ASSISTANT").
 */
export function assertDocumentCreate(
  documentName: string,
  user: PermissionUser,
  parent: Owned | null,
  source: Plain = {},
) {
  const role = { role: roleOf(user) };
  let allowed: boolean;
  if (parent) allowed = user.isGM || parent.testUserPermission(user, "OWNER");
  else if (documentName === "Actor") allowed = userHasPermission(role, "ACTOR_CREATE");
  else if (documentName === "Item") allowed = userHasPermission(role, "ITEM_CREATE");
  else if (documentName === "ChatMessage")
    allowed = user.isGM || source.author === undefined || source.author === user.id;
  else allowed = userHasRole(role, "ASSISTANT");
  if (!allowed) throw new Error(`User ${user.id} lacks permission to create ${documentName}`);
}

// ---- User documents -----------------------------------------------------------------------------------------

export interface UserDocument extends PermissionUser {
  flags: Plain;
  isGM: boolean;
}

/** Keys a player may never change on a User, even their own. */
const GM_ONLY_USER_KEYS = new Set(["role", "permissions", "password"]);

/**
 * User: a player updates only their own User, never its role; an Assistant GM any User but not a role (USER_ROLES
 * ASSISTANT "does not have the ability to perform administrative actions like changing User roles"); a Gamemaster any.
 */
export function assertUserWrite(target: UserDocument, changes: Plain, user = currentUser()): void {
  const keys = Object.keys(expandObject(changes));
  if (roleOf(user) >= 4) return;
  if (user.isGM && !keys.some((k) => GM_ONLY_USER_KEYS.has(k))) return;
  if (user.id !== target.id || keys.some((k) => GM_ONLY_USER_KEYS.has(k))) refuse(user, "update", "User", target.id);
}

/** Every write to a User, whoever makes it; the record of writes for assertions. */
export const userWrites: Array<{ userId: string; targetId: string; changes: Plain }> = [];

/** A User's fields the double keeps. */
function applyUserChange(target: UserDocument & { name?: string; role?: number }, change: Plain): void {
  if (isPlainObject(change.flags)) mergeObject(target.flags, change.flags, { performDeletions: true });
  if (typeof change.role === "number") target.role = change.role;
  if (typeof change.name === "string") target.name = change.name;
}

/**
 * `User#update` through the server: Foundry's permission check, the diff (nothing changed: nothing sent), the flag
 * merge with `-=` deletions on every client and the `updateUser` hook on each with the writer's id.
 */
export async function updateUserDocument<T extends UserDocument & { toObject(): Plain }>(
  target: T,
  changes: Plain,
  options: Plain = {},
): Promise<T | undefined> {
  return roundTrip((writer) => {
    assertUserWrite(target, changes, writer);
    const expanded = expandObject(deepClone(changes));
    const before = serverSource(target);
    const after = deepClone(before);
    applyUserChange(after as unknown as UserDocument, expanded);
    const diff = diffSource(before, after);
    if (!Object.keys(diff).length) return null;
    holdSource(target, after);
    userWrites.push({ userId: writer.id, targetId: target.id, changes: expanded });
    const changed = { ...diff, _id: target.id };
    return {
      apply: () => {
        applyUserChange(target, deepClone(diff));
        releaseSource(target);
        return target;
      },
      notify: () => callAll("updateUser", target, deepClone(changed), options, writer.id),
    };
  });
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
