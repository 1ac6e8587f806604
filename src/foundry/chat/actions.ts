/**
 * Card actions: a registry keyed by action name that rule sets fill, and the executor that runs one action on the
 * client allowed to write (the active GM's, or the roller's own when no GM is connected and the action permits it).
 *
 * Guarantees, all enforced here rather than in each action:
 * - rights: the action's audience is checked for the requesting user, and (unless the action opts out) the
 *   requester must own every document the action writes;
 * - idempotence: an action's token is recorded on the card; a token already there changes nothing, whoever sends
 *   it; actions on one message run one after the other on the executing client;
 * - no half-application: every document is resolved and every right checked before the first write.
 */
import { notifyRelayResult, registerRelayHandler, relayToGM, type RelayResult } from "../relay/index.ts";
import { defaultActionToken, isDone, withDone } from "./card-state.ts";
import { readCard, writeCard } from "./flags.ts";
import type { ButtonAudience, CardButton, CardState, JsonObject, JsonPrimitive } from "./types.ts";

export type CardActionArgs = Record<string, JsonPrimitive>;

export interface CardActionContext {
  message: ChatMessage.Implementation;
  /** A private copy of the stored state: return a modified copy in the outcome. */
  card: CardState;
  requester: User.Implementation;
  args: CardActionArgs;
}

/** A write the executor performs after every check passed: `changes` is a Foundry update (dotted paths allowed). */
export interface DocumentWrite {
  uuid: string;
  changes: Record<string, unknown>;
}

export type CardActionOutcome =
  | {
      status: "applied";
      card: CardState;
      writes?: DocumentWrite[];
      /**
       * Writes that are not documents (a world setting), run after the document writes and before the card: so
       * nothing is written when a right check fails. It undoes its own part before throwing, if it can.
       */
      afterWrites?: () => Promise<void>;
    }
  | { status: "denied" | "invalid"; reason: string }
  /** Nothing left to do (every target already served): reported like a repeated click. */
  | { status: "already"; reason?: string };

export interface CardAction {
  /** Unique name, prefixed by rule set (`trinites.pick`); the shared ones start with `quintette.`. */
  name: string;
  /** Who may take it: roller (or GM), GM only, anyone, or owners (of what it writes; checked on the writes). */
  audience: ButtonAudience;
  /** Extra right check (for instance: only the defender answers an attack). */
  allowed?(ctx: CardActionContext): boolean;
  /** Idempotence token; default: the name, plus `:key` when the arguments carry a `key`. */
  token?(args: CardActionArgs, card: CardState): string;
  /** May run on the roller's own client when no GM is connected (it writes only what the roller owns). */
  localWithoutGM?: boolean;
  /** The rule itself grants the writes (skip the requester-owns-every-written-document check). */
  trustedWrites?: boolean;
  /**
   * Runs on the clicking client before the request leaves: adds what only that client knows (its targeted
   * tokens, a dialog's answer…). Returns null to cancel (after telling the user why).
   */
  collect?(args: CardActionArgs, messageId: string): CardActionArgs | null | Promise<CardActionArgs | null>;
  /** Computes the new card state and the document writes; may roll dice or post messages. */
  execute(ctx: CardActionContext): CardActionOutcome | Promise<CardActionOutcome>;
}

export interface CardActionRequest extends JsonObject {
  messageId: string;
  action: string;
  args: CardActionArgs;
}

const registry = new Map<string, CardAction>();

/** Registers (or replaces) card actions; called by rule sets and by the shared damage/undo module. */
export function registerCardAction(...actions: CardAction[]): void {
  for (const action of actions) registry.set(action.name, action);
}

export function getCardAction(name: string): CardAction | undefined {
  return registry.get(name);
}

export function actionToken(name: string, args: CardActionArgs, card: CardState): string {
  const action = registry.get(name);
  return action?.token ? action.token(args, card) : defaultActionToken(name, args);
}

/** Token of a button, for the card context (done buttons show as done on every client). */
export function buttonToken(card: CardState): (button: CardButton) => string {
  return (button) => actionToken(button.action, button.args, card);
}

/** Whether a user owns the document at a uuid (a GM owns everything): for actions that answer for a target. */
export function userOwnsUuid(user: User.Implementation, uuid: string | null | undefined): boolean {
  if (user.isGM) return true;
  if (!uuid) return false;
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as {
    testUserPermission?: (u: User.Implementation, l: "OWNER") => boolean;
  } | null;
  return !!doc?.testUserPermission?.(user, "OWNER");
}

