// Character creation: archetype label, traits worth 1 or 2 points within P, and one weakness.
import { assertPositive } from "./checks";
import { DEFAULT_TRAIT_POINTS } from "./tables";

export interface TraitInput {
  name: string;
  points: number;
}

export interface ArchetypeInput {
  archetype: string;
  traits: readonly TraitInput[];
  weakness: string;
}

export type ArchetypeProblemCode =
  | "archetypeEmpty"
  | "archetypeOneWord"
  | "archetypeLong"
  | "traitNameEmpty"
  | "traitDuplicate"
  | "traitPoints"
  | "pointsOver"
  | "pointsUnspent"
  | "noTraits"
  | "weaknessMissing";

export interface ArchetypeProblem {
  code: ArchetypeProblemCode;
  /** Errors make the character invalid; warnings are shown but allowed. */
  severity: "error" | "warning";
  /** Index of the trait concerned, when there is one. */
  trait?: number;
  message: string;
}

export interface ArchetypeCheck {
  valid: boolean;
  pointsSpent: number;
  pointsLeft: number;
  problems: ArchetypeProblem[];
}

/** Words of a label: whitespace separates words; hyphens and apostrophes join them. */
export function archetypeWords(label: string): string[] {
  return label
    .trim()
    .split(/\s+/u)
    .filter((w) => w.length > 0);
}

/** Sum of the trait points, counting only valid values (1 or 2). */
export function traitPointsSpent(traits: readonly TraitInput[]): number {
  return traits.reduce((sum, t) => sum + (t.points === 1 || t.points === 2 ? t.points : 0), 0);
}

/**
 * Checks a character sheet against the creation rules with P trait points. Two words is the norm; a longer
 * compound expression is allowed with a warning, a single word is an error. Unspent points are a warning.
 */
export function validateArchetype(input: ArchetypeInput, maxPoints: number = DEFAULT_TRAIT_POINTS): ArchetypeCheck {
  assertPositive(maxPoints, "maxPoints (P)");
  const problems: ArchetypeProblem[] = [];
  const err = (code: ArchetypeProblemCode, message: string, trait?: number): void => {
    problems.push(
      trait === undefined ? { code, severity: "error", message } : { code, severity: "error", trait, message },
    );
  };
  const words = archetypeWords(input.archetype);
  if (words.length === 0) err("archetypeEmpty", "The archetype needs a label.");
  else if (words.length === 1) err("archetypeOneWord", "The archetype is two words, e.g. 'Elfe Éclaireur'.");
  else if (words.length > 2) {
    problems.push({ code: "archetypeLong", severity: "warning", message: "The archetype is usually two words." });
  }
  if (input.traits.length === 0) err("noTraits", "A character has at least one trait.");
  const seen = new Set<string>();
  input.traits.forEach((t, i) => {
    const name = t.name.trim().toLocaleLowerCase("fr");
    if (name.length === 0) err("traitNameEmpty", `Trait ${i + 1} has no name.`, i);
    else if (seen.has(name)) err("traitDuplicate", `Trait '${t.name.trim()}' appears twice.`, i);
    seen.add(name);
    if (t.points !== 1 && t.points !== 2) err("traitPoints", `Trait ${i + 1} is worth 1 or 2 points.`, i);
  });
  const pointsSpent = traitPointsSpent(input.traits);
  if (pointsSpent > maxPoints) err("pointsOver", `Traits use ${pointsSpent} points; only ${maxPoints} are available.`);
  else if (pointsSpent < maxPoints) {
    problems.push({
      code: "pointsUnspent",
      severity: "warning",
      message: `${maxPoints - pointsSpent} trait point(s) left to spend.`,
    });
  }
  if (input.weakness.trim().length === 0) err("weaknessMissing", "A character has one weakness.");
  return {
    valid: problems.every((p) => p.severity !== "error"),
    pointsSpent,
    pointsLeft: maxPoints - pointsSpent,
    problems,
  };
}
