// The question flow as pure transitions: who may do what, in which state, with sealed bids checked on reveal.
//
// asking ─chooseTraits→ traitsChosen ─openBidding→ bidding ─commit×2→ bothLocked ─reveal×2→ revealed
//   ─resolve→ resolved | tie;  tie ─rebid→ bidding (next round) | ─giveUp→ abandoned;  GM may cancel early, never
//   once a bid of the round is revealed (reading the player's bid then cancelling would dodge a losing reveal).
//   bothLocked ─void→ voided: the GM's way out when the GM's own sealed bid is lost after the player revealed
//   (nothing else can end the question then); recorded as such, no token moves, the reserve is released.
//   bothLocked ─forfeit→ resolved: the player will not reveal their bid; the question fails (docs/rules/jetons.md).
import { oppositionBase, playerBase } from "./base";
import { type BidResolution, resolveBids } from "./bids";
import { assertTokens } from "./checks";
import { type HashFunction, roundQuestionId, verifyCommitment } from "./commitment";
import { escrowBid, type Ledger, returnBid, settleBid } from "./ledger";
import type { Side } from "./tables";

export const QUESTION_STATUSES = [
  "asking",
  "traitsChosen",
  "bidding",
  "bothLocked",
  "revealed",
  "resolved",
  "tie",
  "abandoned",
  "cancelled",
  "voided",
] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
/** Who acts: the player of the character, or the GM. */
export type Actor = Side;

export interface QuestionTrait {
  name: string;
  points: number;
  ticked: boolean;
  struck: boolean;
}

export interface QuestionOutcome extends BidResolution {
  /** The temporary advantage was counted, so it is used up. */
  advantageSpent: boolean;
  /** Success: the table proposes, the GM picks a temporary advantage. */
  advantageGained: boolean;
  /** Failure: the GM may give the character a condition. */
  conditionAllowed: boolean;
  /** The player never revealed their bid: a failure at no cost (forfeit). */
  forfeit?: boolean;
}

export interface QuestionState {
  id: string;
  status: QuestionStatus;
  /** The yes/no question asked by the player. */
  text: string;
  /** 1, then +1 for each rebid after a tie; commitments are bound to the round. */
  round: number;
  traits: readonly QuestionTrait[];
  advantageAvailable: boolean;
  advantageUsed: boolean;
  advantageRefused: boolean;
  conditions: number;
  negativeTraits: number;
  /** Fixed when bidding opens. */
  playerBase: number | null;
  oppositionBase: number | null;
  pivot: number | null;
  /** Published hashes: all anyone sees of a bid before reveal. */
  commitments: Partial<Record<Side, string>>;
  /** Bids opened and checked against their commitments. */
  bids: Partial<Record<Side, number>>;
  /** Hashes of earlier rounds, which may not be reused. */
  pastCommitments: readonly string[];
  outcome: QuestionOutcome | null;
}

export type QuestionEvent =
  | { type: "setText"; text: string }
  | { type: "chooseTraits"; ticked: readonly number[]; useAdvantage: boolean }
  | { type: "strikeTrait"; index: number | null }
  | { type: "refuseAdvantage"; refused: boolean }
  | { type: "setOpposition"; conditions: number; negativeTraits: number }
  | { type: "openBidding" }
  | { type: "commit"; hash: string }
  | { type: "reveal"; bid: number; nonce: string }
  | { type: "resolve" }
  | { type: "rebid" }
  | { type: "giveUp" }
  | { type: "cancel" }
  | { type: "void" }
  | { type: "forfeit" };
export type QuestionEventType = QuestionEvent["type"];

export interface QuestionContext {
  /** Needed to reveal: the hash the commitments were made with. */
  hash?: HashFunction;
  /** Needed for the player's reveal: their current reserve (a bid may not exceed it). */
  playerReserve?: number;
}

/** Which events each actor may send in each state (before checking the event's own data). */
const LEGAL: Record<QuestionStatus, Record<Actor, readonly QuestionEventType[]>> = {
  asking: { joueur: ["setText", "chooseTraits"], mj: ["cancel"] },
  traitsChosen: {
    joueur: ["setText", "chooseTraits"],
    mj: ["strikeTrait", "refuseAdvantage", "setOpposition", "openBidding", "cancel"],
  },
  bidding: { joueur: ["commit"], mj: ["commit", "cancel"] },
  bothLocked: { joueur: ["reveal"], mj: ["reveal", "cancel", "void", "forfeit"] },
  revealed: { joueur: [], mj: ["resolve"] },
  resolved: { joueur: [], mj: [] },
  tie: { joueur: ["rebid", "giveUp"], mj: ["cancel"] },
  abandoned: { joueur: [], mj: [] },
  cancelled: { joueur: [], mj: [] },
  voided: { joueur: [], mj: [] },
};

/**
 * Whether the player's bid of the current round is open: from then on the question can only be played out (the GM
 * must not read it and then back out). The GM's own open bid teaches the GM nothing, so a cancellation stays possible
 * then — the way out when the player's browser lost its sealed bid.
 */
export function playerBidRevealed(state: QuestionState): boolean {
  return state.bids.joueur !== undefined;
}

