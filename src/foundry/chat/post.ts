/**
 * Posting a card: a ChatMessage of the card's sub-type (`card-model.ts`) with the state as its `system`; the content is a first rendering (for anything that
 * reads messages without our hook, such as exports), replaced on every client by the hook's rendering.
 */
import { buttonToken } from "./actions.ts";
import { cardTypeFor } from "./card-model.ts";
import { buildCardContext, CARD_TEMPLATE } from "./card-state.ts";
import {
  applyMessageMode,
  currentMessageMode,
  messageModeFor,
  normalizeMessageMode,
  type MessageMode,
  type Visibility,
} from "./mode.ts";
import type { CardState } from "./types.ts";

export interface PostCardOptions {
  rolls?: Roll[];
  speaker?: ChatMessage.SpeakerData;
  /**
   * The mode the user chose (a roll dialog's `rollMode`): a v13 roll mode or a v14 message mode, either name is
   * accepted (see `mode.ts`); default: the user's chat setting.
   */
  rollMode?: MessageMode;
  /** A visibility the rule imposes, whatever the user chose; wins over `rollMode`. */
  visibility?: Visibility;
  /** Key of the action that posts it (`trust/once.ts`): a retry or a replay finds this message and reuses it. */
  origin?: string;
}

export async function postCard(
  state: CardState,
  options: PostCardOptions = {},
): Promise<ChatMessage.Implementation | undefined> {
  const user = game.user;
  const viewer = { userId: user?.id ?? state.rollerId, isGM: user?.isGM ?? false };
  const content = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, {
    ...buildCardContext(state, viewer, buttonToken(state)),
  });
  const data = {
    type: cardTypeFor(state),
    system: state,
    content,
    rolls: options.rolls ?? [],
    speaker: options.speaker ?? ChatMessage.getSpeaker(),
    ...(options.origin ? { flags: { quintette: { origin: options.origin } } } : {}),
  } as unknown as ChatMessage.CreateData; // the card sub-types' system is typed by their models, built from `state`
  const mode = options.visibility ? messageModeFor(options.visibility) : options.rollMode;
  applyMessageMode(data, mode);
  const self = (normalizeMessageMode(mode) ?? currentMessageMode()) === messageModeFor("self");
  keepRollerAsReader(data, user?.id ?? null, state.rollerId, self);
  return ChatMessage.create(data);
}

/**
 * A card the GM's client posts for a player (a relayed action, a follow-up roll) is applied the GM's way: Foundry
 * whispers a self card to the posting GM and a private one to the GMs, so the roller would lose it. The roller is
 * put back among the readers: a self card goes to the roller alone (the posting GM sees it as author), a private one
 * to the GMs and the roller. A blind card stays the GMs' alone: a whisper's recipient sees a roll's result whatever
 * `blind` says (`blind` hides it from the author only), so the roller sees that a roll was made, never its result.
 */
export function keepRollerAsReader(
  data: ChatMessage.CreateData,
  posterId: string | null,
  rollerId: string,
  self: boolean,
): void {
  // Foundry's mode functions write an array of user ids (the field also accepts users, ids, maps in creation data).
  const raw: unknown = data.whisper;
  const whisper = Array.isArray(raw) ? raw.filter((id): id is string => typeof id === "string") : [];
  if (!whisper.length || !posterId || rollerId === posterId || !game.users?.get(rollerId)) return;
  if (data.blind === true) return;
  if (self) data.whisper = [rollerId];
  else if (!whisper.includes(rollerId)) data.whisper = [...whisper, rollerId];
}

/**
 * The speaker of a card about an actor. fvtt-types 14.x wants a stored actor (its id and uuid known); an unsaved
 * one, which never posts cards in practice, speaks as the user.
 */
export function speakerFor(actor: Actor.Implementation | null | undefined): ChatMessage.SpeakerData {
  return ChatMessage.getSpeaker(actor && isStored(actor) ? { actor } : {});
}

/**
 * A user (the current one) as the speaker of a card about no actor (a record of the table's own, such as SYSTEMJ's time record
 * or reveal). Never `ChatMessage.getSpeaker()` without an actor: it would "first assume that the currently controlled
 * Token is the speaker" (fvtt-types), so the card would speak for whatever token the user has selected.
 */
export function userSpeaker(user: User.Implementation | null = game.user ?? null): ChatMessage.SpeakerData {
  return { scene: null, actor: null, token: null, alias: user?.name ?? "" };
}

function isStored(doc: object): doc is Actor.Stored {
  return "id" in doc && typeof doc.id === "string" && "uuid" in doc && typeof doc.uuid === "string";
}
