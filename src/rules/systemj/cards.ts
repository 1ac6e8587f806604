// The four card families and their kinds, with the numbers each kind carries.

export const CARD_FAMILIES = [
  { id: "equipement", label: "Équipement", labelEn: "Equipment" },
  { id: "ressource", label: "Ressources", labelEn: "Resources" },
  { id: "savoir", label: "Savoir", labelEn: "Knowledge" },
  { id: "pouvoir", label: "Pouvoirs", labelEn: "Powers" },
] as const;
export type CardFamily = (typeof CARD_FAMILIES)[number]["id"];

/** Numeric or text fields a kind's card carries beyond name and description. */
export type CardField = "att" | "def" | "range" | "damage" | "weaponFamily" | "armourPoints" | "quantity" | "score";

export interface CardKindDef {
  readonly id: string;
  readonly family: CardFamily;
  readonly label: string;
  readonly labelEn: string;
  readonly fields: readonly CardField[];
}

export const CARD_KINDS = [
  { id: "objet", family: "equipement", label: "Objet usuel", labelEn: "Everyday object", fields: [] },
  {
    id: "arme",
    family: "equipement",
    label: "Arme",
    labelEn: "Weapon",
    fields: ["att", "def", "range", "damage", "weaponFamily"],
  },
  { id: "armure", family: "equipement", label: "Armure", labelEn: "Armour", fields: ["armourPoints"] },
  {
    id: "consommable",
    family: "ressource",
    label: "Ingrédient ou consommable",
    labelEn: "Consumable",
    fields: ["quantity"],
  },
  { id: "munition", family: "ressource", label: "Munition", labelEn: "Ammunition", fields: ["quantity"] },
  { id: "titre", family: "ressource", label: "Titre de propriété", labelEn: "Title deed", fields: [] },
  { id: "livre", family: "savoir", label: "Livre, grimoire, parchemin", labelEn: "Book or scroll", fields: [] },
  { id: "plan", family: "savoir", label: "Plan ou schéma", labelEn: "Plan or blueprint", fields: [] },
  { id: "sort", family: "pouvoir", label: "Sort", labelEn: "Spell", fields: [] },
  { id: "capacite", family: "pouvoir", label: "Capacité technologique", labelEn: "Tech ability", fields: [] },
  {
    id: "competenceSecondaire",
    family: "pouvoir",
    label: "Compétence spéciale secondaire",
    labelEn: "Secondary special skill",
    fields: ["score"],
  },
] as const satisfies readonly CardKindDef[];
export type CardKind = (typeof CARD_KINDS)[number]["id"];

/** The family a card kind belongs to; throws on an unknown kind. */
export function familyOf(kind: string): CardFamily {
  const found = CARD_KINDS.find((k) => k.id === kind);
  if (!found) throw new RangeError(`unknown card kind "${kind}"`);
  return found.family;
}

/** The kinds of one family, in the source's order. */
export function kindsOf(family: CardFamily): CardKindDef[] {
  if (!CARD_FAMILIES.some((f) => f.id === family)) throw new RangeError(`unknown card family "${family}"`);
  return CARD_KINDS.filter((k) => k.family === family);
}
