/**
 * Where a card lives: `flags.quintette.card` on its ChatMessage (the system's own scope, never `world`).
 */
import { isCardState } from "./card-state.ts";
import type { CardState } from "./types.ts";

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    ChatMessage: { quintette?: { card?: CardState } };
  }
}

export const FLAG_SCOPE = "quintette";

/** A deep copy of the message's card state, or null when the message carries no (valid) card. */
export function readCard(message: ChatMessage.Implementation): CardState | null {
  const raw: unknown = message.getFlag(FLAG_SCOPE, "card");
  return isCardState(raw) ? structuredClone(raw) : null;
}

/**
 * Stores a whole new state. Foundry merges objects on update, so a key removed from `data` would survive:
 * rule sets set `null` instead of deleting keys. Arrays (dice, buttons, applied, done) are replaced whole.
 */
export async function writeCard(message: ChatMessage.Implementation, state: CardState): Promise<void> {
  await message.update({ flags: { quintette: { card: state } } });
}
