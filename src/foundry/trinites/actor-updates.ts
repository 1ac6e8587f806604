/**
 * What the Trinités actor's document methods write, and the fight they count in: shared by the methods
 * (actor-methods.ts), the sheet (which shows the round's spending) and the Archonte's card (regeneration.ts).
 */
import type * as U from "../../rules/trinites/upkeep.ts";

/** What a method resolves with: done (`changed` false when nothing differed), or why not (a localization key). */
export type UpkeepResult = { ok: true; changed: boolean } | { ok: false; reason: string };

/** The fight the actor is in (a started combat it has a combatant in), for the Karma limit per round. */
export function combatMoment(actor: Actor.Implementation | null): U.FightMoment | null {
  const combat = game.combat;
  if (!actor || !combat || !combat.started) return null;
  const fights = combat.combatants.some((c) => c.actor?.id === actor.id);
  return fights ? { combat: combat.id ?? "", round: combat.round ?? 0 } : null;
}

/** The update of a Karma point spent (and of the round it counts in). */
export function karmaUpdate(r: U.KarmaSpent): Record<string, unknown> {
  const update: Record<string, unknown> = { [`system.${r.pool}.value`]: r.reserve };
  if (r.round) update["system.depenseRound"] = { ...r.round };
  return update;
}

/** The update of a regeneration: the Karma point and the life it bought. */
export function regenerationUpdate(r: U.KarmaSpent & { life: number }): Record<string, unknown> {
  return { ...karmaUpdate(r), "system.vie.value": r.life };
}
