// Advantages bought for automatic actions, as recorded on the character: what was bought, newest last.

/** Longest description of a bought advantage, in characters (after trimming). */
export const MAX_PURCHASE_TEXT = 120;
/** How many purchases a character keeps on record (the oldest drop off first). */
export const MAX_PURCHASES_KEPT = 20;

export interface Purchase {
  /** What the advantage was, in the player's words. */
  text: string;
  /**
   * The advantage has lapsed (issue 25): a bought advantage serves the action it was bought for, the character's next
   * one, and lapses once the character acts again (a new purchase, or a question resolved). Absent: in effect.
   */
  lapsed?: boolean;
}

/**
 * The description of a purchase as it will be recorded, or null when it cannot be: not a string, empty once trimmed,
 * longer than MAX_PURCHASE_TEXT, or holding control characters (a record is one line). Inner spaces collapse.
 */
export function purchaseText(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  const text = raw.trim().replace(/\s+/g, " ");
  if (text.length === 0 || text.length > MAX_PURCHASE_TEXT) return null;
  return text;
}

/** The record once the character has acted again: every purchase lapsed. */
export function lapsePurchases(record: readonly Purchase[]): Purchase[] {
  return record.map((p) => ({ text: p.text, lapsed: true }));
}

/**
 * The record with one more purchase at the end, keeping at most MAX_PURCHASES_KEPT (the newest). Buying is the
 * character's next action: every earlier purchase has lapsed.
 */
export function recordPurchase(record: readonly Purchase[], text: string): Purchase[] {
  const clean = purchaseText(text);
  if (clean === null) throw new RangeError(`not a recordable advantage: ${JSON.stringify(text)}`);
  return [...lapsePurchases(record), { text: clean, lapsed: false }].slice(-MAX_PURCHASES_KEPT);
}

/** Whether any purchase of the record is still in effect. */
export function purchaseInEffect(record: readonly Purchase[]): boolean {
  return record.some((p) => p.lapsed !== true);
}

/**
 * Whether the temporary advantage the character held when a question was asked lapses when the question ends
 * (issue 25): it may be used on the character's next action only, so a question that is resolved (a success, a
 * failure, a forfeit) ends it, counted or not. A tie, a question given up, cancelled or voided is no action: kept.
 */
export function advantageLapses(status: string, heldWhenAsked: boolean): boolean {
  return heldWhenAsked && status === "resolved";
}
