/** SYSTEMJ document type ids (pure: sheets, fixtures and the descriptor read them). */
import type { systemj } from "../../rules/index.ts";

export const ACTOR_TYPES = { personnage: "sj-personnage", creature: "creature" } as const;
export type SystemJActorType = (typeof ACTOR_TYPES)[keyof typeof ACTOR_TYPES];

/** Item type → card kind of the rules core. */
export const ITEM_KINDS = {
  "sj-objet": "objet",
  "sj-arme": "arme",
  "sj-armure": "armure",
  "sj-consommable": "consommable",
  "sj-munition": "munition",
  "sj-titre": "titre",
  "sj-livre": "livre",
  "sj-plan": "plan",
  "sj-sort": "sort",
  "sj-capacite": "capacite",
  "sj-competence": "competenceSecondaire",
} as const satisfies Record<string, systemj.CardKind>;
export type SystemJItemType = keyof typeof ITEM_KINDS;
export const ITEM_TYPES = Object.keys(ITEM_KINDS) as SystemJItemType[];

export function isSystemJItemType(type: string): type is SystemJItemType {
  return type in ITEM_KINDS;
}
