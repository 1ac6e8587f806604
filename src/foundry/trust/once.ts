/**
 * Side effects of a card action that are not document writes with an effect record (a follow-up card posted by the
 * executing client), made once by a key: the originating message id and the action's token. A retry after a failure
 * or a replay (the author clearing the card's `done` list) finds the message already posted and reuses it.
 *
 * Only a message written by a GM, or by the executing user themself (the no-GM local path), counts: a player could
 * post a message carrying any flag to make the GM's client skip its own post.
 */
import { authorIdOf, writtenByGM } from "../chat/author.ts";

const SCOPE = "quintette";
/** The flag holding a posted message's key (`postCard`'s `origin` option writes it). */
const ORIGIN_FLAG = "origin";

/** The key of a side effect: the message id and the action's token (never anything the card's author wrote). */
export function originKey(messageId: string, token: string): string {
  return `${messageId}:${token}`;
}

function trustedAuthor(message: ChatMessage.Implementation): boolean {
  const id = authorIdOf(message);
  return !!id && (id === game.user?.id || writtenByGM(message));
}

/** The message already posted for `key` by a trusted author, or null. */
export function postedFor(key: string): ChatMessage.Implementation | null {
  for (const message of game.messages ?? []) {
    if (message.getFlag(SCOPE, ORIGIN_FLAG) === key && trustedAuthor(message)) return message;
  }
  return null;
}

/**
 * Posts with `post` (which must put `key` in `flags.quintette.origin`) unless a message for `key` exists: returns
 * that message and `reused: true` then, without posting.
 */
export async function postOnce(
  key: string,
  post: () => Promise<ChatMessage.Implementation | undefined>,
): Promise<{ message: ChatMessage.Implementation | null; reused: boolean }> {
  const existing = postedFor(key);
  if (existing) return { message: existing, reused: true };
  return { message: (await post()) ?? null, reused: false };
}
