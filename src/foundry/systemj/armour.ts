/**
 * SYSTEMJ armour points, pure. The actor's maximum is the sum of the armour cards in hand (equipped): the cards carry
 * the armour points (rules §5, "armours with armour points"). The current value is the actor's, lowered by damage
 * (armour first, then hit points) and never above the maximum.
 *
 * Taking an armour card in hand adds its points to the current value (a card comes in working order; the rules say
 * nothing of it, this is our choice), up to the new maximum; putting it away lowers the value to the new maximum.
 * Wear stays with the actor, not the card: the GM judges a worn armour card put away and taken back.
 */

export interface ArmourCardLike {
  type: string;
  system: { equipped?: unknown; armourPoints?: unknown };
}

const points = (card: ArmourCardLike) => {
  const n = Number(card.system.armourPoints);
  return card.type === "sj-armure" && Number.isInteger(n) && n > 0 ? n : 0;
};

/** Armour points of the armour cards in hand. */
export function armourFromCards(cards: Iterable<ArmourCardLike>): number {
  let total = 0;
  for (const card of cards) if (card.system.equipped === true) total += points(card);
  return total;
}

/** The actor's armour points as shown and used: the maximum from the cards, the stored value clamped to it. */
export function derivedArmour(storedValue: number, fromCards: number): { value: number; max: number } {
  const max = Math.max(0, fromCards);
  return { value: Math.min(Math.max(0, storedValue), max), max };
}

/**
 * The actor update when one armour card goes into the hand (`equip` true) or out of it: the current value gains the
 * card's points, or is cut to the new maximum. `current` is the derived armour before the change.
 */
export function armourAfterEquip(
  current: { value: number; max: number },
  card: ArmourCardLike,
  equip: boolean,
): { "system.armourPoints.value": number; "system.armourPoints.max": number } {
  const pts = points(card);
  const max = Math.max(0, current.max + (equip ? pts : -pts));
  const value = Math.min(max, equip ? current.value + pts : current.value);
  return { "system.armourPoints.value": value, "system.armourPoints.max": max };
}
