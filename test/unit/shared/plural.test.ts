/**
 * Real plurals (i18n/plural.ts): the key of a counted string follows the interface language's plural rules, French
 * counting 0 and 1 as singular, English only 1; the real lang files hold both forms.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeLocalizer } from "../../../gallery/foundry-helpers.ts";
import { choosePluralKey, pluralCategory } from "../../../src/foundry/i18n/plural.ts";

const root = join(import.meta.dirname, "..", "..", "..");
const strings = (lang: string) =>
  JSON.parse(readFileSync(join(root, "lang", `${lang}.json`), "utf8")) as Record<string, unknown>;

/** `game.i18n` of a client in `lang`, on the real lang file. */
function i18nIn(lang: string) {
  const { localize, format } = makeLocalizer(strings(lang));
  const i18n = { lang, has: (key: string) => localize(key) !== key };
  const say = (key: string, n: number) => format(choosePluralKey(key, n, i18n), { value: n, name: "Dana" });
  return { i18n, say };
}

describe("plural keys", () => {
  it("uses the language's categories: French 0 and 1 singular, English 1 only", () => {
    expect([0, 1, 2].map((n) => pluralCategory(n, "fr"))).toEqual(["one", "one", "other"]);
    expect([0, 1, 2].map((n) => pluralCategory(n, "en"))).toEqual(["other", "one", "other"]);
    // A language Intl does not know counts as English.
    expect(pluralCategory(1, "not a language tag")).toBe("one");
  });

  it("writes tokens in French: 0 jeton, 1 jeton, 2 jetons", () => {
    const { say } = i18nIn("fr");
    expect([0, 1, 2].map((n) => say("QUINTETTE.Jetons.Q.ToCollective", n))).toEqual([
      "0 jeton va à la réserve collective.",
      "1 jeton va à la réserve collective.",
      "2 jetons vont à la réserve collective.",
    ]);
    expect(say("QUINTETTE.Jetons.Tokens.HandedBack", 1)).toBe("Le MJ rend 1 jeton de la réserve collective à Dana.");
  });

  it("writes tokens in English: 0 tokens, 1 token, 2 tokens", () => {
    const { say } = i18nIn("en");
    expect([0, 1, 2].map((n) => say("QUINTETTE.Jetons.Q.Returned", n))).toEqual([
      "0 tokens come back to the player.",
      "1 token comes back to the player.",
      "2 tokens come back to the player.",
    ]);
    expect(say("QUINTETTE.Jetons.PivotSide.mj", 1)).toBe("1 pivot token on the GM's side");
  });

  it("falls back to other for a category the group lacks, and leaves plain strings and non-numbers alone", () => {
    const { i18n } = i18nIn("fr");
    // French says "many" for round millions; the groups hold one and other only.
    expect(choosePluralKey("QUINTETTE.Jetons.Q.Returned", 1_000_000, i18n)).toBe("QUINTETTE.Jetons.Q.Returned.other");
    expect(choosePluralKey("QUINTETTE.Jetons.Q.Returned", "1", i18n)).toBe("QUINTETTE.Jetons.Q.Returned.one");
    expect(choosePluralKey("QUINTETTE.Jetons.Q.Returned", undefined, i18n)).toBe("QUINTETTE.Jetons.Q.Returned");
    expect(choosePluralKey("QUINTETTE.Jetons.Q.Bid", 2, i18n)).toBe("QUINTETTE.Jetons.Q.Bid");
  });
});
