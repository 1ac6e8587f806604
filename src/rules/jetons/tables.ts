// Data of the jetons rule set: world-setting defaults, enumerations and the source's examples.

/** P: trait points a character spreads over its traits (world setting). */
export const DEFAULT_TRAIT_POINTS = 6;
/** J: tokens in a new character's personal reserve (world setting). */
export const DEFAULT_STARTING_TOKENS = 5;
/** Tokens in the collective reserve when a world starts (decision: empty; it fills as players spend). */
export const DEFAULT_COLLECTIVE_TOKENS = 0;
/** Price, in tokens, of an advantage bought for an automatic action. */
export const AUTOMATIC_ADVANTAGE_COST = 1;
/** A trait is worth one point, or two for a specialist. */
export const TRAIT_POINT_VALUES = [1, 2] as const;
export type TraitPoints = (typeof TRAIT_POINT_VALUES)[number];
/** Each condition and each applicable negative trait adds this much to the opposition base. */
export const OPPOSITION_POINT = 1;
/** The temporary advantage adds this much to the player base. */
export const ADVANTAGE_POINT = 1;

/** Outcome of a bid: the player wins, the GM wins, or a tie. */
export const WINNERS = ["joueur", "mj", "egalite"] as const;
export type Winner = (typeof WINNERS)[number];

/** The two sides of a question. */
export const SIDES = ["joueur", "mj"] as const;
export type Side = (typeof SIDES)[number];

/** Where the pivot tokens stand: before the player, before the GM, or nowhere. */
export type PivotSide = "joueur" | "mj" | "aucun";

/** Examples from the source, for compendia and placeholders. */
export const EXAMPLE_ARCHETYPES = ["Assassin Ninja", "Elfe Éclaireur", "Alien Diplomate"] as const;
export const EXAMPLE_TRAITS = ["Body-buildé", "Escrime", "Acrobaties", "Mémoire exceptionnelle"] as const;
export const EXAMPLE_WEAKNESSES = [
  "Joueur invétéré",
  "Sujet au vertige",
  "S'évanouit à la moindre goutte de sang",
  "Atrocement laid",
] as const;
export const EXAMPLE_QUESTIONS = [
  "Est-ce que je tue le Comte ?",
  "Est-ce que je désarme le Comte ?",
  "Est-ce que j'arrive à m'enfuir ?",
] as const;
