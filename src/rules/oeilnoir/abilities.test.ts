import { describe, it, expect } from "vitest";
import { ABILITIES } from "./abilities";
import { woundThresholdModifier } from "./damage";
import { habitudeReduction, INSTINCT_DU_COMBAT_INI, REFLEXE_DE_COMBAT_INI } from "./initiative";

describe("abilities data agrees with the rules", () => {
  it("INI bonuses, dice, thresholds, Habitude levels", () => {
    expect(ABILITIES.reflexeDeCombat.ini).toBe(REFLEXE_DE_COMBAT_INI);
    expect(ABILITIES.instinctDuCombat.ini).toBe(INSTINCT_DU_COMBAT_INI);
    expect(ABILITIES.danseurDeLames.initiativeDice).toBe(2);
    expect(ABILITIES.enFer.woundThresholds).toBe(woundThresholdModifier({ enFer: true }));
    expect(ABILITIES.osDeVerre.woundThresholds).toBe(woundThresholdModifier({ osDeVerre: true }));
    expect(ABILITIES.habitudeDeLaProtection.encReduction).toEqual([1, 2, 3].map((l) => habitudeReduction(l)));
    expect(ABILITIES.tenace.cnFactor).toBe(1.5);
    for (const [k, a] of Object.entries(ABILITIES)) expect(a.key).toBe(k);
  });
});
