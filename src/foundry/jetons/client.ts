/**
 * The bidder's client: asking a question, sealing a bid (the nonce is made here with crypto.getRandomValues and only
 * the hash leaves), sending the player's opening to the active GM once both bids are locked (automatically, or from
 * the card's button; reveal.ts opens both together), and the card's forms. Everything that changes the card goes to
 * the GM's client through the shared card-action relay.
 */
import { jetons as J } from "../../rules/index.ts";
import { requestCardAction } from "../chat/actions.ts";
import { readCard } from "../chat/flags.ts";
import type { JsonPrimitive } from "../chat/types.ts";
import { notifyRelayResult, type RelayResult } from "../relay/index.ts";
import { askQuestionOf } from "./actions.ts";
import { archetypeData } from "./models.ts";
import { QUESTION_ACTION, readQuestionData, RECORD_ACTION, type QuestionCardData } from "./question-data.ts";
import { sidesOf } from "./rights.ts";
import { forgetSecret, loadLockSeen, loadSecret, makeNonce, saveLockSeen, saveSecret } from "./secrets.ts";
import { revealTogether, sendOpening } from "./reveal.ts";

const invalid = (reason: string): RelayResult => {
  ui.notifications?.warn(game.i18n?.localize(reason) ?? reason);
  return { status: "invalid", reason };
};

/**
 * A new question card for the character. The active GM's client creates it (through the relay), so the GM is the
 * message's author and no player can rewrite its flags; the character stays the speaker. Without a connected GM the
 * question is refused at once (the GM takes part in every question anyway).
 */
export async function askQuestion(actor: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  if (!archetypeData(actor) || !game.user) return undefined;
  if (!game.users?.activeGM) {
    invalid("QUINTETTE.Jetons.Error.AskNeedsGM");
    return undefined;
  }
  const result = await askQuestionOf(actor);
  return result.status === "applied" && result.id ? game.messages?.get(result.id) : undefined;
}

interface Loaded {
  message: ChatMessage.Implementation;
  data: QuestionCardData;
  revision: number;
  actor: Actor.Implementation | null;
}

async function load(messageId: string): Promise<Loaded | null> {
  const message = game.messages?.get(messageId);
  const card = message ? readCard(message) : null;
  const data = readQuestionData(card);
  if (!message || !card || !data) return null;
  const actor = card.actorUuid ? await fromUuid<Actor.Implementation>(card.actorUuid) : null;
  return { message, data, revision: card.revision, actor };
}

/** Sends one card event for `side`, stamped with the round and the revision the form was filled on. */
export async function sendQuestionEvent(
  messageId: string,
  side: J.Side,
  args: Record<string, JsonPrimitive>,
): Promise<RelayResult> {
  const loaded = await load(messageId);
  if (!loaded) return invalid("QUINTETTE.Card.Missing");
  return requestCardAction(messageId, QUESTION_ACTION, {
    ...args,
    side,
    round: loaded.data.question.round,
    rev: loaded.revision,
  });
}

/**
 * Seals a bid: checks it locally (a whole number; the player's within their reserve, which stays frozen until the
 * reveal), keeps bid and nonce on this client, and sends only the hash.
 */
export async function sealBid(messageId: string, side: J.Side, bid: number): Promise<RelayResult> {
  const loaded = await load(messageId);
  const user = game.user;
  if (!loaded || !user) return invalid("QUINTETTE.Card.Missing");
  const q = loaded.data.question;
  if (!sidesOf(user, loaded.actor).includes(side)) return invalid("QUINTETTE.Jetons.Error.NotYourSide");
  if (q.status !== "bidding" || q.commitments[side] !== null) return invalid("QUINTETTE.Jetons.Error.NotBidding");
  if (!Number.isSafeInteger(bid) || bid < 0) return invalid("QUINTETTE.Jetons.Error.BadBid");
  const system = archetypeData(loaded.actor);
  if (side === "joueur") {
    if (!system) return invalid("QUINTETTE.Card.TargetMissing");
    if (bid > system.tokens) return invalid("QUINTETTE.Jetons.Error.OverReserve");
    if (system.bidLock !== "" && system.bidLock !== messageId) return invalid("QUINTETTE.Jetons.Error.OtherLock");
  }
  const nonce = makeNonce();
  const questionId = J.roundQuestionId(q.id, q.round);
  const hash = J.commitBid({ bid, nonce, questionId, side }, J.sha256Hex);
  saveSecret(user.id, { messageId, round: q.round, side, bid, nonce, hash });
  return requestCardAction(messageId, QUESTION_ACTION, {
    event: "commit",
    side,
    hash,
    round: q.round,
    rev: loaded.revision,
  });
}

/**
 * Opens this client's sealed bid for `side` once both are locked. The player's opening goes to the active GM only
 * (reveal.ts), who opens both bids together; the GM's side asks its own client to do so when it holds the player's.
 */
