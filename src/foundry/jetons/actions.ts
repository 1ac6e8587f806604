/**
 * What the GM's client applies for Jetons: the question card's events (card action `jetons.question`), recording
 * the outcome on the sheet (`jetons.record`), and the token moves a player cannot write (buying an advantage puts a
 * token in the world's collective reserve) or that only the GM makes (handing tokens back).
 */
import { jetons as J } from "../../rules/index.ts";
import type { CardAction, CardActionContext, CardActionOutcome } from "../chat/actions.ts";
import { createCardState } from "../chat/card-state.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import type { JsonObject } from "../chat/types.ts";
import { notifyRelayResult, registerRelayHandler, relayToGM, type RelayResult } from "../relay/index.ts";
import { archetypeData } from "./models.ts";
import { recordPurchaseOn } from "./purchases.ts";
import { newQuestionCard, withQuestion } from "./question-card.ts";
import { QUESTION_ACTION, readQuestionData, RECORD_ACTION, RULESET } from "./question-data.ts";
import { applyCardEvent, eventToken, parseCardEvent } from "./question-events.ts";
import { settlementOf } from "./question-settlement.ts";
import { writtenByGM } from "../chat/author.ts";
import { mayActAs } from "./rights.ts";
import { registerBidQuery } from "./reveal.ts";

import { makeNonce } from "./secrets.ts";
import { collectiveTokens } from "./settings.ts";
import { onLedger } from "./ledger-queue.ts";
import { commitMove, reserveOf } from "./ledger.ts";

export const BUY_ADVANTAGE_KIND = "jetons.buyAdvantage";
export const ASK_KIND = "jetons.ask";
export const MAX_LABEL_LENGTH = 120;

const refused = (reason: string): CardActionOutcome => ({ status: "invalid", reason });

function isSide(value: unknown): value is J.Side {
  return value === "joueur" || value === "mj";
}

async function questionActor(ctx: CardActionContext): Promise<Actor.Implementation | null> {
  const uuid = ctx.card.actorUuid;
  if (!uuid) return null;
  const actor = await fromUuid<Actor.Implementation>(uuid);
  return actor && archetypeData(actor) ? actor : null;
}

