/** The personnage's creation guide: the rules core's check on its values. */
import { ahillMachCreation } from "../../rules/ahillmach/creation.ts";
import type { ClassId } from "../../rules/ahillmach/classes.ts";
import type { PersonnageModel } from "./models.ts";
import { creationGuide } from "../sheets/creation-view.ts";

export const AHILLMACH_CREATION = "QUINTETTE.AhillMach.Guide.";

/** What the guide reads of a personnage (the model's fields and derived métiers; the gallery passes plain data). */
export type GuideSource = Pick<
  PersonnageModel,
  "classId" | "level" | "characteristics" | "creation" | "penchant1" | "penchant2" | "hp"
> & { derived: Pick<PersonnageModel["derived"], "metiers"> };

export function ahillMachGuideOf(s: GuideSource, building: boolean) {
  return ahillMachCreation({
    classId: s.classId as ClassId, // the model's choices are the rules core's class ids
    level: s.level,
    characteristics: s.characteristics,
    creation: s.creation,
    penchants: [s.penchant1, s.penchant2],
    metiers: s.derived.metiers,
    hp: s.hp.value,
    building,
  });
}

export const ahillMachGuide = creationGuide(AHILLMACH_CREATION, (actor, building) =>
  // A personnage's system is its PersonnageModel (registration.ts); type-only import keeps models out of the gallery.
  actor.type === "personnage" ? ahillMachGuideOf(actor.system as unknown as GuideSource, building) : null,
);
