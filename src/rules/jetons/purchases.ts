// Advantages bought for automatic actions, as recorded on the character: what was bought, newest last.

/** Longest description of a bought advantage, in characters (after trimming). */
export const MAX_PURCHASE_TEXT = 120;
/** How many purchases a character keeps on record (the oldest drop off first). */
export const MAX_PURCHASES_KEPT = 20;

export interface Purchase {
  /** What the advantage was, in the player's words. */
  text: string;
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

/** The record with one more purchase at the end, keeping at most MAX_PURCHASES_KEPT (the newest). */
export function recordPurchase(record: readonly Purchase[], text: string): Purchase[] {
  const clean = purchaseText(text);
  if (clean === null) throw new RangeError(`not a recordable advantage: ${JSON.stringify(text)}`);
  return [...record, { text: clean }].slice(-MAX_PURCHASES_KEPT);
}
