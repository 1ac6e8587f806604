/**
 * L'Œil Noir: out of the fight, dying and dead follow the EV (through the rules core's life status, which the sheet
 * and the cards already read), so a HUD toggle writes the EV (or the passed Volonté check) that gives that status.
 * On the ground is Foundry's "prone" status, which the duel rules already read and set; disoriented is informative.
 */
import { oeilnoir } from "../../rules/index.ts";
import { systemOf, type ConditionSpec } from "./types.ts";

type LifeStatus = "debout" | "horsCombat" | "mourant" | "mort";
interface OeilNoirData {
  ev: { value: number; max: number };
  cn: number;
  qualities: { CN: number };
  derived: { status: LifeStatus; fightsOn: boolean; abilities: { tenace: boolean } };
}

const ACTORS = ["heros", "adversaire"];
/** Lowest EV the data models accept. */
const EV_MIN = -60;

function status(actor: Actor.Implementation): LifeStatus | undefined {
  return systemOf<OeilNoirData>(actor).derived?.status;
}

/** EV below which the fighter is dead: −CN, −1.5 × CN with Tenace. */
function deathLimit(actor: Actor.Implementation): number {
  const s = systemOf<OeilNoirData>(actor);
  const cn = actor.type === "heros" ? (s.qualities?.CN ?? 0) : (s.cn ?? 0);
  return s.derived?.abilities.tenace ? 1.5 * cn : cn;
}

export const OEILNOIR_CONDITIONS: ConditionSpec[] = [
  {
    id: "quintette-hors-combat",
    name: "QUINTETTE.Condition.OeilNoir.horsCombat",
    img: "icons/svg/unconscious.svg",
    actorTypes: ACTORS,
    derive: (actor) => status(actor) === "horsCombat" && systemOf<OeilNoirData>(actor).derived?.fightsOn !== true,
    // Set: EV down to the knock-out band, no Volonté check passed. Cleared: a passed Volonté check keeps it fighting.
    toggle: (actor, active) => {
      const s = systemOf<OeilNoirData>(actor);
      if (!s.ev || !s.derived) return null;
      if (active) {
        if (s.derived.status !== "debout" && !s.derived.fightsOn) return null;
        return { "system.ev.value": Math.min(s.ev.value, oeilnoir.KNOCKOUT_EV), "system.fightsOn": false };
      }
      return s.derived.status === "horsCombat" && !s.derived.fightsOn ? { "system.fightsOn": true } : null;
    },
  },
  {
    id: "quintette-mourant",
    name: "QUINTETTE.Condition.OeilNoir.mourant",
    img: "icons/svg/blood.svg",
    actorTypes: ACTORS,
    derive: (actor) => status(actor) === "mourant",
    toggle: (actor, active) => {
      const s = systemOf<OeilNoirData>(actor);
      if (!s.ev || (status(actor) === "mourant") === active) return null;
      if (active) return { "system.ev.value": Math.min(s.ev.value, 0), "system.stabilized": false };
      // Out of danger: back to 1 EV (from death too: the GM's call).
      return { "system.ev.value": 1 };
    },
  },
  {
    id: "dead",
    name: "QUINTETTE.Condition.OeilNoir.mort",
    img: "icons/svg/skull.svg",
    actorTypes: ACTORS,
    derive: (actor) => status(actor) === "mort",
    toggle: (actor, active) => {
      const s = systemOf<OeilNoirData>(actor);
      if (!s.ev || (status(actor) === "mort") === active) return null;
      const dead = Math.max(EV_MIN, -Math.floor(deathLimit(actor)) - 1);
      // Brought back from death: dying at 0 EV.
      return active ? { "system.ev.value": Math.min(s.ev.value, dead) } : { "system.ev.value": 0 };
    },
  },
  { id: "prone", name: "QUINTETTE.Condition.OeilNoir.aTerre", img: "icons/svg/falling.svg" },
  { id: "quintette-desoriente", name: "QUINTETTE.Condition.OeilNoir.desoriente", img: "icons/svg/daze.svg" },
];
