/**
 * The chat message mode ("roll mode" in v13): the one place that reads it. Code running on the GM's client for a
 * player passes the player's mode explicitly (`messageModeOf` of the player's own message), never the GM's.
 */

/** The current client's chosen mode (`core.rollMode`, a client setting); public when unreadable. */
export function currentMessageMode(): ChatMessage.PassableRollMode {
  try {
    const mode: unknown = game.settings?.get("core", "rollMode");
    return typeof mode === "string" ? (mode as ChatMessage.PassableRollMode) : "publicroll";
  } catch {
    return "publicroll";
  }
}

/** The mode a stored message was posted with, read from its visibility (blind, whispered to its author, to GMs). */
export function messageModeOf(message: {
  blind: boolean;
  whisper: readonly (string | null)[];
  author?: { id: string | null } | string | null;
}): ChatMessage.PassableRollMode {
  if (message.blind) return "blindroll";
  if (!message.whisper.length) return "publicroll";
  const author = typeof message.author === "string" ? message.author : message.author?.id;
  return message.whisper.length === 1 && message.whisper[0] === author ? "selfroll" : "gmroll";
}
