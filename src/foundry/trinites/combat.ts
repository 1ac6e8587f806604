/**
 * Trinités combat: the initiative test sets each combatant's score and place; the tracker shows three columns
 * (en retrait, en garde, dans le feu de l'action). Foundry's turn pointer always rests on who acts now: a round
 * starts with the rules core's `beginRound`, a turn is given to `nextToAct` (its die goes back en garde as it starts,
 * ties act together), and the round ends when nobody is left in the fire. Shifts (waiting, pain, ±3) use the wrap
 * rules of `shiftInitiative`; the changes a turn's tests ask for (Accélération, Ralentissement, Encourager,
 * Intimider) are applied as that turn ends. A player's changes (waiting, pain from a wound they wrote) go to the GM
 * through the shared relay, since only a GM may move a combatant's place.
 */
import { shownCombatants } from "../combat/visibility.ts";
import { trinites as T } from "../../rules/index.ts";
import type { CombatBehaviour } from "../combat/behaviour.ts";
import type { CardState, JsonObject } from "../chat/types.ts";
import { isDone } from "../chat/card-state.ts";
import { peekCard, readCard, writeCard } from "../chat/flags.ts";
import { contentCache } from "../memo.ts";
import { registerRelayHandler, relayToGM, type RelayResult } from "../relay/index.ts";
import { markTurnEnd, readData, RULESET, TURN_END, turnEndShifts, verifiedData } from "./card.ts";
import { withDocumentOpposition } from "./confrontation.ts";
import { offerRegenerations } from "./regeneration.ts";
import { boxesPerLine, damageFromValue } from "./derived.ts";

export const PLACES_PART = "systems/quintette/templates/trinites/combat/places.hbs";
const PLACE_ORDER: Record<T.Place, number> = { feu: 0, garde: 1, retrait: 2 };

/** The part of a combatant the machine reads. */
export interface SeatLike {
  id: string;
  name: string;
  initiative: number | null;
  phase: string;
  acting: boolean;
  acted: boolean;
  /** Its actor is unconscious (or dead): the die stays en retrait at round start until they wake. */
  out?: boolean;
}

export function isPlace(value: unknown): value is T.Place {
  return value === "retrait" || value === "garde" || value === "feu";
}

/** A combatant's die, or null until its initiative test is done. */
export function stateOf(seat: SeatLike): T.InitiativeState | null {
  if (seat.initiative === null || !isPlace(seat.phase)) return null;
  return { score: Math.min(12, Math.max(1, Math.round(seat.initiative))), place: seat.phase };
}

/** Display and turn order: the fire first (highest score first), then en garde, then en retrait, unrolled last. */
export function compareSeats(a: SeatLike, b: SeatLike): number {
  const sa = stateOf(a);
  const sb = stateOf(b);
  if (!sa || !sb) return sa ? -1 : sb ? 1 : a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  if (a.acting !== b.acting) return a.acting ? -1 : 1;
  return (
    PLACE_ORDER[sa.place] - PLACE_ORDER[sb.place] ||
    sb.score - sa.score ||
    a.name.localeCompare(b.name) ||
    a.id.localeCompare(b.id)
  );
}

export interface SeatUpdate {
  _id: string;
  initiative?: number;
  "system.phase"?: T.Place;
  "system.marker"?: boolean;
  "system.acted"?: boolean;
  /** The damage pain was last counted at (checkedWoundUpdate). */
  "system.painAt"?: number;
}

/**
 * Start of a round: en garde into the fire, en retrait en garde; nobody has acted yet. The dice of unconscious actors
 * stay en retrait (they go en garde when their actor wakes).
 */
export function roundStartUpdates(seats: readonly SeatLike[]): SeatUpdate[] {
  const rolled = seats.filter((s) => stateOf(s));
  const held = new Set(rolled.flatMap((s, i) => (s.out ? [i] : [])));
  const next = T.beginRound(
    rolled.map((s) => stateOf(s)!),
    held,
  );
  return rolled.map((s, i) => ({
    _id: s.id,
    "system.phase": next[i]!.place,
    "system.marker": false,
    "system.acted": false,
  }));
}

export type TurnPlan =
  | { kind: "keep" }
  | { kind: "newRound" }
  /** Nobody will ever reach the fire (no die rolled, or every fighter out cold): stop instead of skipping rounds. */
  | { kind: "stalled" }
  | { kind: "redirect"; id: string }
  | { kind: "act"; ids: string[]; updates: SeatUpdate[] };

/**
 * What to do when Foundry gives the turn to `current`: keep a turn already running, move the pointer to who acts
 * now, start them (their dice back en garde), or end the round when nobody is left in the fire.
 */
