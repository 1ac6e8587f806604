/**
 * Chat double: a ChatMessage with flags, author, roll-mode visibility and Foundry's write rule (only the author or
 * a GM may update it: anyone else gets "User lacks permission to update ChatMessage", the bug class the relay
 * exists to avoid); `game.messages` holds created messages. Also a tiny fake of the message element the
 * `renderChatMessageHTML` hook receives, and real template rendering for tests that assert on a card's HTML.
 */
import type { DoubleCollection } from "./documents.ts";
import { DoubleDocument } from "./documents.ts";
import { assertDocumentCreate } from "./permissions.ts";
import { requestCreates } from "./writes.ts";
import { worldCollections } from "./documents.ts";
import { deepClone, isPlainObject, type Plain } from "./utils.ts";
import { rebuildRolls, storeRolls } from "./dice.ts";
import { chatLogEnabled, removeFromLog, renderChatLog, renderIntoLog, type FakeElement } from "./chat-log.ts";
import { clientStore, type ClientUser } from "./context.ts";

interface UserLike {
  id: string;
  isGM: boolean;
  name?: string;
}
interface GameLike {
  user: UserLike;
  users: DoubleCollection<UserLike>;
  messages: DoubleCollection<unknown>;
  settings: { get(namespace: string, key: string): unknown };
}
function gameOf(): GameLike {
  const game = (globalThis as { game?: GameLike }).game;
  if (!game) throw new Error("The Foundry double is not installed");
  return game;
}

export class DoubleChatMessage extends DoubleDocument {
  static override documentName = "ChatMessage";
  content: string;
  /** The stored author: a user id (fvtt-types `ChatMessage.Schema.author`: "The _id of the User document who generated this message"). */
  #authorId: string;
  /** The Roll instances this client rebuilt from the stored JSON (dice.ts); what cannot be rebuilt is not here. */
  rolls: unknown[];
  speaker: Plain;
  whisper: string[];
  blind: boolean;
  /** The stored rolls: one JSON string per Roll (`Roll#toJSON`), as the server keeps them. */
  #rollSources: string[];

