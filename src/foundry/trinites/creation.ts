/** The Trinité's creation guide: the rules core's check on the actor's stored values. */
import { trinitesCreation } from "../../rules/trinites/creation.ts";
import type { TriniteModel } from "./models.ts";
import { creationGuide } from "../sheets/creation-view.ts";

export const TRINITES_CREATION = "QUINTETTE.Trinites.Creation.";

/** What the guide reads of a Trinité's stored values (the model's fields; the gallery passes plain data). */
type Source = Pick<
  TriniteModel,
  | "concept"
  | "nomDeva"
  | "nomArchonte"
  | "signes"
  | "competences"
  | "deva"
  | "archonte"
  | "adam"
  | "vie"
  | "ressources"
  | "xp"
>;

export function trinitesGuideOf(s: Source, building: boolean) {
  const check = trinitesCreation({
    concept: s.concept,
    names: { deva: s.nomDeva, archonte: s.nomArchonte },
    signs: s.signes,
    skills: s.competences,
    karma: { deva: s.deva, archonte: s.archonte, adam: s.adam },
    life: s.vie,
    resources: s.ressources,
    xp: s.xp,
    building,
  });
  return check;
}

export const trinitesGuide = creationGuide(TRINITES_CREATION, (actor, building) => {
  // A trinite's system is its TriniteModel (registration.ts); type-only import keeps the models out of the gallery.
  return actor.type === "trinite" ? trinitesGuideOf(actor.system as unknown as TriniteModel, building) : null;
});
