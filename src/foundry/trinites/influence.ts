/**
 * Where Encourager and Intimider's pending options live (the rule is the rules core's `storesInfluence`): on the
 * target actor (`system.influences`, one slot per kind), shown and pre-filled by its next roll dialog, spent by that
 * roll.
 */
import { trinites as T } from "../../rules/index.ts";
import type { TurnAction } from "./card.ts";

/** What the roller picks on a successful card: the initiative (default, end of turn), or the next action/reaction. */
export type InfluenceUse = T.InfluenceUse;
/** A stored slot's use; "" when nothing is pending. */
export type PendingUse = "" | "action" | "reaction";

/** One slot as stored on the actor. */
export interface InfluenceSlot {
  sur: PendingUse;
  valeur: number;
  /** Name of the actor who encouraged or intimidated. */
  source: string;
  /** The card it came from (a won reaction to an intimidation removes it). */
  message: string;
}

export type Influences = Record<TurnAction, InfluenceSlot>;

export const EMPTY_SLOT: InfluenceSlot = { sur: "", valeur: 0, source: "", message: "" };

/** Reads the actor's slots (an actor of another rule set has none). */
export function influencesOf(system: unknown): Influences | null {
  const s = (system as { influences?: Partial<Influences> } | null)?.influences;
  if (!s) return null;
  return { encourager: s.encourager ?? EMPTY_SLOT, intimider: s.intimider ?? EMPTY_SLOT };
}

export interface PendingInfluence {
  action: TurnAction;
  value: number;
  source: string;
}

/** What waits for the actor's next roll of that kind (an initiative test is neither an action nor a reaction). */
export function pendingFor(system: unknown, use: "action" | "reaction"): PendingInfluence[] {
  const slots = influencesOf(system);
  if (!slots) return [];
  return (["encourager", "intimider"] as const)
    .filter((a) => slots[a].sur === use && slots[a].valeur !== 0)
    .map((a) => ({ action: a, value: slots[a].valeur, source: slots[a].source }));
}

/** The update spending what waited for that roll, or null. */
export function consumeUpdate(system: unknown, use: "action" | "reaction"): Record<string, unknown> | null {
  const spent = pendingFor(system, use);
  if (!spent.length) return null;
  return Object.fromEntries(spent.map((p) => [`system.influences.${p.action}`, { ...EMPTY_SLOT }]));
}

/**
 * The update storing a chosen option on the target, or null when the target cannot take it: initiative is not
 * stored, and a slot still pending is not replaced (a second encouragement waits for the first to be played).
 */
export function storeUpdate(
  system: unknown,
  action: TurnAction,
  use: InfluenceUse,
  source: string,
  messageId: string,
): Record<string, unknown> | null {
  const slots = influencesOf(system);
  // `use === "initiative"` repeats the rule only to narrow the stored type.
  if (!slots || use === "initiative" || !T.storesInfluence(use, slots[action].sur !== "")) return null;
  const slot: InfluenceSlot = { sur: use, valeur: T.influenceModifier(action), source, message: messageId };
  return { [`system.influences.${action}`]: slot };
}

/** The update removing a slot that came from this card (its target's reaction won), or null. */
export function withdrawUpdate(system: unknown, action: TurnAction, messageId: string): Record<string, unknown> | null {
  const slots = influencesOf(system);
  if (!slots || slots[action].sur === "" || slots[action].message !== messageId) return null;
  return { [`system.influences.${action}`]: { ...EMPTY_SLOT } };
}

export function isInfluenceUse(value: unknown): value is InfluenceUse {
  return T.INFLUENCE_USES.includes(value as InfluenceUse);
}
