/**
 * Where a card lives: the `system` of a ChatMessage of a card sub-type (`card-model.ts`). Cards posted before that
 * live in `flags.quintette.card` of a base message and stay there; both are read through the card's data model.
 *
 * The message's author may rewrite it from their console. Foundry's server runs no system data model: each client's
 * card model validates a typed card as it builds the message, and a legacy card is validated here. Its roller must be its author unless a GM authored it (the GM's
 * client posts cards on a player's behalf). Foundry's server sets the author: a non-GM cannot create a message as
 * another user nor change its author later (`DocumentAuthorField`: "can only be changed later by GM users").
 * A card failing either check is ignored and logged once.
 */
import { cardFromSource, CardModel, isCardType } from "./card-model.ts";
import type { CardState } from "./types.ts";
import { authorIdOf } from "./author.ts";

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    ChatMessage: {
      quintette?: {
        /** Legacy cards (before card sub-types); new cards are typed messages. */
        card?: CardState;
        /** Key of the action that posted it (trust/once.ts). */ origin?: string;
      };
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

/** Whether the message is a typed card (its state in `system`), rather than a legacy one in flags. */
export function isTypedCard(message: ChatMessage.Implementation): boolean {
  return isCardType((message as { type?: unknown }).type);
}

/** The stored state, as plain data validated by its model: undefined when the message holds no card at all. */
function storedState(message: ChatMessage.Implementation): CardState | null | undefined {
  if (isTypedCard(message)) {
    const system: unknown = (message as { system?: unknown }).system;
    // Foundry built and validated the model; anything else (no model registered) is validated here.
    if (system instanceof CardModel) return system.toObject() as unknown as CardState;
    const source = (message as { _source?: { system?: unknown } })._source?.system;
    return cardFromSource(source, (message as { type?: unknown }).type);
  }
  const raw: unknown = message.getFlag(FLAG_SCOPE, "card");
  if (raw === undefined || raw === null) return undefined;
  return cardFromSource(raw);
}

/**
 * The stored card state as it is, unchecked and not copied (a typed card's model, a legacy card's flag), or undefined.
 * Only to skip messages cheaply before `readCard`: nothing read here may be acted on. Never throws.
 */
export function peekCard(message: ChatMessage.Implementation): unknown {
  try {
    return isTypedCard(message) ? (message as { system?: unknown }).system : message.getFlag(FLAG_SCOPE, "card");
  } catch {
    return undefined;
  }
}

/** A deep copy of the message's card state, or null when the message carries no valid card. Never throws. */
export function readCard(message: ChatMessage.Implementation): CardState | null {
  let state: CardState | null | undefined;
  try {
    state = storedState(message);
  } catch {
    return null;
  }
  if (state === undefined) return null;
  if (state === null) return ignore(message, "malformed state");
  const authorId = authorIdOf(message);
  const author = authorId ? game.users?.get(authorId) : undefined;
  if (!author) return ignore(message, "unknown author");
  if (!author.isGM && state.rollerId !== author.id) return ignore(message, "roller is not the author");
  return structuredClone(state);
}

/**
 * Stores a whole new state where the card lives. Foundry merges objects on update, so a key removed from `data`
 * would survive: rule sets set `null` instead of deleting keys. Arrays (dice, buttons, applied, done) are replaced
 * whole.
 */
export async function writeCard(message: ChatMessage.Implementation, state: CardState): Promise<void> {
  if (isTypedCard(message)) await message.update({ system: state } as never);
  else await message.update({ flags: { quintette: { card: state } } });
}