export function planTurn(seats: readonly SeatLike[], currentId: string | null): TurnPlan {
  const current = seats.find((s) => s.id === currentId);
  if (current?.acting) return { kind: "keep" };
  const rolled = seats.filter((s) => stateOf(s));
  const states = rolled.map((s) => stateOf(s)!);
  const now = T.nextToAct(states);
  if (!now.length) {
    const held = new Set(rolled.flatMap((s, i) => (s.out ? [i] : [])));
    return T.anyoneCanAct(states, held) ? { kind: "newRound" } : { kind: "stalled" };
  }
  const ids = now.map((i) => rolled[i]!.id);
  if (!currentId || !ids.includes(currentId)) return { kind: "redirect", id: ids[0]! };
  const after = T.beginTurn(states, now);
  const updates: SeatUpdate[] = rolled.map((s, i) =>
    now.includes(i)
      ? { _id: s.id, "system.phase": after[i]!.place, "system.marker": true, "system.acted": true }
      : { _id: s.id, "system.marker": false },
  );
  return { kind: "act", ids, updates };
}

/** A shift of one die (waiting, pain, Encourager/Intimider, Accélération/Ralentissement) with the wrap rules. */
export function shiftUpdate(seat: SeatLike, delta: number): SeatUpdate | null {
  const state = stateOf(seat);
  if (!state) return null;
  const next = T.shiftInitiative(state, delta);
  return { _id: seat.id, initiative: next.score, "system.phase": next.place };
}

/**
 * Waiting (the acting fighter lowers their own score by `by`): the die returns to the fire with the lower score and
 * is no longer acting nor marked as having acted, so it plays again this round once it is the highest left.
 */
export function waitUpdate(seat: SeatLike, by: number): SeatUpdate | null {
  const state = stateOf(seat);
  if (!state || !seat.acting) return null;
  const next = T.waitTurn(state, by);
  return {
    _id: seat.id,
    initiative: next.score,
    "system.phase": next.place,
    "system.marker": false,
    "system.acted": false,
  };
}

/** Score and place from a resolved initiative test. */
export function initiativeUpdate(combatantId: string, final: number, surprised: boolean): SeatUpdate {
  const state = T.initialState(final, surprised);
  return { _id: combatantId, initiative: state.score, "system.phase": state.place };
}

/** What a wound (or healing) did to an actor, for its dice in the tracker. */
export interface WoundEffects {
  pain: boolean;
  knockedOut: boolean;
  woke: boolean;
  /** The damage a healing left (the pain mark comes down to it); null or absent when nothing healed. */
  healedTo?: number | null;
}

/** Pain (−3 with the wrap rules), then unconsciousness (en retrait) or waking (en garde) for one die. */
export function woundUpdate(seat: SeatLike, effects: WoundEffects): SeatUpdate | null {
  let state = stateOf(seat);
  if (!state) return null;
  if (effects.pain) state = T.shiftInitiative(state, T.PAIN_INITIATIVE);
  if (effects.knockedOut) state = T.fallUnconscious(state);
  else if (effects.woke && state.place === "retrait") state = T.wakeUp(state);
  const before = stateOf(seat)!;
  if (state.score === before.score && state.place === before.place) return null;
  return { _id: seat.id, initiative: state.score, "system.phase": state.place };
}

/**
 * A card the machine must read as a turn ends: resolved, made during a turn of this combat (this round or the last),
 * not yet applied. A card resolved after its own turn ended (a Trinité's late pick) applies at the next turn's end.
 */
export function dueAtTurnEnd(card: CardState, combatId: string, round: number): boolean {
  if (card.ruleset !== RULESET || isDone(card, TURN_END)) return false;
  const data = readData(card);
  const turn = data.setup?.turn;
  return !!turn && !!data.result && turn.combatId === combatId && turn.round >= round - 1 && turn.round <= round;
}

/**
 * End of the acting turn: the markers cleared, and each die moved by the sum of the changes the turn's cards ask for
 * (the roller's own, and their targets' when those fight in this combat).
 */
export function turnEndUpdates(
  seats: readonly (SeatLike & { actorUuid: string | null })[],
  cards: readonly CardState[],
): SeatUpdate[] {
  const deltas = turnEndDeltas(seats, cards);
  const updates: SeatUpdate[] = [];
  for (const seat of seats) {
    const delta = deltas.get(seat.id) ?? 0;
    const shifted = delta ? shiftUpdate(seat, delta) : null;
    if (!seat.acting && !shifted) continue;
    updates.push({ _id: seat.id, ...(seat.acting ? { "system.marker": false } : {}), ...(shifted ?? {}) });
  }
  return updates;
}

