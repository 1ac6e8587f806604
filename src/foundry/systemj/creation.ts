/** The SYSTEMJ personnage's creation guide: the rules core's check. */
import { systemJCreation } from "../../rules/systemj/creation.ts";
import type { SystemJPersonnageModel } from "./models.ts";
import { creationGuide } from "../sheets/creation-view.ts";
import { worldSpecials } from "./settings.ts";

export const SYSTEMJ_CREATION = "QUINTETTE.SystemJ.Creation.";

/** What the guide reads of a personnage (the model's fields; the gallery passes plain data). */
export type GuideSource = Pick<
  SystemJPersonnageModel,
  "role" | "languages" | "attributes" | "skills" | "specials" | "hitPoints"
>;

export function systemJGuideOf(s: GuideSource, specials: string[], building: boolean) {
  return systemJCreation({
    role: s.role,
    languages: s.languages,
    attributes: s.attributes,
    // The schema's skill set depends on the entity: read as a partial record (as the sheet does).
    skills: s.skills as Partial<Record<string, number>>,
    specials: s.specials,
    worldSpecials: specials,
    hitPoints: s.hitPoints,
    building,
  });
}

export const systemJGuide = creationGuide(SYSTEMJ_CREATION, (actor, building) =>
  // An sj-personnage's system is its model (registration.ts); type-only import keeps models out of the gallery.
  (actor.type as string) === "sj-personnage" // not in the declared types union of fvtt-types
    ? systemJGuideOf(actor.system as unknown as GuideSource, worldSpecials(), building)
    : null,
);
