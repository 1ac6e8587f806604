/** The record of advantages bought for automatic actions, written on the character by the GM's client. */
import { jetons as J } from "../../rules/index.ts";
import { archetypeData } from "./models.ts";

/** Appends what was bought to the character's record (the rules core keeps the newest). */
export async function recordPurchaseOn(actor: Actor.Implementation, text: string): Promise<void> {
  const system = archetypeData(actor);
  if (!system) return;
  await actor.update({ system: { purchases: J.recordPurchase(system.purchases ?? [], text) } });
}
