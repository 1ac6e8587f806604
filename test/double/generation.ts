/**
 * Which Foundry generation the double presents for chat visibility: v13 roll modes (the default) or v14 message
 * modes. `presentGeneration(14)` after `installFoundryDouble`/`resetFoundryDouble` switches the installed globals.
 *
 * Sources, per behaviour:
 * - v13: `CONFIG.Dice.rollModes` keys and labels (`publicroll` "CHAT.RollPublic", …) and the client setting
 *   `core.rollMode` (default `publicroll`): fvtt-types 13.345.1, `client/config.d.mts` `Dice.RollModes` and
 *   `configuration/configuration.d.mts` `"core.rollMode"`. `ChatMessage.applyRollMode` semantics (public clears the
 *   whisper, self whispers the user, private/blind whisper the GMs unless a whisper is set, blind sets `blind`):
 *   its doc comment in `client/documents/chat-message.d.mts`.
 * - v14: `CONFIG.ChatMessage.modes` keys and labels (`public` "CHAT.MODES.public", `gm`, `blind`, `self`, `ic`):
 *   fvtt-types 14.366.0 `client/config.d.mts` `ChatMessage.Modes`. The setting `core.messageMode`, and
 *   `ChatMessage.applyMode(data, mode)` replacing `applyRollMode` (deprecated, still working, until v16) with the
 *   same whisper/blind rules under the new names: Foundry's v14 release notes as summarised in a working system's
 *   migration notes (DCC, `docs/dev/v14/BREAKING_CHANGES.md`), and Draw Steel's `DrawSteelChatMessage.applyMode(
 *   messageData, messageMode)` calls. The legacy names map `publicroll→public`, `gmroll→gm`, `blindroll→blind`,
 *   `selfroll→self` (`Roll._mapLegacyRollMode`, same notes).
 * - On v14 the double refuses the deprecated paths instead of serving them quietly: reading `core.rollMode` or
 *   `CONFIG.Dice.rollModes` throws, and `applyRollMode` records a compatibility warning (Foundry logs one through
 *   `foundry.utils.logCompatibilityWarning`) before delegating; tests assert none was recorded.
 */
import { DoubleChatMessage } from "./chat.ts";
import { presentEffectsGeneration } from "./effects.ts";
import type { DoubleState } from "./index.ts";
import type { Plain } from "./utils.ts";

export type Generation = 13 | 14;

const V13_MODES = {
  publicroll: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe" },
  gmroll: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret" },
  blindroll: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash" },
  selfroll: { label: "CHAT.RollSelf", icon: "fa-solid fa-user" },
};
const V14_MODES = {
  public: { label: "CHAT.MODES.public", icon: "fa-solid fa-globe" },
  gm: { label: "CHAT.MODES.gm", icon: "fa-solid fa-user-secret" },
  blind: { label: "CHAT.MODES.blind", icon: "fa-solid fa-eye-slash" },
  self: { label: "CHAT.MODES.self", icon: "fa-solid fa-user" },
  ic: { label: "CHAT.MODES.ic", icon: "fa-solid fa-hat-wizard" },
};
const LEGACY: Record<string, string> = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" };
/** `CONST.CHAT_MESSAGE_STYLES.IC` (fvtt-types `common/constants.d.mts`). */
const STYLE_IC = 2;

/** Deprecation warnings the v14 double recorded (the deprecated v13 calls our code made). */
export const compatibilityWarnings: string[] = [];

interface GameLike {
  user: { id: string };
  users: { filter(fn: (u: { isGM: boolean }) => boolean): { id: string }[] };
  release: { generation: number };
  version: string;
}
function gameOf(): GameLike {
  return (globalThis as unknown as { game: GameLike }).game;
}

