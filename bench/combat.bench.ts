import type { Bench } from "tinybench";
import { defaultCompare, groupByPhase, type SortableCombatant } from "../src/foundry/combat/behaviour";

interface Row extends SortableCombatant {
  id: string;
  name: string;
  system: { phase: string; tiebreak: number | null };
}

const PHASES = ["feu", "garde", "retrait"];

/** 100 combatants with repeatable, tie-heavy initiatives (what a big fight's tracker holds). */
function tracker(size: number): Row[] {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  return Array.from({ length: size }, (_, i) => ({
    id: `c${i.toString().padStart(3, "0")}`,
    name: `Combatant ${next() % 40}`,
    initiative: i % 10 === 0 ? null : (next() % 12) + 1,
    system: { phase: PHASES[next() % 3] ?? "garde", tiebreak: next() % 20 },
  }));
}

/** A rule set's order: place, then initiative, then tie-break, then Foundry's. */
function byPhase(a: Row, b: Row): number {
  return (
    PHASES.indexOf(a.system.phase) - PHASES.indexOf(b.system.phase) ||
    (b.initiative ?? -1) - (a.initiative ?? -1) ||
    (b.system.tiebreak ?? 0) - (a.system.tiebreak ?? 0) ||
    defaultCompare(a, b)
  );
}

export function register(bench: Bench): void {
  const rows = tracker(100);
  const columns = PHASES.map((id) => ({ id, label: id }));
  bench.add("combat: re-sort 100 combatants (default order)", () => void [...rows].sort(defaultCompare));
  bench.add("combat: re-sort 100 combatants (rule-set order + phase columns)", () => {
    const sorted = [...rows].sort(byPhase);
    void groupByPhase(
      sorted.map((r) => ({ ...r, phase: r.system.phase })),
      columns,
    );
  });
}
