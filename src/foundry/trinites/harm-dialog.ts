/**
 * The GM's harm dialog on the Trinités sheet (view): its context from the rules core's tables and where the character
 * stands, and the harm its form chose. The change itself is the actor's `harm` or `rest` method (actor-methods.ts).
 */
import { trinites as T } from "../../rules/index.ts";
import type * as U from "../../rules/trinites/upkeep.ts";
import type { ActorKind } from "./derived.ts";
import { signedLabel } from "./sheet-context.ts";

/* Harm outside combat (the GM's harm dialog) ------------------------------------------------------------- */

export const HARM_KINDS = ["feu", "chute", "deloger", "continu", "coma", "repos"] as const;
export type HarmKind = (typeof HARM_KINDS)[number];

/** What the harm dialog's form sends back (strings and booleans from its inputs). */
export interface HarmAnswer {
  kind?: unknown;
  size?: unknown;
  protected?: unknown;
  meters?: unknown;
  surface?: unknown;
  dodged?: unknown;
  aggression?: unknown;
  amount?: unknown;
  /** Déloger: the scenery element the target was thrown into, and metres of stairs. */
  element?: unknown;
  stairs?: unknown;
}

/** The harm dialog's context: the tables (from the rules core) and where the character stands. */
export function harmContext(kind: ActorKind, vie: { value: number; nonLetal: boolean }) {
  const per = T.BOXES_PER_LINE[kind];
  const damage = Math.max(0, T.maxHitPoints(per) - vie.value);
  const state = T.lifeState(Math.min(damage, T.maxHitPoints(per) + 1), per);
  const recovery = T.recoveryRule(Math.min(damage, T.maxHitPoints(per) + 1), per);
  return {
    kinds: HARM_KINDS.map((id) => ({ id, label: `QUINTETTE.Trinites.Harm.Kind.${id}` })),
    fires: T.FIRE_DAMAGE.map((f) => ({ id: f.id, label: `QUINTETTE.Trinites.Harm.Fire.${f.id}`, damage: f.damage })),
    surfaces: (Object.keys(T.FALL_SURFACES) as T.FallSurface[]).map((id) => ({
      id,
      label: `QUINTETTE.Trinites.Harm.Surface.${id}`,
      modifier: signedLabel(T.FALL_SURFACES[id].modifier),
    })),
    dislodge: T.DISLODGE_DAMAGE.map((d) => ({
      id: d.id,
      label: `QUINTETTE.Trinites.Harm.Dislodge.${d.id}`,
      damage: d.damage,
    })),
    aggressions: T.CONTINUOUS_AGGRESSIONS.map((a) => ({
      id: a.id,
      label: `QUINTETTE.Trinites.Harm.Aggression.${a.id}`,
      damage: typeof a.damage === "number" ? String(a.damage) : `${a.damage.min}–${a.damage.max}`,
      skill: `QUINTETTE.Trinites.Skill.${a.skill}`,
    })),
    state: `QUINTETTE.Trinites.Life.${state}`,
    coma:
      state === "inconscient"
        ? vie.nonLetal
          ? "QUINTETTE.Trinites.Harm.ComaSoft"
          : "QUINTETTE.Trinites.Harm.ComaLethal"
        : null,
    recovery: recovery ? `QUINTETTE.Trinites.Harm.Recovery.${recovery.period}` : null,
    dead: state === "mort",
  };
}

/** The harm the form chose: a harm, an hour of coma, a point of rest (`"repos"`), or null for an unknown kind. */
export function harmChoice(answer: HarmAnswer): U.HarmChoice | "repos" | null {
  if (answer.kind === "coma") return { kind: "coma" };
  if (answer.kind === "repos") return "repos";
  return harmSource(answer);
}

function harmSource(answer: HarmAnswer): T.HarmSource | null {
  switch (answer.kind) {
    case "feu":
      return { kind: "feu", size: String(answer.size) as T.FireSize, protected: answer.protected === true };
    case "chute":
      return {
        kind: "chute",
        meters: Math.max(0, Number(answer.meters) || 0),
        surface: String(answer.surface ?? "normal") as T.FallSurface,
        dodged: answer.dodged === true,
      };
    case "deloger":
      return {
        kind: "deloger",
        id: String(answer.element) as T.DislodgeId,
        meters: Math.max(0, Number(answer.stairs) || 0),
      };
    case "continu":
      return {
        kind: "continu",
        id: String(answer.aggression),
        amount: Math.trunc(Number(answer.amount) || 0) || undefined,
      };
    default:
      return null;
  }
}
