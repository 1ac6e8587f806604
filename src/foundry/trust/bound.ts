/**
 * Text the GM's side copies from a document (an actor's, an item's or an effect's name, a label) into a card, a
 * record or a setting: bounded where it is copied, so what a player may write on their own documents (a name of any
 * length) never makes a GM-written card break its schema or a GM store grow with it. Truncated for display, never a
 * refused write. Pure: no Foundry global.
 */

/** Characters kept of a copied text (card fields allow 300: a truncated text always fits). */
export const TEXT_MAX = 120;

const ELLIPSIS = "…";

/**
 * `text` as a string of at most `max` characters: a longer text keeps its start and ends with an ellipsis, cut on
 * code points (never half of a surrogate pair). Anything not a string or a number becomes "".
 */
export function boundText(text: unknown, max = TEXT_MAX): string {
  const value = typeof text === "string" ? text : typeof text === "number" ? String(text) : "";
  if (value.length <= max) return value;
  const points = Array.from(value.slice(0, max));
  let out = "";
  for (const point of points) {
    if (out.length + point.length > max - 1) break;
    out += point;
  }
  return out + ELLIPSIS;
}

/** A document's name as the GM's side copies it (`boundText` of `doc.name`). */
export function boundName(doc: { name?: unknown } | null | undefined): string {
  return boundText(doc?.name);
}

/** Document text placed in HTML the GM's client renders (a dialog's content): escaped, shown as written. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