/** The change each combatant's die will get when the acting turn ends (shown in the tracker meanwhile). */
export function turnEndDeltas(
  seats: readonly (SeatLike & { actorUuid: string | null })[],
  cards: readonly CardState[],
): Map<string, number> {
  const deltas = new Map<string, number>();
  const add = (id: string, delta: number) => deltas.set(id, (deltas.get(id) ?? 0) + delta);
  for (const card of cards) {
    const { self, targets } = turnEndShifts(card);
    const turn = readData(card).setup.turn;
    // The roller's own change goes to a die of the card's own actor only.
    const own = turn ? seats.find((s) => s.id === turn.combatantId) : undefined;
    if (self && own && own.actorUuid !== null && own.actorUuid === card.actorUuid) add(own.id, self);
    for (const t of targets) for (const s of seats) if (s.actorUuid === t.uuid) add(s.id, t.delta);
  }
  for (const [id, delta] of deltas) if (!delta) deltas.delete(id);
  return deltas;
}

/* Foundry wiring --------------------------------------------------------------------------------------------- */

/** Whether an actor is out of the fight: unconscious or dead by its life lines. */
export function isOutCold(actor: Actor.Implementation | null): boolean {
  // Read by type and shape, not by model class: this module stays importable without Foundry (the gallery).
  const kind = actor?.type;
  if (kind !== "trinite" && kind !== "humain") return false;
  const value = (actor?.system as { vie?: { value?: unknown } } | undefined)?.vie?.value;
  if (typeof value !== "number") return false;
  const state = T.lifeState(damageFromValue(value, kind), boxesPerLine(kind));
  return state === "inconscient" || state === "mort";
}

export function seatOf(c: Combatant.Implementation): SeatLike {
  const system = (c.system ?? {}) as { phase?: string; marker?: boolean; acted?: boolean };
  return {
    id: c.id ?? "",
    name: c.name ?? "",
    initiative: c.initiative ?? null,
    phase: system.phase ?? "",
    acting: system.marker ?? false,
    acted: system.acted ?? false,
    out: isOutCold(c.actor),
  };
}

function seatsOf(combat: Combat.Implementation): SeatLike[] {
  return combat.combatants.contents.map(seatOf);
}

async function updateSeats(combat: Combat.Implementation, updates: SeatUpdate[]): Promise<void> {
  // Each score the GM sets is kept where only a GM writes too (`system.score`): see `registerSeatWatch`.
  const withScore = updates.map((u) => ("initiative" in u ? { ...u, "system.score": u.initiative } : u));
  if (withScore.length) await combat.updateEmbeddedDocuments("Combatant", withScore);
}

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

export function turnIndexOf(combat: Combat.Implementation, id: string): number {
  return combat.turns.findIndex((t) => t.id === id);
}

async function onStartTurn(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void> {
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
    const index = turnIndexOf(combat, plan.id);
    if (index >= 0) await combat.update({ turn: index });
    return;
  }
  await updateSeats(combat, plan.updates);
  await lapseReactionBonuses(combat, plan.ids);
  const index = turnIndexOf(combat, combatant.id ?? "");
  if (index >= 0 && index !== combat.turn) await combat.update({ turn: index });
}

function rollerOwnsActor(card: CardState): boolean {
  const roller = game.users?.get(card.rollerId);
  if (!roller) return false;
  if (roller.isGM) return true;
  const actor = card.actorUuid ? fromUuidSync<Actor.Implementation>(card.actorUuid) : null;
  return !!actor && typeof actor.testUserPermission === "function" && actor.testUserPermission(roller, "OWNER");
}

/** Prudence and Danger lapse as their actor's next turn starts (GM client: it runs the turn changes). */
async function lapseReactionBonuses(combat: Combat.Implementation, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const actor = combat.combatants.get(id)?.actor;
    const waiting = (actor?.system as { reactions?: T.ReactionBonuses } | undefined)?.reactions;
    if (!actor || !waiting || (!waiting.prudence && !waiting.danger)) continue;
    const update: Record<string, unknown> = { "system.reactions": { ...T.NO_REACTION_BONUSES } };
    await actor.update(update);
  }
}

/** Cards whose content the end of a turn could read (an unreadable one throws again, uncached). */
const readable = contentCache<true>(1000);

/** Cards already logged as unreadable here (once each). */
const unreadable = new Set<string>();

/**
 * Whether the end of a turn can read this card: its data (any author may write it) makes the rules core's reading
 * and the card's rebuild succeed. A card that does not is ignored and logged once, never thrown into the tracker.
 */
