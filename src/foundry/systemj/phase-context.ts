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
  /** PJ/PNJ marker's label key (personnages), null otherwise. */
  markerLabel?: string | null;
  /** Its initiative shares its place with another combatant's (rules core's tie): the GM may have them reroll. */
  tied?: boolean;
}

/** The state every client may read: choices stay null until the reveal. */
export type PublicPhase = {
  round: number;
  status: "choosing" | "revealed";
  chosen: Record<string, boolean>;
  choices: Record<string, systemj.RoundChoice | null>;
  /**
   * Choices the active GM's client no longer holds (another GM took over, or the GM's storage was cleared) though the
   * document said they were made: those combatants must choose again, and every tracker says so.
   */
  lost?: Record<string, boolean>;
  /** Each chosen combatant's commitment (hash of the choice and a secret salt): public, the choice itself is not. */
  commitments?: Record<string, string>;
  /** After the reveal, each choice's salt: anyone may hash the revealed choice again against its commitment. */
  salts?: Record<string, string>;
};

/** What goes on the Combat document: publicView's data, choices blanked before the reveal. */
export function publicPhase(state: systemj.ActionPhaseState, lost: readonly string[] = []): PublicPhase {
  const view = systemj.publicView(state);
  // Every id gets a value (never a missing key): a flag update merges objects, so a dropped key would linger.
  const isLost = (c: { id: string; chosen: boolean }) => view.status === "choosing" && !c.chosen && lost.includes(c.id);
  return {
    round: view.round,
    status: view.status,
    chosen: Object.fromEntries(view.combatants.map((c) => [c.id, c.chosen])),
    choices: Object.fromEntries(view.combatants.map((c) => [c.id, c.choice])),
    lost: Object.fromEntries(view.combatants.map((c) => [c.id, isLost(c)])),
  };
}

/**
 * Combatants whose choice is lost: the document says they chose (or already flagged them lost) but the secret store
 * at hand has no choice for them. Empty once revealed.
 */
export function lostChoices(pub: PublicPhase, secret: Readonly<Record<string, systemj.RoundChoice>>): string[] {
  if (pub.status === "revealed") return [];
  const ids = new Set([...Object.keys(pub.chosen), ...Object.keys(pub.lost ?? {})]);
  return [...ids].filter((id) => (pub.chosen[id] || pub.lost?.[id]) && !secret[id]);
}

/** One line of the reveal card: a combatant and what they chose (null: neither, they had not chosen). */
export interface RevealLine {
  name: string;
  img: string | null;
  choice: systemj.RoundChoice | null;
}

/** The reveal card's lines with their labels, in tracker order. */
export function revealLines(lines: readonly RevealLine[]) {
  return lines.map((l) => ({
    ...l,
    stateClass: l.choice ?? "none",
    label: `QUINTETTE.SystemJ.ActionPhase.${l.choice === "action" ? "Action" : l.choice === "mouvement" ? "Mouvement" : "NotChosen"}`,
    icon:
      l.choice === "action"
        ? "fa-solid fa-hand-fist"
        : l.choice === "mouvement"
          ? "fa-solid fa-person-walking"
          : "fa-solid fa-hourglass",
  }));
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
    const lost = !revealed && !chosen && (pub.lost?.[c.id] ?? false);
    const shown = revealed ? (pub.choices[c.id] ?? null) : c.owner && !lost ? (c.ownChoice ?? null) : null;
    const stateClass = revealed ? (shown ?? "none") : chosen ? "chosen" : lost ? "lost" : "waiting";
    const stateLabel = revealed
      ? shown
        ? `QUINTETTE.SystemJ.ActionPhase.${shown === "action" ? "Action" : "Mouvement"}`
        : "QUINTETTE.SystemJ.ActionPhase.None"
      : chosen
        ? "QUINTETTE.SystemJ.ActionPhase.Chosen"
        : lost
          ? "QUINTETTE.SystemJ.ActionPhase.Lost"
          : "QUINTETTE.SystemJ.ActionPhase.Waiting";
    return {
      ...c,
      chosen,
      lost,
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
