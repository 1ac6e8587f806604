/**
 * Armour points. The cards carry them (RULES.md §5: armours with armour points), so an actor's maximum is the sum
 * of the armour cards in hand; the current value is the actor's, lowered by damage (armour first, then hit points)
 * and never above the maximum.
 *
 * Our choices where the rules are silent: taking an armour card in hand adds its points to the current value (a card
 * comes in working order), up to the new maximum; putting it away lowers the value to the new maximum. Wear stays
 * with the actor, not the card.
 */

export interface ArmourCard {
  inHand: boolean;
  armourPoints: number;
}

const pointsOf = (n: number) => (Number.isInteger(n) && n > 0 ? n : 0);

/** Armour points of the armour cards in hand. */
export function armourFromCards(cards: Iterable<ArmourCard>): number {
  let total = 0;
  for (const card of cards) if (card.inHand) total += pointsOf(card.armourPoints);
  return total;
}

/** The actor's armour points as shown and used: the maximum from the cards, the stored value clamped to it. */
export function derivedArmour(storedValue: number, fromCards: number): { value: number; max: number } {
  const max = Math.max(0, fromCards);
  return { value: Math.min(Math.max(0, storedValue), max), max };
}

/** The armour points after one card goes into the hand (`equip` true) or out of it. */
export function armourAfterEquip(
  current: { value: number; max: number },
  cardPoints: number,
  equip: boolean,
): { value: number; max: number } {
  const pts = pointsOf(cardPoints);
  const max = Math.max(0, current.max + (equip ? pts : -pts));
  return { value: Math.min(max, equip ? current.value + pts : current.value), max };
}
