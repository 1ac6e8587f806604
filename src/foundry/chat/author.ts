/**
 * Who wrote a message: `ChatMessage#author` is the User Foundry's server set at creation (a `DocumentAuthorField`,
 * "the original author of a document. This can only be changed later by GM users"). The one author check every card
 * and relay step reads; a deleted user is no author.
 */
interface Authored {
  author?: { id: string | null; isGM?: boolean } | null;
}

/** The author's user id, or null. */
export function authorIdOf(message: Authored): string | null {
  return message.author?.id ?? null;
}

/** Whether a GM wrote the message (a player's own message holds flags that player may rewrite). */
export function writtenByGM(message: Authored): boolean {
  return message.author?.isGM === true;
}