/** The whisper/blind rules both generations share, under v14's names. */
function applyVisibility(data: Plain, mode: string): Plain {
  const gms = () =>
    gameOf()
      .users.filter((u) => u.isGM)
      .map((u) => u.id);
  const whisper = Array.isArray(data.whisper) ? (data.whisper as string[]) : [];
  if (mode === "public" || mode === "ic") Object.assign(data, { whisper: [], blind: false });
  else if (mode === "self") Object.assign(data, { whisper: [gameOf().user.id], blind: false });
  else if (mode === "gm") Object.assign(data, { whisper: whisper.length ? whisper : gms(), blind: false });
  else if (mode === "blind") Object.assign(data, { whisper: whisper.length ? whisper : gms(), blind: true });
  else throw new Error(`Unknown chat mode ${mode}`);
  if (mode === "ic") data.style = STYLE_IC;
  return data;
}

/** v13's ChatMessage: `applyRollMode` only (`"roll"` means the user's `core.rollMode`). */
export class DoubleChatMessageV13 extends DoubleChatMessage {
  static override applyRollMode(data: Plain, mode: string): Plain {
    const settings = (globalThis as unknown as { game: { settings: { get(n: string, k: string): unknown } } }).game
      .settings;
    const key = mode === "roll" ? String(settings.get("core", "rollMode")) : mode;
    const v14 = LEGACY[key];
    if (!v14) throw new Error(`Unknown roll mode ${mode}`);
    return applyVisibility(data, v14);
  }
}

/** v14's ChatMessage: `applyMode` with message modes; `applyRollMode` deprecated (warns, maps, delegates). */
export class DoubleChatMessageV14 extends DoubleChatMessage {
  static applyMode(data: Plain, mode: string): Plain {
    if (!(mode in V14_MODES)) throw new Error(`Unknown message mode ${mode}`);
    return applyVisibility(data, mode);
  }
  static override applyRollMode(data: Plain, mode: string): Plain {
    compatibilityWarnings.push("ChatMessage.applyRollMode is deprecated in favor of ChatMessage.applyMode");
    return DoubleChatMessageV14.applyMode(data, LEGACY[mode] ?? mode);
  }
}

/** Switches the installed double to a generation's chat modes; the user's mode starts public. */
export function presentGeneration(state: DoubleState, generation: Generation): void {
  compatibilityWarnings.length = 0;
  const settings = state.game.settings;
  settings.settings.delete("core.rollMode");
  settings.settings.delete("core.messageMode");
  const cls = generation === 14 ? DoubleChatMessageV14 : DoubleChatMessageV13;
  state.CONFIG.ChatMessage.documentClass = cls;
  Object.assign(state.foundry.documents, { ChatMessage: cls });
  Object.assign(globalThis, { ChatMessage: cls });
  const game = state.game as unknown as GameLike;
  presentEffectsGeneration(generation);
  if (generation === 14) {
    Object.assign(state.CONFIG.ChatMessage, { modes: structuredClone(V14_MODES) });
    Object.defineProperty(state.CONFIG.Dice, "rollModes", {
      configurable: true,
      enumerable: true,
      get() {
        throw new Error("CONFIG.Dice.rollModes is deprecated in v14: read CONFIG.ChatMessage.modes");
      },
    });
    settings.register("core", "messageMode", { scope: "client", choices: labels(V14_MODES), default: "public" });
    game.release = { generation: 14 };
    game.version = "14.366";
  } else {
    delete (state.CONFIG.ChatMessage as Plain).modes;
    Object.defineProperty(state.CONFIG.Dice, "rollModes", {
      configurable: true,
      enumerable: true,
      writable: true,
      value: structuredClone(V13_MODES),
    });
    settings.register("core", "rollMode", { scope: "client", choices: labels(V13_MODES), default: "publicroll" });
    game.release = { generation: 13 };
    game.version = "13.345";
  }
  const get = settings.get.bind(settings);
  settings.get = (namespace: string, key: string) => {
    if (generation === 14 && namespace === "core" && key === "rollMode")
      throw new Error("core.rollMode is deprecated in v14: read core.messageMode");
    return get(namespace, key);
  };
}

function labels(modes: Record<string, { label: string }>): Record<string, string> {
  return Object.fromEntries(Object.entries(modes).map(([k, v]) => [k, v.label]));
}
