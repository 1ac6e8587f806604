/**
 * The question card, pure: its state on the message (the rules core's QuestionState in a form Foundry's object
 * merge cannot corrupt), the composite events the card's forms send, the token and actor changes each transition
 * brings, and the template context. No Foundry global here: tests, the gallery and the GM's client share it.
 */
import { jetons as J } from "../../rules/index.ts";
import type { CardState, JsonObject, Label, OutcomeTone } from "../chat/types.ts";
import { createCardState } from "../chat/card-state.ts";

export const RULESET = "jetons";
export const QUESTION_KIND = "question";
export const QUESTION_ACTION = "jetons.question";
export const RECORD_ACTION = "jetons.record";
export const QUESTION_BODY = "systems/quintette/templates/jetons/question.hbs";

type Side = J.Side;
const SIDES: readonly Side[] = J.SIDES;

/** Foundry merges stored objects on update, so a key can never be dropped: both sides are always present. */
export type SideRecord<T> = { joueur: T | null; mj: T | null };

export type StoredOutcome = {
  winner: J.Winner;
  playerTotal: number;
  gmTotal: number;
  toCollective: number;
  returnedToPlayer: number;
  pivot: number;
  mayRebid: boolean;
  advantageSpent: boolean;
  advantageGained: boolean;
  conditionAllowed: boolean;
  /** The player never revealed: a failure at no cost (docs/rules/jetons.md). */
  forfeit?: boolean;
};

export type StoredQuestion = {
  id: string;
  status: J.QuestionStatus;
  text: string;
  round: number;
  traits: { name: string; points: number; ticked: boolean; struck: boolean }[];
  advantageAvailable: boolean;
  advantageUsed: boolean;
  advantageRefused: boolean;
  conditions: number;
  negativeTraits: number;
  playerBase: number | null;
  oppositionBase: number | null;
  pivot: number | null;
  commitments: SideRecord<string>;
  bids: SideRecord<number>;
  pastCommitments: string[];
  outcome: StoredOutcome | null;
};

/** Token movements of the last settlement, for the card. */
export type Movement = {
  bid: number;
  toCollective: number;
  returnedToPlayer: number;
  reserveAfter: number;
  collectiveAfter: number;
};

export type QuestionCardData = {
  question: StoredQuestion;
  /** Conditions on the sheet when the question was asked; the GM ticks those in play. */
  conditions: { name: string; permanent: boolean; ticked: boolean }[];
  weakness: { name: string; ticked: boolean };
  /** Conditions and negative traits of the scene that are not on the sheet. */
  extraConditions: number;
  extraNegative: number;
  advantageLabel: string;
  movement: Movement | null;
  /** What the GM wrote on the sheet after the outcome. */
  recorded: { advantage: string | null; condition: string | null };
  /** What the template shows, derived on every write (viewer-independent: each client's CSS shows its side). */
  view?: QuestionView;
};

export function toStored(state: J.QuestionState): StoredQuestion {
  const side = <T>(r: Partial<Record<Side, T>>): SideRecord<T> => ({ joueur: r.joueur ?? null, mj: r.mj ?? null });
  return {
    id: state.id,
    status: state.status,
    text: state.text,
    round: state.round,
    traits: state.traits.map((t) => ({ name: t.name, points: t.points, ticked: t.ticked, struck: t.struck })),
    advantageAvailable: state.advantageAvailable,
    advantageUsed: state.advantageUsed,
    advantageRefused: state.advantageRefused,
    conditions: state.conditions,
    negativeTraits: state.negativeTraits,
    playerBase: state.playerBase,
    oppositionBase: state.oppositionBase,
    pivot: state.pivot,
    commitments: side(state.commitments),
    bids: side(state.bids),
    pastCommitments: [...state.pastCommitments],
    outcome: state.outcome ? { ...state.outcome } : null,
  };
}

