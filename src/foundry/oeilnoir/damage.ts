/**
 * The damage applier for the shared "apply damage" action (a blow without a stored defender, applied to targeted or
 * controlled tokens): PI (doubled on a critical) − PR, wounds over the thresholds, EV, from the rules core.
 */
import type { DamageApplier } from "../damage/index.ts";
import type { WoundAttackKind } from "../../rules/oeilnoir/index.ts";
import { hitUpdate, victimValues } from "./actors.ts";
import { hitOn } from "./duel.ts";

const KINDS: readonly WoundAttackKind[] = ["normal", "carreau", "coupCible", "sansArme", "coupDuPlat", "piEnd"];

export const oeilNoirDamage: DamageApplier = {
  apply(actor, damage) {
    const victim = victimValues(actor);
    if (!victim) return null;
    const kind = KINDS.find((k) => k === damage.woundKind) ?? "normal";
    const blow = {
      attacker: { woundKind: kind },
      damage: { faces: [], pi: Math.max(0, Math.round(damage.amount)), critical: damage.critical === true },
    };
    const hit = hitOn(blow, victim);
    const update = hit ? hitUpdate(actor, hit) : null;
    if (!hit || !update) return null;
    return {
      update: update.changes,
      summary: { key: "QUINTETTE.OeilNoir.Card.AppliedSummary", value: hit.damage, detail: hit.totalWounds },
    };
  },
};
