// The ten generic skills. The source groups them in five families; it ties none of them to an attribute.
import type { AttributeId } from "./attributes";

export const SKILL_CATEGORIES = [
  { id: "linguistique", label: "Compétences linguistiques", labelEn: "Language skills" },
  { id: "physique", label: "Compétences physiques", labelEn: "Physical skills" },
  { id: "sante", label: "Compétences de santé", labelEn: "Health skills" },
  { id: "comportementale", label: "Compétence comportementale", labelEn: "Behavioural skill" },
  { id: "sensorielle", label: "Compétences sensorielles", labelEn: "Sensory skills" },
] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number]["id"];

export const GENERIC_SKILL_IDS = [
  "lireEcrire",
  "parler",
  "acrobatie",
  "danse",
  "nage",
  "cuisine",
  "premiersSoins",
  "dissimulation",
  "detection",
  "sangFroid",
] as const;
export type GenericSkillId = (typeof GENERIC_SKILL_IDS)[number];

export interface SkillDef {
  readonly id: GenericSkillId;
  readonly label: string;
  readonly labelEn: string;
  readonly category: SkillCategory;
  /** The source derives no skill from attributes: always empty, kept so sheets need no special case. */
  readonly attributes: readonly AttributeId[];
  /** Language skills only make sense for entities that speak (personnages, not créatures). */
  readonly requiresLanguage: boolean;
}

const skill = (
  id: GenericSkillId,
  label: string,
  labelEn: string,
  category: SkillCategory,
  requiresLanguage = false,
): SkillDef => ({ id, label, labelEn, category, attributes: [], requiresLanguage });

export const GENERIC_SKILLS: readonly SkillDef[] = [
  skill("lireEcrire", "Lire / écrire", "Read / write", "linguistique", true),
  skill("parler", "Parler", "Speak", "linguistique", true),
  skill("acrobatie", "Acrobatie", "Acrobatics", "physique"),
  skill("danse", "Danse", "Dance", "physique"),
  skill("nage", "Nage", "Swimming", "physique"),
  skill("cuisine", "Cuisine", "Cooking", "sante"),
  skill("premiersSoins", "Premiers soins", "First aid", "sante"),
  skill("dissimulation", "Dissimulation", "Stealth", "comportementale"),
  skill("detection", "Détection", "Detection", "sensorielle"),
  skill("sangFroid", "Sang-froid", "Composure", "sensorielle"),
];

/** The generic skills an entity type has: créatures lack the language skills. */
export function skillsFor(entity: "personnage" | "creature"): readonly SkillDef[] {
  return entity === "personnage" ? GENERIC_SKILLS : GENERIC_SKILLS.filter((s) => !s.requiresLanguage);
}
