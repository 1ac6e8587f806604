/**
 * The action phase as the tracker part shows it, pure. Before the reveal every client sees who has chosen, never
 * what (the rules core's publicView); a player additionally sees their own combatants' choice, which their client
 * sent. After the reveal everyone sees every choice. The GM gets the reveal buttons.
 */
import { systemj } from "../../rules/index.ts";

export const PHASE_TEMPLATE = "systems/quintette/templates/systemj/combat/phase.hbs";

export interface PhaseCombatant {
  id: string;
  name: string;
  img: string;
  /** The viewing user owns this combatant (may choose for it). */
  owner: boolean;
  /** The viewer's own secret choice for it, known locally before the reveal. */
  ownChoice?: systemj.RoundChoice | null;
}

/** The state every client may read: choices stay null until the reveal. */
export type PublicPhase = {
  round: number;
  status: "choosing" | "revealed";
  chosen: Record<string, boolean>;
  choices: Record<string, systemj.RoundChoice | null>;
};

/** What goes on the Combat document: publicView's data, choices blanked before the reveal. */
export function publicPhase(state: systemj.ActionPhaseState): PublicPhase {
  const view = systemj.publicView(state);
  return {
    round: view.round,
    status: view.status,
    chosen: Object.fromEntries(view.combatants.map((c) => [c.id, c.chosen])),
    choices: Object.fromEntries(view.combatants.map((c) => [c.id, c.choice])),
  };
}

export function phaseContext(
  state: systemj.ActionPhaseState | PublicPhase,
  combatants: readonly PhaseCombatant[],
  viewer: { isGM: boolean },
) {
  const pub = "chosen" in state ? state : publicPhase(state);
  const revealed = pub.status === "revealed";
  const rows = combatants.map((c) => {
    const chosen = pub.chosen[c.id] ?? false;
    const shown = revealed ? (pub.choices[c.id] ?? null) : c.owner ? (c.ownChoice ?? null) : null;
    const stateClass = revealed ? (shown ?? "none") : chosen ? "chosen" : "waiting";
    const stateLabel = revealed
      ? shown
        ? `QUINTETTE.SystemJ.ActionPhase.${shown === "action" ? "Action" : "Mouvement"}`
        : "QUINTETTE.SystemJ.ActionPhase.None"
      : chosen
        ? "QUINTETTE.SystemJ.ActionPhase.Chosen"
        : "QUINTETTE.SystemJ.ActionPhase.Waiting";
    return {
      ...c,
      chosen,
      stateClass,
      stateLabel,
      canChoose: !revealed && (c.owner || viewer.isGM),
      choices: systemj.ROUND_CHOICES.map((r) => ({
        id: r.id,
        label: `QUINTETTE.SystemJ.ActionPhase.${r.id === "action" ? "Action" : "Mouvement"}`,
        pressed: shown === r.id,
        icon: r.id === "action" ? "fa-solid fa-hand-fist" : "fa-solid fa-person-walking",
      })),
    };
  });
  const waiting = rows.filter((r) => !r.chosen).length;
  return {
    round: pub.round,
    revealed,
    statusLabel: revealed ? "QUINTETTE.SystemJ.ActionPhase.Revealed" : "QUINTETTE.SystemJ.ActionPhase.Choosing",
    rows,
    isGM: viewer.isGM,
    canReveal: viewer.isGM && !revealed && combatants.length > 0,
    mustForce: waiting > 0,
  };
}
