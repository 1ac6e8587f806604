/**
 * GM relay: an action a player may not write themselves is sent to the active GM through one prefixed query,
 * `CONFIG.queries["quintette.relay"]`, and applied by the GM's client. Handlers are registered by kind
 * (`cardAction`, `systemj.advanceTime`…). With no GM connected nothing is sent and the user is told so.
 *
 * Foundry does not tell a query handler who sent it: the request names its user and the GM's client checks that
 * user's rights. Every relayed action is idempotent on the GM's side, so a retry after a timeout is safe.
 */
import type { JsonObject } from "../chat/types.ts";

export const RELAY_QUERY = "quintette.relay";
/** Long enough for a GM client busy rolling; short enough for a player to retry. */
export const RELAY_TIMEOUT_MS = 10_000;

export interface RelayRequest {
  kind: string;
  userId: string;
  payload: JsonObject;
}

export type RelayStatus = "applied" | "already" | "denied" | "invalid" | "noGM" | "error";

export interface RelayResult {
  status: RelayStatus;
  /** Localization key explaining a refusal. */
  reason?: string;
  /** Id of the document the GM's client created for the request (a chat card), for the requester to find it. */
  id?: string;
}

export type RelayHandler = (payload: JsonObject, requester: User.Implementation) => Promise<RelayResult>;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- merging into the type package's namespace
  namespace CONFIG {
    interface Queries {
      "quintette.relay": (data: RelayRequest, options: { timeout?: number | undefined }) => Promise<RelayResult>;
    }
  }
}

const handlers = new Map<string, RelayHandler>();

/** Registers what the GM's client does for one kind of relayed request (later registrations replace earlier). */
export function registerRelayHandler(kind: string, handler: RelayHandler): void {
  handlers.set(kind, handler);
}

export function hasRelayHandler(kind: string): boolean {
  return handlers.has(kind);
}

/** Installs the query handler; called once at init. */
export function registerRelay(): void {
  CONFIG.queries[RELAY_QUERY] = handleRelayRequest;
}

/** The GM side: refuses on a non-GM client, resolves the requesting user, runs the handler, never throws. */
export async function handleRelayRequest(request: RelayRequest): Promise<RelayResult> {
  if (!game.user?.isGM) return { status: "denied", reason: "QUINTETTE.Relay.NotGM" };
  const requester = game.users?.get(request.userId);
  const handler = handlers.get(request.kind);
  if (!requester || !handler) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  try {
    return await handler(request.payload, requester);
  } catch (error) {
    console.error("quintette | relayed action failed", request, error);
    return { status: "error", reason: "QUINTETTE.Relay.Failed" };
  }
}

/**
 * The requesting side: runs at once on the active GM's own client, otherwise asks that GM. With no active GM:
 * a localized warning and `noGM`, nothing applied. Results other than `applied` are shown to the user.
 */
export async function relayToGM(kind: string, payload: JsonObject): Promise<RelayResult> {
  const gm = game.users?.activeGM;
  const user = game.user;
  let result: RelayResult;
  if (!gm || !user) result = { status: "noGM", reason: "QUINTETTE.Relay.NoGM" };
  else if (gm.isSelf) result = await handleRelayRequest({ kind, userId: user.id, payload });
  else {
    try {
      result = await gm.query(RELAY_QUERY, { kind, userId: user.id, payload }, { timeout: RELAY_TIMEOUT_MS });
    } catch (error) {
      console.error("quintette | relay query failed", kind, payload, error);
      result = { status: "error", reason: "QUINTETTE.Relay.Timeout" };
    }
  }
  notifyRelayResult(result);
  return result;
}

const DEFAULT_REASON: Record<Exclude<RelayStatus, "applied">, string> = {
  already: "QUINTETTE.Relay.Already",
  denied: "QUINTETTE.Relay.Denied",
  invalid: "QUINTETTE.Relay.Invalid",
  noGM: "QUINTETTE.Relay.NoGM",
  error: "QUINTETTE.Relay.Failed",
};

/** Tells the user why nothing happened; silent on success. */
export function notifyRelayResult(result: RelayResult): void {
  if (result.status === "applied") return;
  const text = game.i18n?.localize(result.reason ?? DEFAULT_REASON[result.status]) ?? result.status;
  if (result.status === "already") ui.notifications?.info(text);
  else if (result.status === "error") ui.notifications?.error(text);
  else ui.notifications?.warn(text);
}