/** The question card's events, checked by the rules core and applied on the GM's client. */
export const questionAction: CardAction = {
  name: QUESTION_ACTION,
  audience: "anyone",
  token: (args) => eventToken(args),
  async execute(ctx) {
    const data = readQuestionData(ctx.card);
    if (!data) return refused("QUINTETTE.Card.Missing");
    // Only the GM's client posts a question card: one a player created holds flags that player may rewrite.
    if (!writtenByGM(ctx.message)) return { status: "denied", reason: "QUINTETTE.Jetons.Error.NotGMCard" };
    const side = ctx.args.side;
    if (!isSide(side)) return refused("QUINTETTE.Jetons.Error.Refused");
    const actor = await questionActor(ctx);
    const system = archetypeData(actor);
    if (!actor || !system) return refused("QUINTETTE.Card.TargetMissing");
    if (!mayActAs(ctx.requester, side, actor))
      return { status: "denied", reason: "QUINTETTE.Jetons.Error.NotYourSide" };
    const event = parseCardEvent(ctx.args);
    if (typeof event === "string") return refused("QUINTETTE.Jetons.Error.Refused");
    // A bid is opened only with the other, by the active GM's client (reveal.ts): never one side alone by request.
    if (event.event === "reveal") return refused("QUINTETTE.Jetons.Error.Reveal");
    if (event.event === "revealBoth" && !(ctx.requester.isGM && game.users?.activeGM?.id === ctx.requester.id))
      return { status: "denied", reason: "QUINTETTE.Relay.NotGM" };
    // A form filled on an older version of the card would undo what happened since: ask to look again.
    if ((event.event === "ask" || event.event === "oppose") && ctx.args.rev !== ctx.card.revision) {
      return refused("QUINTETTE.Jetons.Error.Stale");
    }
    // Tokens and the lock as the GM's ledger counts them (ledger.ts), never as the actor's copy says.
    const reserve = reserveOf(actor);
    if (!reserve) return refused("QUINTETTE.Card.TargetMissing");
    if (event.event === "commit" && side === "joueur" && reserve.bidLock !== "" && reserve.bidLock !== ctx.message.id) {
      return refused("QUINTETTE.Jetons.Error.OtherLock");
    }
    try {
      const after = applyCardEvent(data, side, event, { hash: J.sha256Hex, playerReserve: reserve.tokens });
      const settlement = settlementOf(
        data,
        after,
        {
          id: actor.id ?? "",
          tokens: reserve.tokens,
          bidLock: reserve.bidLock,
          advantage: system.advantage,
          purchases: system.purchases ?? [],
        },
        collectiveTokens(),
        ctx.message.id ?? "",
      );
      const changes = settlement.actorChanges;
      const tokens = typeof changes["system.tokens"] === "number" ? changes["system.tokens"] : reserve.tokens;
      const card = withQuestion(ctx.card, { ...after, movement: settlement.movement ?? after.movement }, tokens);
      if (!Object.keys(changes).length && settlement.collective === null) return { status: "applied", card };
      // The GM's own writes, in the ledger queue: the ledger entry, the world's reserve (moved by the settlement's
      // difference, applied to its value when the queue gets there), then the character's copy. Not effect records
      // on the character: its owner could plant one to make the GM's client skip the settlement (issue 22). The
      // card, written only by a GM, says the transition happened; the rules core refuses it a second time.
      const delta = settlement.collective === null ? 0 : settlement.collective - collectiveTokens();
      const { "system.tokens": _t, "system.bidLock": lock, ...extra } = changes;
      const afterWrites = (): Promise<void> =>
        onLedger(async () => {
          const now = reserveOf(actor) ?? reserve;
          const entry = {
            tokens: now.tokens + (tokens - reserve.tokens),
            bidLock: typeof lock === "string" ? lock : now.bidLock,
          };
          await commitMove(actor, entry, delta ? collectiveTokens() + delta : null, extra);
        });
      return { status: "applied", card, afterWrites };
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      console.warn("quintette | jetons: event refused", ctx.args.event, error.message);
      return refused(event.event === "revealBoth" ? "QUINTETTE.Jetons.Error.Reveal" : "QUINTETTE.Jetons.Error.Refused");
    }
  },
};

/**
 * The GM's own write on the character, not an effect record there: its owner could plant a record to make the GM's
 * client skip a condition meant for them (issue 22). The GM-authored card's done list makes it happen once.
 */
const gmWrite = (actor: Actor.Implementation, changes: Record<string, unknown>) => async (): Promise<void> => {
  await actor.update(changes as Actor.UpdateData);
};

/** The GM records the outcome on the sheet: the advantage won, or the condition given. */
export const recordAction: CardAction = {
  name: RECORD_ACTION,
  audience: "gm",
  token: (args) => `${RECORD_ACTION}:${String(args.what)}`,
  async execute(ctx) {
    const data = readQuestionData(ctx.card);
    const actor = await questionActor(ctx);
    const system = archetypeData(actor);
    if (!data || !actor || !system) return refused("QUINTETTE.Card.Missing");
    if (!writtenByGM(ctx.message)) return { status: "denied", reason: "QUINTETTE.Jetons.Error.NotGMCard" };
    const label = typeof ctx.args.label === "string" ? ctx.args.label.trim() : "";
    if (!label || label.length > MAX_LABEL_LENGTH) return refused("QUINTETTE.Jetons.Error.LabelNeeded");
    const outcome = data.question.outcome;
    const what = ctx.args.what;
    if (data.question.status !== "resolved" || !outcome) return refused("QUINTETTE.Jetons.Error.Refused");
    if (what === "advantage" && outcome.advantageGained) {
      const card = withQuestion(ctx.card, { ...data, recorded: { ...data.recorded, advantage: label } }, system.tokens);
      const changes = { "system.advantage.active": true, "system.advantage.label": label };
      return { status: "applied", card, afterWrites: gmWrite(actor, changes) };
    }
    if (what === "condition" && outcome.conditionAllowed) {
      const permanent = ctx.args.permanent === true;
      const card = withQuestion(ctx.card, { ...data, recorded: { ...data.recorded, condition: label } }, system.tokens);
      const conditions = [...system.conditions.map((c) => ({ ...c })), { name: label, permanent }];
      return { status: "applied", card, afterWrites: gmWrite(actor, { "system.conditions": conditions }) };
    }
    return refused("QUINTETTE.Jetons.Error.Refused");
  },
};

