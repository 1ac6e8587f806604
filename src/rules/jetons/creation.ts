/**
 * Building a Jetons character (RULES.md §4, source "Personnage"): the archetype in two words, traits worth 1 or 2
 * points within P (points left shown as they are spent), one weakness, and the personal reserve of J tokens. The
 * legality is `validateArchetype`'s: its errors are the problems, its warnings what the steps still show.
 */
import type { CreationCheck, CreationProblem } from "../shared/creation.ts";
import { budgetStep } from "../shared/creation.ts";
import { validateArchetype, type ArchetypeInput } from "./archetype.ts";

export interface JetonsCreationInput extends ArchetypeInput {
  tokens: number;
}

/** `maxPoints` is P and `startingTokens` J, the world's settings. */
export function jetonsCreation(c: JetonsCreationInput, maxPoints: number, startingTokens: number): CreationCheck {
  const check = validateArchetype(c, maxPoints);
  const archetypeOk = !check.problems.some((p) => p.code.startsWith("archetype") && p.severity === "error");
  const traits = budgetStep("traits", check.pointsSpent, maxPoints);
  traits.done =
    check.pointsLeft === 0 && !check.problems.some((p) => p.code.startsWith("trait") || p.code === "noTraits");
  const steps: CreationCheck["steps"] = [
    { id: "archetype", done: archetypeOk },
    traits,
    { id: "weakness", done: c.weakness.trim() !== "" },
    { id: "tokens", done: c.tokens === startingTokens, a: c.tokens, b: startingTokens },
  ];
  const problems: CreationProblem[] = check.problems
    .filter((p) => p.severity === "error")
    .map((p) => {
      const out: CreationProblem = { id: p.code };
      if (p.trait !== undefined) out.a = p.trait + 1;
      if (p.code === "pointsOver") {
        out.a = check.pointsSpent;
        out.b = maxPoints;
      }
      return out;
    });
  return { steps, problems };
}
