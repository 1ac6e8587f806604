/** The archetype sheet's context and the reserve app's, pure (the gallery fixtures call the same functions). */
import type { ArchetypeDerived, ArchetypeSource } from "./derive.ts";

export interface ArchetypeView {
  archetype: string;
  weakness: string;
  tokens: number;
  locked: boolean;
  collective: number;
  traits: { index: number; name: string; points: number; two: boolean; path: string }[];
  pointsUsed: { value: number; target: number; over: boolean; full: boolean };
  problems: { key: string; severity: "error" | "warning" }[];
  advantage: { active: boolean; label: string };
  conditions: { index: number; name: string; permanent: boolean; path: string }[];
  /** Advantages bought for automatic actions, newest first; only the newest may still be in effect (issue 25). */
  purchases: { text: string; inEffect: boolean }[];
  /** Only a GM edits the reserve by hand; players' tokens move through questions and the GM. */
  canEditTokens: boolean;
  /** The temporary advantage and the conditions are the GM's to give and take (RULES.md §4): GM-only controls. */
  canEditGMFields: boolean;
  canBuy: boolean;
}

export function archetypeView(
  system: ArchetypeSource,
  derived: ArchetypeDerived,
  options: { isGM: boolean; collective: number },
): ArchetypeView {
  return {
    archetype: system.archetype,
    weakness: system.weakness,
    tokens: system.tokens,
    locked: derived.locked,
    collective: options.collective,
    traits: system.traits.map((t, index) => ({
      index,
      name: t.name,
      points: t.points,
      two: t.points === 2,
      path: `system.traits.${index}`,
    })),
    pointsUsed: {
      value: derived.check.pointsSpent,
      target: derived.maxPoints,
      over: derived.check.pointsSpent > derived.maxPoints,
      full: derived.check.pointsSpent === derived.maxPoints,
    },
    problems: derived.check.problems.map((p) => ({ key: `QUINTETTE.Jetons.Problem.${p.code}`, severity: p.severity })),
    advantage: { ...system.advantage },
    conditions: system.conditions.map((c, index) => ({ index, ...c, path: `system.conditions.${index}` })),
    purchases: [...(system.purchases ?? [])]
      .reverse()
      .map((p, i) => ({ text: p.text, inEffect: i === 0 && p.lapsed !== true })),
    canEditTokens: options.isGM && !derived.locked,
    canEditGMFields: options.isGM,
    canBuy: !derived.locked && system.tokens > 0,
  };
}

export interface ReserveView {
  collective: number;
  isGM: boolean;
  characters: { uuid: string; name: string; img: string; tokens: number; locked: boolean }[];
  empty: boolean;
}

export function reserveView(
  collective: number,
  isGM: boolean,
  actors: readonly { uuid: string; name: string; img: string; tokens: number; locked: boolean }[],
): ReserveView {
  const characters = [...actors].sort((a, b) => a.name.localeCompare(b.name));
  return { collective, isGM, characters, empty: characters.length === 0 };
}