function readableAtTurnEnd(message: ChatMessage.Implementation, card: CardState): boolean {
  try {
    // Once per content: every tracker render asks again about the same cards.
    const key = JSON.stringify(card);
    return readable.get(key, () => {
      if (!verifiedData(card)) throw new Error("unverifiable test data");
      markTurnEnd(card);
      return true;
    });
  } catch (error) {
    const id = message.id ?? "";
    if (!unreadable.has(id)) {
      unreadable.add(id);
      console.warn("quintette | trinites: ignored malformed card", id, error);
    }
    return false;
  }
}

/** Whether the message's stored card, unchecked, says it is due: false excludes it, true still needs `readCard`. */
function mayBeDue(message: ChatMessage.Implementation, combatId: string, round: number): boolean {
  try {
    const raw = peekCard(message);
    return !!raw && typeof raw === "object" && dueAtTurnEnd(raw as CardState, combatId, round);
  } catch {
    return false;
  }
}

/** Cards of a combat's turn still to read, from the world's chat log. */
function dueCards(combat: Combat.Stored | Combat.Implementation) {
  const out: { message: ChatMessage.Implementation; card: CardState }[] = [];
  for (const message of game.messages?.contents ?? []) {
    // Most of a long log is not this turn's: a look at the stored flag first spares the strict read (a deep copy).
    if (!mayBeDue(message, combat.id ?? "", combat.round ?? 0)) continue;
    const read = readCard(message);
    // Its targets' answers are the reaction cards, not the card's own list (issue 22).
    const card = read ? withDocumentOpposition(message, read) : null;
    // A card moves dice only if its roller (the message's author) may speak for its actor.
    if (
      card &&
      dueAtTurnEnd(card, combat.id ?? "", combat.round ?? 0) &&
      rollerOwnsActor(card) &&
      readableAtTurnEnd(message, card)
    )
      out.push({ message, card });
  }
  return out;
}

async function onEndTurn(combat: Combat.Implementation): Promise<void> {
  const combatants = combat.combatants.contents;
  const seats = combatants.map((c) => ({ ...seatOf(c), actorUuid: c.actor?.uuid ?? null }));
  const due = dueCards(combat);
  await updateSeats(
    combat,
    turnEndUpdates(
      seats,
      due.map((d) => d.card),
    ),
  );
  for (const { message, card } of due) await writeCard(message, markTurnEnd(card));
}

export interface PlacesTurn {
  id: string;
  name: string;
  img: string;
  score: number | null;
  acting: boolean;
  acted: boolean;
  canShift: boolean;
  canWait: boolean;
  /** Change due at the end of the acting turn (`+3`, `−3`), or null. */
  pending: string | null;
}

export interface PlacesContext {
  places: { id: T.Place; label: string; turns: PlacesTurn[] }[];
  unrolled: PlacesTurn[];
  isGM: boolean;
  round: number;
}

/** The tracker part's context from seats (pure, shared with the gallery). */
export function placesContext(
  seats: readonly (SeatLike & { img: string; owner: boolean })[],
  isGM: boolean,
  round: number,
  pending: ReadonlyMap<string, number> = new Map(),
): PlacesContext {
  const sorted = [...seats].sort(compareSeats);
  const turn = (s: SeatLike & { img: string; owner: boolean }): PlacesTurn => ({
    id: s.id,
    name: s.name,
    img: s.img,
    score: stateOf(s)?.score ?? null,
    acting: s.acting,
    acted: s.acted,
    canShift: isGM,
    canWait: (isGM || s.owner) && s.acting,
    pending: pending.get(s.id) ? signedShift(pending.get(s.id)!) : null,
  });
  const places = (["retrait", "garde", "feu"] as const).map((id) => ({
    id,
    label: `QUINTETTE.Trinites.Place.${id}`,
    turns: sorted.filter((s) => stateOf(s)?.place === id).map(turn),
  }));
  return { places, unrolled: sorted.filter((s) => !stateOf(s)).map(turn), isGM, round };
}

const boundTrackers = new WeakSet<HTMLElement>();

export const WAIT_DIALOG = "systems/quintette/templates/trinites/combat/wait-dialog.hbs";

/** The waiting picker's context: each amount with the score and place it leads to (rules core). */
export function waitDialogContext(state: T.InitiativeState): {
  choices: { by: number; score: number; place: string; selected: boolean }[];
} {
  return {
    choices: T.waitChoices(state).map(({ by, state: s }) => ({
      by,
      score: s.score,
      place: `QUINTETTE.Trinites.Place.${s.place}`,
      selected: by === 1,
    })),
  };
}

