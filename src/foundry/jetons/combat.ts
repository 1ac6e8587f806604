/**
 * Jetons has no initiative: the order of a scene is the GM's. Rolling initiative (a combatant's die, "roll all")
 * rolls nothing: it places the combatants after those already placed, in the order asked, and the GM moves anyone
 * by editing the initiative in the tracker. Foundry never builds a roll from a missing formula here.
 */
import type { CombatBehaviour } from "../combat/behaviour.ts";

/** The place after everyone already placed: one below the lowest initiative, the combat's size for the first. */
export function nextPlace(placed: readonly (number | null)[], size: number): number {
  const values = placed.filter((v): v is number => typeof v === "number");
  return values.length ? Math.min(...values) - 1 : size;
}

function placedOf(combat: Combat.Implementation | null, except: readonly string[]): (number | null)[] {
  return (combat?.combatants.contents ?? []).filter((c) => !except.includes(c.id ?? "")).map((c) => c.initiative);
}

export const combatBehaviour: CombatBehaviour = {
  async rollInitiative(combatant) {
    const combat = combatant.combat;
    return nextPlace(placedOf(combat, [combatant.id ?? ""]), combat?.combatants.size ?? 1);
  },
  // Several at once: one after the other, in the order given, in one write.
  async rollInitiativeGroup(combatants) {
    const combat = combatants[0]?.combat ?? null;
    if (!combat) return;
    const ids = combatants.map((c) => c.id ?? "");
    const placed = placedOf(combat, ids);
    const updates = ids.map((id) => {
      const initiative = nextPlace(placed, combat.combatants.size);
      placed.push(initiative);
      return { _id: id, initiative };
    });
    await combat.updateEmbeddedDocuments("Combatant", updates);
  },
};
