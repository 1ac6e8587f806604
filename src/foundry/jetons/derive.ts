/** Derived data of an archetype from the rules core, pure (the model, the gallery and the bench share it). */
import { jetons as J } from "../../rules/index.ts";

export interface ArchetypeSource {
  archetype: string;
  traits: { name: string; points: number }[];
  weakness: string;
  tokens: number;
  advantage: { active: boolean; label: string };
  conditions: { name: string; permanent: boolean }[];
  /** Advantages bought for automatic actions (absent on data from before the record). */
  purchases?: { text: string; lapsed?: boolean }[];
  bidLock: string;
}

export interface ArchetypeDerived {
  /** P of the world when the data was prepared. */
  maxPoints: number;
  check: J.ArchetypeCheck;
  /** Problems by severity, for the sheet's banner. */
  errors: J.ArchetypeProblem[];
  warnings: J.ArchetypeProblem[];
  /** The reserve is frozen by a sealed bid. */
  locked: boolean;
}

/** Pure derivation (also used by the gallery fixtures and the bench). */
export function deriveArchetype(source: ArchetypeSource, maxPoints: number): ArchetypeDerived {
  const check = J.validateArchetype(
    { archetype: source.archetype, traits: source.traits, weakness: source.weakness },
    maxPoints,
  );
  return {
    maxPoints,
    check,
    errors: check.problems.filter((p) => p.severity === "error"),
    warnings: check.problems.filter((p) => p.severity === "warning"),
    locked: source.bidLock !== "",
  };
}