/* Token moves outside questions --------------------------------------------------------------------------------- */

/**
 * Requests already served, by requester and request id (a relay retry after a timeout must not buy twice). The
 * requester is part of the key: request ids are visible on every User document, and another player sending one
 * first must not make the GM take this player's request for served.
 */
const served: string[] = [];
const SERVED_MAX = 200;
const servedKey = (requester: User.Implementation, requestId: string) => `${requester.id ?? ""}:${requestId}`;

async function notice(actor: Actor.Implementation, key: string, value: number): Promise<void> {
  const state = createCardState({
    ruleset: RULESET,
    kind: "tokens",
    rollerId: game.user?.id ?? "",
    title: { key, name: actor.name, value },
    actorUuid: actor.uuid,
    actorName: actor.name,
    img: actor.img ?? null,
    subtitle: { key: "QUINTETTE.Jetons.Reserve.Now", value: collectiveTokens() },
  });
  // The character speaks (Foundry's default speaker is whatever token the user has selected).
  await postCard(state, { visibility: "public", speaker: speakerFor(actor) });
}

/**
 * GM side of asking a question: the GM's client builds the card from the character as stored (not from what the
 * player sends) and creates the message, so the GM is its author; the character speaks, the player is the roller.
 */
export async function applyAskQuestion(payload: JsonObject, requester: User.Implementation): Promise<RelayResult> {
  const { actorUuid } = payload;
  if (typeof actorUuid !== "string" || typeof payload.requestId !== "string") return { status: "invalid" };
  const requestId = servedKey(requester, payload.requestId);
  if (served.includes(requestId)) return { status: "already", reason: "QUINTETTE.Relay.Already" };
  const actor = await fromUuid<Actor.Implementation>(actorUuid);
  const system = archetypeData(actor);
  if (!actor || !system) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
  if (!requester.isGM && !actor.testUserPermission(requester, "OWNER")) {
    return { status: "denied", reason: "QUINTETTE.Card.NotOwner" };
  }
  served.push(requestId);
  if (served.length > SERVED_MAX) served.shift();
  const card = newQuestionCard(
    {
      uuid: actor.uuid ?? "",
      name: actor.name,
      img: actor.img ?? null,
      traits: system.traits,
      weakness: system.weakness,
      conditions: system.conditions,
      advantage: system.advantage,
      tokens: reserveOf(actor)?.tokens ?? system.tokens,
    },
    requester.id ?? "",
    foundry.utils.randomID(16),
  );
  const message = await postCard(card, { visibility: "public", speaker: speakerFor(actor) });
  return message?.id ? { status: "applied", id: message.id } : { status: "error", reason: "QUINTETTE.Relay.Failed" };
}

/** Asks the active GM's client to open a question card for the character. */
export function askQuestionOf(actor: Actor.Implementation): Promise<RelayResult> {
  return once(`${ASK_KIND}|${actor.uuid}`, () =>
    relayToGM(ASK_KIND, { actorUuid: actor.uuid, requestId: makeNonce().slice(0, 32) }),
  );
}

