/**
 * Dice So Nice for a roll a card action makes on the executing client (the GM's, for a player's click): shown with
 * the card's own audience (its whisper and blind), message id and speaker, so a private card's dice stay private and
 * the module ties the animation to the message. Never awaited: card actions run in the GM's serialization queue, and
 * an animation (seconds, or never when the window is in the background) would hold every request of the table.
 * Nothing happens without the module.
 */

/** The slice of a chat message the animation needs. */
export interface ShownMessage {
  id: string | null;
  whisper: readonly string[];
  blind: boolean;
  speaker: unknown;
}

/** Dice So Nice's `showForRoll(roll, user, synchronize, users, blind, messageId, speaker)`. */
type ShowForRoll = (
  roll: unknown,
  user: unknown,
  synchronize: boolean,
  users: readonly string[] | null,
  blind: boolean,
  messageId: string | null,
  speaker: unknown,
) => unknown;

export function showRollOf(roll: unknown, message: ShownMessage): void {
  const dice3d: unknown = (game as { dice3d?: unknown }).dice3d;
  if (!roll || !dice3d || typeof dice3d !== "object" || !("showForRoll" in dice3d)) return;
  const show = dice3d.showForRoll;
  if (typeof show !== "function") return;
  const users = message.whisper.length ? [...message.whisper] : null;
  try {
    const shown = (show as ShowForRoll).call(
      dice3d,
      roll,
      game.user,
      true,
      users,
      message.blind,
      message.id,
      message.speaker,
    );
    // An animation that fails changes nothing the rules decided.
    if (shown instanceof Promise) shown.catch(() => undefined);
  } catch {
    // Same: the module's failure is not the card's.
  }
}
