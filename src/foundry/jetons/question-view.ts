/** The question card's template context for one reader, pure (the gallery fixtures call it too). */
import { jetons as J } from "../../rules/index.ts";
import { SIDES, fromStored, type QuestionCardData, type QuestionView } from "./question-data.ts";

type Side = J.Side;

export function questionView(data: QuestionCardData, playerReserve: number | null): QuestionView {
  const q = data.question;
  // What each side may do comes from the rules core's transition table, so the buttons and the executor agree.
  const state = fromStored(q);
  const may = (side: Side, event: J.QuestionEventType) => J.legalEvents(state, side).includes(event);
  const is = Object.fromEntries(J.QUESTION_STATUSES.map((s) => [s, s === q.status])) as Record<
    J.QuestionStatus,
    boolean
  >;
  const open = q.status === "resolved" || q.status === "tie" || q.status === "revealed";
  const cancelledAfterPlayerReveal = q.status === "cancelled" && q.bids.joueur !== null && q.bids.mj === null;
  const total = (side: Side): number | null => {
    if (!q.outcome) return null;
    return side === "joueur" ? q.outcome.playerTotal : q.outcome.gmTotal;
  };
  const bases =
    q.playerBase !== null && q.oppositionBase !== null && q.pivot !== null
      ? {
          player: q.playerBase,
          opposition: q.oppositionBase,
          pivot: q.pivot,
          pivotText: q.pivot > 0 ? `+${q.pivot}` : q.pivot < 0 ? `\u2212${-q.pivot}` : "0",
          pivotAbs: Math.abs(q.pivot),
          side: J.pivotSide(q.pivot),
        }
      : null;
  return {
    status: q.status,
    statusKey: `QUINTETTE.Jetons.Status.${q.status}`,
    text: q.text,
    round: q.round,
    is,
    editable: {
      ask: q.status === "asking" || q.status === "traitsChosen",
      oppose: q.status === "traitsChosen",
    },
    traits: q.traits.map((t, index) => ({
      index,
      ...t,
      css: [t.ticked ? "ticked" : "", t.struck ? "struck" : ""].filter(Boolean).join(" "),
    })),
    hasTraits: q.traits.length > 0,
    tickedList: q.traits
      .map((t, i) => (t.ticked ? i : -1))
      .filter((i) => i >= 0)
      .join(","),
    advantage: {
      available: q.advantageAvailable,
      used: q.advantageUsed,
      refused: q.advantageRefused,
      label: data.advantageLabel,
      counted: q.advantageUsed && !q.advantageRefused,
    },
    conditions: data.conditions.map((c, index) => ({ index, ...c })),
    weakness: { ...data.weakness, present: data.weakness.name.trim() !== "" },
    extraConditions: data.extraConditions,
    extraNegative: data.extraNegative,
    bases,
    sides: SIDES.map((side) => ({
      side,
      label: `QUINTETTE.Jetons.Side.${side}`,
      sealed: q.commitments[side] !== null,
      revealed: q.bids[side] !== null,
      bid: open || cancelledAfterPlayerReveal ? q.bids[side] : null,
      canBid: may(side, "commit"),
      canReveal: may(side, "reveal"),
      total: open ? total(side) : null,
    })),
    showBids: open || cancelledAfterPlayerReveal,
    // No undefined value in the view (it is stored as JSON): an outcome read back may carry `forfeit: undefined`.
    outcome: q.outcome
      ? { ...q.outcome, forfeit: q.outcome.forfeit === true, winnerKey: `QUINTETTE.Jetons.Winner.${q.outcome.winner}` }
      : null,
    movement: data.movement,
    cancelledAfterPlayerReveal,
    offer: {
      advantage: q.status === "resolved" && q.outcome?.advantageGained === true,
      condition: q.status === "resolved" && q.outcome?.conditionAllowed === true,
    },
    recorded: data.recorded,
    canRebid: may("joueur", "rebid"),
    canCancel: may("mj", "cancel"),
    canVoid: may("mj", "void"),
    canForfeit: may("mj", "forfeit"),
    playerMax: playerReserve,
  };
}
