/**
 * Card actions, the public face: the clicking side (`requestCardAction`), the GM side of the relay, and who may act
 * for a target or read a card. The parts, by concern: the actions' types (action-types.ts), their registry and
 * tokens (action-registry.ts), and the executor that checks and applies one step on the GM's client, with its
 * guarantees (action-executor.ts).
 */
import { callPre, HOOK } from "../api/hooks.ts";
import { notifyRelayResult, registerRelayHandler, relayToGM, type RelayResult } from "../relay/index.ts";
import { authorIdOf } from "./author.ts";
import { executeCardAction, runCardAction } from "./action-executor.ts";
import { getCardAction } from "./action-registry.ts";
import type { CardActionArgs, CardActionRequest } from "./action-types.ts";
import type { JsonObject } from "./types.ts";

export type * from "./action-types.ts";
export {
  actionEnabled,
  actionToken,
  buttonToken,
  cardsLive,
  clearCardActions,
  getCardAction,
  ownCardActionNames,
  registerCardAction,
  sharedCardActionNames,
} from "./action-registry.ts";
export { executeCardAction, runCardAction } from "./action-executor.ts";

/** Whether a user owns the document at a uuid (a GM owns everything): for actions that answer for a target. */
export function userOwnsUuid(user: User.Implementation, uuid: string | null | undefined): boolean {
  if (user.isGM) return true;
  if (!uuid) return false;
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as {
    testUserPermission?: (u: User.Implementation, l: "OWNER") => boolean;
  } | null;
  return !!doc?.testUserPermission?.(user, "OWNER");
}

/**
 * Whether a user may read a message: a public one, or a whisper they receive or wrote (a GM reads all). For actions
 * whose targets the requester picks (the shared Apply): on a card kept from them (the GM's private or blind roll),
 * applying its damage to their own character would read the hidden roll off their hit points.
 */
export function userMayRead(message: ChatMessage.Implementation, user: User.Implementation): boolean {
  if (user.isGM) return true;
  const whisper: unknown = (message as { whisper?: unknown }).whisper;
  const readers = Array.isArray(whisper)
    ? whisper.map((w: unknown) => (typeof w === "string" ? w : (w as { id?: unknown } | null)?.id))
    : [];
  return !readers.length || readers.includes(user.id) || authorIdOf(message) === user.id;
}

/**
 * The clicking side: relays to the active GM (or runs at once on the GM's own client). With no GM, an action
 * marked `localWithoutGM` runs here; anything else is refused with a notification. A `quintette.preCardAction`
 * listener on this client sees the request once collected and may cancel it (`cancelled`: nothing sent).
 */
export async function requestCardAction(
  messageId: string,
  actionName: string,
  args: CardActionArgs = {},
): Promise<RelayResult> {
  const action = getCardAction(actionName);
  const collected = action?.collect ? await action.collect(args, messageId) : args;
  if (!collected) return { status: "invalid" };
  const message = game.messages?.get(messageId) ?? null;
  if (
    !callPre(HOOK.preCardAction, message, actionName, collected) ||
    action?.before?.(collected, messageId) === false
  ) {
    return { status: "cancelled" };
  }
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
    payload.messageId.length <= 64 &&
    typeof payload.action === "string" &&
    payload.action.length <= 100 &&
    !!args &&
    typeof args === "object" &&
    !Array.isArray(args) &&
    Object.values(args).every((v) => v === null || typeof v !== "object")
  );
}

/** GM side of the relay for card actions (the relay already runs it inside the GM's queue). */
export function registerCardActionRelay(): void {
  registerRelayHandler(CARD_ACTION_KIND, async (payload, requester) =>
    isActionRequest(payload)
      ? runCardAction(payload, requester)
      : { status: "invalid", reason: "QUINTETTE.Relay.Invalid" },
  );
}
