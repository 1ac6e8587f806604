/**
 * Where a card lives: `flags.quintette.card` on its ChatMessage (the system's own scope, never `world`).
 *
 * The message's author may rewrite these flags from their console, so a stored card is read strictly
 * (`isValidCardState`: types, lengths, ranges) and its roller must be its author unless a GM authored it (the GM's
 * client posts cards on a player's behalf). Foundry's server sets the author: a non-GM cannot create a message as
 * another user nor change its author later (`DocumentAuthorField`: "can only be changed later by GM users").
 * A card failing either check is ignored and logged once.
 */
import { isValidCardState } from "../trust/validate.ts";
import type { CardState } from "./types.ts";

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    ChatMessage: {
      quintette?: { card?: CardState; /** Key of the action that posted it (trust/once.ts). */ origin?: string };
    };
  }
}

export const FLAG_SCOPE = "quintette";

const logged = new Set<string>();
function ignore(message: ChatMessage.Implementation, why: string): null {
  const id = message.id ?? "?";
  if (!logged.has(id)) {
    logged.add(id);
    console.warn(`quintette | ignored card of message ${id}: ${why}`);
  }
  return null;
}

/** Id of the message's author (the stored source holds it; `message.author` is the User document). */
export function authorIdOf(message: ChatMessage.Implementation): string | null {
  const source = (message as { _source?: { author?: unknown } })._source;
  const id = source?.author;
  return typeof id === "string" ? id : null;
}

/** A deep copy of the message's card state, or null when the message carries no valid card. Never throws. */
export function readCard(message: ChatMessage.Implementation): CardState | null {
  let raw: unknown;
  try {
    raw = message.getFlag(FLAG_SCOPE, "card");
  } catch {
    return null;
  }
  if (raw === undefined || raw === null) return null;
  if (!isValidCardState(raw)) return ignore(message, "malformed state");
  const authorId = authorIdOf(message);
  const author = authorId ? game.users?.get(authorId) : undefined;
  if (!author) return ignore(message, "unknown author");
  if (!author.isGM && raw.rollerId !== author.id) return ignore(message, "roller is not the author");
  return structuredClone(raw);
}

/**
 * Stores a whole new state. Foundry merges objects on update, so a key removed from `data` would survive:
 * rule sets set `null` instead of deleting keys. Arrays (dice, buttons, applied, done) are replaced whole.
 */
export async function writeCard(message: ChatMessage.Implementation, state: CardState): Promise<void> {
  await message.update({ flags: { quintette: { card: state } } });
}