/** How much to wait, asked once (one click, any amount); null when the player closes the picker. */
async function askWait(combatant: Combatant.Implementation): Promise<number | null> {
  const state = stateOf(seatOf(combatant));
  if (!state) return null;
  const content = await foundry.applications.handlebars.renderTemplate(WAIT_DIALOG, waitDialogContext(state));
  const answer: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: "QUINTETTE.Trinites.Place.WaitTitle" },
    content,
    ok: {
      label: "QUINTETTE.Trinites.Place.WaitOk",
      callback: (_event: Event, button: HTMLButtonElement) =>
        new foundry.applications.ux.FormDataExtended(button.form!).object,
    },
  });
  const by = Number((answer as { by?: unknown } | null)?.by);
  return Number.isInteger(by) && by >= 1 && by <= T.WAIT_MAX ? by : null;
}

/**
 * The tracker part's shift buttons: ±3 for the GM, waiting (any amount, picked once) for the acting combatant's
 * owner; via the GM, with the score the request was made from.
 */
export async function onShiftClick(button: HTMLElement): Promise<void> {
  const combat = game.combat;
  const id = button.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
  const combatant = combat?.combatants.get(id);
  if (!combat || !combatant) return;
  // The hourglass is waiting for everyone (the GM too, for the NPCs): the turn passes on; ±3 are the GM's corrections.
  if (button.dataset.trinitesWait !== undefined) {
    const by = await askWait(combatant);
    if (by === null) return;
    await requestSeat({ op: "wait", combatId: combat.id ?? "", combatantId: id, delta: -by });
    return;
  }
  const delta = Number(button.dataset.trinitesShift);
  if (!Number.isInteger(delta)) return;
  await requestSeat({ op: "shift", combatId: combat.id ?? "", combatantId: id, delta });
}

function bindTracker(html: HTMLElement): void {
  if (boundTrackers.has(html)) return;
  boundTrackers.add(html);
  html.addEventListener("click", (event) => {
    const target = event.target;
    const button =
      target instanceof Element ? target.closest<HTMLElement>("[data-trinites-shift], [data-trinites-wait]") : null;
    if (!button) return;
    event.preventDefault();
    void onShiftClick(button);
  });
}

/** Tracker clicks and the GM side of seat changes; at init. */
export function registerTrinitesCombat(): void {
  registerRelayHandler(SEAT, handleSeat);
  Hooks.on("renderCombatTracker", (_app, html) => {
    if (html instanceof HTMLElement) bindTracker(html);
  });
}

function signedShift(n: number): string {
  return n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}

export const combatBehaviour: CombatBehaviour = {
  compare: (a, b) => compareSeats(seatOf(a), seatOf(b)),
  async rollInitiative(combatant) {
    const actor = combatant.actor;
    const combat = combatant.combat;
    if (!actor || !combat) return null;
    // The score arrives with the card (at once for a human, at the pick for a Trinité).
    const { rollTest } = await import("./flow.ts");
    await rollTest(actor, { initiative: true, combat: { combatId: combat.id ?? "", combatantId: combatant.id ?? "" } });
    return null;
  },
  async rollInitiativeGroup(combatants) {
    // One dialog for the group (issue 14); each score still arrives with its own card.
    const { rollGroupInitiative } = await import("./flow.ts");
    await rollGroupInitiative(
      combatants.flatMap((c) =>
        c.actor && c.combat
          ? [{ actor: c.actor, combat: { combatId: c.combat.id ?? "", combatantId: c.id ?? "" } }]
          : [],
      ),
    );
  },
  async onEndRound(combat) {
    await offerRegenerations(combat);
  },
  async onStartRound(combat) {
    await updateSeats(combat, roundStartUpdates(seatsOf(combat)));
  },
  onStartTurn: (combat, combatant) => onStartTurn(combat, combatant),
  onEndTurn: (combat) => onEndTurn(combat),
  tracker: {
    parts: { trinites: { template: PLACES_PART } },
    partContext(_partId, combat) {
      const isGM = game.user?.isGM ?? false;
      // Combatants the GM hid stay out of players' columns.
      const seats = shownCombatants(combat?.combatants.contents ?? [], isGM).map((c) => ({
        ...seatOf(c),
        img: c.img ?? "",
        owner: c.isOwner,
        actorUuid: c.actor?.uuid ?? null,
      }));
      const due = combat ? dueCards(combat).map((d) => d.card) : [];
      return { trinites: placesContext(seats, isGM, combat?.round ?? 0, turnEndDeltas(seats, due)) };
    },
  },
};
