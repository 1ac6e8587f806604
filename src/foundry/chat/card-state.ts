/**
 * Pure helpers on card state: building a state, idempotence tokens, and the template context of the generic card
 * frame. No Foundry global here, so the gallery and tests build the exact context the chat hook renders.
 */
import { storedToken } from "../trust/hash.ts";
import type { AppliedEntry, CardButton, CardDie, CardState, JsonPrimitive, Label } from "./types.ts";
import { boundText } from "../trust/bound.ts";

export const CARD_TEMPLATE = "systems/quintette/templates/shared/chat/card.hbs";
export const CARD_PARTIALS = [
  CARD_TEMPLATE,
  "systems/quintette/templates/shared/chat/dice.hbs",
  "systems/quintette/templates/shared/chat/applied.hbs",
];

/** Builds a complete state from the fields a rule set cares about; the rest gets safe defaults. */
export function createCardState(
  init: Pick<CardState, "ruleset" | "kind" | "rollerId" | "title"> & Partial<CardState>,
): CardState {
  return {
    version: 1,
    actorUuid: null,
    img: null,
    subtitle: null,
    dice: [],
    outcome: null,
    buttons: [],
    damage: null,
    applied: [],
    done: [],
    revision: 0,
    data: {},
    body: null,
    ...init,
    // The roller's name, copied from their actor: bounded (trust/bound.ts).
    actorName: boundText(init.actorName ?? ""),
  };
}

/** A die for the dice row; `chain` defaults to the single face. */
export function cardDie(faces: number, chain: number[] | number, extra: Partial<CardDie> = {}): CardDie {
  const faces_ = Array.isArray(chain) ? chain : [chain];
  return {
    faces,
    value: faces_.reduce((a, b) => a + b, 0),
    chain: faces_.length > 1 ? faces_ : [],
    tone: "neutral",
    kept: true,
    label: null,
    ...extra,
  };
}

/**
 * The idempotence token of an action with its arguments: the action name, plus `:key` when the button carries a
 * `key` argument (one token per target, per die…). Rule sets may define their own through `CardAction.token`.
 */
export function defaultActionToken(action: string, args: Record<string, JsonPrimitive | undefined>): string {
  const key = args.key;
  return key === undefined || key === null ? action : `${action}:${String(key)}`;
}

/** Tokens are stored in their bounded form (`storedToken`): no argument can make the card too large to read. */
export function isDone(state: CardState, token: string): boolean {
  return state.done.includes(storedToken(token));
}

/** Tokens kept on a card; the oldest go first (effect records, not this list, make an effect happen once). */
const DONE_KEPT = 500;

/** A new state with the token recorded and the revision bumped; the input is left untouched. */
export function withDone(state: CardState, token: string): CardState {
  const done = isDone(state, token) ? state.done : [...state.done, storedToken(token)].slice(-DONE_KEPT);
  return { ...state, done, revision: state.revision + 1 };
}

export interface CardViewer {
  userId: string;
  isGM: boolean;
  /** Whether the viewer owns a document (the Foundry side answers); absent: treated as owning, the executor decides. */
  owns?: (uuid: string) => boolean;
  /** The card's message, when rendered in the chat log (a rule set's lock may read the documents answering it). */
  messageId?: string;
}

export interface ButtonContext {
  action: string;
  label: Label;
  icon: string;
  argsJson: string;
  /** The viewer may not take it (greyed out; the executor checks again). */
  locked: boolean;
  /** Why it is greyed out for this viewer (the button's tooltip), or null. */
  hint: Label | null;
  /** Already taken: shown as done, not clickable. */
  done: boolean;
}

export interface DieContext extends CardDie {
  css: string;
  chainText: string;
}

export interface AppliedContext extends AppliedEntry {
  canUndo: boolean;
  /** The follow-up button shows while the change stands and the step is not taken. */
  showFollowUp: boolean;
  /** The viewer does not own the target: undo and follow-up show greyed (the executor checks again). */
  targetLocked: boolean;
}

export interface CardContext {
  css: string;
  title: Label;
  subtitle: Label | null;
  img: string | null;
  actorName: string;
  dice: DieContext[];
  outcome: (CardState["outcome"] & { css: string }) | null;
  buttons: ButtonContext[];
  applied: AppliedContext[];
  hasApplied: boolean;
  body: string | null;
  data: CardState["data"];
  state: CardState;
  /** The viewer is the roller or a GM: a rule set's body greys out the roller's own controls for everyone else. */
  rollerView: boolean;
}

/** Why this viewer may not take the button (its audience, or the document whose owners take it), or null. */
function lockOf(button: CardButton, viewer: CardViewer, state: CardState): Label | null {
  if (viewer.isGM) return null;
  if (button.audience === "gm") return { key: "QUINTETTE.Card.LockedGM" };
  if (button.audience === "roller" && viewer.userId !== state.rollerId) return { key: "QUINTETTE.Card.LockedRoller" };
  if (typeof button.owner === "string" && viewer.owns && !viewer.owns(button.owner))
    return { key: "QUINTETTE.Card.LockedOwner" };
  return null;
}

/**
 * Template context of the generic card frame for one viewer. `tokenFor` gives the idempotence token of a button
 * (from the action registry) so taken actions show as done on every client.
 */
export function buildCardContext(
  state: CardState,
  viewer: CardViewer,
  tokenFor: (button: CardButton) => string = (b) => defaultActionToken(b.action, b.args),
): CardContext {
  const dice = state.dice.map((die) => ({
    ...die,
    css: [`tone-${die.tone}`, die.kept === true ? "kept" : die.kept === false ? "dropped" : "pending"].join(" "),
    chainText: die.chain.length > 1 ? die.chain.join(" + ") : "",
  }));
  const buttons = state.buttons.map((b) => {
    const hint = lockOf(b, viewer, state);
    return {
      action: b.action,
      label: b.label,
      icon: b.icon,
      argsJson: JSON.stringify(b.args),
      locked: hint !== null,
      hint,
      done: isDone(state, tokenFor(b)),
    };
  });
  const applied = state.applied.map((entry) => ({
    ...entry,
    canUndo: entry.undo !== null && !entry.undone,
    showFollowUp: !!entry.followUp && !entry.followUp.done && !entry.undone,
    targetLocked: !viewer.isGM && !!viewer.owns && !viewer.owns(entry.targetUuid),
  }));
  return {
    css: ["quintette", "quintette-card", `ruleset-${state.ruleset}`, `kind-${state.kind}`].join(" "),
    title: state.title,
    subtitle: state.subtitle,
    img: state.img,
    actorName: state.actorName,
    dice,
    outcome: state.outcome ? { ...state.outcome, css: `outcome-${state.outcome.tone}` } : null,
    buttons,
    applied,
    hasApplied: applied.length > 0,
    body: state.body,
    data: state.data,
    state,
    rollerView: viewer.isGM || viewer.userId === state.rollerId,
  };
}

/**
 * A card of a rule set the world no longer plays, read only: the shared frame (title, dice, outcome, what was
 * applied) with a note naming the game, without its buttons, undo and follow-ups, nor its rule set's body. Acting on
 * it would run that rule set's code, settings and hooks, which the world does not load (issue 23); its body's
 * template, controls and styles are that code's too.
 */
export function readOnlyCardContext(
  context: CardContext,
  rulesetName: string,
): CardContext & { inactiveRuleset: string } {
  return {
    ...context,
    body: null,
    buttons: [],
    applied: context.applied.map((entry) => ({ ...entry, canUndo: false, showFollowUp: false })),
    inactiveRuleset: rulesetName,
  };
}
