/**
 * While a Trinité is being built nothing is spent: a Karma reserve at its score follows the score the player sets
 * (rules core `reservesFollowScores`). Run from the Trinité model's `_preUpdate` on the expanded changes, so every
 * writer (the sheet's form, a macro) gets it; a reserve the same update sets to a new value keeps that value.
 */
import { trinites as T } from "../../rules/index.ts";

interface Pool {
  value: number;
  max: number;
}

/** What the rule reads of the actor before the update. */
export interface KarmaBefore {
  deva: Pool;
  archonte: Pool;
  adam: Pool;
}

type Changes = { system?: Record<string, unknown> } & Record<string, unknown>;

const POOLS = ["deva", "archonte", "adam"] as const;

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function integer(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) ? Math.min(T.KARMA_MAX, Math.max(0, value)) : fallback;
}

/** Adds the reserves that follow a score change to `changes` (expanded update data); returns whether it did. */
export function followReserves(before: KarmaBefore, changes: Changes): boolean {
  const system = asRecord(changes.system);
  if (!system) return false;
  const asked = (pool: (typeof POOLS)[number]) => asRecord(system[pool]);
  const scores = { deva: before.deva.max, archonte: before.archonte.max };
  const next = {
    deva: integer(asked("deva")?.max, scores.deva),
    archonte: integer(asked("archonte")?.max, scores.archonte),
  };
  if (next.deva === scores.deva && next.archonte === scores.archonte) return false;
  const reserves = {
    deva: Math.min(before.deva.value, before.deva.max),
    archonte: Math.min(before.archonte.value, before.archonte.max),
    adam: Math.min(before.adam.value, T.karmaMaxima(scores).adam),
  };
  const followed = T.reservesFollowScores(scores, reserves, next);
  let changed = false;
  for (const pool of POOLS) {
    const row = asked(pool);
    // A reserve this update sets to another value is the writer's choice (a sheet submits it unchanged otherwise).
    if (row && "value" in row && row.value !== before[pool].value) continue;
    if (followed[pool] === before[pool].value) continue;
    system[pool] = { ...(row ?? {}), value: followed[pool] };
    changed = true;
  }
  return changed;
}
