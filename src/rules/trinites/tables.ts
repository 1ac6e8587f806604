/** Difficulty tables of the test and of the initiative test, as typed data for dialogs and compendia. */

export interface DifficultyRow<Id extends string = string> {
  readonly id: Id;
  readonly label: string;
  readonly value: number;
  /** Our own short gloss, for tooltips. */
  readonly hint: string;
}

export const DIFFICULTIES = [
  { id: "elementaire", label: "Élémentaire", value: 6, hint: "An everyday task" },
  { id: "aisee", label: "Aisée", value: 3, hint: "Needs a little focus" },
  { id: "delicate", label: "Délicate", value: 0, hint: "The outcome is in doubt" },
  { id: "ardue", label: "Ardue", value: -3, hint: "Off the beaten track" },
  { id: "audacieuse", label: "Audacieuse", value: -6, hint: "Professionals seldom try it" },
  { id: "prodigieuse", label: "Prodigieuse", value: -9, hint: "Even an expert doubts" },
] as const satisfies readonly DifficultyRow[];
export type DifficultyId = (typeof DIFFICULTIES)[number]["id"];

/** Value of a named difficulty. */
export function difficultyValue(id: DifficultyId): number {
  const row = DIFFICULTIES.find((d) => d.id === id);
  if (!row) throw new RangeError(`unknown difficulty "${String(id)}"`);
  return row.value;
}

/** Using a related rather than the optimal skill adds a further −3 or −6. */
export const RELATED_SKILL_PENALTIES = [
  { id: "optimale", label: "Compétence optimale", value: 0, hint: "The skill that fits best" },
  { id: "proche", label: "Compétence proche", value: -3, hint: "A close skill" },
  { id: "eloignee", label: "Compétence éloignée", value: -6, hint: "A more distant skill" },
] as const satisfies readonly DifficultyRow[];
export type RelatedSkillId = (typeof RELATED_SKILL_PENALTIES)[number]["id"];

/** Conditions of the initiative test (Rapidité). */
export const INITIATIVE_CONDITIONS = [
  { id: "ivre", label: "Ivre", value: -6, hint: "Drunk" },
  { id: "mauvaiseSource", label: "Sur ses gardes, trompé sur la source", value: -6, hint: "Wrong guess of the threat" },
  { id: "reveil", label: "Au sortir du sommeil", value: -3, hint: "Just woken up" },
  { id: "auDepourvu", label: "Pris au dépourvu", value: 0, hint: "Caught off guard" },
  { id: "bonneSource", label: "Sur ses gardes, bonne source", value: 3, hint: "Expected the right threat" },
  { id: "combatAttendu", label: "Sait qu'un combat va éclater", value: 3, hint: "Knows a fight is coming" },
  { id: "declencheur", label: "Déclenche le combat", value: 6, hint: "Starts the fight" },
] as const satisfies readonly DifficultyRow[];
export type InitiativeConditionId = (typeof INITIATIVE_CONDITIONS)[number]["id"];

/** Whether a difficulty is one an initiative test can have: a condition plus a related-skill penalty. */
export function isInitiativeDifficulty(value: number): boolean {
  return INITIATIVE_CONDITIONS.some((c) => RELATED_SKILL_PENALTIES.some((r) => c.value + r.value === value));
}

/** The widest situational modifier a roll dialog accepts, either way. */
export const MODIFIER_MAX = 30;

/** Difficulty of care (first aid, watch, emergency) by the patient's state. */
export const CARE_DIFFICULTIES = { indemne: 0, endolori: 0, blesse: -3, inconscient: -6 } as const;

/** Penalty per declared free action after the first. */
export const FREE_ACTION_PENALTY = -3;
/** Penalty of the second attempt after a failure. */
export const RETRY_PENALTY = -3;
/** Success threshold of every final result. */
export const SUCCESS_THRESHOLD = 12;