/** GM side of buying an advantage for an automatic action: one token from the character to the collective reserve. */
export async function applyBuyAdvantage(payload: JsonObject, requester: User.Implementation): Promise<RelayResult> {
  const { actorUuid } = payload;
  if (typeof actorUuid !== "string" || typeof payload.requestId !== "string") return { status: "invalid" };
  const requestId = servedKey(requester, payload.requestId);
  const text = J.purchaseText(payload.text);
  if (text === null) return { status: "invalid", reason: "QUINTETTE.Jetons.Error.PurchaseText" };
  if (served.includes(requestId)) return { status: "already", reason: "QUINTETTE.Relay.Already" };
  const actor = await fromUuid<Actor.Implementation>(actorUuid);
  const system = archetypeData(actor);
  if (!actor || !system) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
  if (!requester.isGM && !actor.testUserPermission(requester, "OWNER")) {
    return { status: "denied", reason: "QUINTETTE.Card.NotOwner" };
  }
  // In the ledger queue, from the reserves as they are now: a double click buys twice for two tokens, never twice
  // for one, and a purchase racing a question's pay-out loses nothing.
  return onLedger(async () => {
    if (served.includes(requestId)) return { status: "already", reason: "QUINTETTE.Relay.Already" };
    // The ledger's count, not the character's copy (a player's write there never reaches this queue's arithmetic).
    const now = reserveOf(actor);
    if (!now) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    if (now.bidLock !== "") return { status: "denied", reason: "QUINTETTE.Jetons.Error.Frozen" };
    let ledger: J.Ledger;
    try {
      ledger = J.buyAdvantage(J.createLedger({ [actorUuid]: now.tokens }, collectiveTokens()), actorUuid);
    } catch {
      return { status: "invalid", reason: "QUINTETTE.Jetons.Error.NoTokens" };
    }
    served.push(requestId);
    if (served.length > SERVED_MAX) served.shift();
    try {
      await commitMove(actor, { ...now, tokens: J.reserveOf(ledger, actorUuid) }, ledger.collective);
    } catch (error) {
      served.splice(served.indexOf(requestId), 1); // nothing was bought: a retry may try again
      throw error;
    }
    await recordPurchaseOn(actor, text);
    await notice(actor, "QUINTETTE.Jetons.Tokens.Bought", J.AUTOMATIC_ADVANTAGE_COST);
    return { status: "applied" };
  });
}

/** Purchases and questions this client is asking for now, by kind and character: a second click waits its turn. */
const inFlight = new Set<string>();

/**
 * Runs one request per kind and character at a time on this client: a double click (or a click while the GM's
 * answer is on its way) is answered "already" instead of buying or asking twice.
 */
async function once(key: string, request: () => Promise<RelayResult>): Promise<RelayResult> {
  if (inFlight.has(key)) {
    const result: RelayResult = { status: "already", reason: "QUINTETTE.Jetons.Error.Busy" };
    notifyRelayResult(result);
    return result;
  }
  inFlight.add(key);
  try {
    return await request();
  } finally {
    inFlight.delete(key);
  }
}

/** A player (or the GM) buys an advantage: relayed to the GM, who writes the world's reserve. */
export function buyAdvantage(actor: Actor.Implementation, text: string): Promise<RelayResult> {
  // A random request id (not a document id), kept by the relay on a retry: the GM serves each purchase once.
  return once(`${BUY_ADVANTAGE_KIND}|${actor.uuid}`, () =>
    relayToGM(BUY_ADVANTAGE_KIND, { actorUuid: actor.uuid, requestId: makeNonce().slice(0, 32), text }),
  );
}

/** GM only: hands `amount` tokens from the collective reserve back to a character. */
export async function handBack(actor: Actor.Implementation, amount: number): Promise<RelayResult> {
  if (!game.user?.isGM) return { status: "denied", reason: "QUINTETTE.Relay.NotGM" };
  return onLedger(async () => {
    const system = reserveOf(actor);
    if (!system) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    // A sealed bid was checked against this reserve and its question will settle from it: it does not move now.
    if (system.bidLock !== "") return { status: "denied", reason: "QUINTETTE.Jetons.Error.Frozen" };
    let ledger: J.Ledger;
    try {
      ledger = J.handBack(
        J.createLedger({ [actor.uuid ?? ""]: system.tokens }, collectiveTokens()),
        actor.uuid ?? "",
        amount,
      );
    } catch {
      return { status: "invalid", reason: "QUINTETTE.Jetons.Error.NoCollective" };
    }
    await commitMove(actor, { ...system, tokens: J.reserveOf(ledger, actor.uuid ?? "") }, ledger.collective);
    await notice(actor, "QUINTETTE.Jetons.Tokens.HandedBack", amount);
    return { status: "applied" };
  });
}

export function registerJetonsRelay(): void {
  registerBidQuery();
  registerRelayHandler(BUY_ADVANTAGE_KIND, applyBuyAdvantage);
  registerRelayHandler(ASK_KIND, applyAskQuestion);
}

export const CARD_ACTIONS: CardAction[] = [questionAction, recordAction];
