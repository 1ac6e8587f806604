/**
 * Conflicts: speaking order by DEX, and the initiative held by one side, shown as the shared combatant `marker`.
 * The rules core decides who holds it after each roll (`nextHolder`); this file finds sides and combatants and
 * writes the markers on the GM's client.
 */
import { ahillmach } from "../../rules/index.ts";
import type { CombatBehaviour } from "../combat/behaviour.ts";

type Side = ahillmach.Side;

export const TRACKER_PART = "systems/quintette/templates/ahillmach/combat/initiative.hbs";

/** What this file reads of an actor. */
export interface ActorLike {
  type: string;
  system: unknown;
}

/** The side an actor fights on: characters and allies with the characters, opponents on the other. */
export function sideOf(actor: ActorLike | null | undefined): Side {
  if (!actor) return "opposants";
  if (actor.type === "personnage") return "personnages";
  const side = (actor.system as { side?: unknown } | null)?.side;
  return side === "personnages" ? "personnages" : "opposants";
}

/** DEX for the speaking order: effective DEX of a character, DEX (major) or Physique (minor) of an opponent. */
export function dexOf(actor: ActorLike | null | undefined): number {
  if (!actor) return 0;
  const sys = (actor.system ?? {}) as {
    derived?: { effective?: { dex?: number } };
    major?: boolean;
    characteristics?: { dex?: number };
    physique?: number | null;
  };
  if (actor.type === "personnage") return sys.derived?.effective?.dex ?? sys.characteristics?.dex ?? 0;
  if (sys.major) return sys.characteristics?.dex ?? 0;
  return sys.physique ?? 0;
}

export interface CombatantLike {
  id: string | null;
  name?: string | null | undefined;
  actor?: ActorLike | null;
  actorId?: string | null;
  system: unknown;
}

/** The combatant's actor: Foundry's getter, else the world actor by id. */
export function actorOfCombatant(c: CombatantLike): ActorLike | null {
  if (c.actor) return c.actor;
  const id = c.actorId;
  return id ? ((game.actors?.get(id) as ActorLike | undefined) ?? null) : null;
}

export function hasMarker(c: CombatantLike): boolean {
  return (c.system as { marker?: unknown } | null)?.marker === true;
}

/** The side holding the initiative: the side of the marked combatants; the characters' when nobody is marked. */
export function holderOf(combatants: readonly CombatantLike[]): Side {
  const marked = combatants.find(hasMarker);
  return marked ? sideOf(actorOfCombatant(marked)) : ahillmach.initialHolder();
}

/** Marker updates that make `holder` the holding side (only the combatants whose marker changes). */
export function markerUpdates(
  combatants: readonly CombatantLike[],
  holder: Side,
): { _id: string; "system.marker": boolean }[] {
  return combatants.flatMap((c) => {
    const holds = sideOf(actorOfCombatant(c)) === holder;
    return c.id && hasMarker(c) !== holds ? [{ _id: c.id, "system.marker": holds }] : [];
  });
}

/** Speaking order: highest DEX first; equal DEX keep the tracker's stable order (name, then id). */
export function compareByDex(a: CombatantLike, b: CombatantLike): number {
  return (
    dexOf(actorOfCombatant(b)) - dexOf(actorOfCombatant(a)) ||
    (a.name ?? "").localeCompare(b.name ?? "") ||
    (a.id ?? "").localeCompare(b.id ?? "")
  );
}

export interface InitiativeView {
  holder: Side;
  holderKey: string;
  /** Per side: the moves it may use (lang keys). */
  sides: { id: Side; key: string; holds: boolean; moves: string[] }[];
}

/** The tracker part's context: who holds the initiative and what each side may do. */
export function initiativeView(combatants: readonly CombatantLike[]): InitiativeView {
  const holder = holderOf(combatants);
  const sides = (["personnages", "opposants"] as const).map((id) => ({
    id,
    key: `QUINTETTE.AhillMach.Side.${id}`,
    holds: id === holder,
    moves: ahillmach.availableMoves(id === holder).map((m) => `QUINTETTE.AhillMach.Moves.${m}.Name`),
  }));
  return { holder, holderKey: `QUINTETTE.AhillMach.Holder.${holder}`, sides };
}

/** Gives the initiative to `holder` in this combat (GM's client). */
// Our configured Combat too: in fvtt-types 14.x it no longer assigns to the base class (see combat/documents.ts).
export async function setHolder(combat: foundry.documents.Combat | Combat.Implementation, holder: Side): Promise<void> {
  const updates = markerUpdates(combat.combatants.contents, holder);
  if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates);
}

export const combatBehaviour: CombatBehaviour = {
  // Initiative is not rolled: the value shown is DEX.
  initiativeFormula: (combatant) => String(dexOf(actorOfCombatant(combatant))),
  compare: (a, b) => compareByDex(a, b),
  async onStartRound(combat, context) {
    // The characters' side holds the initiative when the conflict opens, unless the GM handed it over already.
    if (context.round !== 1) return;
    const list = combat.combatants.contents;
    if (!list.some(hasMarker)) await setHolder(combat, ahillmach.initialHolder());
  },
  tracker: {
    parts: { ahillmachInitiative: { template: TRACKER_PART } },
    partContext(_partId, combat) {
      const list = combat?.combatants.contents ?? [];
      return { ahillmach: { ...initiativeView(list), inCombat: list.length > 0, isGM: game.user?.isGM ?? false } };
    },
    turnContext(_combat, combatant) {
      const c: CombatantLike = combatant;
      return { ahillmach: { side: sideOf(actorOfCombatant(c)), dex: dexOf(actorOfCombatant(c)), holds: hasMarker(c) } };
    },
  },
};
