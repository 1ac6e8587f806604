/** What the Ahill-Mach batches share (ahillmach.ts, ahillmach-moves.ts): the card actions' names and the reads. */
import type { Run } from "./kit.ts";

export const D10 = 10;
/** The card actions the batches click. */
export const A = {
  pick: "ahillmach.pick",
  rollDamage: "ahillmach.rollDamage",
  toTargets: "ahillmach.applyToTargets",
  morale: "ahillmach.morale",
  initiative: "ahillmach.initiative",
  apply: "quintette.applyDamage",
  undo: "quintette.undo",
} as const;

export const hp = (actor: Actor.Implementation | null | undefined) =>
  (actor?.system as unknown as { hp?: { value: number } } | undefined)?.hp?.value;

/** The roll key of the character's rules move `moveId`. */
export function moveKey(actor: Actor.Implementation, moveId: string): string {
  const item = actor.items.contents.find(
    (i) => i.type === "am-action" && (i.system as unknown as { moveId?: string }).moveId === moveId,
  );
  if (!item?.id) throw new Error(`${actor.name} has no move ${moveId}`);
  return `move:${item.id}`;
}

/** Who holds the initiative, by combatant name. */
export function markers(run: Run): Record<string, boolean | undefined> {
  const combatants = run.sandbox.combat?.combatants.contents ?? [];
  return Object.fromEntries(combatants.map((c) => [c.name, (c.system as unknown as { marker?: boolean }).marker]));
}
