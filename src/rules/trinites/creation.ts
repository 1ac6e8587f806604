/**
 * Building a Trinité or a human (RULES.md §1; the source gives no creation budget, docs/rules/trinites.md): the
 * steps (concept and names, signs, skills, Karma, resources) with what has been placed so far and the limits, and
 * what is illegal: while building, a reserve is not its score yet (nothing has been spent),  life is full; always, no
 * reserve above its score, no XP spent beyond what was earned, a resource has a name.
 */
import type { CreationCheck, CreationProblem } from "../shared/creation.ts";
import { karmaMaxima, type KarmaPool } from "./karma.ts";

interface Pool {
  value: number;
  max: number;
}

export interface TrinitesCreationInput {
  concept: string;
  /** A Trinité's Deva and Archonte (a human has neither, nor Karma). */
  names?: { deva: string; archonte: string };
  signs: Record<string, number>;
  skills: Record<string, { base: number }>;
  karma?: { deva: Pool; archonte: Pool; adam: Pool };
  life: Pool;
  resources: { nom: string; base: number }[];
  xp: { total: number; depense: number };
  /** Still being built (the sheet's guide not yet closed): nothing spent, nothing lost. */
  building: boolean;
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

export function trinitesCreation(c: TrinitesCreationInput): CreationCheck {
  const problems: CreationProblem[] = [];
  const signs = Object.values(c.signs);
  const bases = Object.values(c.skills).map((s) => s.base);
  const named = !!c.concept.trim() && (!c.names || (!!c.names.deva.trim() && !!c.names.archonte.trim()));
  const steps: CreationCheck["steps"] = [
    { id: "concept", done: named },
    { id: "signs", done: signs.some((v) => v !== 0), a: sum(signs) },
    { id: "skills", done: bases.some((v) => v > 0), a: sum(bases) },
  ];
  if (c.karma) {
    const k = c.karma;
    const max = karmaMaxima({ deva: k.deva.max, archonte: k.archonte.max });
    steps.push({ id: "karma", done: max.deva + max.archonte > 0, a: max.adam });
    // While building nothing is spent: each reserve is its score (the Adam's follows from Deva and Archonte).
    // Later a reserve may be spent, never above its score.
    for (const pool of ["deva", "archonte", "adam"] as KarmaPool[]) {
      const v = k[pool].value;
      if (c.building ? v !== max[pool] : v > max[pool])
        problems.push({
          id: `${pool}Reserve`,
          a: v,
          b: max[pool],
          fix: { id: "reserve", path: `${pool}.value`, value: max[pool] },
        });
    }
  }
  steps.push({ id: "resources", done: c.resources.some((r) => r.nom.trim() !== "") });
  c.resources.forEach((r, i) => {
    if (!r.nom.trim()) problems.push({ id: "resourceName", a: i + 1 });
  });
  if (c.building && c.life.value !== c.life.max)
    problems.push({ id: "life", a: c.life.max, fix: { id: "life", path: "vie.value", value: c.life.max } });
  if (c.xp.depense > c.xp.total) problems.push({ id: "xp", a: c.xp.depense, b: c.xp.total });
  return { steps, problems };
}
