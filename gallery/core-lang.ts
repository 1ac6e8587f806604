/**
 * Foundry's own strings that our templates receive as keys (roll modes from CONFIG.Dice.rollModes). Foundry
 * translates them from its core lang files; the gallery has none, so it stands in with these few.
 */
export const CORE_STRINGS: Record<string, Record<string, string>> = {
  fr: {
    RollPublic: "Jet public",
    RollPrivate: "Jet privé (MJ)",
    RollBlind: "Jet aveugle (MJ)",
    RollSelf: "Jet pour soi",
  },
  en: {
    RollPublic: "Public Roll",
    RollPrivate: "Private GM Roll",
    RollBlind: "Blind GM Roll",
    RollSelf: "Self Roll",
  },
};

/** The translations the gallery renders with: ours plus the core stand-ins under `CHAT`. */
export function withCoreStrings(lang: string, translations: Record<string, unknown>): Record<string, unknown> {
  return { ...translations, CHAT: { ...CORE_STRINGS[lang] } };
}
