/** The archetype's creation guide: the rules core's check with P and J. */
import { jetonsCreation } from "../../rules/jetons/creation.ts";
import type { ArchetypeSource } from "./derive.ts";
import { creationGuide } from "../sheets/creation-view.ts";
import { startingTokens, traitPoints } from "./settings.ts";

export const JETONS_CREATION = "QUINTETTE.Jetons.Creation.";

export function jetonsGuideOf(s: ArchetypeSource, maxPoints: number, tokens: number) {
  return jetonsCreation(
    { archetype: s.archetype, traits: s.traits, weakness: s.weakness, tokens: s.tokens },
    maxPoints,
    tokens,
  );
}

export const jetonsGuide = creationGuide(JETONS_CREATION, (actor) =>
  // An archetype's system is its model (registration.ts), read through its source shape as the sheet does.
  actor.type === "archetype"
    ? jetonsGuideOf(actor.system as unknown as ArchetypeSource, traitPoints(), startingTokens())
    : null,
);
