/**
 * Reading and rewriting a stored card in tests, wherever it lives: the `system` of a typed card message (what
 * `postCard` posts), or `flags.quintette.card` of a legacy one. Raw data, not validated (tests look at what is
 * stored); a rewrite is a write by the current client, as a player's console would make it.
 */
import type { CardState } from "../src/foundry/chat/types.ts";
import type { DoubleChatMessage } from "./double/chat.ts";

interface Stored {
  type?: unknown;
  system?: unknown;
}

function typed(message: DoubleChatMessage): boolean {
  return (message as unknown as Stored).type !== "base";
}

/** The stored card of a message (a deep copy). */
export function cardOf(message: DoubleChatMessage): CardState {
  if (typed(message)) return structuredClone(message.toObject().system) as unknown as CardState;
  return structuredClone(message.getFlag("quintette", "card")) as CardState;
}

/** The card's path for a dotted update: `system` or `flags.quintette.card`. */
export function cardPath(message: DoubleChatMessage): string {
  return typed(message) ? "system" : "flags.quintette.card";
}

/** Writes a whole card state where the message keeps it (as its author or a GM, per the current client). */
export function rewriteCard(message: DoubleChatMessage, card: unknown): Promise<unknown> {
  return typed(message)
    ? message.update({ system: card as Record<string, unknown> })
    : message.update({ flags: { quintette: { card } } });
}
