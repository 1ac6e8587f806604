// Action phase: before each round every combatant secretly picks Action or Movement; the GM reveals them all at
// once and they are then fixed for the round. Pure, immutable state: each step returns a new state.

export const ROUND_CHOICES = [
  { id: "action", label: "Action", labelEn: "Action" },
  { id: "mouvement", label: "Mouvement", labelEn: "Movement" },
] as const;
export type RoundChoice = (typeof ROUND_CHOICES)[number]["id"];

export interface ActionPhaseState {
  /** 1-based round number. */
  readonly round: number;
  /** "choosing" until the GM reveals; "revealed" for the rest of the round. */
  readonly status: "choosing" | "revealed";
  /** Choice per combatant id; null while not chosen (or, after a forced reveal, never chosen). */
  readonly choices: Readonly<Record<string, RoundChoice | null>>;
}

/** What every user may see: before the reveal, who has chosen but not what. */
export interface ActionPhaseView {
  readonly round: number;
  readonly status: "choosing" | "revealed";
  readonly combatants: readonly { id: string; chosen: boolean; choice: RoundChoice | null }[];
}

export type ActionPhaseEvent =
  | { type: "choose"; id: string; choice: RoundChoice }
  | { type: "reveal"; force?: boolean }
  | { type: "nextRound" }
  | { type: "join"; id: string }
  | { type: "leave"; id: string };

export function createActionPhase(ids: readonly string[], round = 1): ActionPhaseState {
  if (!Number.isInteger(round) || round < 1) throw new RangeError(`round must be a positive integer, got ${round}`);
  if (new Set(ids).size !== ids.length) throw new RangeError("duplicate combatant ids");
  const choices = Object.fromEntries(ids.map((id) => [id, null])) as Record<string, RoundChoice | null>;
  return { round, status: "choosing", choices };
}

/** Records or changes a combatant's secret choice; refused once the round is revealed. */
export function choose(state: ActionPhaseState, id: string, choice: RoundChoice): ActionPhaseState {
  if (state.status === "revealed") throw new RangeError(`round ${state.round} is revealed: choices are fixed`);
  assertKnown(state, id);
  if (choice !== "action" && choice !== "mouvement") throw new RangeError(`unknown choice "${String(choice)}"`);
  return { ...state, choices: { ...state.choices, [id]: choice } };
}

export function allChosen(state: ActionPhaseState): boolean {
  return Object.values(state.choices).every((c) => c !== null);
}

/** Ids still to choose. */
export function waitingFor(state: ActionPhaseState): string[] {
  return Object.keys(state.choices).filter((id) => state.choices[id] === null);
}

/**
 * Reveals every choice together. Refused while someone has not chosen, unless forced by the GM: such a combatant
 * then neither acts nor moves this round (choice stays null).
 */
export function reveal(state: ActionPhaseState, { force = false }: { force?: boolean } = {}): ActionPhaseState {
  if (state.status === "revealed") throw new RangeError(`round ${state.round} is already revealed`);
  if (!force && !allChosen(state)) throw new RangeError(`still waiting for: ${waitingFor(state).join(", ")}`);
  return { ...state, status: "revealed" };
}

/** Starts the next round: choices cleared, hidden again. */
export function nextRound(state: ActionPhaseState): ActionPhaseState {
  if (state.status !== "revealed") throw new RangeError(`round ${state.round} has not been revealed yet`);
  return createActionPhase(Object.keys(state.choices), state.round + 1);
}

/** A combatant entering the fight; before the reveal they choose like the others, after it they wait. */
export function join(state: ActionPhaseState, id: string): ActionPhaseState {
  if (has(state, id)) throw new RangeError(`combatant "${id}" is already in the phase`);
  return { ...state, choices: { ...state.choices, [id]: null } };
}

export function leave(state: ActionPhaseState, id: string): ActionPhaseState {
  assertKnown(state, id);
  const choices = { ...state.choices };
  delete choices[id];
  return { ...state, choices };
}

/** The view shown to everyone; the GM's own view is the state itself. */
export function publicView(state: ActionPhaseState): ActionPhaseView {
  return {
    round: state.round,
    status: state.status,
    combatants: Object.entries(state.choices).map(([id, choice]) => ({
      id,
      chosen: choice !== null,
      choice: state.status === "revealed" ? choice : null,
    })),
  };
}

/** Reducer form of the above, for socket relays and undo logs. */
export function applyActionPhaseEvent(state: ActionPhaseState, event: ActionPhaseEvent): ActionPhaseState {
  switch (event.type) {
    case "choose":
      return choose(state, event.id, event.choice);
    case "reveal":
      return reveal(state, { force: event.force });
    case "nextRound":
      return nextRound(state);
    case "join":
      return join(state, event.id);
    case "leave":
      return leave(state, event.id);
  }
}

function has(state: ActionPhaseState, id: string): boolean {
  return Object.prototype.hasOwnProperty.call(state.choices, id);
}

function assertKnown(state: ActionPhaseState, id: string): void {
  if (!has(state, id)) throw new RangeError(`unknown combatant "${id}"`);
}

/** What a combatant used this round, of each kind (an attack or other action; a move). */
export type RoundUsed = Readonly<Record<RoundChoice, boolean>>;
const NOTHING_USED: RoundUsed = { action: false, mouvement: false };

/** Why a revealed round refuses: the choice revealed, "none", "spent" (that kind used), "crossed" (the other used). */
export type RoundRefusal = RoundChoice | "none" | "spent" | "crossed";

/**
 * What a revealed round lets a combatant do (issue 25): the Action card fixes them in place (no movement), the
 * Movement card lets them only move (no attack, no other action); a combatant who had not chosen at a forced reveal
 * does neither. One action OR one movement per round (issue 33): once this round's action is taken a second is
 * refused ("spent"), and so is a move ("crossed"), and the reverse; what was used before the reveal counts too (it
 * could otherwise be dodged by acting first). Before the reveal (or out of an action phase) nothing is bound.
 * Returns null when allowed, else what refuses it.
 */
export function roundRefusal(
  status: "choosing" | "revealed",
  choice: RoundChoice | null,
  wanted: RoundChoice,
  used: RoundUsed = NOTHING_USED,
): RoundRefusal | null {
  if (status !== "revealed") return null;
  if (choice === null) return "none";
  if (choice !== wanted) return choice;
  if (used[wanted]) return "spent";
  return ROUND_CHOICES.some((c) => c.id !== wanted && used[c.id]) ? "crossed" : null;
}
