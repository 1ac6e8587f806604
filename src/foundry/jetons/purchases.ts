/** The record of advantages bought for automatic actions, written on the character by the GM's client. */
import { jetons as J } from "../../rules/index.ts";
import { archetypeData } from "./models.ts";

/**
 * Appends what was bought to the character's record (the rules core keeps the newest, the earlier ones lapsed). The
 * purchase is the character's next action: a temporary advantage held until now lapses with it (issue 25).
 */
export async function recordPurchaseOn(actor: Actor.Implementation, text: string): Promise<void> {
  const system = archetypeData(actor);
  if (!system) return;
  const purchases = J.recordPurchase(system.purchases ?? [], text);
  const advantage = system.advantage.active ? { advantage: { active: false, label: "" } } : {};
  await actor.update({ system: { purchases, ...advantage } });
}
