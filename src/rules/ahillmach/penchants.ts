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

/** The reactions, mildest first: anger that shows, anger vented on others, then physical reactions of rising danger. */
export const PENCHANT_TABLE: readonly PenchantReaction[] = [
  {
    level: 1,
    text: { fr: "Colère : l'énervement se voit.", en: "Anger: the irritation shows." },
  },
  {
    level: 2,
    text: {
      fr: "Colère exprimée : les autres essuient les reproches.",
      en: "Anger let out: the others bear the brunt of it.",
    },
  },
  {
    level: 3,
    text: {
      fr: "Réaction physique sans danger, mais qui peut avoir des suites.",
      en: "A harmless physical reaction that may still have consequences.",
    },
  },
  {
    level: 4,
    text: { fr: "Réaction qui met le personnage en danger.", en: "A reaction that puts the character in danger." },
  },
  {
    level: 5,
    text: {
      fr: "Réaction qui met en danger le personnage et les autres.",
      en: "A reaction that puts the character and others in danger.",
    },
  },
];

/** The reaction for a penchant score, or null when the score is 0 or less (nothing happens). */
export function penchantReaction(score: number): PenchantReaction | null {
  assertInteger(score, "penchant score");
  if (score <= 0) return null;
  return PENCHANT_TABLE[Math.min(score, 5) - 1]!;
}
