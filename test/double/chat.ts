/**
 * Chat double: a ChatMessage with flags, author, roll-mode visibility and Foundry's write rule (only the author or
 * a GM may update it: anyone else gets "User lacks permission to update ChatMessage", the bug class the relay
 * exists to avoid); `game.messages` holds created messages. Also a tiny fake of the message element the
 * `renderChatMessageHTML` hook receives, and real template rendering for tests that assert on a card's HTML.
 */
import Handlebars from "handlebars";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { registerFoundryHelpers } from "../../gallery/foundry-helpers.ts";
import { helpers as systemHelpers } from "../../src/foundry/templates/helpers.ts";
import type { DoubleCollection } from "./documents.ts";
import { DoubleDocument } from "./documents.ts";
import { readLang } from "./game.ts";
import { assertDocumentCreate } from "./permissions.ts";
import { requestCreates } from "./writes.ts";
import { worldCollections } from "./documents.ts";
import { deepClone, isPlainObject, type Plain } from "./utils.ts";

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
  author: string;
  rolls: unknown[];
  speaker: Plain;
  whisper: string[];
  blind: boolean;

  constructor(data: Plain = {}) {
    super(data);
    this.content = typeof data.content === "string" ? data.content : "";
    this.author = typeof data.author === "string" ? data.author : gameOf().user.id;
    this.rolls = Array.isArray(data.rolls) ? [...(data.rolls as unknown[])] : [];
    this.speaker = isPlainObject(data.speaker) ? deepClone(data.speaker) : {};
    this.whisper = Array.isArray(data.whisper) ? (data.whisper as string[]) : [];
    this.blind = data.blind === true;
  }
  /** Foundry's rule for roll modes: blind → GM only; whispered → recipients, author and GM. */
  get isContentVisible(): boolean {
    const user = gameOf().user;
    if (this.blind) return user.isGM;
    if (this.whisper.length) return user.isGM || this.whisper.includes(user.id) || this.author === user.id;
    return true;
  }
  canUserModify(user: UserLike, _action: string): boolean {
    return user.isGM || user.id === this.author;
  }
  /** The message's own fields change with an update like any other (fvtt-types `ChatMessage.Schema`). */
  override applyUpdate(changes: Plain, options: Plain = {}): void {
    const { content, whisper, blind, speaker, author, ...rest } = changes;
    if (typeof content === "string") this.content = content;
    if (Array.isArray(whisper)) this.whisper = [...(whisper as string[])];
    if (typeof blind === "boolean") this.blind = blind;
    if (isPlainObject(speaker)) this.speaker = deepClone(speaker);
    if (typeof author === "string") this.author = author;
    super.applyUpdate(rest, options);
  }
  override toObject(): Plain {
    return {
      ...super.toObject(),
      content: this.content,
      author: this.author,
      speaker: deepClone(this.speaker),
      whisper: [...this.whisper],
      blind: this.blind,
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
   * Chat Message"; given an actor, that actor speaks.
   * Without one the double has no canvas: the current user speaks.
   */
  static getSpeaker({ actor }: { actor?: { id: string; name: string } | null } = {}): Plain {
    if (actor) return { actor: actor.id, alias: actor.name, scene: null, token: null };
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

/** A message as a fresh client loads it after a reload: built again from its stored source. */
export function reloadMessage(message: DoubleChatMessage): DoubleChatMessage {
  const copy = new DoubleChatMessage(message.toObject());
  gameOf().messages.set(copy.id, copy);
  return copy;
}

// ---- The rendered message element -------------------------------------------------------------------------

type Listener = (event: FakeEvent) => void;

export interface FakeEvent {
  target: FakeButton | FakeElement;
  preventDefault(): void;
  stopPropagation(): void;
}

/** Just what the hook touches: `querySelector(".message-content")`, innerHTML, classList, click listeners. */
export class FakeElement {
  innerHTML = "";
  readonly classes = new Set<string>();
  readonly listeners: Listener[] = [];
  readonly children = new Map<string, FakeElement>();
  readonly classList = {
    add: (...names: string[]) => names.forEach((n) => this.classes.add(n)),
    contains: (name: string) => this.classes.has(name),
  };
  querySelector(selector: string): FakeElement | null {
    return this.children.get(selector) ?? null;
  }
  addEventListener(type: string, listener: Listener): void {
    if (type === "click") this.listeners.push(listener);
  }
  closest(): null {
    return null;
  }
}

/** A button parsed from rendered HTML: `closest("[data-action]")` is itself. */
export class FakeButton {
  readonly dataset: Record<string, string | undefined>;
  constructor(
    readonly action: string,
    readonly args: string,
    readonly disabled: boolean,
  ) {
    this.dataset = { action, args };
  }
  closest(): FakeButton {
    return this;
  }
  hasAttribute(name: string): boolean {
    return name === "disabled" && this.disabled;
  }
}

/** The `<li class="chat-message">` Foundry hands to `renderChatMessageHTML`, with its `.message-content`. */
export function messageElement(content = "<p>roll</p>"): { html: FakeElement; content: FakeElement } {
  const html = new FakeElement();
  const inner = new FakeElement();
  inner.innerHTML = content;
  html.children.set(".message-content", inner);
  return { html, content: inner };
}

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#x3D;/g, "=")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Every `<button data-action>` in rendered HTML, as the browser would see it. */
export function buttonsIn(html: string): FakeButton[] {
  const out: FakeButton[] = [];
  for (const match of html.matchAll(/<button\b([^>]*)>/g)) {
    const attrs = match[1] ?? "";
    const action = /data-action="([^"]*)"/.exec(attrs)?.[1];
    if (!action) continue;
    const args = /data-args="([^"]*)"/.exec(attrs)?.[1] ?? "";
    out.push(new FakeButton(unescape(action), unescape(args), /\sdisabled\b/.test(attrs)));
  }
  return out;
}

/** Clicks a button inside an element the hook enhanced; resolves when the dispatched action settles. */
export async function click(element: FakeElement, button: FakeButton): Promise<void> {
  const pending: unknown[] = [];
  const event: FakeEvent = { target: button, preventDefault: () => {}, stopPropagation: () => {} };
  for (const listener of element.listeners) pending.push(listener(event));
  await Promise.all(pending);
}

// ---- Real template rendering -------------------------------------------------------------------------------

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function templateFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? templateFiles(file) : name.endsWith(".hbs") ? [file] : [];
  });
}

/**
 * Replaces the double's recording `renderTemplate` with real Handlebars over the repository's templates, with the
 * gallery's shim of Foundry's helpers, the system's own helpers (registered at init in Foundry) and the real lang
 * file of `lang`.
 */
export function useRealTemplates(lang = "en"): void {
  const hbs = Handlebars.create();
  registerFoundryHelpers(hbs, readLang(lang));
  for (const [name, fn] of Object.entries(systemHelpers)) hbs.registerHelper(name, fn);
  for (const file of templateFiles(path.join(ROOT, "templates"))) {
    hbs.registerPartial(`systems/quintette/${path.relative(ROOT, file)}`, readFileSync(file, "utf8"));
  }
  const f = (globalThis as { foundry?: { applications: { handlebars: Plain } } }).foundry;
  if (!f) throw new Error("The Foundry double is not installed");
  f.applications.handlebars.renderTemplate = async (template: string, data: Plain) => {
    const source = hbs.partials[template];
    if (typeof source !== "string") throw new Error(`No template ${template}`);
    return hbs.compile(source)(data, { allowProtoPropertiesByDefault: true });
  };
}
