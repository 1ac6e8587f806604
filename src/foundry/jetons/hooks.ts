/** Document hooks of Jetons: a new character starts with J tokens; a player's client never writes tokens itself. */
import { enterLedger, releaseLocksOf, reconcileLedger, watchCopy } from "./ledger.ts";
import { onLedger } from "./ledger-queue.ts";
import { startingTokens } from "./settings.ts";
import { claimServing, isServingSession } from "../relay/session.ts";

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
 * remove it). The authority is the ledger (ledger.ts), a world setting only a GM writes: the active GM's client puts
 * a character's copy back from it whenever a player's write changed tokens or the lock, whatever the shape of that
 * write (`system.tokens`, `==system`, a whole `system`), and reconciles every copy at its load. The writer is the
 * `userId` Foundry's server gives the hook. Every step runs in the ledger queue, after any move already queued.
 * Of the active GM's pages only the serving one watches.
 */
/** Only the page that serves (relay/session.ts): another page of the same GM would race its ledger writes. */
function isActiveGM(): boolean {
  return isServingSession();
}

/**
 * At ready, on the active GM's page: it claims the service first (a page of the same GM that closed may still hold
 * it), then reconciles every copy with the ledger; a page that does not serve leaves it to the one that does. The
 * first test is `activeGM.isSelf`, not the serving page: it only says who may claim.
 */
export async function onReadyLedger(): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  await claimServing();
  if (!isActiveGM()) return;
  return onLedger(() => reconcileLedger());
}

/** A new character: a GM's creation enters the ledger as it is; a player's with the world's J and no lock. */
export async function onCreateActorLedger(actor: Actor.Implementation, _options: unknown, userId: string) {
  if (!isActiveGM() || actor.type !== "archetype") return;
  const writer = game.users?.get(userId);
  await onLedger(() => enterLedger(actor, !!writer?.isGM, writer?.name ?? userId));
}

/** Every change of a character: checked against the ledger (a player's is put back, a GM's hand edit is taken). */
export async function onUpdateActorLedger(
  actor: Actor.Implementation,
  _changes: unknown,
  options: unknown,
  userId: string,
) {
  if (!isActiveGM() || actor.type !== "archetype" || !actor.id) return;
  const writer = game.users?.get(userId);
  await onLedger(() => watchCopy(actor, options, !!writer?.isGM, writer?.name ?? userId));
}

/** A deleted message: the sealed bids its question froze are released (ledger.ts `releaseLocksOf`). */
export function onDeleteMessageLedger(message: { id: string | null }): void {
  const id = message.id;
  if (!isActiveGM() || !id) return;
  void onLedger(() => releaseLocksOf(id)).catch((error: unknown) =>
    console.error("quintette | jetons: releasing a deleted question's bids failed", error),
  );
}

/** The actor of an unlinked token holding tokens, or null (a linked token's actor is the world actor's entry). */
function syntheticOf(token: TokenDocument.Implementation): Actor.Implementation | null {
  const actor = token.actorLink ? null : token.actor;
  return actor?.type === "archetype" ? actor : null;
}

/** A new unlinked token of a character: its synthetic actor enters the ledger (a GM's as it is). */
export async function onCreateTokenLedger(token: TokenDocument.Implementation, _options: unknown, userId: string) {
  const actor = isActiveGM() ? syntheticOf(token) : null;
  if (!actor) return;
  const writer = game.users?.get(userId);
  await onLedger(() => enterLedger(actor, !!writer?.isGM, writer?.name ?? userId));
}

/** A token's delta changed: its synthetic actor's copy is checked against the ledger, as a world actor's is. */
export async function onUpdateTokenLedger(
  token: TokenDocument.Implementation,
  _changes: unknown,
  options: unknown,
  userId: string,
) {
  const actor = isActiveGM() ? syntheticOf(token) : null;
  if (!actor) return;
  const writer = game.users?.get(userId);
  await onLedger(() => watchCopy(actor, options, !!writer?.isGM, writer?.name ?? userId));
}
