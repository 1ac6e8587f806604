/**
 * The Trinités tracker's machine, pure: each combatant's die (score and place: en retrait, en garde, dans le feu de
 * l'action), turn order, round starts, turn plans, shifts with the wrap rules, wound effects, the end-of-turn changes
 * a turn's cards ask for, and the tracker part's context. No Foundry global: the gallery and the tests use it as is.
 */
import { trinites as T } from "../../rules/index.ts";
import type { CardState } from "../chat/types.ts";
import { isDone } from "../chat/card-state.ts";
import { readData, RULESET, TURN_END, turnEndShifts } from "./card.ts";
import { boxesPerLine, damageFromValue } from "./derived.ts";
import { boundName } from "../trust/bound.ts";

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
    name: boundName(c),
    initiative: c.initiative ?? null,
    phase: system.phase ?? "",
    acting: system.marker ?? false,
    acted: system.acted ?? false,
    out: isOutCold(c.actor),
  };
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

export function signedShift(n: number): string {
  return n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}
