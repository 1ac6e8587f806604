/** The Trinité's creation guide (runtime chunk): the rules core's check on the actor's stored values. */
import { trinitesCreation } from "../../rules/trinites/creation.ts";
import { TriniteModel } from "./models.ts";

export function trinitesGuide(actor: Actor.Implementation, building: boolean) {
  const s = actor.system;
  if (!(s instanceof TriniteModel)) return null;
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
  return { ...check, prefix: "QUINTETTE.Trinites.Creation" };
}