/**
 * Whether the question is stuck on the GM's side: the player's bid is open, the GM's is not. Only the GM's lost
 * secret keeps it there, so this is when the GM may void it.
 */
export function awaitingGMReveal(state: QuestionState): boolean {
  return state.status === "bothLocked" && playerBidRevealed(state) && state.bids.mj === undefined;
}

/**
 * Event types `actor` may send now; a side that already committed or revealed this round is left out, and so is
 * a cancellation once the player's bid is revealed.
 */
export function legalEvents(state: QuestionState, actor: Actor): QuestionEventType[] {
  return LEGAL[state.status][actor].filter(
    (t) =>
      !(t === "commit" && state.commitments[actor] !== undefined) &&
      !(t === "reveal" && state.bids[actor] !== undefined) &&
      !(t === "cancel" && state.status === "bothLocked" && playerBidRevealed(state)) &&
      !(t === "void" && !awaitingGMReveal(state)) &&
      !(t === "forfeit" && playerBidRevealed(state)),
  );
}

export function isFinished(state: QuestionState): boolean {
  return (
    state.status === "resolved" ||
    state.status === "abandoned" ||
    state.status === "cancelled" ||
    state.status === "voided"
  );
}

export interface StartQuestion {
  id: string;
  traits: readonly { name: string; points: number }[];
  /** The character holds an unused temporary advantage. */
  advantageAvailable: boolean;
  text?: string;
}

