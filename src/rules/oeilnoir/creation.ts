/**
 * Building an Œil Noir héros (RULES.md §3, the source's "Avant le combat": what to compute and note at creation):
 * the qualities and the base values they give, each combat skill's points split between AT and PRD (at most 5
 * apart, pure attack skills all on attack), the weapons and armour usually carried, then EV and Endurance. The
 * source sets no points budget (qualities and skills come from the full game's creation): the guide shows the
 * values, the limits and what is illegal, each with its fix.
 */
import type { CreationCheck, CreationProblem } from "../shared/creation.ts";
import { COMBAT_SKILLS, type CombatSkillKey } from "./equipment.ts";
import { baseValues, isLegalSplit, nearestLegalSplit, type Qualities } from "./values.ts";

export interface OeilNoirCreationInput {
  qualities: Qualities;
  skills: Partial<Record<CombatSkillKey, { points: number; toAttack: number }>>;
  /** Weapons and armour pieces on the sheet. */
  weapons: number;
  armour: number;
  ev: { value: number; max: number };
  endurance: { value: number; max: number };
  /** Still being built (the sheet's guide not yet closed). */
  building: boolean;
}

export function oeilNoirCreation(c: OeilNoirCreationInput): CreationCheck {
  const problems: CreationProblem[] = [];
  const base = baseValues(c.qualities);
  let points = 0;
  for (const [key, skill] of Object.entries(c.skills) as [CombatSkillKey, { points: number; toAttack: number }][]) {
    points += skill.points;
    // Pure attack skills put every point on attack: their stored split is not read.
    if (COMBAT_SKILLS[key]?.attackOnly || isLegalSplit(skill.points, skill.toAttack)) continue;
    const fixed = nearestLegalSplit(skill.points, skill.toAttack);
    problems.push({
      id: "split",
      a: COMBAT_SKILLS[key]?.label ?? key,
      b: `${skill.toAttack} / ${skill.points - skill.toAttack}`,
      fix: { id: "split", path: `skills.${key}.toAttack`, value: fixed, a: `${fixed} / ${skill.points - fixed}` },
    });
  }
  const steps: CreationCheck["steps"] = [
    { id: "qualities", done: true, a: `${base.at} / ${base.prd}`, b: `${base.distance} · ${base.ini}` },
    { id: "skills", done: points > 0 && !problems.length, a: points },
    { id: "gear", done: c.weapons > 0, a: c.weapons, b: c.armour },
    { id: "life", done: c.ev.max > 0 && c.ev.value === c.ev.max, a: base.woundThreshold },
  ];
  if (c.building) {
    if (c.ev.value !== c.ev.max)
      problems.push({ id: "ev", a: c.ev.max, fix: { id: "full", path: "ev.value", value: c.ev.max } });
    if (c.endurance.value !== c.endurance.max)
      problems.push({
        id: "endurance",
        a: c.endurance.max,
        fix: { id: "full", path: "endurance.value", value: c.endurance.max },
      });
  }
  return { steps, problems };
}
