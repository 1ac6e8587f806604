/**
 * The Trinités turn machine on the GM's client: dice written where only a GM writes (the score copied to
 * `system.score`), the turn given to who acts now (`planTurn`), Prudence and Danger lapsing as a turn starts.
 */
import { trinites as T } from "../../rules/index.ts";
import { planTurn, seatOf, type SeatLike, type SeatUpdate } from "./seats.ts";

export function seatsOf(combat: Combat.Implementation): SeatLike[] {
  return combat.combatants.contents.map(seatOf);
}

export async function updateSeats(combat: Combat.Implementation, updates: SeatUpdate[]): Promise<void> {
  // Each score the GM sets is kept where only a GM writes too (`system.score`): see `registerSeatWatch`.
  const withScore = updates.map((u) => ("initiative" in u ? { ...u, "system.score": u.initiative } : u));
  if (withScore.length) await combat.updateEmbeddedDocuments("Combatant", withScore);
}

export function turnIndexOf(combat: Combat.Implementation, id: string): number {
  return combat.turns.findIndex((t) => t.id === id);
}

export async function onStartTurn(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void> {
  const plan = planTurn(seatsOf(combat), combatant.id);
  if (plan.kind === "keep") return;
  if (plan.kind === "newRound") {
    await combat.nextRound();
    return;
  }
  if (plan.kind === "stalled") {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.Trinites.Place.Stalled") ?? "");
    return;
  }
  if (plan.kind === "redirect") {
    // Start who acts now here, then move the pointer to them: the pointer may move back (a round start re-sorts the
    // turns under it), and Foundry starts no turn on a move back (foundryvtt/foundryvtt#11988).
    const target = combat.combatants.get(plan.id);
    if (target) await onStartTurn(combat, target);
    return;
  }
  await updateSeats(combat, plan.updates);
  await lapseReactionBonuses(combat, plan.ids);
  const index = turnIndexOf(combat, combatant.id ?? "");
  if (index >= 0 && index !== combat.turn) await combat.update({ turn: index });
}

/** Prudence and Danger lapse as their actor's next turn starts (GM client: it runs the turn changes). */
export async function lapseReactionBonuses(combat: Combat.Implementation, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const actor = combat.combatants.get(id)?.actor;
    const waiting = (actor?.system as { reactions?: T.ReactionBonuses } | undefined)?.reactions;
    if (!actor || !waiting || (!waiting.prudence && !waiting.danger)) continue;
    const update: Record<string, unknown> = { "system.reactions": { ...T.NO_REACTION_BONUSES } };
    await actor.update(update);
  }
}
