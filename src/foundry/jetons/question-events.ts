/**
 * The composite events the question card's forms send, pure: parsed and bounded from a card action's arguments,
 * each side's events, their idempotence token, and their application through the rules core's transitions.
 */
import { jetons as J } from "../../rules/index.ts";
import { QUESTION_ACTION, fromStored, toStored, type QuestionCardData } from "./question-data.ts";

type Side = J.Side;

/* Events the card's forms send -------------------------------------------------------------------------------- */

export type CardEvent =
  | { event: "ask"; text: string; traits: number[]; useAdvantage: boolean }
  | {
      event: "oppose";
      strike: number | null;
      refuseAdvantage: boolean;
      conditions: number[];
      weakness: boolean;
      extraConditions: number;
      extraNegative: number;
    }
  | { event: "commit"; hash: string }
  | { event: "reveal"; bid: number; nonce: string }
  | { event: "rebid" }
  | { event: "giveUp" }
  | { event: "cancel" }
  | { event: "void" }
  | { event: "forfeit" }
  /**
   * The GM's client opens both bids in one write: the player's opening (sent to the GM only) and its own. Without
   * the GM's (its sealed bid lost), the player's alone, and the card then offers the GM to void the question.
   */
  | { event: "revealBoth"; playerBid: number; playerNonce: string; bid: number | null; nonce: string | null };
export type CardEventName = CardEvent["event"];

/** Which side sends each event. */
export const EVENT_SIDES: Record<CardEventName, readonly Side[]> = {
  ask: ["joueur"],
  oppose: ["mj"],
  commit: ["joueur", "mj"],
  reveal: ["joueur", "mj"],
  rebid: ["joueur"],
  giveUp: ["joueur"],
  cancel: ["mj"],
  void: ["mj"],
  forfeit: ["mj"],
  revealBoth: ["mj"],
};

export const MAX_QUESTION_LENGTH = 300;
const MAX_EXTRA = 20;

/** Parses "0,2,3" (button arguments are primitives only) into distinct indices; null when malformed. */
export function parseIndices(raw: unknown): number[] | null {
  if (raw === "" || raw === null || raw === undefined) return [];
  if (typeof raw === "number") return Number.isInteger(raw) && raw >= 0 ? [raw] : null;
  if (typeof raw !== "string") return null;
  const out: number[] = [];
  for (const part of raw.split(",")) {
    const n = Number(part.trim());
    if (!Number.isInteger(n) || n < 0 || out.includes(n)) return null;
    out.push(n);
  }
  return out;
}

function count(raw: unknown): number | null {
  const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= MAX_EXTRA ? n : null;
}

/** Card-action arguments → a typed event; a string naming what is wrong otherwise. */
export function parseCardEvent(args: Record<string, unknown>): CardEvent | string {
  switch (args.event) {
    case "ask": {
      const traits = parseIndices(args.traits);
      if (typeof args.text !== "string" || args.text.length > MAX_QUESTION_LENGTH) return "bad question text";
      if (!traits) return "bad traits";
      return { event: "ask", text: args.text, traits, useAdvantage: args.useAdvantage === true };
    }
    case "oppose": {
      const conditions = parseIndices(args.conditions);
      const extraConditions = count(args.extraConditions ?? 0);
      const extraNegative = count(args.extraNegative ?? 0);
      const strike =
        args.strike === null || args.strike === undefined || args.strike === "" ? null : Number(args.strike);
      if (!conditions || extraConditions === null || extraNegative === null) return "bad opposition";
      if (strike !== null && (!Number.isInteger(strike) || strike < 0)) return "bad strike";
      return {
        event: "oppose",
        strike,
        refuseAdvantage: args.refuseAdvantage === true,
        conditions,
        weakness: args.weakness === true,
        extraConditions,
        extraNegative,
      };
    }
    case "commit":
      return typeof args.hash === "string" && /^[0-9a-f]{64}$/u.test(args.hash)
        ? { event: "commit", hash: args.hash }
        : "a commitment is a SHA-256 hex digest";
    case "reveal":
      return typeof args.bid === "number" && typeof args.nonce === "string"
        ? { event: "reveal", bid: args.bid, nonce: args.nonce }
        : "bad reveal";
    case "revealBoth": {
      const gm = args.bid === null || args.bid === undefined ? null : args.bid;
      if (typeof args.playerBid !== "number" || typeof args.playerNonce !== "string") return "bad reveal";
      if (gm !== null && (typeof gm !== "number" || typeof args.nonce !== "string")) return "bad reveal";
      return {
        event: "revealBoth",
        playerBid: args.playerBid,
        playerNonce: args.playerNonce,
        bid: gm,
        nonce: gm === null ? null : String(args.nonce),
      };
    }
    case "rebid":
    case "giveUp":
    case "cancel":
    case "void":
    case "forfeit":
      return { event: args.event };
    default:
      return "unknown event";
  }
}

