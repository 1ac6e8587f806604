/** The card setup the Trinités adapter tests start from: one actor's plain test, overridden per case. */
import type { DoubleActor } from "../../double/index.ts";
import type { TestSetup } from "../../../src/foundry/trinites/card.ts";

/** `actor`: a document of the world, or only what the card reads of one (a test with no world). */
export function testSetup(
  actor: Pick<DoubleActor, "uuid" | "name" | "type">,
  rollerId: string,
  over: Partial<TestSetup> = {},
): TestSetup {
  return {
    rollerId,
    actorUuid: actor.uuid,
    actorName: actor.name,
    img: null,
    trinite: actor.type === "trinite",
    adamKarma: actor.type === "trinite" ? "lumiere" : "aucun",
    skill: "melee",
    speciality: "",
    score: 5,
    difficulty: 0,
    freeActions: 1,
    previousFailures: 0,
    modifier: 0,
    breakdown: [],
    prime: null,
    penalties: [],
    weapon: null,
    targets: [],
    opposes: null,
    initiative: null,
    ...over,
  };
}
