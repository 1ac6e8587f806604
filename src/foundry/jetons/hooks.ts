/** Document hooks of Jetons: a new character starts with J tokens; a player's client never writes tokens itself. */
import { startingTokens } from "./settings.ts";

/**
 * Why a change to an archetype is refused on this client, or null. Tokens and the bid lock move only on the GM's
 * client (questions, bought advantages, tokens handed back), so a player can neither spend a frozen reserve nor
 * make tokens out of nothing.
 */
export function tokenChangeRefusal(changes: unknown, isGM: boolean): string | null {
  if (isGM) return null;
  const flat = foundry.utils.flattenObject((changes ?? {}) as object) as Record<string, unknown>;
  const touched = Object.keys(flat).some(
    (k) => k === "system.tokens" || k === "system.bidLock" || k.startsWith("system.tokens.") || k === "system",
  );
  return touched ? "QUINTETTE.Jetons.Error.Frozen" : null;
}

export function onPreUpdateActor(actor: Actor.Implementation, changes: unknown): boolean | void {
  if (actor.type !== "archetype") return;
  const reason = tokenChangeRefusal(changes, game.user?.isGM ?? false);
  if (!reason) return;
  ui.notifications?.warn(game.i18n?.localize(reason) ?? reason);
  return false;
}

/** Source data of a new archetype: the world's J unless the creator set the reserve. */
export function startingSystem(data: { type?: unknown; system?: unknown }): { tokens: number } | null {
  if (data.type !== "archetype") return null;
  const system = (data.system ?? {}) as { tokens?: unknown };
  return typeof system.tokens === "number" ? null : { tokens: startingTokens() };
}

export function onPreCreateActor(actor: Actor.Implementation, data: { type?: unknown; system?: unknown }): void {
  const system = startingSystem(data);
  if (system) actor.updateSource({ system });
}

/* The ledger watch, on the active GM's client ------------------------------------------------------------------ */

/**
 * The `preUpdateActor` refusal above only helps an honest player (it runs on the writer's own client, which can
 * remove it). The authority is here: tokens and the bid lock move only by a GM's write (questions, purchases and
 * tokens handed back all run on a GM's client), so the active GM's client remembers the values of the last GM
 * write and puts them back when a player's write changed them, whatever the shape of that write (`system.tokens`,
 * `==system`, a whole `system`). The writer is the `userId` Foundry's server gives the `updateActor` hook.
 */
interface LedgerValues {
  tokens: number;
  bidLock: string;
}

const legit = new Map<string, LedgerValues>();

function ledgerValues(actor: Actor.Implementation): LedgerValues | null {
  if (actor.type !== "archetype") return null;
  const system = actor.system as { tokens?: unknown; bidLock?: unknown };
  return typeof system.tokens === "number" && typeof system.bidLock === "string"
    ? { tokens: system.tokens, bidLock: system.bidLock }
    : null;
}

function remember(actor: Actor.Implementation): void {
  const values = ledgerValues(actor);
  if (values && actor.id) legit.set(actor.id, values);
}

function isActiveGM(): boolean {
  return !!game.users?.activeGM?.isSelf;
}

/** At ready, on a GM's client: the reserves as stored are the starting point of the watch. */
export function onReadyLedger(): void {
  if (!game.user?.isGM) return;
  for (const actor of game.actors ?? []) remember(actor);
}

/** A new character: a GM's creation is taken as it is; a player's starts with the world's J and no lock. */
export async function onCreateActorLedger(actor: Actor.Implementation, _options: unknown, userId: string) {
  if (!game.user?.isGM || actor.type !== "archetype") return;
  const writer = game.users?.get(userId);
  const values = ledgerValues(actor);
  if (writer?.isGM || !values) {
    remember(actor);
    return;
  }
  const start = { tokens: startingTokens(), bidLock: "" };
  if (actor.id) legit.set(actor.id, start);
  if (!isActiveGM() || (values.tokens === start.tokens && values.bidLock === "")) return;
  await revert(actor, start, writer?.name ?? userId);
}

/** Every change of a character: a GM's is remembered; a player's that moved tokens or the lock is undone. */
export async function onUpdateActorLedger(
  actor: Actor.Implementation,
  _changes: unknown,
  _options: unknown,
  userId: string,
) {
  if (!game.user?.isGM || actor.type !== "archetype" || !actor.id) return;
  const writer = game.users?.get(userId);
  if (writer?.isGM) {
    remember(actor);
    return;
  }
  const known = legit.get(actor.id);
  const now = ledgerValues(actor);
  if (!known) {
    // Not seen since this client's ready: nothing to compare with; the next GM write sets the reference.
    if (now) legit.set(actor.id, now);
    return;
  }
  if (!now || (now.tokens === known.tokens && now.bidLock === known.bidLock)) return;
  if (!isActiveGM()) return;
  await revert(actor, known, writer?.name ?? userId);
}

async function revert(actor: Actor.Implementation, values: LedgerValues, who: string): Promise<void> {
  const text =
    game.i18n?.format("QUINTETTE.Jetons.Error.LedgerReverted", { name: actor.name ?? "", detail: who }) ??
    "QUINTETTE.Jetons.Error.LedgerReverted";
  console.warn(`quintette | jetons: ${text}`);
  ui.notifications?.warn(text, { permanent: true });
  await actor.update({ system: { tokens: values.tokens, bidLock: values.bidLock } });
}

/** Test helper: forget what the watch remembered (a new world). */
export function resetLedgerWatch(): void {
  legit.clear();
}
