/**
 * Each client's chat log, and the message element the `renderChatMessageHTML` hook receives.
 *
 * Foundry renders a message into a client's log when that client receives it, and again when it changes, and only if
 * that client's user may see it: fvtt-types `Hooks.renderChatMessageHTML` "fires for each ChatMessage which is rendered
 * for addition to the ChatLog", `ChatMessage#logged` ("Is this ChatMessage currently displayed in the sidebar ChatLog?",
 * set by `ChatLog#postOne` and `_renderBatch`), `ChatMessage#visible` ("Messages may not be visible if they are private
 * whispers"). The render is asynchronous (`ChatMessage#renderHTML` returns a promise) and the hook is `callAll`: nothing
 * awaits the listeners. A message whose content the user may not see (`isContentVisible` false: a blind or private
 * roll's result) is logged with its content left out.
 *
 * On by default for no test: `installClients(state, { chatLog: true })` (or `enableChatLog()`) makes every client render
 * what it receives; `renderChatLog(userId)` renders the whole log as a client loading the world does.
 */
import { callAll, trackListener } from "./server.ts";
import { currentUser } from "./context.ts";
import type { Plain } from "./utils.ts";

// ---- The rendered message element ------------------------------------------------------------------------------

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

// ---- The logs -----------------------------------------------------------------------------------------------

/** What the log reads of a message (the double's ChatMessage). */
export interface LoggedMessage {
  readonly id: string;
  readonly content: string;
  readonly author: UserLike | null;
  readonly whisper: string[];
  readonly speaker: Plain;
  readonly visible: boolean;
  readonly isContentVisible: boolean;
  toObject(): Plain;
}

interface UserLike {
  id: string;
  name?: string;
  isGM: boolean;
}

/** userId → messageId → the element inserted in that client's log. */
const logs = new Map<string, Map<string, FakeElement>>();
let rendering = false;

/** Empty logs, automatic rendering off (the double's install). */
export function resetChatLogs(): void {
  logs.clear();
  rendering = false;
}
/** Every client renders the messages it receives into its log from now on (or stops). */
export function enableChatLog(on = true): void {
  rendering = on;
}
export function chatLogEnabled(): boolean {
  return rendering;
}

/** A client's log: message id → rendered element, in the order posted. */
export function chatLogOf(userId: string): ReadonlyMap<string, FakeElement> {
  return logOf(userId);
}
function logOf(userId: string): Map<string, FakeElement> {
  let log = logs.get(userId);
  if (!log) logs.set(userId, (log = new Map()));
  return log;
}

function users(): Map<string, UserLike> {
  return ((globalThis as { game?: { users?: Map<string, UserLike> } }).game?.users ?? new Map()) as Map<
    string,
    UserLike
  >;
}

/** `ChatMessage.MessageData`, the hook's third argument (fvtt-types `ChatMessage.MessageData`). */
function messageData(message: LoggedMessage, user: UserLike): Plain {
  const author = message.author;
  const alias = typeof message.speaker.alias === "string" ? message.speaker.alias : (author?.name ?? "");
  return {
    message: message.toObject(),
    user,
    author,
    alias,
    cssClass: message.whisper.length ? "whisper" : "",
    isWhisper: message.whisper.length,
    canDelete: user.isGM,
    whisperTo: message.whisper.map((id) => users().get(id)?.name ?? id).join(", "),
  };
}

/**
 * Renders a message into the running client's log (`ChatLog#postOne` on creation, `updateMessage` on change): gone
 * from the log when this user may not see it; else a fresh element, then `renderChatMessageHTML` after the render's
 * own asynchronous step, unawaited. Returns the element, or null.
 */
export function renderIntoLog(message: LoggedMessage): FakeElement | null {
  const user = currentUser() as UserLike;
  const log = logOf(user.id);
  if (!message.visible) {
    log.delete(message.id);
    return null;
  }
  const { html } = messageElement(message.isContentVisible ? message.content : "");
  log.set(message.id, html);
  const context = messageData(message, user);
  trackListener(
    (async () => {
      await Promise.resolve();
      callAll("renderChatMessageHTML", message, html, context);
    })(),
  );
  return html;
}

/**
 * `ui.chat.updateMessage(message)` on the running client: Foundry's `ChatLog#updateMessage` ("Update the content of
 * a previously posted message after its data has been changed", foundryvtt.com API, ChatLog) renders a message already
 * in the log again, through the same render hook; a message not in this client's log stays out.
 */
export async function updateMessageInLog(message: LoggedMessage): Promise<void> {
  if (rendering && logOf(currentUser().id).has(message.id)) renderIntoLog(message);
}

/**
 * fvtt-types `ChatMessage#renderHTML`: "Render the HTML for the ChatMessage which should be added to the log", for the
 * running client, outside its log (a message rebuilt from stored data, say); the render hook fires as for the log.
 * Resolves once the hook's listeners had their turn (the caller settles what they left running).
 */
export async function renderMessageHTML(message: LoggedMessage): Promise<FakeElement> {
  const user = currentUser() as UserLike;
  const { html } = messageElement(message.isContentVisible ? message.content : "");
  await Promise.resolve();
  callAll("renderChatMessageHTML", message, html, messageData(message, user));
  return html;
}

/** A deleted message leaves the running client's log. */
export function removeFromLog(messageId: string): void {
  logOf(currentUser().id).delete(messageId);
}

/** As a client loading the world (`ChatLog#_renderBatch`): every message of `game.messages` it may see, in order. */
export function renderChatLog(messages: Iterable<LoggedMessage>): ReadonlyMap<string, FakeElement> {
  const user = currentUser();
  logs.set(user.id, new Map());
  for (const message of messages) renderIntoLog(message);
  return logOf(user.id);
}
