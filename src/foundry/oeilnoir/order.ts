/** The acting order and the tracker's phase list, pure (rules core only): tests and the gallery use them directly. */
import { actionTurns, actionsPerRound, initiativeOrder, secondActionPhase } from "../../rules/oeilnoir/index.ts";

export interface PhaseEntry {
  id: string;
  name: string;
  img: string | null;
  ini: number | null;
  base: number;
  active: boolean;
  /** The turn now running is this fighter's second action. */
  secondActive?: boolean;
  /** It traded its defence for a second action at INI − 8 this round (absent: none taken). */
  tookSecond?: boolean;
}

export interface PhaseRow extends PhaseEntry {
  group: number;
  simultaneous: boolean;
  second: number | null;
  defenceOnly: boolean;
}

/**
 * The phase list: fighters in acting order (rules core), grouped when simultaneous, each with the second action it
 * took at INI − 8 and "defence only" below 0; unrolled fighters last.
 */
export function phaseRows(entries: readonly PhaseEntry[]): PhaseRow[] {
  const rolled = entries.filter((e): e is PhaseEntry & { ini: number } => e.ini !== null);
  const groups = initiativeOrder(rolled.map((e) => ({ id: e.id, ini: e.ini, base: e.base })));
  const byId = new Map(entries.map((e) => [e.id, e]));
  const rows: PhaseRow[] = [];
  groups.forEach((group, index) => {
    for (const id of group) {
      const e = byId.get(id);
      if (!e || e.ini === null) continue;
      const actions = actionsPerRound(e.ini);
      rows.push({
        ...e,
        group: index + 1,
        simultaneous: group.length > 1,
        second: actions.canAttack && e.tookSecond ? secondActionPhase(e.ini) : null,
        defenceOnly: !actions.canAttack,
      });
    }
  });
  for (const e of entries)
    if (e.ini === null) rows.push({ ...e, group: 0, simultaneous: false, second: null, defenceOnly: false });
  return rows;
}

/** Turn order for Foundry: initiative, then INI base, then id (simultaneous fighters keep a stable order). */
export function compareCombatants(
  a: { id: string | null; initiative: number | null; base: number },
  b: { id: string | null; initiative: number | null; base: number },
): number {
  const ia = a.initiative ?? Number.NEGATIVE_INFINITY;
  const ib = b.initiative ?? Number.NEGATIVE_INFINITY;
  if (ia !== ib) return ib > ia ? 1 : -1;
  if (a.base !== b.base) return b.base - a.base;
  return (a.id ?? "").localeCompare(b.id ?? "");
}

/**
 * The round's turns for Foundry: the combatants as sorted (rolled first), each rolled one at its initiative and
 * again at INI − 8 when it took a second action this round (`tookSecond`); the unrolled last, once. The sort's own order
 * (INI base, then id) is the tie-break the core keeps.
 */
export function turnsWithSecondActions<C extends { id: string | null; initiative: number | null }>(
  sorted: readonly C[],
  baseOf: (c: C) => number,
  tookSecond: (c: C) => boolean,
): C[] {
  const rolled = sorted.filter((c) => c.initiative !== null);
  const byKey = new Map(rolled.map((c, i) => [`${i}`, c]));
  const turns = actionTurns(
    rolled.map((c, i) => ({ id: `${i}`, ini: c.initiative ?? 0, base: baseOf(c), second: tookSecond(c) })),
  );
  return [
    ...turns.flatMap((t) => {
      const c = byKey.get(t.id);
      return c ? [c] : [];
    }),
    ...sorted.filter((c) => c.initiative === null),
  ];
}

/** Whether turn `index` of these turns is its combatant's second action (it came earlier in the list). */
export function isSecondTurn(turns: readonly unknown[], index: number): boolean {
  const c = turns[index];
  return c !== undefined && turns.indexOf(c) < index;
}
