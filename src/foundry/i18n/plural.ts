/**
 * Real plurals for counted strings ("1 jeton", "2 jetons"). A counted string is a group in the lang files with one
 * key per CLDR plural category the language uses (`one`, `other`; French also `many` for round millions, which falls
 * back to `other`). The category comes from `Intl.PluralRules` on the interface language, so French says "0 jeton"
 * and English "0 tokens". A key that is a plain string is left as it is.
 */

/** What this file needs of `game.i18n` (Foundry's `Localization`): its language and whether a string is known. */
export interface PluralI18n {
  lang: string;
  has(key: string): boolean;
}

const rules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `count` in `lang`; an unknown language counts as English ("one" for 1 only). */
export function pluralCategory(count: number, lang: string): Intl.LDMLPluralRule {
  let pr = rules.get(lang);
  if (!pr) {
    try {
      pr = new Intl.PluralRules(lang);
    } catch {
      pr = new Intl.PluralRules("en");
    }
    rules.set(lang, pr);
  }
  return pr.select(count);
}

/**
 * The key to localize for `count`: `key.<category>` when the group has it, else `key.other`; `key` itself when it is
 * not a plural group or `count` is not a number.
 */
export function choosePluralKey(key: string, count: unknown, i18n: PluralI18n): string {
  const n = typeof count === "number" ? count : typeof count === "string" && count.trim() !== "" ? Number(count) : NaN;
  if (!Number.isFinite(n) || !i18n.has(`${key}.other`)) return key;
  const specific = `${key}.${pluralCategory(Math.abs(n), i18n.lang)}`;
  return i18n.has(specific) ? specific : `${key}.other`;
}

function currentI18n(): PluralI18n | null {
  const i18n = (globalThis as { game?: { i18n?: PluralI18n } }).game?.i18n;
  return i18n && typeof i18n.has === "function" ? i18n : null;
}

/** `choosePluralKey` in the interface language (`game.i18n`); `key` unchanged before the localization is ready. */
export function pluralKey(key: string, count: unknown): string {
  const i18n = currentI18n();
  return i18n ? choosePluralKey(key, count, i18n) : key;
}

/** `game.i18n.format` of the plural form of `key` for `count` (`data` gives the placeholders, the count included). */
export function formatCount(key: string, count: number, data: Record<string, string> = {}): string {
  return game.i18n?.format(pluralKey(key, count), data) ?? key;
}