export async function revealBid(messageId: string, side: J.Side): Promise<RelayResult> {
  const loaded = await load(messageId);
  const user = game.user;
  if (!loaded || !user) return invalid("QUINTETTE.Card.Missing");
  const q = loaded.data.question;
  if (lockChanged(user.id, messageId, q)) return tampered();
  if (side === "mj") return notify(await revealTogether(messageId));
  const sealed = loadSecret(user.id, messageId, q.round, side);
  if (!sealed || sealed.hash !== q.commitments[side]) return invalid("QUINTETTE.Jetons.Error.NoSecret");
  const result = await sendOpening({ messageId, round: q.round, bid: sealed.bid, nonce: sealed.nonce });
  if (result.status === "applied" || result.status === "already") forgetSecret(user.id, messageId, q.round, side);
  return notify(result);
}

function notify(result: RelayResult): RelayResult {
  notifyRelayResult(result);
  return result;
}

const tampered = (): RelayResult => {
  const reason = "QUINTETTE.Jetons.Error.Tampered";
  ui.notifications?.error(game.i18n?.localize(reason) ?? reason);
  return { status: "invalid", reason };
};

type StoredQuestion = QuestionCardData["question"];

/**
 * On a bidder's (player's) client, when both bids are locked: remembers the two commitments as they are now (the GM
 * owns the card and could rewrite it later). Only the first sight of a round counts. Returns whether it recorded.
 */
export function noteLock(userId: string, messageId: string, q: StoredQuestion): boolean {
  const { joueur, mj } = q.commitments;
  if (q.status !== "bothLocked" || joueur === null || mj === null) return false;
  if (loadLockSeen(userId, messageId, q.round)) return false;
  saveLockSeen(userId, messageId, q.round, { joueur, mj });
  return true;
}

/** Whether a commitment on the card differs from what this client saw when both bids were locked. */
export function lockChanged(userId: string, messageId: string, q: StoredQuestion): boolean {
  const seen = loadLockSeen(userId, messageId, q.round);
  return !!seen && (seen.joueur !== q.commitments.joueur || seen.mj !== q.commitments.mj);
}

/** Whether this client saw the card's commitments change after the lock (the card then shows a warning here). */
export function commitmentTampered(message: ChatMessage.Implementation): boolean {
  const data = readQuestionData(readCard(message));
  const user = game.user;
  return !!data && !!user && !!message.id && lockChanged(user.id, message.id, data.question);
}

/** The player's client records the lock when it holds this round's sealed player bid. */
function noteLockIfBidder(userId: string, messageId: string, q: StoredQuestion): void {
  const sealed = loadSecret(userId, messageId, q.round, "joueur");
  if (sealed && sealed.hash === q.commitments.joueur) noteLock(userId, messageId, q);
}

const revealing = new Set<string>();

/**
 * Reveals this client's bids on a card where both are locked. Called on every update and render of a card, so a
 * reveal happens as soon as the second bid is sealed, and after a reload too. Returns the sides revealed.
 */
export async function autoReveal(message: ChatMessage.Implementation): Promise<J.Side[]> {
  const data = readQuestionData(readCard(message));
  const user = game.user;
  const id = message.id;
  if (!data || !user || !id || data.question.status !== "bothLocked") return [];
  const q = data.question;
  noteLockIfBidder(user.id, id, q);
  // A changed commitment: reveal nothing (the card shows the warning on this client).
  if (lockChanged(user.id, id, q)) return [];
  const done: J.Side[] = [];
  // Only the player's side sends an opening; the GM's client opens its own bid when the player's arrives.
  for (const side of ["joueur"] as const) {
    if (q.bids[side] !== null) continue;
    const sealed = loadSecret(user.id, id, q.round, side);
    if (!sealed || sealed.hash !== q.commitments[side]) continue;
    const key = `${id}.${q.round}.${side}.${user.id}`;
    if (revealing.has(key)) continue;
    revealing.add(key);
    try {
      const result = await revealBid(id, side);
      if (result.status === "applied") done.push(side);
    } finally {
      revealing.delete(key);
    }
  }
  return done;
}

export function recordOutcome(
  messageId: string,
  what: "advantage" | "condition",
  label: string,
  permanent = false,
): Promise<RelayResult> {
  return requestCardAction(messageId, RECORD_ACTION, { what, label, permanent });
}

/* The card's forms ------------------------------------------------------------------------------------------------ */

/** Reads the card's inputs by name (a function so the logic is tested without a DOM). */
export interface FormReader {
  value(name: string): string;
  checked(name: string): boolean;
  /** Values of the checked boxes named `name`. */
  checkedValues(name: string): string[];
}

