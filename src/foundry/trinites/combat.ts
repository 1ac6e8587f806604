/**
 * Trinités combat: the initiative test sets each combatant's score and place; the tracker shows three columns
 * (en retrait, en garde, dans le feu de l'action). Foundry's turn pointer always rests on who acts now: a round
 * starts with the rules core's `beginRound`, a turn is given to `nextToAct` (its die goes back en garde as it starts,
 * ties act together), and the round ends when nobody is left in the fire. Shifts (waiting, pain, ±3) use the wrap
 * rules of `shiftInitiative`; the changes a turn's tests ask for (Accélération, Ralentissement, Encourager,
 * Intimider) are applied as that turn ends. A player's changes (waiting, pain from a wound they wrote) go to the GM
 * through the shared relay, since only a GM may move a combatant's place. The machine itself is `seats.ts`, the GM's
 * turn writes `turns.ts`, the relayed changes `seat-relay.ts`; this file wires them to Foundry's combat and tracker.
 */
import { shownCombatants } from "../combat/visibility.ts";
import type { CombatBehaviour } from "../combat/behaviour.ts";
import type { CardState } from "../chat/types.ts";
import { peekCard, readCard, writeCard } from "../chat/flags.ts";
import { contentCache } from "../memo.ts";
import { registerRelayHandler } from "../relay/index.ts";
import { markTurnEnd, verifiedData } from "./card.ts";
import { withDocumentOpposition } from "./confrontation.ts";
import { offerRegenerations } from "./regeneration.ts";
import {
  dueAtTurnEnd,
  compareSeats,
  placesContext,
  PLACES_PART,
  roundStartUpdates,
  seatOf,
  stateOf,
  turnEndDeltas,
  turnEndUpdates,
  WAIT_DIALOG,
  waitDialogContext,
} from "./seats.ts";
import { handleSeat, requestSeat, SEAT } from "./seat-relay.ts";
import { onStartTurn, seatsOf, updateSeats } from "./turns.ts";
import { trinites as T } from "../../rules/index.ts";
import { rollGroupInitiative, rollTest } from "./flow.ts";

export * from "./seats.ts";
export { checkedWoundUpdate, handleSeat, requestSeat, SEAT, woundActorCombatants } from "./seat-relay.ts";
export { turnIndexOf } from "./turns.ts";

function rollerOwnsActor(card: CardState): boolean {
  const roller = game.users?.get(card.rollerId);
  if (!roller) return false;
  if (roller.isGM) return true;
  const actor = card.actorUuid ? fromUuidSync<Actor.Implementation>(card.actorUuid) : null;
  return !!actor && typeof actor.testUserPermission === "function" && actor.testUserPermission(roller, "OWNER");
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

const boundTrackers = new WeakSet<HTMLElement>();

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

export const combatBehaviour: CombatBehaviour = {
  compare: (a, b) => compareSeats(seatOf(a), seatOf(b)),
  async rollInitiative(combatant) {
    const actor = combatant.actor;
    const combat = combatant.combat;
    if (!actor || !combat) return null;
    // The score arrives with the card (at once for a human, at the pick for a Trinité).
    await rollTest(actor, { initiative: true, combat: { combatId: combat.id ?? "", combatantId: combatant.id ?? "" } });
    return null;
  },
  async rollInitiativeGroup(combatants) {
    // One dialog for the group (issue 14); each score still arrives with its own card.
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
