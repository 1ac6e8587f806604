/**
 * Who sees a chat card: the one place that knows both Foundry generations.
 *
 * - v13: roll modes, keys of `CONFIG.Dice.rollModes` (`publicroll`, `gmroll`, `blindroll`, `selfroll`), the user's
 *   choice in the client setting `core.rollMode`, applied with `ChatMessage.applyRollMode`.
 * - v14: message modes, keys of `CONFIG.ChatMessage.modes` (`public`, `gm`, `blind`, `self`, `ic`), the user's
 *   choice in `core.messageMode`, applied with `ChatMessage.applyMode`; the v13 names are deprecated (removed in v16).
 *
 * The generation is detected by feature (`ChatMessage.applyMode` exists), never by version string. A mode travels
 * as the running generation's key; the other generation's name for it is accepted and translated (a dialog default
 * or a stored value written under v13). Rule sets that force a visibility name it with `Visibility`, never with a
 * Foundry key.
 */
import { authorIdOf } from "./author.ts";

/** A visibility a rule may force, whatever the generation calls it. */
export type Visibility = "public" | "gm" | "blind" | "self";

/** A mode key of the running generation (a roll mode on v13, a message mode on v14). */
export type MessageMode = string;

/** The two vocabularies, by visibility. */
const KEYS: Record<Visibility, { v13: string; v14: string }> = {
  public: { v13: "publicroll", v14: "public" },
  gm: { v13: "gmroll", v14: "gm" },
  blind: { v13: "blindroll", v14: "blind" },
  self: { v13: "selfroll", v14: "self" },
};

/** v14's `ChatMessage.applyMode(data, mode)`; fvtt-types 13.345.1 and 14.366.0 do not declare it yet. */
type ApplyMode = (this: unknown, data: ChatMessage.CreateData, mode: MessageMode) => unknown;

function applyModeOf(): ApplyMode | null {
  const cls: object = ChatMessage;
  return "applyMode" in cls && typeof cls.applyMode === "function" ? (cls.applyMode as ApplyMode) : null;
}

/** True when Foundry speaks of message modes (v14 and later). */
export function usesMessageModes(): boolean {
  return applyModeOf() !== null;
}

/** The configured modes: `CONFIG.ChatMessage.modes` on v14, `CONFIG.Dice.rollModes` on v13. */
function configuredModes(): Record<string, unknown> {
  if (usesMessageModes()) {
    // fvtt-types 13.345.1 has no `CONFIG.ChatMessage.modes`: read through `in` so both packages typecheck.
    const config: object = CONFIG.ChatMessage;
    const modes = "modes" in config ? config.modes : undefined;
    return modes && typeof modes === "object" ? { ...modes } : {};
  }
  return { ...CONFIG.Dice.rollModes };
}

/** The running generation's key for a visibility. */
export function messageModeFor(visibility: Visibility): MessageMode {
  return usesMessageModes() ? KEYS[visibility].v14 : KEYS[visibility].v13;
}

/**
 * A mode from anywhere (a dialog, a relay payload, a stored flag) as a configured key of the running generation:
 * the other generation's name is translated, `"roll"` (Foundry's "the current mode") is the user's mode; anything
 * else is null.
 */
export function normalizeMessageMode(raw: unknown): MessageMode | null {
  if (typeof raw !== "string" || !raw) return null;
  if (raw === "roll") return currentMessageMode();
  const modes = configuredModes();
  if (raw in modes) return raw;
  const visibility = (Object.keys(KEYS) as Visibility[]).find((v) => KEYS[v].v13 === raw || KEYS[v].v14 === raw);
  const key = visibility ? messageModeFor(visibility) : null;
  return key !== null && key in modes ? key : null;
}

/** The current user's chosen mode (the chat log's selector), or public when it holds nothing valid. */
export function currentMessageMode(): MessageMode {
  const settings = game.settings;
  if (!settings) return messageModeFor("public");
  let raw: unknown;
  if (usesMessageModes()) {
    // `core.messageMode` is v14's setting; neither type package declares it yet.
    const v14 = settings as unknown as { get(namespace: "core", key: "messageMode"): unknown };
    raw = v14.get("core", "messageMode");
  } else raw = settings.get("core", "rollMode");
  return typeof raw === "string" && raw in configuredModes() ? raw : messageModeFor("public");
}

/** The modes a roll dialog offers, with their (localization key) labels. */
export function availableMessageModes(): { value: MessageMode; label: string }[] {
  return Object.entries(configuredModes()).map(([value, mode]) => ({
    value,
    label:
      typeof mode === "string"
        ? mode
        : mode && typeof mode === "object" && "label" in mode && typeof mode.label === "string"
          ? mode.label
          : value,
  }));
}

/** The visibility an existing message was posted with (to post a follow-up card as secret as it). */
export function visibilityOf(message: {
  blind?: boolean | null;
  whisper?: readonly unknown[] | null;
  author?: { id: string | null } | null;
}): Visibility {
  if (message.blind) return "blind";
  const whisper = message.whisper ?? [];
  if (!whisper.length) return "public";
  const author = authorIdOf(message);
  // Whispered to one reader who is its author, or no GM (a self card the GM's client posted for a player): a self
  // roll.
  const only = whisper.length === 1 ? whisper[0] : undefined;
  if (typeof only !== "string") return "gm";
  return only === author || game.users?.get(only)?.isGM === false ? "self" : "gm";
}

/**
 * The mode a stored message was posted with, in the running generation's names: code running on the GM's client
 * for a player passes the player's mode explicitly, never the GM's.
 */
export function messageModeOf(message: Parameters<typeof visibilityOf>[0]): MessageMode {
  return messageModeFor(visibilityOf(message));
}

/**
 * Applies a mode to message data before `ChatMessage.create`: `applyMode` on v14, `applyRollMode` on v13. The mode
 * is normalized first; an unknown one falls back to the user's current mode. Returns the same object.
 */
export function applyMessageMode<T extends ChatMessage.CreateData>(data: T, mode?: unknown): T {
  const key = normalizeMessageMode(mode) ?? currentMessageMode();
  const applyMode = applyModeOf();
  if (applyMode) applyMode.call(ChatMessage, data, key);
  // The key is one of CONFIG.Dice.rollModes here, which is what PassableRollMode lists.
  else ChatMessage.applyRollMode(data, key as ChatMessage.PassableRollMode);
  return data;
}
