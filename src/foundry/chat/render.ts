/**
 * `renderChatMessageHTML`: every client re-renders a card from its stored state, in its own language and with its
 * own rights, so a card looks the same after a reload and for everyone. Clicks on `[data-action]` buttons inside
 * the card dispatch registered card actions.
 */
import { rulesetLabel } from "../ruleset-id.ts";
import { buttonToken, cardsLive, requestCardAction, userOwnsUuid, type CardActionArgs } from "./actions.ts";
import {
  buildCardContext,
  CARD_TEMPLATE,
  readOnlyCardContext,
  type ButtonContext,
  type CardContext,
  type CardViewer,
} from "./card-state.ts";
import { readCard } from "./flags.ts";
import { templatesLoaded } from "../templates/loaded.ts";
import { shownButtons } from "./exclusive.ts";
import type { CardButton, CardState, JsonPrimitive, Label } from "./types.ts";

/** Parses a button's `data-args` (JSON of primitives); anything else gives no arguments. */
export function parseArgs(raw: string | undefined): CardActionArgs {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    const args: CardActionArgs = {};
    for (const [k, v] of Object.entries(parsed)) {
      if (v === null || ["string", "number", "boolean"].includes(typeof v)) args[k] = v as JsonPrimitive;
    }
    return args;
  } catch {
    return {};
  }
}

function isElement(target: EventTarget | null): target is Element {
  return !!target && "closest" in target;
}

/** Click delegation on the card: one listener, so re-rendered buttons need no re-binding. */
export function onCardClick(messageId: string, event: Event): Promise<unknown> | null {
  const origin = event.target;
  if (!isElement(origin)) return null;
  const button = origin.closest<HTMLElement>("[data-action]");
  const action = button?.dataset.action;
  if (!button || !action || button.hasAttribute("disabled") || button.dataset.busy) return null;
  event.preventDefault();
  event.stopPropagation();
  // Busy while the request is out: a double click sends one request (the executor is idempotent anyway).
  button.dataset.busy = "1";
  return requestCardAction(messageId, action, parseArgs(button.dataset.args)).finally(() => {
    delete button.dataset.busy;
  });
}

/**
 * What a rule set adds to a card's template context for one viewer (which React buttons this user may see…). It
 * runs inside the render, so the HTML each client inserts is already right for it: another `renderChatMessageHTML`
 * listener cannot fix the card afterwards, as Foundry's `Hooks.callAll` does not wait for this async render.
 * `buttons` are the frame's buttons this viewer sees; a context may return fewer (`buttons`) to hide some.
 */
export type CardViewerContext = (
  state: CardState,
  viewer: CardViewer,
  buttons: ButtonContext[],
) => Record<string, unknown>;
const viewerContexts = new Map<string, CardViewerContext>();

export function registerCardViewerContext(ruleset: string, extend: CardViewerContext): void {
  viewerContexts.set(ruleset, extend);
}

/**
 * Why a rule set's button is greyed out for one viewer now (a damage held back by a reaction still to pick…), or
 * null: the button shows disabled with that reason as its tooltip. Display only: the executor refuses on its own.
 */
export type CardButtonLock = (state: CardState, button: CardButton, viewer: CardViewer) => Label | null;
const buttonLocks = new Map<string, CardButtonLock>();

export function registerCardButtonLock(ruleset: string, lock: CardButtonLock): void {
  buttonLocks.set(ruleset, lock);
}

/** The frame's buttons with the rule set's own locks for this viewer (one context per stored button, same order). */
function lockedButtons(state: CardState, buttons: ButtonContext[], viewer: CardViewer): ButtonContext[] {
  const lock = buttonLocks.get(state.ruleset);
  if (!lock) return buttons;
  return buttons.map((button, i) => {
    const stored = state.buttons[i];
    const hint = stored && !button.locked && !button.done ? lock(state, stored, viewer) : null;
    return hint ? { ...button, locked: true, hint } : button;
  });
}

/**
 * Renders a message again in this client's chat log, when it is there: for a card whose buttons depend on other
 * messages (a reaction posted against it). Foundry's `ChatLog#updateMessage` re-renders a posted message in place.
 */
export function rerenderMessage(messageId: string): void {
  const message = game.messages?.get(messageId);
  const log = ui.chat as unknown as { updateMessage?: (m: ChatMessage.Implementation) => Promise<unknown> } | undefined;
  if (message && log?.updateMessage) void log.updateMessage(message).catch(() => undefined);
}

/** Whether a card belongs to a rule set this world does not play (it played it before switching). */
export function fromInactiveRuleset(state: CardState): boolean {
  return !cardsLive(state.ruleset);
}

function readOnlyContext(context: CardContext, state: CardState) {
  const name = game.i18n?.localize(rulesetLabel(state.ruleset as Parameters<typeof rulesetLabel>[0])) ?? state.ruleset;
  return readOnlyCardContext(context, name);
}

/**
 * Replaces the message content with the card rendered from its state. Returns false (and leaves Foundry's
 * rendering alone) for messages without a card and for content this user may not see (blind or private rolls).
 */
export async function enhanceCard(message: ChatMessage.Implementation, html: HTMLElement): Promise<boolean> {
  // The card frame and bodies are partials loaded at init (templates/loaded.ts): a message rendered first waits.
  await templatesLoaded();
  const state = readCard(message);
  if (!state || !message.isContentVisible) return false;
  const content = html.querySelector<HTMLElement>(".message-content");
  const user = game.user;
  if (!content || !user) return false;
  const viewer: CardViewer = {
    userId: user.id,
    isGM: user.isGM,
    owns: (uuid: string) => userOwnsUuid(user, uuid),
    messageId: message.id ?? undefined,
  };
  const built = buildCardContext(state, viewer, buttonToken(state));
  // A plain record, as renderTemplate takes it (the rule set's viewer context adds its own keys).
  const buttons = shownButtons(state, lockedButtons(state, built.buttons, viewer), viewer);
  const context: Record<string, unknown> = fromInactiveRuleset(state)
    ? { ...readOnlyContext(built, state) }
    : { ...built, buttons, ...viewerContexts.get(state.ruleset)?.(state, viewer, buttons) };
  content.innerHTML = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, context);
  html.classList.add("quintette-message");
  const id = message.id;
  // The listener returns the dispatch promise so callers (and tests) can await it; browsers ignore it.
  if (id) content.addEventListener("click", (event) => onCardClick(id, event));
  return true;
}

/** A card that fails to render (forged, malformed) keeps Foundry's own rendering; nothing is thrown. */
export function onRenderChatMessageHTML(message: ChatMessage.Implementation, html: HTMLElement): void {
  try {
    void enhanceCard(message, html).catch((error: unknown) => {
      console.warn("quintette | card not rendered", message.id, error);
    });
  } catch (error) {
    console.warn("quintette | card not rendered", message.id, error);
  }
}
