/**
 * Trinités combat: the initiative test sets each combatant's score and place; the tracker shows three columns
 * (en retrait, en garde, dans le feu de l'action). Foundry's turn pointer always rests on who acts now: a round
 * starts with the rules core's `beginRound`, a turn is given to `nextToAct` (its die goes back en garde as it starts,
 * ties act together), and the round ends when nobody is left in the fire. Shifts (waiting, pain, ±3) use the wrap
 * rules of `shiftInitiative`.
 */
import { trinites as T } from "../../rules/index.ts";
import type { CombatBehaviour } from "../combat/behaviour.ts";
import type { CardState } from "../chat/types.ts";
import { readData } from "./card.ts";

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
}

/** Start of a round: en garde into the fire, en retrait en garde; nobody has acted yet. */
export function roundStartUpdates(seats: readonly SeatLike[]): SeatUpdate[] {
  const rolled = seats.filter((s) => stateOf(s));
  const next = T.beginRound(rolled.map((s) => stateOf(s)!));
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
  if (!now.length) return { kind: "newRound" };
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

/** Losing consciousness sends the die en retrait (its value kept). */
export function knockOutUpdate(seat: SeatLike): SeatUpdate | null {
  const state = stateOf(seat);
  return state ? { _id: seat.id, "system.phase": T.fallUnconscious(state).place } : null;
}

/** Score and place from a resolved initiative test. */
export function initiativeUpdate(combatantId: string, final: number, surprised: boolean): SeatUpdate {
  const state = T.initialState(final, surprised);
  return { _id: combatantId, initiative: state.score, "system.phase": state.place };
}

/* Foundry wiring --------------------------------------------------------------------------------------------- */

export function seatOf(c: Combatant.Implementation): SeatLike {
  const system = (c.system ?? {}) as { phase?: string; marker?: boolean; acted?: boolean };
  return {
    id: c.id ?? "",
    name: c.name ?? "",
    initiative: c.initiative ?? null,
    phase: system.phase ?? "",
    acting: system.marker ?? false,
    acted: system.acted ?? false,
  };
}

function seatsOf(combat: Combat.Implementation): SeatLike[] {
  return combat.combatants.contents.map(seatOf);
}

async function updateSeats(combat: Combat.Implementation, updates: SeatUpdate[]): Promise<void> {
  if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/** Sets the score and place of an initiative card's combatant (GM's client, once the test is resolved). */
export async function applyInitiativeCard(card: CardState): Promise<void> {
  const data = readData(card);
  const init = data.setup.initiative;
  if (!init || !data.result) return;
  // The world collection types its entries as the base Combat; ours is the configured class.
  const combat = game.combats?.get(init.combatId) as Combat.Implementation | undefined;
  const combatant = combat?.combatants.get(init.combatantId);
  if (!combat || !combatant) return;
  const update = initiativeUpdate(init.combatantId, data.result.final, init.surprised);
  if (combatant.initiative === update.initiative && seatOf(combatant).phase === update["system.phase"]) return;
  await updateSeats(combat, [update]);
}

/** Applies a shift to every combatant of an actor in the active combat (pain, knock-out). GM or owner. */
export async function shiftActorCombatants(
  actor: Actor.Implementation,
  delta: number,
  knockedOut: boolean,
): Promise<void> {
  const combat = game.combat as Combat.Implementation | null;
  if (!combat) return;
  const updates: SeatUpdate[] = [];
  for (const c of combat.combatants) {
    if (c.actor?.id !== actor.id) continue;
    let seat = seatOf(c);
    if (delta) {
      const shifted = shiftUpdate(seat, delta);
      if (shifted) {
        updates.push(shifted);
        seat = {
          ...seat,
          initiative: shifted.initiative ?? seat.initiative,
          phase: shifted["system.phase"] ?? seat.phase,
        };
      }
    }
    if (knockedOut) {
      const out = knockOutUpdate(seat);
      if (out) updates.push(out);
    }
  }
  await updateSeats(combat, updates);
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
  if (plan.kind === "redirect") {
    const index = turnIndexOf(combat, plan.id);
    if (index >= 0) await combat.update({ turn: index });
    return;
  }
  await updateSeats(combat, plan.updates);
  const index = turnIndexOf(combat, combatant.id ?? "");
  if (index >= 0 && index !== combat.turn) await combat.update({ turn: index });
}

async function onEndTurn(combat: Combat.Implementation): Promise<void> {
  const updates: SeatUpdate[] = seatsOf(combat)
    .filter((s) => s.acting)
    .map((s) => ({ _id: s.id, "system.marker": false }));
  await updateSeats(combat, updates);
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
  });
  const places = (["retrait", "garde", "feu"] as const).map((id) => ({
    id,
    label: `QUINTETTE.Trinites.Place.${id}`,
    turns: sorted.filter((s) => stateOf(s)?.place === id).map(turn),
  }));
  return { places, unrolled: sorted.filter((s) => !stateOf(s)).map(turn), isGM, round };
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
  async onStartRound(combat) {
    await updateSeats(combat, roundStartUpdates(seatsOf(combat)));
  },
  onStartTurn: (combat, combatant) => onStartTurn(combat, combatant),
  onEndTurn: (combat) => onEndTurn(combat),
  tracker: {
    parts: { trinites: { template: PLACES_PART } },
    partContext(_partId, combat) {
      const isGM = game.user?.isGM ?? false;
      const seats = (combat?.combatants.contents ?? []).map((c) => ({
        ...seatOf(c),
        img: c.img ?? "",
        owner: c.isOwner,
      }));
      return { trinites: placesContext(seats, isGM, combat?.round ?? 0) };
    },
  },
};
