/**
 * A Trinités confrontation as the documents give it (issue 22): the answers to a test card are the reaction cards
 * themselves, each its roller's own dice, read by the rules core; never the `opposition` list written on the tested
 * card, which its author may rewrite. Who won each direct confrontation is computed again from the two verified
 * results. What the GM's client acts on (damage, influence, end-of-turn shifts) reads the card through here.
 */
import { trinites as T } from "../../rules/index.ts";
import { userOwnsUuid } from "../chat/actions.ts";
import { authorIdOf } from "../chat/author.ts";
import { peekCard, readCard } from "../chat/flags.ts";
import type { CardState, JsonValue } from "../chat/types.ts";
import { RULESET, readData, verifiedData, type OppositionEntry, type TestData } from "./card.ts";

/** One character's answer to a card: the reaction message that counts and its verified side (null while pending). */
export interface Answer {
  key: string;
  name: string;
  messageId: string;
  side: { final: number; success: boolean } | null;
}

/**
 * Each character reacts once to an action (RULES.md): for each answered target, the first reaction card posted whose
 * author answers for that target (its owner, or a GM), resolved or still pending its pick. Later reactions of the
 * same character to the same card are ignored.
 */
export function answersTo(messageId: string): Map<string, Answer> {
  const byKey = new Map<string, Answer>();
  if (!messageId) return byKey;
  // The chat log in posting order: the first answer found for a target is the one that counts.
  for (const message of game.messages?.contents ?? []) {
    // A look at the stored state first: only the reactions to this card get the strict read (a deep copy each).
    if (!answersMessage(peekCard(message), messageId)) continue;
    const reaction = readCard(message);
    if (!reaction || reaction.ruleset !== RULESET) continue;
    const opposes = readData(reaction).setup?.opposes;
    if (!opposes || opposes.messageId !== messageId || typeof opposes.key !== "string") continue;
    if (byKey.has(opposes.key)) continue;
    const author = game.users?.get(authorIdOf(message) ?? "");
    if (!author || !userOwnsUuid(author, opposes.key)) continue;
    const result = verifiedData(reaction)?.result ?? null;
    byKey.set(opposes.key, {
      key: opposes.key,
      name: reaction.actorName,
      messageId: message.id ?? "",
      side: result ? { final: result.final, success: result.success } : null,
    });
  }
  return byKey;
}

/** The targets of the card of `messageId` whose declared reaction still awaits its pick: their damage waits. */
export function pendingAnswers(messageId: string): Set<string> {
  return new Set([...answersTo(messageId).values()].filter((a) => !a.side).map((a) => a.key));
}

/**
 * The answers to the card of `messageId` (one per character, `answersTo`) that are resolved, and who wins against
 * the card's own verified result.
 */
export function documentOpposition(messageId: string, card: CardState): OppositionEntry[] {
  const own = verifiedData(card)?.result;
  if (!own || !messageId) return [];
  const out: OppositionEntry[] = [];
  for (const answer of answersTo(messageId).values()) {
    if (!answer.side) continue;
    const winner = T.confront(
      { final: own.final, success: own.success },
      { final: answer.side.final, success: answer.side.success },
      { preventer: "b" },
    );
    out.push({ key: answer.key, name: answer.name, messageId: answer.messageId, ...answer.side, winner });
  }
  return out;
}

/** Whether a stored state, unchecked, says it answers the card of `messageId` (false skips it; true is read strictly). */
function answersMessage(raw: unknown, messageId: string): boolean {
  const data = raw && typeof raw === "object" ? (raw as { data?: unknown }).data : undefined;
  const setup = data && typeof data === "object" ? (data as { setup?: unknown }).setup : undefined;
  const opposes = setup && typeof setup === "object" ? (setup as { opposes?: unknown }).opposes : undefined;
  return !!opposes && typeof opposes === "object" && (opposes as { messageId?: unknown }).messageId === messageId;
}

/** The card with its confrontation read from the reaction cards (its own `opposition` list ignored). */
export function withDocumentOpposition(message: ChatMessage.Implementation, card: CardState): CardState {
  const opposition = documentOpposition(message.id ?? "", card) as unknown as JsonValue;
  return { ...card, data: { ...card.data, opposition } };
}

/** The card's data as the GM's client acts on it: verified dice and pick, confrontation from the documents. */
export function trustedTestData(message: ChatMessage.Implementation, card: CardState): TestData | null {
  return verifiedData(withDocumentOpposition(message, card));
}
