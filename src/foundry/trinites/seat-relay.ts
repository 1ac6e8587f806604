/**
 * Changes of Trinités dice that only a GM may write, requested through the shared relay (`trinites.seat`): the
 * tracker's ±3 (GM), waiting (the acting combatant's owner), and wounds (pain, knock-out, waking, healing) reported
 * by whoever wrote them and checked against the actor as the GM reads it.
 */
import { trinites as T } from "../../rules/index.ts";
import type { JsonObject } from "../chat/types.ts";
import { relayToGM, type RelayResult } from "../relay/index.ts";
import { boxesPerLine, damageFromValue } from "./derived.ts";
import { seatOf, shiftUpdate, waitUpdate, woundUpdate, type SeatUpdate, type WoundEffects } from "./seats.ts";
import { onStartTurn, seatsOf, updateSeats } from "./turns.ts";

/** The relayed request kind: a change of one or more dice that only a GM may write. */
export const SEAT = "trinites.seat";

function ownsCombatant(user: User.Implementation, combatant: Combatant.Implementation): boolean {
  if (user.isGM) return true;
  const actor = combatant.actor;
  return !!actor && actor.testUserPermission(user, "OWNER");
}

/**
 * GM side of a seat change. `shift` (the tracker's ±3): GM only. `wait`: the acting combatant's owner lowers their
 * own score. `wound`: pain, knock-out or waking of an actor's dice, sent by whoever wrote the wound (its owner).
 */
export async function handleSeat(payload: JsonObject, requester: User.Implementation): Promise<RelayResult> {
  const combat = game.combats?.get(String(payload.combatId ?? "")) as Combat.Implementation | undefined;
  if (!combat) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  const op = payload.op;
  if (op === "wound") {
    const uuid = String(payload.actorUuid ?? "");
    const mine = combat.combatants.contents.filter((c) => c.actor?.uuid === uuid);
    if (!mine.length) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.NoCombatant" };
    if (!mine.every((c) => ownsCombatant(requester, c))) return { status: "denied", reason: "QUINTETTE.Card.NotOwner" };
    // The report only says "look at this actor": what moves comes from the actor as the GM reads it (issue 12).
    const healedTo = typeof payload.healedTo === "number" ? payload.healedTo : null;
    const updates = mine.flatMap((c) => checkedWoundUpdate(c, payload.pain === true, healedTo) ?? []);
    await updateSeats(combat, updates);
    return { status: "applied" };
  }
  const combatant = combat.combatants.get(String(payload.combatantId ?? ""));
  const delta = Number(payload.delta);
  if (!combatant || !Number.isInteger(delta) || delta === 0)
    return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  // A shift moves the score it was asked from: the same request again (retry, double click, replay) finds the
  // score moved already and changes nothing (issue 12).
  if (typeof payload.from !== "number" || !Number.isInteger(payload.from))
    return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  if (combatant.initiative !== payload.from) return { status: "already", reason: "QUINTETTE.Card.AlreadyDone" };
  const seat = seatOf(combatant);
  if (op === "shift" && !requester.isGM) return { status: "denied", reason: "QUINTETTE.Relay.Denied" };
  if (op === "wait" && !(delta < 0 && seat.acting && ownsCombatant(requester, combatant))) {
    return { status: "denied", reason: "QUINTETTE.Trinites.Place.WaitRefused" };
  }
  if (op !== "shift" && op !== "wait") return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  if (op === "wait") {
    const update = waitUpdate(seat, -delta);
    if (!update) return { status: "invalid", reason: "QUINTETTE.Trinites.Place.NotRolled" };
    await updateSeats(combat, [update]);
    // The turn passes on, unless someone tied with the waiter still acts; the waiter may well be the highest again.
    if (!seatsOf(combat).some((s) => s.acting)) await onStartTurn(combat, combatant);
    return { status: "applied" };
  }
  const update = shiftUpdate(seat, delta);
  if (!update) return { status: "invalid", reason: "QUINTETTE.Trinites.Place.NotRolled" };
  await updateSeats(combat, [update]);
  return { status: "applied" };
}

/** The damage at which pain was last counted for a combatant (`system.painAt`: only a GM writes it, issue 22). */
const PAIN_PATH = "system.painAt";

/**
 * A wound report, checked: knocked out when the actor is out cold now and its die is not en retrait yet; awake when
 * it is not out cold and its die still is; pain only when the rules core says the actor's own damage calls for it
 * since pain was last counted (the mark, recorded on the combatant in the same update). A healing report
 * (`healedTo`, the damage the healing left) brings the mark down, so the next wound into line 2 hurts again: a
 * number a player sends can only lower the mark of their own character (they own every combatant reported), which
 * costs them pain and never spares it. Null when nothing moves.
 */
export function checkedWoundUpdate(
  c: Combatant.Implementation,
  painReported: boolean,
  healedTo: number | null = null,
): SeatUpdate | null {
  const actor = c.actor;
  const kind = actor?.type;
  const value = (actor?.system as { vie?: { value?: unknown } } | undefined)?.vie?.value;
  if ((kind !== "trinite" && kind !== "humain") || typeof value !== "number") return null;
  const seat = seatOf(c);
  const damage = damageFromValue(value, kind);
  const per = boxesPerLine(kind);
  const stored = Number((c.system as { painAt?: unknown } | undefined)?.painAt ?? 0);
  const counted = Number.isFinite(stored) ? stored : 0;
  const healed = healedTo !== null && Number.isInteger(healedTo) ? Math.min(counted, Math.max(0, healedTo)) : counted;
  const { pain, mark } = T.painMark(damage, healed, per, painReported);
  const out = seat.out;
  const effects: WoundEffects = {
    pain,
    knockedOut: !!out && seat.phase !== "retrait",
    woke: !out && seat.phase === "retrait" && T.lifeState(damage, per) !== "inconscient",
  };
  const update = woundUpdate(seat, effects);
  if (mark === stored) return update;
  return { ...(update ?? { _id: seat.id }), [PAIN_PATH]: mark };
}

/** The requesting side: a seat change sent to the active GM (run at once on the GM's own client). */
export function requestSeat(payload: JsonObject): Promise<RelayResult> {
  if (payload.op === "wound" || typeof payload.from === "number") return relayToGM(SEAT, payload);
  // The score this client sees now: the GM moves it only from there.
  const combatant = game.combats
    ?.get(String(payload.combatId ?? ""))
    ?.combatants.get(String(payload.combatantId ?? ""));
  return relayToGM(SEAT, { ...payload, from: combatant?.initiative ?? null });
}

/** Pain, knock-out or waking of an actor: its dice in the active combat move (through the GM). */
export async function woundActorCombatants(actor: Actor.Implementation, effects: WoundEffects): Promise<void> {
  const combat = game.combat;
  if (!combat || !combat.combatants.some((c) => c.actor?.uuid === actor.uuid)) return;
  const healed = typeof effects.healedTo === "number";
  if (!effects.pain && !effects.knockedOut && !effects.woke && !healed) return;
  await requestSeat({ op: "wound", combatId: combat.id ?? "", actorUuid: actor.uuid, ...effects });
}