export function startQuestion(input: StartQuestion): QuestionState {
  if (!/^[^|\s#]{1,180}$/u.test(input.id))
    throw new RangeError("question id must be 1 to 180 characters without '|', '#' or spaces");
  input.traits.forEach((t, i) => {
    if (t.points !== 1 && t.points !== 2) throw new RangeError(`trait ${i} is worth 1 or 2 points, got ${t.points}`);
  });
  return {
    id: input.id,
    status: "asking",
    text: input.text ?? "",
    round: 1,
    traits: input.traits.map((t) => ({ name: t.name, points: t.points, ticked: false, struck: false })),
    advantageAvailable: input.advantageAvailable,
    advantageUsed: false,
    advantageRefused: false,
    conditions: 0,
    negativeTraits: 0,
    playerBase: null,
    oppositionBase: null,
    pivot: null,
    commitments: {},
    bids: {},
    pastCommitments: [],
    outcome: null,
  };
}

/** The id bids of the current round are committed under (see commitmentString). */
export function commitmentId(state: QuestionState): string {
  return roundQuestionId(state.id, state.round);
}

/** Why `event` by `actor` is refused, or null when it is legal. */
export function transitionError(
  state: QuestionState,
  actor: Actor,
  event: QuestionEvent,
  context: QuestionContext = {},
): string | null {
  if (!LEGAL[state.status][actor].includes(event.type)) {
    return `${actor} may not ${event.type} while the question is ${state.status}`;
  }
  switch (event.type) {
    case "setText":
      return null;
    case "chooseTraits": {
      if (state.text.trim().length === 0) return "ask the yes/no question first";
      const seen = new Set<number>();
      for (const i of event.ticked) {
        if (!Number.isInteger(i) || i < 0 || i >= state.traits.length) return `no trait ${i}`;
        if (seen.has(i)) return `trait ${i} ticked twice`;
        seen.add(i);
      }
      if (event.useAdvantage && !state.advantageAvailable) return "no temporary advantage to use";
      return null;
    }
    case "strikeTrait":
      if (event.index === null) return null;
      if (state.traits[event.index]?.ticked !== true) return `trait ${event.index} is not ticked`;
      return null;
    case "refuseAdvantage":
      return event.refused && !state.advantageUsed ? "the player did not use the advantage" : null;
    case "setOpposition":
      return tokensError(event.conditions, "conditions") ?? tokensError(event.negativeTraits, "negativeTraits");
    case "openBidding":
      return state.text.trim().length === 0 ? "ask the yes/no question first" : null;
    case "cancel":
      return state.status === "bothLocked" && playerBidRevealed(state)
        ? "the question cannot be cancelled once the player's bid is revealed"
        : null;
    case "void":
      return awaitingGMReveal(state) ? null : "a question is voided only while the player's bid waits for the GM's";
    case "forfeit":
      return playerBidRevealed(state) ? "the player's bid is revealed: the question is played out" : null;
    case "resolve":
    case "rebid":
    case "giveUp":
      return null;
    case "commit":
      if (state.commitments[actor] !== undefined) return "this bid is already locked and cannot change";
      if (event.hash.length === 0 || event.hash.length > 512) return "a commitment is a non-empty hash";
      if (
        state.pastCommitments.includes(event.hash.toLowerCase()) ||
        Object.values(state.commitments).includes(event.hash.toLowerCase())
      ) {
        return "this commitment was already used";
      }
      return null;
    case "reveal": {
      const commitment = state.commitments[actor];
      if (commitment === undefined) return "nothing committed to reveal";
      if (state.bids[actor] !== undefined) return "this bid is already revealed";
      if (context.hash === undefined) return "a hash function is needed to check the reveal";
      const opening = { bid: event.bid, nonce: event.nonce, questionId: commitmentId(state), side: actor };
      if (!verifyCommitment(commitment, opening, context.hash)) return "the revealed bid does not match its commitment";
      if (actor === "joueur") {
        if (context.playerReserve === undefined) return "the player's reserve is needed to check the bid";
        const bad = tokensError(context.playerReserve, "playerReserve");
        if (bad !== null) return bad;
        if (event.bid > context.playerReserve)
          return `the bid ${event.bid} exceeds the reserve of ${context.playerReserve}`;
      }
      return null;
    }
  }
}

function tokensError(value: number, name: string): string | null {
  try {
    assertTokens(value, name);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Applies a legal event and returns the next state; throws RangeError with the reason otherwise. */
export function applyQuestionEvent(
  state: QuestionState,
  actor: Actor,
  event: QuestionEvent,
  context: QuestionContext = {},
): QuestionState {
  const error = transitionError(state, actor, event, context);
  if (error !== null) throw new RangeError(error);
  switch (event.type) {
    case "setText":
      return { ...state, text: event.text };
    case "chooseTraits": {
      const traits = state.traits.map((t, i) => {
        const ticked = event.ticked.includes(i);
        return { ...t, ticked, struck: ticked && t.struck };
      });
      return {
        ...state,
        status: "traitsChosen",
        traits,
        advantageUsed: event.useAdvantage,
        advantageRefused: event.useAdvantage && state.advantageRefused,
      };
    }
    case "strikeTrait":
      return { ...state, traits: state.traits.map((t, i) => ({ ...t, struck: i === event.index })) };
    case "refuseAdvantage":
      return { ...state, advantageRefused: event.refused };
    case "setOpposition":
      return { ...state, conditions: event.conditions, negativeTraits: event.negativeTraits };
    case "openBidding": {
      const pb = playerBase({ traits: state.traits, advantageUsed: state.advantageUsed && !state.advantageRefused });
      const ob = oppositionBase({ conditions: state.conditions, negativeTraits: state.negativeTraits });
      return { ...state, status: "bidding", playerBase: pb, oppositionBase: ob, pivot: pb - ob };
    }
    case "commit": {
      const commitments = { ...state.commitments, [actor]: event.hash.toLowerCase() };
      const both = commitments.joueur !== undefined && commitments.mj !== undefined;
      return { ...state, commitments, status: both ? "bothLocked" : "bidding" };
    }
    case "reveal": {
      const bids = { ...state.bids, [actor]: event.bid };
      const both = bids.joueur !== undefined && bids.mj !== undefined;
      return { ...state, bids, status: both ? "revealed" : "bothLocked" };
    }
    case "resolve": {
      const r = resolveBids({
        playerBase: state.playerBase ?? 0,
        oppositionBase: state.oppositionBase ?? 0,
        playerBid: state.bids.joueur ?? 0,
        gmBid: state.bids.mj ?? 0,
      });
      const decided = r.winner !== "egalite";
      const outcome: QuestionOutcome = {
        ...r,
        advantageSpent: decided && state.advantageUsed && !state.advantageRefused,
        advantageGained: r.winner === "joueur",
        conditionAllowed: r.winner === "mj",
      };
      return { ...state, status: decided ? "resolved" : "tie", outcome };
    }
    case "rebid":
      return {
        ...state,
        status: "bidding",
        round: state.round + 1,
        pastCommitments: [...state.pastCommitments, ...Object.values(state.commitments)],
        commitments: {},
        bids: {},
        outcome: null,
      };
    case "giveUp":
      return { ...state, status: "abandoned" };
    case "cancel":
      return { ...state, status: "cancelled" };
    case "void":
      return { ...state, status: "voided" };
    case "forfeit": {
      // A failure that moves no token (the bid was never opened), spends a counted advantage, allows a condition.
      const pivotValue = (state.playerBase ?? 0) - (state.oppositionBase ?? 0);
      const outcome: QuestionOutcome = {
        winner: "mj",
        playerTotal: Math.max(0, pivotValue),
        gmTotal: Math.max(0, -pivotValue),
        toCollective: 0,
        returnedToPlayer: 0,
        pivot: pivotValue,
        mayRebid: false,
        advantageSpent: state.advantageUsed && !state.advantageRefused,
        advantageGained: false,
        conditionAllowed: true,
        forfeit: true,
      };
      return { ...state, status: "resolved", outcome };
    }
  }
}

/**
 * Moves the player's tokens for a resolved question or a tie (escrowed and paid out at once, so the ledger
 * stays conserved). Call once per resolve; a tie leaves the reserve as it was.
 */
export function settleQuestion(ledger: Ledger, playerId: string, state: QuestionState): Ledger {
  if (state.outcome === null || (state.status !== "resolved" && state.status !== "tie")) {
    throw new RangeError(`question ${state.id} has no outcome to settle (${state.status})`);
  }
  const key = commitmentId(state);
  const held = escrowBid(ledger, key, playerId, state.bids.joueur ?? 0);
  return state.outcome.winner === "egalite" ? returnBid(held, key) : settleBid(held, key, state.outcome);
}
