/**
 * What travels through the relay and how the GM's client reads it: a request as the requester stores it on their own
 * User (any client may have written it: bounded, parsed strictly) and the answer. Pure: no Foundry global.
 */
import type { JsonObject, JsonValue } from "../chat/types.ts";

/** `cancelled`: a module's `quintette.pre…` hook on the asking client stopped the request; nothing was sent. */
export type RelayStatus = "applied" | "already" | "denied" | "invalid" | "noGM" | "error" | "cancelled";

export interface RelayResult {
  status: RelayStatus;
  /** Localization key explaining a refusal. */
  reason?: string;
  /** Id of the document the GM's client created for the request (a chat card), for the requester to find it. */
  id?: string;
}

/**
 * What the requester writes on its own User document. The payload travels as a JSON string: Foundry expands dotted
 * keys of an update's objects, which would reshape arguments such as `value.hinderers`.
 */
export interface StoredRequest {
  kind: string;
  payload: string;
  /** When the requester's client sent it (its own clock): makes a retry a change Foundry broadcasts. */
  sentAt?: number;
}
const PAYLOAD_MAX = 100_000;

/** Ids are flag keys: letters, digits, `_` and `-` only (no dot, which would nest the flag). */
const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isRequestId(value: unknown): value is string {
  return typeof value === "string" && REQUEST_ID.test(value);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

function isJson(value: unknown, depth = 0): value is JsonValue {
  if (depth > 8) return false;
  if (value === null || ["string", "boolean"].includes(typeof value)) return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.length <= 200 && value.every((v) => isJson(v, depth + 1));
  if (isObject(value))
    return Object.values(value).length <= 200 && Object.values(value).every((v) => isJson(v, depth + 1));
  return false;
}

export function isStoredRequest(value: unknown): value is StoredRequest {
  return (
    isObject(value) &&
    typeof value.kind === "string" &&
    value.kind.length <= 100 &&
    typeof value.payload === "string" &&
    value.payload.length <= PAYLOAD_MAX
  );
}

/** The request's payload, parsed and checked (JSON of bounded size and depth), or null. */
export function parsePayload(request: StoredRequest): JsonObject | null {
  try {
    const parsed: unknown = JSON.parse(request.payload);
    return isObject(parsed) && isJson(parsed) ? (parsed as JsonObject) : null;
  } catch {
    return null;
  }
}

const STATUSES = new Set<RelayStatus>(["applied", "already", "denied", "invalid", "noGM", "error"]);

export function isRelayResult(value: unknown): value is RelayResult {
  return isObject(value) && STATUSES.has(value.status as RelayStatus);
}
