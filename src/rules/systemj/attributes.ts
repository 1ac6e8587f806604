// The seven attributes, all scored on 100, and the entity types that carry them.
import { assertIntegerIn } from "./validate";

export const ATTRIBUTE_IDS = ["FOR", "RES", "AGI", "RAP", "INT", "PER", "CHA"] as const;
export type AttributeId = (typeof ATTRIBUTE_IDS)[number];

/** Highest value of an attribute or a skill: they are "on 100". */
export const SCORE_MAX = 100;

export type AttributeGroup = "physique" | "mouvement" | "psychologie" | "chance";

export interface AttributeDef {
  readonly id: AttributeId;
  readonly label: string;
  readonly labelEn: string;
  /** Other name the source uses for the same attribute. */
  readonly alias?: string;
  readonly group: AttributeGroup;
  /** Each pair of the source's table has an active and a passive pole; Chance stands apart. */
  readonly pole: "actif" | "passif" | null;
}

export const ATTRIBUTES: readonly AttributeDef[] = [
  { id: "FOR", label: "Force", labelEn: "Strength", group: "physique", pole: "actif" },
  { id: "RES", label: "Endurance", labelEn: "Endurance", alias: "Résistance", group: "physique", pole: "passif" },
  { id: "AGI", label: "Agilité", labelEn: "Agility", group: "mouvement", pole: "actif" },
  { id: "RAP", label: "Rapidité", labelEn: "Quickness", group: "mouvement", pole: "passif" },
  { id: "INT", label: "Intelligence", labelEn: "Intelligence", group: "psychologie", pole: "actif" },
  { id: "PER", label: "Personnalité", labelEn: "Personality", group: "psychologie", pole: "passif" },
  { id: "CHA", label: "Chance", labelEn: "Luck", group: "chance", pole: null },
];

export type Attributes = Record<AttributeId, number>;

/** Throws unless every given attribute is an integer in 0…100. */
export function validateAttributes(attributes: Partial<Attributes>): void {
  for (const id of ATTRIBUTE_IDS) {
    const value = attributes[id];
    if (value !== undefined) assertIntegerIn(value, 0, SCORE_MAX, id);
  }
}

/** Personnages (PJ and PNJ) speak a language; créatures do not. Otherwise they share one model. */
export const ENTITY_TYPES = [
  { id: "personnage", label: "Personnage", labelEn: "Character", hasLanguage: true },
  { id: "creature", label: "Créature", labelEn: "Creature", hasLanguage: false },
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number]["id"];
