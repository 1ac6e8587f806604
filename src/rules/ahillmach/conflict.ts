/**
 * Conflicts: speaking order by Dextérité and the initiative token. The token belongs to a side; whoever is on the
 * holding side acts, the others may only answer with the moves open without it.
 */
import { MOVES, type MoveId } from "./moves";
import { BANDS, type Band } from "./resolution";
import { assertInteger } from "./validate";

export type Side = "personnages" | "opposants";

export interface Combatant {
  readonly id: string;
  readonly dex: number;
}

export interface OrderedCombatant extends Combatant {
  /** 1 for the fastest; equal DEX share a rank (they act at the same time). */
  readonly rank: number;
}

/** Highest DEX first; ties keep the given order, which is the agreed speaking order. */
export function initiativeOrder(combatants: readonly Combatant[]): OrderedCombatant[] {
  const ids = new Set<string>();
  for (const c of combatants) {
    assertInteger(c.dex, `dex of ${c.id}`);
    if (ids.has(c.id)) throw new RangeError(`combatant ${c.id} listed twice`);
    ids.add(c.id);
  }
  const sorted = combatants.map((c, i) => ({ c, i })).sort((a, b) => b.c.dex - a.c.dex || a.i - b.i);
  let rank = 0;
  let previous: number | null = null;
  return sorted.map(({ c }) => {
    if (c.dex !== previous) rank++;
    previous = c.dex;
    return { ...c, rank };
  });
}

/** The characters' side holds the initiative at the start, unless they are surprised. */
export function initialHolder({ surprised = false }: { surprised?: boolean } = {}): Side {
  return surprised ? "opposants" : "personnages";
}

export function otherSide(side: Side): Side {
  return side === "personnages" ? "opposants" : "personnages";
}

/** Moves open to a protagonist: all with the initiative, otherwise only Défendre and Défier le danger. */
export function availableMoves(holdsInitiative: boolean): MoveId[] {
  return MOVES.filter((m) => holdsInitiative || m.withoutInitiative).map((m) => m.id);
}

/** Free actions anyone may take, initiative or not. */
export const FREE_ACTIONS = [
  { id: "deplacer", name: { fr: "Se déplacer", en: "Move" } },
  { id: "relever", name: { fr: "Se relever", en: "Stand up" } },
] as const;

/** Moves whose total success lets a protagonist without the initiative take it back. */
export const SEIZING_MOVES: readonly MoveId[] = ["defendre", "defierLeDanger"];

export interface InitiativeRoll {
  readonly holder: Side;
  readonly roller: Side;
  readonly moveId: MoveId;
  readonly band: Band;
  /** The roll's `keepsInitiative`. */
  readonly keepsInitiative: boolean;
}

/**
 * Which side holds the initiative after a roll. The holding side keeps it or hands it over by the roll's
 * keepsInitiative; the other side takes it back only with a total (or critical) success of a seizing move.
 */
export function nextHolder({ holder, roller, moveId, band, keepsInitiative }: InitiativeRoll): Side {
  if (!BANDS.includes(band)) throw new RangeError(`unknown band ${String(band)}`);
  if (roller === holder) return keepsInitiative ? holder : otherSide(holder);
  const seized = SEIZING_MOVES.includes(moveId) && (band === "totale" || band === "reussiteCritique");
  return seized ? roller : holder;
}
