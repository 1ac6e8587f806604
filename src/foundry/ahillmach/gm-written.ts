/** Whether a GM's client wrote a message (a player's own message holds flags that player may rewrite). */
export function writtenByGM(message: ChatMessage.Implementation): boolean {
  // Foundry gives the author as a User; the test double keeps its id.
  const author: unknown = message.author;
  const user = typeof author === "string" ? game.users?.get(author) : author;
  return !!user && typeof user === "object" && "isGM" in user && user.isGM === true;
}