  constructor(data: Plain = {}) {
    super(data);
    this.content = typeof data.content === "string" ? data.content : "";
    this.#authorId = typeof data.author === "string" ? data.author : gameOf().user.id;
    this.#rollSources = storeRolls(data.rolls);
    this.rolls = rebuildRolls(this.#rollSources);
    this.speaker = isPlainObject(data.speaker) ? deepClone(data.speaker) : {};
    this.whisper = Array.isArray(data.whisper) ? [...(data.whisper as string[])] : [];
    this.blind = data.blind === true;
  }
  /**
   * The author as a User, as Foundry gives it: a `DocumentAuthorField` is a `ForeignDocumentField` ("references another
   * DataModel by its id"; its initialized value is the document, or null: fvtt-types common/data/fields.d.mts), and
   * `ChatMessage.MessageData.author` is a `User.Implementation`.
   */
  get author(): UserLike | null {
    return gameOf().users.get(this.#authorId) ?? null;
  }
  /** fvtt-types `ChatMessage#isAuthor`: "Is the current User the author of this message?" */
  get isAuthor(): boolean {
    return gameOf().user.id === this.#authorId;
  }
  /** fvtt-types `ChatMessage#isRoll`: "Test whether the chat message contains a dice roll". */
  get isRoll(): boolean {
    return this.rolls.length > 0;
  }
  /**
   * fvtt-types `ChatMessage#visible`: "Return whether the ChatMessage is visible to the current User. Messages may not
   * be visible if they are private whispers": a whisper is its author's and its recipients' only, a GM's no more
   * (foundryvtt/foundryvtt#9888: "GMs can never read other players' whispers in core, regardless of settings"). A
   * roll is seen by everyone in every mode, its result not (foundryvtt.com/article/dice: "For every roll mode, all
   * players will be able to see that a roll was performed… but depending on the roll mode they may not see the
   * results").
   */
  get visible(): boolean {
    if (!this.whisper.length || this.isRoll) return true;
    return this.isAuthor || this.whisper.includes(gameOf().user.id);
  }
  /**
   * fvtt-types `ChatMessage#isContentVisible`: "For certain dice rolls, for example, the message itself may be visible
   * while the content of that message is not." A whispered roll's content is its recipients', and its author's unless
   * blind (fvtt-types `ChatMessage.Schema.blind`: "sent blindly where the creating User cannot see it"; DICE_ROLL_MODES
   * BLIND: "The rolling player will not see the result of their own roll"); the same rule as the working system
   * MetaMorphic-Digital/draw-steel#1698 (`whisper.includes(game.user.id) || (isAuthor && !blind)`). Any other message:
   * `visible`.
   */
  get isContentVisible(): boolean {
    if (!this.isRoll) return this.visible;
    if (!this.whisper.length) return true;
    return this.whisper.includes(gameOf().user.id) || (this.isAuthor && !this.blind);
  }
  /** Every client that receives the message logs it if its user may see it (chat-log.ts), when logs are on. */
  override _onCreate(data: Plain, options: Plain, userId: string): void {
    super._onCreate(data, options, userId);
    if (chatLogEnabled()) renderIntoLog(this);
  }
  override _onUpdate(changed: Plain, options: Plain, userId: string): void {
    super._onUpdate(changed, options, userId);
    if (chatLogEnabled()) renderIntoLog(this);
  }
  override _onDelete(options: Plain, userId: string): void {
    super._onDelete(options, userId);
    removeFromLog(this.id);
  }
  canUserModify(user: UserLike, _action: string): boolean {
    return user.isGM || user.id === this.#authorId;
  }
  /** The message's own fields change with an update like any other (fvtt-types `ChatMessage.Schema`). */
  override applyUpdate(changes: Plain, options: Plain = {}): void {
    const { content, whisper, blind, speaker, author, rolls, ...rest } = changes;
    if (typeof content === "string") this.content = content;
    if (Array.isArray(rolls)) {
      this.#rollSources = storeRolls(rolls);
      this.rolls = rebuildRolls(this.#rollSources);
    }
    if (Array.isArray(whisper)) this.whisper = [...(whisper as string[])];
    if (typeof blind === "boolean") this.blind = blind;
    // `speaker` is a SchemaField (fvtt-types `ChatMessage.Schema`): an update merges into it (`Document#update`:
    // "Update this Document using incremental data"), a `-=key` of a broadcast diff removes that key.
    if (isPlainObject(speaker)) {
      const merged: Plain = { ...this.speaker };
      for (const [key, value] of Object.entries(deepClone(speaker))) {
        if (key.startsWith("-=")) delete merged[key.slice(2)];
        else merged[key] = value;
      }
      this.speaker = merged;
    }
    if (typeof author === "string") this.#authorId = author;
    super.applyUpdate(rest, options);
  }
  override toObject(): Plain {
    return {
      ...super.toObject(),
      content: this.content,
      author: this.#authorId,
      speaker: deepClone(this.speaker),
      whisper: [...this.whisper],
      blind: this.blind,
      rolls: [...this.#rollSources],
    };
  }
  /**
   * Created through the server (writes.ts): the author is the creating user (a `DocumentAuthorField`: "the original
   * author of a document. This can only be changed later by GM users"), so a player cannot create a message as
   * someone else; every client then runs `createChatMessage`.
   */
  static async create(data: Plain = {}, options: Plain = {}): Promise<DoubleChatMessage> {
    const user = gameOf().user;
    if (!user.isGM && typeof data.author === "string" && data.author !== user.id) {
      throw new Error(`User ${user.id} lacks permission to create ChatMessage as ${data.author}`);
    }
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the class the caller named, read in callbacks
    const Cls = this;
    const [message] = await requestCreates(
      {
        documentName: "ChatMessage",
        build: (source) => new Cls(source),
        exists: (id) => worldCollections.messages.has(id),
        add: (m) => void worldCollections.messages.set(m.id, m),
        assertCreate: (writer, source) => assertDocumentCreate("ChatMessage", writer, null, source),
        serverFields: (source, writer) => {
          if (typeof source.author !== "string") source.author = writer.id;
        },
      },
      [data],
      options,
    );
    if (!message) throw new Error("ChatMessage creation cancelled");
    return message;
  }
  /**
   * fvtt-types `ChatMessage.getSpeaker`: "Attempt to determine who is the speaking character (and token) for a certain
   * Chat Message"; given an actor, that actor speaks. Without one: "First assume that the currently controlled Token is
   * the speaker" (a placed token the canvas's `tokens.controlled` holds, clients.ts); else the current user speaks.
   */
  static getSpeaker({ actor }: { actor?: { id: string; name: string } | null } = {}): Plain {
    if (actor) return { actor: actor.id, alias: actor.name, scene: null, token: null };
    const canvas = (globalThis as { canvas?: { tokens?: { controlled?: { document?: unknown }[] } } }).canvas;
    const token = canvas?.tokens?.controlled?.find((t) => t.document)?.document as
      { id: string; name: string; actorId: string; parent: { id: string } | null } | undefined;
    if (token) return { scene: token.parent?.id ?? null, actor: token.actorId, token: token.id, alias: token.name };
    return { alias: gameOf().user.name ?? gameOf().user.id };
  }
  /**
   * fvtt-types `ChatMessage.applyRollMode`: Private/Blind whisper the GMs, Self whispers `game.user`; "`"roll"` is the
   * current roll mode", i.e. the current client's own `core.rollMode` (each client has its own).
   */
  static applyRollMode(data: Plain, rollMode: string): Plain {
    const mode = rollMode === "roll" ? String(gameOf().settings.get("core", "rollMode")) : rollMode;
    const gms = gameOf()
      .users.filter((u) => u.isGM)
      .map((u) => u.id);
    if (mode === "gmroll") data.whisper = gms;
    else if (mode === "blindroll") Object.assign(data, { whisper: gms, blind: true });
    else if (mode === "selfroll") data.whisper = [gameOf().user.id];
    return data;
  }
}

/**
 * A client loading the world renders its chat log (`ChatLog#_renderBatch`): every message its user may see, each
 * through `renderChatMessageHTML`. Returns that client's log.
 */
export function loadChatLog(userId: string): ReadonlyMap<string, FakeElement> {
  const user = gameOf().users.get(userId) as ClientUser | undefined;
  if (!user) throw new Error(`No user ${userId}`);
  return clientStore.run(user, () => renderChatLog(gameOf().messages.contents as DoubleChatMessage[]));
}

/** A message as a fresh client loads it after a reload: built again from its stored source. */
export function reloadMessage(message: DoubleChatMessage): DoubleChatMessage {
  const copy = new DoubleChatMessage(message.toObject());
  gameOf().messages.set(copy.id, copy);
  return copy;
}

// ---- The rendered message element (chat-log.ts) ------------------------------------------------------------
export {
  messageElement,
  buttonsIn,
  click,
  chatLogOf,
  enableChatLog,
  FakeElement,
  FakeButton,
  type FakeEvent,
} from "./chat-log.ts";

// ---- Real template rendering (templates.ts) -----------------------------------------------------------------
export { useRealTemplates } from "./templates.ts";