/** The arguments a card button sends, from its form: null when the button is not one of the question's. */
export function formArgs(action: string, form: FormReader): Record<string, JsonPrimitive> | null {
  switch (action) {
    case "ask":
      return {
        event: "ask",
        text: form.value("text"),
        traits: form.checkedValues("trait").join(","),
        useAdvantage: form.checked("useAdvantage"),
      };
    case "oppose":
      return {
        event: "oppose",
        strike: form.value("strike") === "" ? null : Number(form.value("strike")),
        refuseAdvantage: form.checked("refuseAdvantage"),
        conditions: form.checkedValues("condition").join(","),
        weakness: form.checked("weakness"),
        extraConditions: Number(form.value("extraConditions") || 0),
        extraNegative: Number(form.value("extraNegative") || 0),
      };
    case "rebid":
    case "giveUp":
    case "cancel":
    case "void":
    case "forfeit":
      return { event: action };
    default:
      return null;
  }
}

function domReader(root: HTMLElement): FormReader {
  const inputs = (name: string) => [...root.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)];
  return {
    value: (name) => {
      const el = root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
      if (el instanceof HTMLInputElement && el.type === "radio")
        return inputs(name).find((i) => i.checked)?.value ?? "";
      return el?.value ?? "";
    },
    checked: (name) => inputs(name).some((i) => i.checked),
    checkedValues: (name) =>
      inputs(name)
        .filter((i) => i.checked)
        .map((i) => i.value),
  };
}

function isSideValue(value: string | undefined): value is J.Side {
  return value === "joueur" || value === "mj";
}

/** Click on a `[data-jetons-action]` control of a question card. */
export async function onQuestionClick(messageId: string, event: Event): Promise<unknown> {
  const target = event.target;
  if (!target || !("closest" in target)) return null;
  const button = (target as Element).closest<HTMLElement>("[data-jetons-action]");
  const root = button?.closest<HTMLElement>(".jetons-question");
  const action = button?.dataset.jetonsAction;
  const side = button?.dataset.jetonsSide;
  if (!button || !root || !action || !isSideValue(side) || button.dataset.busy) return null;
  event.preventDefault();
  event.stopPropagation();
  button.dataset.busy = "1";
  try {
    const form = domReader(button.closest<HTMLElement>("[data-jetons-form]") ?? root);
    if (action === "seal") return await sealBid(messageId, side, Number(form.value("bid")));
    if (action === "reveal") return await revealBid(messageId, side);
    if (action === "recordAdvantage") return await recordOutcome(messageId, "advantage", form.value("advantage"));
    if (action === "recordCondition") {
      return await recordOutcome(messageId, "condition", form.value("condition"), form.checked("permanent"));
    }
    const args = formArgs(action, form);
    return args ? await sendQuestionEvent(messageId, side, args) : null;
  } finally {
    delete button.dataset.busy;
  }
}

/** CSS classes on the message that show each viewer their own side's controls (the GM's client checks rights). */
export function viewerClasses(sides: readonly J.Side[]): string[] {
  return ["jetons-message", ...sides.map((s) => `jetons-viewer-${s}`)];
}

/** `renderChatMessageHTML` for question cards: viewer classes, the forms' listener, and a pending reveal. */
export function onRenderQuestion(message: ChatMessage.Implementation, html: HTMLElement): void {
  const card = readCard(message);
  const data = readQuestionData(card);
  const user = game.user;
  const id = message.id;
  if (!card || !data || !user || !id) return;
  const actor = card.actorUuid ? fromUuidSync<Actor.Implementation>(card.actorUuid) : null;
  const sides = actor instanceof Actor ? sidesOf(user, actor) : user.isGM ? (["mj"] as J.Side[]) : [];
  html.classList.add(...viewerClasses(sides));
  if (commitmentTampered(message)) showTamperWarning(html);
  html.addEventListener("click", (event) => void onQuestionClick(id, event));
  void autoReveal(message);
}

/** A warning above the card, on this client only: the GM-side record changed after both bids were locked. */
function showTamperWarning(html: HTMLElement): void {
  html.classList.add("jetons-tampered");
  const content = html.querySelector(".message-content");
  if (!content || typeof document === "undefined") return;
  const p = document.createElement("p");
  p.className = "jetons-tamper-warning";
  p.setAttribute("role", "alert");
  p.textContent = game.i18n?.localize("QUINTETTE.Jetons.Error.Tampered") ?? "";
  content.before(p);
}

const warned = new Set<string>();

/**
 * `updateChatMessage`: the second seal arrives on every client; the ones holding a bid reveal it. A commitment
 * that changed since the lock is reported once per card and round.
 */
export function onUpdateQuestion(message: ChatMessage.Implementation): void {
  const data = readQuestionData(readCard(message));
  const key = `${message.id ?? ""}.${data?.question.round ?? 0}`;
  if (commitmentTampered(message) && !warned.has(key)) {
    warned.add(key);
    tampered();
  }
  void autoReveal(message);
}
