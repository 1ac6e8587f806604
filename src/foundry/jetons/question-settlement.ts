/**
 * What a question's transition changes outside the card, pure: the player's commit freezes their reserve, the
 * resolution settles the bid through the ledger and ends the advantages of the action (issue 25), an end without
 * resolution releases the reserve.
 */
import { jetons as J } from "../../rules/index.ts";
import { fromStored, type Movement, type QuestionCardData } from "./question-data.ts";

/* Token movements and actor changes -------------------------------------------------------------------------- */

export interface ActorTokens {
  id: string;
  tokens: number;
  bidLock: string;
  advantage: { active: boolean; label: string };
  /** The advantages bought for automatic actions (a resolved question is the next action: they lapse). */
  purchases?: readonly J.Purchase[];
}

export interface Settlement {
  /** Flat update of the character (system paths); empty when nothing changes. */
  actorChanges: Record<string, unknown>;
  /** New collective reserve, or null when it does not change. */
  collective: number | null;
  movement: Movement | null;
}

/**
 * What a transition changes outside the card: the player's commit freezes their reserve; the resolution settles
 * the bid through the ledger (escrow and pay-out together, so no token is made or lost) and spends the advantage;
 * an end without resolution releases the reserve.
 */
export function settlementOf(
  before: QuestionCardData,
  after: QuestionCardData,
  actor: ActorTokens,
  collective: number,
  messageId: string,
): Settlement {
  const a = after.question;
  const b = before.question;
  const actorChanges: Record<string, unknown> = {};
  let collectiveAfter: number | null = null;
  let movement: Movement | null = null;
  if (a.commitments.joueur !== null && b.commitments.joueur === null) {
    if (actor.bidLock !== "" && actor.bidLock !== messageId) {
      throw new RangeError("another sealed bid already freezes this reserve");
    }
    actorChanges["system.bidLock"] = messageId;
  }
  const settled = (a.status === "resolved" || a.status === "tie") && a.status !== b.status;
  if (settled) {
    const ledger = J.createLedger({ [actor.id]: actor.tokens }, collective);
    const out = J.settleQuestion(ledger, actor.id, fromStored(a));
    const tokens = J.reserveOf(out, actor.id);
    if (tokens !== actor.tokens) actorChanges["system.tokens"] = tokens;
    if (out.collective !== collective) collectiveAfter = out.collective;
    const o = a.outcome;
    movement = {
      bid: a.bids.joueur ?? 0,
      toCollective: o?.toCollective ?? 0,
      returnedToPlayer: o?.returnedToPlayer ?? 0,
      reserveAfter: tokens,
      collectiveAfter: out.collective,
    };
    // A counted advantage is spent; one held when the question was asked lapses with this action, counted or not
    // (issue 25: it serves the character's next action only), and so do the advantages bought before it.
    if (o?.advantageSpent || (actor.advantage.active && J.advantageLapses(a.status, a.advantageAvailable))) {
      actorChanges["system.advantage.active"] = false;
      actorChanges["system.advantage.label"] = "";
    }
    if (a.status === "resolved" && actor.purchases && J.purchaseInEffect(actor.purchases)) {
      actorChanges["system.purchases"] = J.lapsePurchases(actor.purchases);
    }
  }
  const ended = settled || a.status === "abandoned" || a.status === "cancelled" || a.status === "voided";
  if (ended && actor.bidLock === messageId) actorChanges["system.bidLock"] = "";
  return { actorChanges, collective: collectiveAfter, movement };
}
