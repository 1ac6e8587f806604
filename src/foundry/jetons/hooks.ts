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