function audienceAllows(audience: ButtonAudience, requester: User.Implementation, card: CardState): boolean {
  if (requester.isGM) return true;
  if (audience === "gm") return false;
  if (audience === "roller") return requester.id === card.rollerId;
  return true;
}

const queues = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task on the same message (concurrent clicks become sequential). */
function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(task, task);
  const settled = next.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

/** Executes a request for `requester` on this client. Never throws: failures come back as a status. */
export function executeCardAction(request: CardActionRequest, requester: User.Implementation): Promise<RelayResult> {
  return serialised(request.messageId, async () => {
    try {
      return await execute(request, requester);
    } catch (error) {
      console.error("quintette | card action failed", request, error);
      return { status: "error", reason: "QUINTETTE.Card.Failed" } satisfies RelayResult;
    }
  });
}

async function execute(request: CardActionRequest, requester: User.Implementation): Promise<RelayResult> {
  const message = game.messages?.get(request.messageId);
  const card = message ? readCard(message) : null;
  const action = registry.get(request.action);
  if (!message || !card) return { status: "invalid", reason: "QUINTETTE.Card.Missing" };
  if (!action) return { status: "invalid", reason: "QUINTETTE.Card.UnknownAction" };
  const ctx: CardActionContext = { message, card, requester, args: { ...request.args } };
  if (!audienceAllows(action.audience, requester, card) || (action.allowed && !action.allowed(ctx))) {
    return { status: "denied", reason: "QUINTETTE.Card.NotAllowed" };
  }
  const token = actionToken(action.name, ctx.args, card);
  if (isDone(card, token)) return { status: "already", reason: "QUINTETTE.Card.AlreadyDone" };

  const outcome = await action.execute(ctx);
  if (outcome.status === "already")
    return { status: "already", reason: outcome.reason ?? "QUINTETTE.Card.AlreadyDone" };
  if (outcome.status !== "applied") return outcome;

  // Resolve and check everything before the first write.
  const targets: Array<{ doc: Actor.Implementation; changes: Record<string, unknown> }> = [];
  for (const write of outcome.writes ?? []) {
    // Typed as Actor for the update signature; any document with update/testUserPermission works the same.
    const doc = await fromUuid<Actor.Implementation>(write.uuid);
    if (!doc) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    if (!action.trustedWrites && !requester.isGM && !doc.testUserPermission(requester, "OWNER")) {
      return { status: "denied", reason: "QUINTETTE.Card.NotOwner" };
    }
    targets.push({ doc, changes: write.changes });
  }
  for (const { doc, changes } of targets) await doc.update(changes);
  await outcome.afterWrites?.();
  await writeCard(message, withDone(outcome.card, token));
  return { status: "applied" };
}

/**
 * The clicking side: relays to the active GM (or runs at once on the GM's own client). With no GM, an action
 * marked `localWithoutGM` runs here; anything else is refused with a notification.
 */
export async function requestCardAction(
  messageId: string,
  actionName: string,
  args: CardActionArgs = {},
): Promise<RelayResult> {
  const action = registry.get(actionName);
  const collected = action?.collect ? await action.collect(args, messageId) : args;
  if (!collected) return { status: "invalid" };
  const request: CardActionRequest = { messageId, action: actionName, args: collected };
  const user = game.user;
  if (!game.users?.activeGM && user && action?.localWithoutGM) {
    const result = await executeCardAction(request, user);
    notifyRelayResult(result);
    return result;
  }
  return relayToGM(CARD_ACTION_KIND, request);
}

export const CARD_ACTION_KIND = "cardAction";

function isActionRequest(payload: JsonObject): payload is CardActionRequest {
  const args = payload.args;
  return (
    typeof payload.messageId === "string" &&
    typeof payload.action === "string" &&
    !!args &&
    typeof args === "object" &&
    !Array.isArray(args) &&
    Object.values(args).every((v) => v === null || typeof v !== "object")
  );
}

/** GM side of the relay for card actions. */
export function registerCardActionRelay(): void {
  registerRelayHandler(CARD_ACTION_KIND, async (payload, requester) =>
    isActionRequest(payload)
      ? executeCardAction(payload, requester)
      : { status: "invalid", reason: "QUINTETTE.Relay.Invalid" },
  );
}
