/**
 * SYSTEMJ: the source says what 0 hit points means no more than that they stop there, so "at 0 hit points" is shown
 * from the data (the HUD sets 0, or 1 to clear it) and death stays the GM's call: Foundry's own "dead" status, which
 * marks the combatant defeated.
 */
import { systemOf, type ConditionSpec } from "./types.ts";

interface SystemJData {
  hitPoints: { value: number; max: number };
}

export const SYSTEMJ_CONDITIONS: ConditionSpec[] = [
  {
    id: "quintette-zero-pv",
    name: "QUINTETTE.Condition.SystemJ.zeroPv",
    img: "icons/svg/unconscious.svg",
    actorTypes: ["sj-personnage", "creature"],
    derive: (actor) => {
      const hp = systemOf<SystemJData>(actor).hitPoints;
      return !!hp && hp.value <= 0;
    },
    toggle: (actor, active) => {
      const hp = systemOf<SystemJData>(actor).hitPoints;
      if (!hp || hp.value <= 0 === active) return null;
      return { "system.hitPoints.value": active ? 0 : 1 };
    },
  },
  { id: "dead", name: "QUINTETTE.Condition.SystemJ.mort", img: "icons/svg/skull.svg" },
];
