/**
 * The damage applier for the shared "apply damage" action (a blow without a stored defender, applied to targeted or
 * controlled tokens): PI (doubled on a critical) − PR, wounds over the thresholds, EV, from the rules core. The blow
 * is the duel as the GM's client holds it (duel-store.ts), never the card's damage, which its author may rewrite.
 */
import type { DamageApplier } from "../damage/index.ts";
import { hitUpdate, victimValues } from "./actors.ts";
import { trustedDuel } from "./duel-store.ts";
import { hitOn } from "./duel.ts";

export const oeilNoirDamage: DamageApplier = {
  apply(actor, _damage, card, messageId) {
    const message = messageId ? game.messages?.get(messageId) : undefined;
    const duel = message ? trustedDuel(message, card) : null;
    const victim = victimValues(actor);
    if (!victim || !duel || duel === "done" || duel.stage !== "damaged" || !duel.damage) return null;
    const hit = hitOn(duel, victim);
    const update = hit ? hitUpdate(actor, hit) : null;
    if (!hit || !update) return null;
    return {
      update: update.changes,
      summary: { key: "QUINTETTE.OeilNoir.Card.AppliedSummary", value: hit.damage, detail: hit.totalWounds },
    };
  },
};
