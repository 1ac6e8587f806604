/**
 * Jetons: the GM gives a condition after a failed doubt; the archetype sheet holds them by name. The token shows that
 * the character carries at least one; they are named and removed on the sheet (the HUD says so), since a condition
 * has no fixed effect but the opposition point it adds when it applies. "Out of play" is Foundry's defeated status
 * (`dead`, the tracker's "Mark defeated"), the GM's call: Jetons has no death of its own.
 */
import { systemOf, type ConditionSpec } from "./types.ts";

interface JetonsData {
  conditions: { name: string; permanent: boolean }[];
}

export const JETONS_CONDITIONS: ConditionSpec[] = [
  {
    id: "quintette-sous-condition",
    name: "QUINTETTE.Condition.Jetons.sousCondition",
    img: "icons/svg/net.svg",
    actorTypes: ["archetype"],
    derive: (actor) => (systemOf<JetonsData>(actor).conditions?.length ?? 0) > 0,
  },
  { id: "dead", name: "QUINTETTE.Condition.Jetons.horsJeu", img: "icons/svg/skull.svg" },
];
