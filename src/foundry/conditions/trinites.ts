/**
 * Trinités: the life-line states. Endolori, Blessé (the pain of line 2), Inconscient, Coma (unconscious from a lethal
 * wound: one hit point lost per hour) and Mort all follow the remaining hit points, so a HUD toggle writes the hit
 * points that put the character in (or just out of) that state.
 */
import { trinites as T } from "../../rules/index.ts";
import { systemOf, type ConditionSpec } from "./types.ts";

type LifeState = "indemne" | "endolori" | "blesse" | "inconscient" | "mort";
interface TrinitesData {
  vie: { value: number; max: number; nonLetal: boolean };
  derived: { life: { state: LifeState; boxesPerLine: number } };
}

const ORDER: LifeState[] = ["indemne", "endolori", "blesse", "inconscient", "mort"];
const ACTORS = ["trinite", "humain"];

function life(actor: Actor.Implementation): { state: LifeState; per: number; max: number; nonLetal: boolean } | null {
  const s = systemOf<TrinitesData>(actor);
  const l = s.derived?.life;
  if (!l || !s.vie) return null;
  return { state: l.state, per: l.boxesPerLine, max: T.maxHitPoints(l.boxesPerLine), nonLetal: s.vie.nonLetal };
}

/** Checked boxes at which a state begins: line n's first box (death: one past the last). */
function firstDamage(state: LifeState, per: number): number {
  return state === "mort" ? 3 * per + 1 : Math.max(0, (ORDER.indexOf(state) - 1) * per + 1);
}

/** Hit points that reach `state` (kept if already worse), or leave it for the state before (kept if already better). */
function lifeToggle(state: LifeState) {
  return (actor: Actor.Implementation, active: boolean) => {
    const l = life(actor);
    if (!l) return null;
    const rank = ORDER.indexOf(state);
    const now = ORDER.indexOf(l.state);
    if (active ? now >= rank : now < rank) return null;
    const damage = active ? firstDamage(state, l.per) : firstDamage(state, l.per) - 1;
    return { "system.vie.value": l.max - damage };
  };
}

function stateCondition(id: string, state: LifeState, img: string): ConditionSpec {
  return {
    id,
    name: `QUINTETTE.Condition.Trinites.${state}`,
    img,
    actorTypes: ACTORS,
    derive: (actor) => life(actor)?.state === state,
    toggle: lifeToggle(state),
  };
}

export const TRINITES_CONDITIONS: ConditionSpec[] = [
  stateCondition("quintette-endolori", "endolori", "icons/svg/downgrade.svg"),
  stateCondition("quintette-blesse", "blesse", "icons/svg/blood.svg"),
  stateCondition("quintette-inconscient", "inconscient", "icons/svg/unconscious.svg"),
  {
    id: "quintette-coma",
    name: "QUINTETTE.Condition.Trinites.coma",
    img: "icons/svg/sleep.svg",
    actorTypes: ACTORS,
    derive: (actor) => {
      const l = life(actor);
      return l?.state === "inconscient" && !l.nonLetal;
    },
    // Unconscious from a lethal wound, or stabilised (treated as non-lethal: no more hourly loss).
    toggle: (actor, active) => {
      const l = life(actor);
      if (!l) return null;
      if (!active) return l.nonLetal ? null : { "system.vie.nonLetal": true };
      const update: Record<string, unknown> = { "system.vie.nonLetal": false };
      if (l.state !== "inconscient") update["system.vie.value"] = l.max - firstDamage("inconscient", l.per);
      return update;
    },
  },
  { ...stateCondition("dead", "mort", "icons/svg/skull.svg") },
];
