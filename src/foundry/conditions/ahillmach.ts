/**
 * Ahill-Mach: the six states (each −1 to its characteristic) are the personnage's own ticks, so the HUD ticks or
 * unticks them (a tick becomes the last ticked: the next fainting test reads it). Death is 0 hit points. Fainted is
 * the personnage's `system.fainted`, set by a failed fainting test and cleared by hand (HUD or sheet).
 */
import { systemOf, type ConditionSpec } from "./types.ts";

type CharacteristicId = "for" | "dex" | "con" | "int" | "mys" | "aur";
interface AhillMachData {
  states: Record<CharacteristicId, boolean>;
  lastTicked: string;
  hp: { value: number; max: number };
  fainted: boolean;
}

const STATES: [CharacteristicId, string, string][] = [
  ["for", "faible", "icons/svg/downgrade.svg"],
  ["dex", "maladresse", "icons/svg/net.svg"],
  ["con", "malade", "icons/svg/poison.svg"],
  ["int", "inepte", "icons/svg/daze.svg"],
  ["mys", "confus", "icons/svg/stoned.svg"],
  ["aur", "disgrace", "icons/svg/terror.svg"],
];

function stateCondition([characteristic, state, img]: (typeof STATES)[number]): ConditionSpec {
  return {
    id: `quintette-${state}`,
    name: `QUINTETTE.AhillMach.State.${state}`,
    img,
    actorTypes: ["personnage"],
    derive: (actor) => systemOf<AhillMachData>(actor).states?.[characteristic] === true,
    toggle: (actor, active) => {
      const s = systemOf<AhillMachData>(actor);
      if (!s.states || s.states[characteristic] === active) return null;
      const update: Record<string, unknown> = { [`system.states.${characteristic}`]: active };
      if (active) update["system.lastTicked"] = characteristic;
      else if (s.lastTicked === characteristic) update["system.lastTicked"] = "";
      return update;
    },
  };
}

export const AHILLMACH_CONDITIONS: ConditionSpec[] = [
  ...STATES.map(stateCondition),
  {
    id: "quintette-evanoui",
    name: "QUINTETTE.Condition.AhillMach.evanoui",
    img: "icons/svg/unconscious.svg",
    actorTypes: ["personnage"],
    derive: (actor) => systemOf<AhillMachData>(actor).fainted === true,
    toggle: (actor, active) => {
      const s = systemOf<AhillMachData>(actor);
      return s.fainted === undefined || s.fainted === active ? null : { "system.fainted": active };
    },
  },
  {
    id: "dead",
    name: "QUINTETTE.Condition.AhillMach.mort",
    img: "icons/svg/skull.svg",
    derive: (actor) => {
      const hp = systemOf<AhillMachData>(actor).hp;
      return !!hp && hp.value <= 0;
    },
    // Death at 0 hit points; brought back, the character has 1 (the lowest living value).
    toggle: (actor, active) => {
      const hp = systemOf<AhillMachData>(actor).hp;
      if (!hp || hp.value <= 0 === active) return null;
      return { "system.hp.value": active ? 0 : 1 };
    },
  },
];
