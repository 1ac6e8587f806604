/**
 * A Trinités die's score is the GM's (issue 22): Foundry lets an owner write its combatant's `initiative` (and
 * flags), never its `system`. The GM's score is kept in `system.score`: the GM's seat writes set it with the
 * initiative, and any other initiative a GM writes (the tracker's field, Foundry's own roll) is copied there by the
 * serving page. When a player's own write (the server-attested writer of `updateCombatant`) changes a Trinités
 * combatant's initiative, the serving page puts that score back. The pain mark lives in `system.painAt`, out of a
 * player's reach.
 */
import { isServingSession } from "../relay/session.ts";

/** Foundry's `updateCombatant` hook arguments: the document, the changes, the options, the writing user's id. */
type UpdateCombatantArgs = [combatant: Combatant.Implementation, changed: unknown, options: unknown, userId: string];

const TRINITES_ACTORS = new Set(["trinite", "humain"]);

/** What the GM's client writes back over a player's write to a Trinités combatant; null when nothing. */
export function seatRestore(
  combatant: Pick<Combatant.Implementation, "initiative" | "actor" | "system">,
  changed: unknown,
): { initiative: number | null } | null {
  if (!TRINITES_ACTORS.has(combatant.actor?.type ?? "")) return null;
  if (!changed || typeof changed !== "object" || !("initiative" in changed)) return null;
  const score = (combatant.system as { score?: unknown } | undefined)?.score;
  const kept = typeof score === "number" && Number.isInteger(score) ? score : null;
  return combatant.initiative === kept ? null : { initiative: kept };
}

/** The copy of a GM's initiative write the score needs (a write that did not set it); null when in step. */
export function scoreKeep(
  combatant: Pick<Combatant.Implementation, "initiative" | "actor" | "system">,
  changed: unknown,
): { "system.score": number | null } | null {
  if (!TRINITES_ACTORS.has(combatant.actor?.type ?? "")) return null;
  if (!changed || typeof changed !== "object" || !("initiative" in changed)) return null;
  const score = (combatant.system as { score?: unknown } | undefined)?.score ?? null;
  const value = Number.isInteger(combatant.initiative) ? combatant.initiative : null;
  return score === value ? null : { "system.score": value };
}

export function registerSeatWatch(): void {
  // Typed by hand, like the wound hook (damage.ts): the 14.x hook signature overflows tsc's instantiation depth.
  const hooks = Hooks as unknown as { on(name: "updateCombatant", fn: (...args: UpdateCombatantArgs) => void): number };
  hooks.on("updateCombatant", (combatant, changed, _options, userId) => {
    // Only the serving page of the active GM (relay/session.ts): two pages would both write back.
    const writer = game.users?.get(userId);
    if (!isServingSession() || !writer) return;
    if (writer.isGM) {
      const keep = scoreKeep(combatant, changed);
      // A dotted system key, as `lapseReactionBonuses` writes one (the typed update data has no such key).
      const update: Record<string, unknown> = { ...keep };
      if (keep) void combatant.update(update);
      return;
    }
    const restore = seatRestore(combatant, changed);
    if (!restore) return;
    const name = game.users?.get(userId)?.name ?? userId;
    console.warn(`quintette | trinites: ${name}'s write to ${combatant.name ?? ""}'s initiative put back`);
    void combatant.update(restore);
  });
}
