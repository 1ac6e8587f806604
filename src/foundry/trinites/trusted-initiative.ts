/**
 * The initiative a card sets, as the GM's client computes it (issue 25): the roller's own dice and pick, read by the
 * rules core, with everything else taken from the documents or bounded by the dialog's choices; never the score,
 * difficulty or result the card states. Rapidité comes from the combatant's actor, the number of dice from its type,
 * the difficulty must be a condition plus a related-skill penalty, the modifier stays within the dialog's range.
 */
import { trinites as T } from "../../rules/index.ts";
import type { CardState, JsonObject } from "../chat/types.ts";
import { readData, verifiedData, type TestData } from "./card.ts";

/** What the GM reads of the combatant's actor (its data model has these fields). */
export interface InitiativeActor {
  uuid: string | null;
  type: string;
  system: unknown;
}

/** The actor's Rapidité score as its own derived data gives it, or null for an actor of another rule set. */
function rapiditeOf(actor: InitiativeActor): number | null {
  if (actor.type !== "trinite" && actor.type !== "humain") return null;
  const derived = (actor.system as { derived?: { skills?: Record<string, { score?: unknown }> } }).derived;
  const score = derived?.skills?.rapidite?.score;
  return typeof score === "number" && Number.isInteger(score) ? score : null;
}

/**
 * The card's data with the setup rebuilt from the actor and bounded, then verified from the dice; null when the card
 * is not an initiative test of this actor or cannot be read so.
 */
export function trustedInitiativeData(card: CardState, actor: InitiativeActor): TestData | null {
  const setup = readData(card).setup;
  if (!setup?.initiative || !actor.uuid || card.actorUuid !== actor.uuid) return null;
  const score = rapiditeOf(actor);
  if (score === null || typeof setup.difficulty !== "number" || !T.isInitiativeDifficulty(setup.difficulty))
    return null;
  const modifier = Math.trunc(Number(setup.modifier)) || 0;
  const trinite = actor.type === "trinite";
  const trusted = {
    ...setup,
    skill: "rapidite",
    trinite,
    adamKarma: trinite ? setup.adamKarma : "aucun",
    score,
    freeActions: 1,
    previousFailures: 0,
    modifier: Math.max(-T.MODIFIER_MAX, Math.min(T.MODIFIER_MAX, modifier)),
  };
  const data = { ...readData(card), setup: trusted, ...(trinite ? {} : { pick: "deva" }) };
  return verifiedData({ ...card, data: JSON.parse(JSON.stringify(data)) as JsonObject });
}
