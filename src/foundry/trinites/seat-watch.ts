/**
 * A Trinités die's score is the GM's (issue 22): Foundry lets an owner write its combatant's `initiative` (and
 * flags), never its `system`. The GM sets every score with a copy in `system.score`; when a player's own write
 * (the server-attested writer of `updateCombatant`) changes a Trinités combatant's initiative, the active GM's
 * client puts the GM's score back. The pain mark lives in `system.painAt`, out of a player's reach.
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

export function registerSeatWatch(): void {
  // Typed by hand, like the wound hook (damage.ts): the 14.x hook signature overflows tsc's instantiation depth.
  const hooks = Hooks as unknown as { on(name: "updateCombatant", fn: (...args: UpdateCombatantArgs) => void): number };
  hooks.on("updateCombatant", (combatant, changed, _options, userId) => {
    // Only the serving page of the active GM (relay/session.ts): two pages would both write back.
    if (!isServingSession() || game.users?.get(userId)?.isGM !== false) return;
    const restore = seatRestore(combatant, changed);
    if (!restore) return;
    const name = game.users?.get(userId)?.name ?? userId;
    console.warn(`quintette | trinites: ${name}'s write to ${combatant.name ?? ""}'s initiative put back`);
    void combatant.update(restore);
  });
}
