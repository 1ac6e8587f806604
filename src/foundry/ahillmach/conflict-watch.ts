/**
 * The conflict and round each Ahill-Mach card was posted in, as the serving GM's client saw it arrive (Foundry's
 * `createChatMessage` hook, after the server stored it): what binds a roll's initiative change to one combat and
 * round (issue 36). A card's own fields are its author's; this is the GM's observation. Kept in the serving page's
 * memory, bounded: a card posted before that page loaded moves no initiative (its roller asks again with a new roll).
 */
import { readCard } from "../chat/flags.ts";
import { isServingSession } from "../relay/session.ts";

export interface PostedIn {
  combat: string;
  round: number;
}

const seen = new Map<string, PostedIn>();
/** Cards remembered: far more than a conflict's rolls in one round. */
const SEEN_KEPT = 500;

/** `createChatMessage` on every client: the serving page notes the active combat and round of an Ahill-Mach card. */
export function noteCard(message: ChatMessage.Implementation): void {
  const combat = game.combat;
  if (!isServingSession() || !combat?.id || !message.id) return;
  if (readCard(message)?.ruleset !== "ahillmach") return;
  seen.set(message.id, { combat: combat.id, round: combat.round ?? 0 });
  for (const old of seen.keys()) {
    if (seen.size <= SEEN_KEPT) break;
    seen.delete(old);
  }
}

/** The combat and round the serving page saw the card posted in, or null. */
export function postedIn(messageId: string): PostedIn | null {
  return seen.get(messageId) ?? null;
}

/** Installs the watch (once, at init). */
export function registerConflictWatch(): void {
  seen.clear();
  Hooks.on("createChatMessage", (message) => noteCard(message));
}