export function fromStored(stored: StoredQuestion): J.QuestionState {
  const side = <T>(r: SideRecord<T>): Partial<Record<Side, T>> => {
    const out: Partial<Record<Side, T>> = {};
    for (const s of SIDES) {
      const v = r[s];
      if (v !== null && v !== undefined) out[s] = v;
    }
    return out;
  };
  return {
    ...stored,
    traits: stored.traits.map((t) => ({ ...t })),
    commitments: side(stored.commitments),
    bids: side(stored.bids),
    pastCommitments: [...stored.pastCommitments],
    outcome: stored.outcome ? { ...stored.outcome } : null,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The question data of a card, or null when the card is not a Jetons question (or is damaged). */
export function readQuestionData(card: CardState | null): QuestionCardData | null {
  if (!card || card.ruleset !== RULESET || card.kind !== QUESTION_KIND) return null;
  const data: unknown = card.data;
  if (!isObject(data) || !isObject(data.question)) return null;
  const q = data.question;
  if (
    typeof q.id !== "string" ||
    typeof q.status !== "string" ||
    !(J.QUESTION_STATUSES as readonly string[]).includes(q.status) ||
    !Array.isArray(q.traits) ||
    !isObject(q.commitments) ||
    !isObject(q.bids) ||
    !Array.isArray(data.conditions) ||
    !isObject(data.weakness)
  ) {
    return null;
  }
  return structuredClone(data) as QuestionCardData; // shape checked above; written only by this module
}

export interface QuestionActorFacts {
  uuid: string;
  name: string;
  img: string | null;
  traits: readonly { name: string; points: number }[];
  weakness: string;
  conditions: readonly { name: string; permanent: boolean }[];
  advantage: { active: boolean; label: string };
  tokens: number;
}

/** A new card in the `asking` state, posted by the player (the roller). */
export function newQuestionCard(actor: QuestionActorFacts, rollerId: string, questionId: string): CardState {
  const state = J.startQuestion({
    id: questionId,
    traits: actor.traits.filter((t) => t.points === 1 || t.points === 2),
    advantageAvailable: actor.advantage.active,
  });
  const data: QuestionCardData = {
    question: toStored(state),
    conditions: actor.conditions.map((c) => ({ name: c.name, permanent: c.permanent, ticked: c.permanent })),
    weakness: { name: actor.weakness, ticked: false },
    extraConditions: 0,
    extraNegative: 0,
    advantageLabel: actor.advantage.active ? actor.advantage.label : "",
    movement: null,
    recorded: { advantage: null, condition: null },
  };
  return withQuestion(
    createCardState({
      ruleset: RULESET,
      kind: QUESTION_KIND,
      rollerId,
      title: { key: "QUINTETTE.Jetons.Card.Title" },
      actorUuid: actor.uuid,
      actorName: actor.name,
      img: actor.img,
      body: QUESTION_BODY,
    }),
    data,
    actor.tokens,
  );
}

const OUTCOME: Record<J.Winner, { key: string; tone: OutcomeTone }> = {
  joueur: { key: "QUINTETTE.Jetons.Outcome.Success", tone: "success" },
  mj: { key: "QUINTETTE.Jetons.Outcome.Failure", tone: "failure" },
  egalite: { key: "QUINTETTE.Jetons.Outcome.Tie", tone: "neutral" },
};

/** The card with new question data; subtitle and outcome banner follow the status. */
export function withQuestion(card: CardState, data: QuestionCardData, playerReserve: number | null = null): CardState {
  const q = data.question;
  const subtitle: Label = { key: `QUINTETTE.Jetons.Status.${q.status}` };
  let outcome: CardState["outcome"] = null;
  if (q.outcome && (q.status === "resolved" || q.status === "tie")) {
    const o = OUTCOME[q.outcome.winner];
    outcome = {
      label: { key: o.key },
      tone: o.tone,
      detail: { key: "QUINTETTE.Jetons.Outcome.Totals", value: q.outcome.playerTotal, target: q.outcome.gmTotal },
    };
  } else if (q.status === "cancelled" || q.status === "abandoned" || q.status === "voided") {
    outcome = { label: { key: `QUINTETTE.Jetons.Status.${q.status}` }, tone: "neutral", detail: null };
  }
  const { view: _old, ...rest } = data;
  const json: JsonObject = { ...rest, view: questionView(rest, playerReserve) };
  return { ...card, subtitle, outcome, data: json };
}

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

/* Template context ------------------------------------------------------------------------------------------- */

export type QuestionView = {
  status: J.QuestionStatus;
  statusKey: string;
  text: string;
  round: number;
  is: Record<J.QuestionStatus, boolean>;
  editable: { ask: boolean; oppose: boolean };
  traits: { index: number; name: string; points: number; ticked: boolean; struck: boolean; css: string }[];
  hasTraits: boolean;
  tickedList: string;
  advantage: { available: boolean; used: boolean; refused: boolean; label: string; counted: boolean };
  conditions: { index: number; name: string; permanent: boolean; ticked: boolean }[];
  weakness: { name: string; ticked: boolean; present: boolean };
  extraConditions: number;
  extraNegative: number;
  bases: {
    player: number;
    opposition: number;
    pivot: number;
    pivotText: string;
    pivotAbs: number;
    side: J.PivotSide;
  } | null;
  sides: {
    side: Side;
    label: string;
    sealed: boolean;
    revealed: boolean;
    bid: number | null;
    canBid: boolean;
    canReveal: boolean;
    total: number | null;
  }[];
  /** Bids are shown only once both are open (or after the GM cancelled past the player's reveal). */
  showBids: boolean;
  outcome: (StoredOutcome & { winnerKey: string }) | null;
  movement: Movement | null;
  cancelledAfterPlayerReveal: boolean;
  offer: { advantage: boolean; condition: boolean };
  recorded: QuestionCardData["recorded"];
  canRebid: boolean;
  canCancel: boolean;
  /** The GM may void the question: the player's bid is open and the GM's sealed bid is lost. */
  canVoid: boolean;
  /** The GM may end the question as the player's forfeit: both bids locked, the player's never revealed. */
  canForfeit: boolean;
  /** Largest bid the player may seal: their reserve when the card was last written. */
  playerMax: number | null;
};

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
