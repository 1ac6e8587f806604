/**
 * Which open duels can no longer change the world (issue 33, docs/rules/oeilnoir.md "Open duels"): read on the GM's
 * client from the documents it holds (the message, the fighters, the combat, the victim's life), never from a card.
 * A stale duel does not count towards its roller's open duels and is closed when that roller needs room.
 */
import { ACTIONS, openSteps, type DuelData } from "./duel.ts";
import { oeilNoirActor } from "./actors.ts";

/** The combat round a duel was taken in (absent: outside a started combat). */
export interface DuelMoment {
  combat: string;
  round: number;
}

/** The round now running, to stamp a duel taken now (null outside a started combat). */
export function momentNow(): DuelMoment | null {
  const combat = game.combat;
  return combat?.id && combat.started ? { combat: combat.id, round: combat.round } : null;
}

function exists(uuid: string | null | undefined): boolean {
  if (!uuid) return true;
  return !!fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]);
}

/** The combat the duel was taken in is over (deleted: Foundry's "End combat"). */
function combatOver(at: DuelMoment | undefined): boolean {
  return !!at && !game.combats?.get(at.combat);
}

/** Its round has passed (or its combat is over): an exchange belongs to its moment. */
function roundOver(at: DuelMoment | undefined): boolean {
  if (!at) return false;
  const combat = game.combats?.get(at.combat);
  return !combat || combat.round !== at.round;
}

/** A rescue helps only a victim still dying and not yet stabilised. */
function victimSaved(uuid: string | null | undefined): boolean {
  const doc = uuid ? (fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown) : null;
  const data = doc instanceof Actor ? oeilNoirActor(doc as Actor.Implementation) : null;
  return !data || data.derived.status !== "mourant" || data.derived.stabilized;
}

/**
 * Whether none of the steps the duel still offers can change the world: its card is gone, or each step is stale —
 * a rescue once the victim is gone or no longer dying (saved, healed, dead); the fumbler's check once a fighter is
 * gone or the combat is over; every other step (naming the defender, the defence, damage, its application, the
 * Volonté checks, the free attack) once a fighter is gone or the round it was taken in has passed.
 */
export function staleDuel(messageId: string, duel: DuelData, at?: DuelMoment): boolean {
  if (!game.messages?.get(messageId)) return true;
  const fightersGone = !exists(duel.attacker.uuid) || !exists(duel.defender?.uuid);
  return openSteps(duel).every((step) => {
    if (step === ACTIONS.rescue) return victimSaved(duel.defender?.uuid);
    if (step === ACTIONS.fumbleCheck) return fightersGone || combatOver(at);
    return fightersGone || roundOver(at);
  });
}
