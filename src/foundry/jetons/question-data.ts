/**
 * The question card's state on the message, pure: the rules core's QuestionState in a form Foundry's object merge
 * cannot corrupt (both sides always present), and its strict reader. No Foundry global here.
 */
import { jetons as J } from "../../rules/index.ts";
import type { CardState } from "../chat/types.ts";

export const RULESET = "jetons";
export const QUESTION_KIND = "question";
export const QUESTION_ACTION = "jetons.question";
export const RECORD_ACTION = "jetons.record";
export const QUESTION_BODY = "systems/quintette/templates/jetons/question.hbs";

type Side = J.Side;
export const SIDES: readonly Side[] = J.SIDES;

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

/** The template context stored with the card (question-view.ts builds it). */
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
