// The roll dialog's bonus/penalty table. The source prints penalties with a "+"; they lower the target.

/** "automatique": the GM rules the act cannot fail (see resolveTest). */
export const AUTOMATIC = "automatique";
export type Modifier = number | typeof AUTOMATIC;

export interface DifficultyDef {
  readonly id: string;
  readonly label: string;
  readonly labelEn: string;
  readonly kind: "bonus" | "malus";
  readonly modifier: Modifier;
}

export const BONUSES: readonly DifficultyDef[] = [
  { id: "facilite", label: "Facilité", labelEn: "Easy", kind: "bonus", modifier: 10 },
  { id: "aise", label: "Aisé", labelEn: "Simple", kind: "bonus", modifier: 20 },
  { id: "tresFacile", label: "Très facile", labelEn: "Very easy", kind: "bonus", modifier: 30 },
  { id: "extremementSimple", label: "Extrêmement simple", labelEn: "Trivial", kind: "bonus", modifier: AUTOMATIC },
];

export const PENALTIES: readonly DifficultyDef[] = [
  { id: "petiteDifficulte", label: "Petite difficulté", labelEn: "Slightly hard", kind: "malus", modifier: -10 },
  { id: "ardu", label: "Ardu", labelEn: "Hard", kind: "malus", modifier: -20 },
  { id: "tresDifficile", label: "Très difficile", labelEn: "Very hard", kind: "malus", modifier: -30 },
  {
    id: "quasimentImpossible",
    label: "Quasiment impossible",
    labelEn: "Nearly impossible",
    kind: "malus",
    modifier: -50,
  },
];

/** Bonuses then penalties, in the source's order. */
export const DIFFICULTIES: readonly DifficultyDef[] = [...BONUSES, ...PENALTIES];

/** The table entry with this id; throws on an unknown id. */
export function difficulty(id: string): DifficultyDef {
  const found = DIFFICULTIES.find((d) => d.id === id);
  if (!found) throw new RangeError(`unknown difficulty "${id}"`);
  return found;
}

/**
 * Sum of a table modifier and the dialog's free modifier. "automatique" wins over any number: the act cannot fail.
 */
export function totalModifier(table: Modifier = 0, free = 0): Modifier {
  if (!Number.isInteger(free)) throw new RangeError(`free modifier must be an integer, got ${free}`);
  if (table === AUTOMATIC) return AUTOMATIC;
  if (!Number.isInteger(table)) throw new RangeError(`modifier must be an integer, got ${table}`);
  return table + free;
}

/** The largest free modifier a dialog may add on top of the table (either way). */
export const FREE_MODIFIER_LIMIT = 100;

const tableNumbers = DIFFICULTIES.map((d) => d.modifier).filter((m): m is number => typeof m === "number");
/** Bounds of a whole modifier: the table's extremes widened by the free modifier's limit (−150…+130). */
export const MODIFIER_MIN = Math.min(0, ...tableNumbers) - FREE_MODIFIER_LIMIT;
export const MODIFIER_MAX = Math.max(0, ...tableNumbers) + FREE_MODIFIER_LIMIT;

/**
 * A modifier received from elsewhere (a card button's argument, a combatant's flag): "automatique" or a whole number
 * a test dialog can produce; null for anything else, so the caller refuses it rather than clamping a forged number.
 */
export function parseModifier(value: unknown): Modifier | null {
  if (value === AUTOMATIC) return AUTOMATIC;
  if (typeof value !== "number" || !Number.isInteger(value)) return null;
  return value >= MODIFIER_MIN && value <= MODIFIER_MAX ? value : null;
}
