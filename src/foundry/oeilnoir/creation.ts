/** The héros' creation guide: the rules core's check on its values. */
import { oeilNoirCreation } from "../../rules/oeilnoir/creation.ts";
import type { HerosSource } from "./derive.ts";
import { creationGuide } from "../sheets/creation-view.ts";

export const OEILNOIR_CREATION = "QUINTETTE.OeilNoir.Creation.";

const WEAPONS = new Set(["on-arme-melee", "on-arme-distance"]);
const ARMOUR = new Set(["on-armure", "on-bouclier"]);

export function oeilNoirGuideOf(s: HerosSource, itemTypes: readonly string[], building: boolean) {
  return oeilNoirCreation({
    qualities: s.qualities,
    skills: s.skills,
    weapons: itemTypes.filter((t) => WEAPONS.has(t)).length,
    armour: itemTypes.filter((t) => ARMOUR.has(t)).length,
    ev: s.ev,
    endurance: s.endurance,
    building,
  });
}

export const oeilNoirGuide = creationGuide(OEILNOIR_CREATION, (actor, building) =>
  // A héros' system is its HerosModel, read through its source shape as the derivation does.
  actor.type === "heros"
    ? oeilNoirGuideOf(
        actor.system as unknown as HerosSource,
        actor.items.contents.map((i) => i.type),
        building,
      )
    : null,
);
