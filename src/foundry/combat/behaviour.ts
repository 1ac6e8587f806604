/**
 * What a rule set tells the shared combat documents and tracker. Every member is optional: a rule set without
 * combat rules gets Foundry's defaults (initiative formula from the system, descending order).
 */

/** The fields the shared comparator reads; a Combatant has them. */
export interface SortableCombatant {
  id: string | null;
  name?: string | null | undefined;
  initiative: number | null;
}

export interface TrackerPart {
  template: string;
}

export interface CombatBehaviour {
  /** Initiative formula Foundry rolls for a combatant (`1d12x`, `1d6 + @ini`). */
  initiativeFormula?(combatant: Combatant.Implementation): string;
  /**
   * Custom initiative (a test with its own card…): the value to store, or null to leave it unset. `batch`: rolled
   * with other combatants in one call (roll all, roll NPCs), so a rule set may skip a dialog per combatant.
   */
  rollInitiative?(
    combatant: Combatant.Implementation,
    options: Combat.InitiativeOptions,
    batch?: boolean,
  ): Promise<number | null>;
  /**
   * Several combatants at once (the tracker's roll NPCs and roll all pass every id to `rollInitiative`): one dialog for
   * the group instead of one per combatant. Scores arrive as `rollInitiative`'s custom path sets them.
   */
  rollInitiativeGroup?(combatants: Combatant.Implementation[], options: Combat.InitiativeOptions): Promise<void>;
  /** Turn order: negative when `a` acts before `b`. Must be a total order (end with an id tie-break). */
  compare?(a: Combatant.Implementation, b: Combatant.Implementation): number;
  /**
   * The round's turns from the combatants in order (unrolled last): a combatant may come back for another action
   * (L'Œil Noir's second action). Computed on every client from the combatants' initiative, never stored.
   */
  // Generic: Foundry v13 sorts combatant documents, v14 (fvtt-types 14.x) types them as stored ones.
  turns?<T extends Combatant.Implementation>(sorted: T[]): T[];
  /** Round and turn changes: Foundry runs them for the active GM user; its serving page runs these (documents.ts). */
  onStartRound?(combat: Combat.Implementation, context: Combat.RoundEventContext): Promise<void>;
  onEndRound?(combat: Combat.Implementation, context: Combat.RoundEventContext): Promise<void>;
  onStartTurn?(
    combat: Combat.Implementation,
    combatant: Combatant.Implementation,
    context: Combat.TurnEventContext,
  ): Promise<void>;
  onEndTurn?(
    combat: Combat.Implementation,
    combatant: Combatant.Implementation,
    context: Combat.TurnEventContext,
  ): Promise<void>;
  tracker?: {
    /** Extra ApplicationV2 parts of the combat tracker, rendered after Foundry's. */
    parts?: Record<string, TrackerPart>;
    /** Context of one of those parts. */
    partContext?(partId: string, combat: Combat.Stored | null, base: object): Promise<object> | object;
    /** Extra fields of one turn row (merged into Foundry's turn context); `index` is the row's place in `turns`. */
    turnContext?(
      combat: Combat.Stored,
      combatant: Combatant.Stored,
      turn: object,
      index: number,
    ): Promise<object> | object;
  };
}

const behaviours = new Map<string, CombatBehaviour>();
let activeRuleset: () => string | null = () => null;

export function registerCombatBehaviour(rulesetId: string, behaviour: CombatBehaviour): void {
  behaviours.set(rulesetId, behaviour);
}

export function setActiveRulesetResolver(resolve: () => string | null): void {
  activeRuleset = resolve;
}

/** The active rule set's behaviour, or undefined (Foundry's defaults then apply). */
export function activeCombatBehaviour(): CombatBehaviour | undefined {
  const id = activeRuleset();
  return id ? behaviours.get(id) : undefined;
}

/** Foundry's default order made total: higher initiative first, unrolled last, then name, then id. */
export function defaultCompare(a: SortableCombatant, b: SortableCombatant): number {
  const ia = a.initiative ?? Number.NEGATIVE_INFINITY;
  const ib = b.initiative ?? Number.NEGATIVE_INFINITY;
  if (ia !== ib) return ib > ia ? 1 : -1;
  return (a.name ?? "").localeCompare(b.name ?? "") || (a.id ?? "").localeCompare(b.id ?? "");
}

/** Phase columns for a tracker part (Trinités' three places, SYSTEMJ's hidden choices…). */
export interface PhaseColumn<T> {
  id: string;
  label: string;
  turns: T[];
}

/** Groups turn rows by phase, in the given column order; rows with an unknown phase go to the first column. */
export function groupByPhase<T extends { phase: string }>(
  turns: T[],
  columns: Array<{ id: string; label: string }>,
): PhaseColumn<T>[] {
  const out = columns.map((c) => ({ ...c, turns: [] as T[] }));
  for (const turn of turns) {
    const column = out.find((c) => c.id === turn.phase) ?? out[0];
    column?.turns.push(turn);
  }
  return out;
}

export interface TurnBadges {
  phase: string;
  acted: boolean;
  waiting: boolean;
  marker: boolean;
}

/** The shared combatant data of a turn row; defaults when the combatant has no data model (foreign type). */
export function turnBadges(system: unknown): TurnBadges {
  const s = (system ?? {}) as Partial<TurnBadges>;
  return { phase: s.phase ?? "", acted: s.acted ?? false, waiting: s.waiting ?? false, marker: s.marker ?? false };
}
