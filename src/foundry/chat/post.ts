/**
 * Posting a card: the state goes into `flags.quintette.card`; the content is a first rendering (for anything that
 * reads messages without our hook, such as exports), replaced on every client by the hook's rendering.
 */
import { buttonToken } from "./actions.ts";
import { buildCardContext, CARD_TEMPLATE } from "./card-state.ts";
import type { CardState } from "./types.ts";

export interface PostCardOptions {
  rolls?: Roll[];
  speaker?: ChatMessage.SpeakerData;
  /** Foundry roll mode (`publicroll`, `gmroll`, `blindroll`, `selfroll`); default: the user's chat setting. */
  rollMode?: ChatMessage.PassableRollMode;
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
  const data: ChatMessage.CreateData = {
    content,
    rolls: options.rolls ?? [],
    speaker: options.speaker ?? ChatMessage.getSpeaker(),
    flags: { quintette: { card: state } },
  };
  // "roll" is Foundry's name for the user's current chat roll mode.
  ChatMessage.applyRollMode(data, options.rollMode ?? "roll");
  return ChatMessage.create(data);
}