/** Idempotence token: a retried request changes nothing; a new request is a new token. */
export function eventToken(args: Record<string, unknown>): string {
  const round = String(args.round ?? "");
  switch (args.event) {
    case "commit":
    case "reveal":
      return `${QUESTION_ACTION}:${String(args.event)}:${String(args.side)}:${round}`;
    case "rebid":
      return `${QUESTION_ACTION}:rebid:${round}`;
    case "revealBoth":
      return `${QUESTION_ACTION}:reveal:${round}`;
    case "giveUp":
    case "cancel":
    case "void":
    case "forfeit":
      return `${QUESTION_ACTION}:end`;
    default:
      return `${QUESTION_ACTION}:${String(args.event)}:${String(args.rev ?? "")}`;
  }
}

export interface EventContext {
  hash: J.HashFunction;
  /** The player's reserve now (checked on the player's reveal). */
  playerReserve: number;
}

/**
 * Applies a card event for `side` through the rules core (which refuses anything out of turn, any change to a
 * locked bid and any reveal that does not match its commitment). A reveal that completes both bids resolves the
 * question at once. Throws RangeError with the reason.
 */
export function applyCardEvent(
  data: QuestionCardData,
  side: Side,
  event: CardEvent,
  ctx: EventContext,
): QuestionCardData {
  if (!EVENT_SIDES[event.event].includes(side)) throw new RangeError(`${side} may not ${event.event}`);
  let state = fromStored(data.question);
  const next = { ...data };
  const apply = (e: J.QuestionEvent) => {
    state = J.applyQuestionEvent(state, side, e, { hash: ctx.hash, playerReserve: ctx.playerReserve });
  };
  switch (event.event) {
    case "ask":
      apply({ type: "setText", text: event.text.trim() });
      apply({ type: "chooseTraits", ticked: event.traits, useAdvantage: event.useAdvantage });
      break;
    case "oppose": {
      if (event.conditions.some((i) => i >= data.conditions.length)) throw new RangeError("no such condition");
      if (event.weakness && data.weakness.name.trim() === "") throw new RangeError("no weakness on the sheet");
      apply({ type: "strikeTrait", index: event.strike });
      if (state.advantageUsed) apply({ type: "refuseAdvantage", refused: event.refuseAdvantage });
      const conditions = event.conditions.length + event.extraConditions;
      const negativeTraits = (event.weakness ? 1 : 0) + event.extraNegative;
      apply({ type: "setOpposition", conditions, negativeTraits });
      apply({ type: "openBidding" });
      next.conditions = data.conditions.map((c, i) => ({ ...c, ticked: event.conditions.includes(i) }));
      next.weakness = { ...data.weakness, ticked: event.weakness };
      next.extraConditions = event.extraConditions;
      next.extraNegative = event.extraNegative;
      break;
    }
    case "commit":
      apply({ type: "commit", hash: event.hash });
      break;
    case "reveal":
      apply({ type: "reveal", bid: event.bid, nonce: event.nonce });
      // The GM referees the resolution; with both bids open there is nothing left to decide, so it follows at once.
      if (state.status === "revealed") state = J.applyQuestionEvent(state, "mj", { type: "resolve" });
      break;
    case "rebid":
      apply({ type: "rebid" });
      next.movement = null;
      break;
    case "giveUp":
      apply({ type: "giveUp" });
      break;
    case "cancel":
      apply({ type: "cancel" });
      break;
    case "void":
      apply({ type: "void" });
      break;
    case "forfeit":
      apply({ type: "forfeit" });
      break;
    case "revealBoth": {
      // Both sides' openings applied by the GM's client in one card write: nobody reads one bid before the other.
      const reveal = (who: Side, bid: number, nonce: string) => {
        state = J.applyQuestionEvent(state, who, { type: "reveal", bid, nonce }, ctx);
      };
      reveal("joueur", event.playerBid, event.playerNonce);
      if (event.bid !== null && event.nonce !== null) reveal("mj", event.bid, event.nonce);
      if (state.status === "revealed") state = J.applyQuestionEvent(state, "mj", { type: "resolve" });
      break;
    }
  }
  next.question = toStored(state);
  return next;
}
