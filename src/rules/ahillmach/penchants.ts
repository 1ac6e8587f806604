/** Penchants (flaws) and their reaction table. */
import type { Localized } from "./characteristics";
import { assertInteger } from "./validate";

/** A character has one or two penchants. */
export const MIN_PENCHANTS = 1;
export const MAX_PENCHANTS = 2;

/** Examples from the source; players may invent others as long as they can provoke a reaction. */
export const PENCHANT_EXAMPLES: readonly Localized[] = [
  { fr: "Accro", en: "Addicted" },
  { fr: "Arrogant", en: "Arrogant" },
  { fr: "Autoritaire", en: "Bossy" },
  { fr: "Curieux", en: "Curious" },
  { fr: "Débauché", en: "Debauched" },
  { fr: "Dévot", en: "Devout" },
  { fr: "Étrange", en: "Odd" },
  { fr: "Héroïque", en: "Heroic" },
  { fr: "Impétueux", en: "Rash" },
  { fr: "Inflexible", en: "Unbending" },
  { fr: "Phobie", en: "Phobia" },
  { fr: "Sanguinaire", en: "Bloodthirsty" },
  { fr: "Sans empathie", en: "Callous" },
  { fr: "Traître", en: "Treacherous" },
];

export interface PenchantReaction {
  /** 1 … 5; 5 stands for "5 and more". */
  readonly level: number;
  readonly text: Localized;
}

export const PENCHANT_TABLE: readonly PenchantReaction[] = [
  { level: 1, text: { fr: "Agacement visible.", en: "Visible irritation." } },
  {
    level: 2,
    text: { fr: "La colère éclate, l'entourage en fait les frais.", en: "Anger bursts out at those around." },
  },
  {
    level: 3,
    text: {
      fr: "Un geste physique sans danger, mais lourd de conséquences possibles.",
      en: "A harmless physical outburst that may still have consequences.",
    },
  },
  { level: 4, text: { fr: "Un acte dangereux pour soi.", en: "A deed dangerous to oneself." } },
  {
    level: 5,
    text: { fr: "Un acte dangereux pour soi et pour les autres.", en: "A deed dangerous to oneself and others." },
  },
];

/** The reaction for a penchant score, or null when the score is 0 or less (nothing happens). */
export function penchantReaction(score: number): PenchantReaction | null {
  assertInteger(score, "penchant score");
  if (score <= 0) return null;
  return PENCHANT_TABLE[Math.min(score, 5) - 1]!;
}
