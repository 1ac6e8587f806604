/**
 * Both sealed bids opened together by the active GM's client (issue 22, attack 4). Once both are locked, the
 * player's client sends its opening (bid and nonce) by query to the active GM only (`User#query`: Foundry delivers
 * it to that user and no other; of that GM's pages, only the serving one takes it). A query names no sender, but an
 * opening that hashes to the commitment on the GM-authored card can only come from whoever sealed it. The GM's client
 * keeps it in memory and, holding its own sealed bid, writes both openings in one card update: no one reads one bid
 * before the other is fixed and open, and no side's reveal lands first. Without the GM's sealed bid (lost), the
 * player's bid is opened alone and the card offers the GM to void the question; a player who never sends theirs
 * forfeits (the GM's "forfeit" button).
 */
import { jetons as J } from "../../rules/index.ts";
import { requestCardAction } from "../chat/actions.ts";
import { readCard } from "../chat/flags.ts";
import type { RelayResult } from "../relay/index.ts";
import { isServingSession } from "../relay/session.ts";
import { writtenByGM } from "../chat/author.ts";
import { QUESTION_ACTION, readQuestionData } from "./question-data.ts";
import { forgetSecret, loadSecret } from "./secrets.ts";

export const OPEN_BID = "quintette.jetons.openBid";

export interface BidOpeningData {
  [key: string]: string | number;
  messageId: string;
  round: number;
  bid: number;
  nonce: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- merging into the type package's namespace
  namespace CONFIG {
    interface Queries {
      "quintette.jetons.openBid": (data: BidOpeningData) => Promise<RelayResult>;
    }
  }
}

/** Players' openings the GM's client holds until it reveals them, by card and round (bounded). */
const held = new Map<string, { bid: number; nonce: string }>();
const HELD_MAX = 200;
const heldKey = (messageId: string, round: number) => `${messageId}#${round}`;

function questionOf(messageId: string) {
  const message = game.messages?.get(messageId);
  const data = message ? readQuestionData(readCard(message)) : null;
  return message && data && writtenByGM(message) ? data.question : null;
}

/**
 * On the active GM's client: opens both bids of the card in one write (the player's held opening and the GM's own
 * sealed bid), or the player's alone when the GM's sealed bid is lost. Runs locally: nothing leaves this browser.
 */
export async function revealTogether(messageId: string): Promise<RelayResult> {
  const user = game.user;
  if (!user || !game.users?.activeGM?.isSelf) return { status: "denied", reason: "QUINTETTE.Relay.NotGM" };
  const q = questionOf(messageId);
  if (!q || q.status !== "bothLocked") return { status: "already", reason: "QUINTETTE.Jetons.Error.NotBidding" };
  const player = held.get(heldKey(messageId, q.round));
  if (!player) return { status: "invalid", reason: "QUINTETTE.Jetons.Error.AwaitingPlayer" };
  const sealed = loadSecret(user.id, messageId, q.round, "mj");
  const mine = sealed && sealed.hash === q.commitments.mj ? sealed : null;
  const result = await requestCardAction(messageId, QUESTION_ACTION, {
    event: "revealBoth",
    side: "mj",
    round: q.round,
    playerBid: player.bid,
    playerNonce: player.nonce,
    bid: mine?.bid ?? null,
    nonce: mine?.nonce ?? null,
  });
  if (result.status === "applied" || result.status === "already") {
    held.delete(heldKey(messageId, q.round));
    if (mine) forgetSecret(user.id, messageId, q.round, "mj");
  }
  return result;
}

/** The query's handler on the active GM's client: a player's opening, checked against the card's commitment. */
export async function handleOpenBid(data: unknown): Promise<RelayResult> {
  // The serving page only (relay/session.ts): another page of the GM would reveal from what it holds (without the
  // GM's sealed bid if it was sealed on the other page). Foundry does not say which of a user's pages gets a query.
  if (!isServingSession()) return { status: "denied", reason: "QUINTETTE.Relay.NotServing" };
  const d = (data ?? {}) as Record<string, unknown>;
  const { messageId, round, bid, nonce } = d;
  if (
    typeof messageId !== "string" ||
    typeof round !== "number" ||
    typeof bid !== "number" ||
    typeof nonce !== "string"
  )
    return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  const q = questionOf(messageId);
  if (!q || q.status !== "bothLocked" || q.round !== round || q.commitments.joueur === null)
    return { status: "already", reason: "QUINTETTE.Jetons.Error.NotBidding" };
  const opening = { bid, nonce, questionId: J.roundQuestionId(q.id, q.round), side: "joueur" as const };
  if (!J.verifyCommitment(q.commitments.joueur, opening, J.sha256Hex))
    return { status: "invalid", reason: "QUINTETTE.Jetons.Error.Reveal" };
  if (held.size >= HELD_MAX) held.delete(held.keys().next().value ?? "");
  held.set(heldKey(messageId, round), { bid, nonce });
  return revealTogether(messageId);
}

/** The player's opening goes to the active GM only: by query, or at once on the GM's own client. */
export async function sendOpening(opening: BidOpeningData): Promise<RelayResult> {
  const gm = game.users?.activeGM;
  if (!gm) return { status: "noGM", reason: "QUINTETTE.Relay.NoGM" };
  if (gm.isSelf) return handleOpenBid(opening);
  try {
    return await gm.query(OPEN_BID, opening, { timeout: 10_000 });
  } catch {
    return { status: "error", reason: "QUINTETTE.Relay.Failed" };
  }
}

export function registerBidQuery(): void {
  const queries = CONFIG.queries as unknown as Record<string, (data: unknown) => Promise<RelayResult>>;
  queries[OPEN_BID] = (data) => handleOpenBid(data);
}
