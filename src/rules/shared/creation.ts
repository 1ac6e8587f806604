/**
 * What a character's creation looks like to the rules: the source's steps in order, each done or not, with the
 * points or array left to spend; and every illegal value, with the one write that fixes it when there is one.
 * Rule sets fill it (`src/rules/<ruleset>/creation.ts`); the sheets only show it. Ids are keys under the rule set's
 * `Creation` lang section; `a`, `b` are the values the sentence names.
 */

export interface CreationStep {
  id: string;
  done: boolean;
  /** A budget: points spent of `total`, `left` to spend (all absent when the step has none). */
  spent?: number;
  total?: number;
  left?: number;
  /** Points spent beyond `total` (absent when within it): shown as an overspend, never as a negative "left". */
  over?: number;
  a?: number | string;
  b?: number | string;
}

/** A write that makes the value legal: `path` below the actor's `system`, the value to set. */
export interface CreationFix {
  id: string;
  path: string;
  value: number | string;
  a?: number | string;
}

export interface CreationProblem {
  id: string;
  a?: number | string;
  b?: number | string;
  fix?: CreationFix;
}

export interface CreationCheck {
  steps: CreationStep[];
  problems: CreationProblem[];
}

/** A step with a budget of `total` points of which `spent` are spent. */
export function budgetStep(id: string, spent: number, total: number): CreationStep {
  const step: CreationStep = { id, done: spent === total, spent, total, left: Math.max(0, total - spent) };
  return spent > total ? { ...step, over: spent - total } : step;
}

/** A creation is legal when nothing is wrong (steps may still be empty: the player decides when they are done). */
export function isLegal(check: CreationCheck): boolean {
  return check.problems.length === 0;
}
