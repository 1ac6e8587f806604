import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  dealsWeaponDamage,
  isAdvancedAction,
  COMBAT_ACTION_IDS,
  COMBAT_ACTIONS,
  engagedReactionPenalty,
  reactionSkill,
} from "./combat";
import { checkMartialChoice, martialEffects, PENALTIES, PRIMES } from "./martial";
import {
  addReactionBonuses,
  reactionBonusModifier,
  spendReactionBonuses,
  NO_REACTION_BONUSES,
  type ReactionBonuses,
} from "./reactions";
import { isSkillId, SKILL_IDS } from "./skills";

describe("primes and penalties", () => {
  it("lists the eight primes and seven penalties", () => {
    expect(PRIMES).toHaveLength(8);
    expect(PENALTIES).toHaveLength(7);
  });
  it("one prime costs one penalty; an advanced action one penalty with no prime", () => {
    expect(checkMartialChoice({ primes: ["efficacite"], penalties: ["difficulte"] }).valid).toBe(true);
    expect(checkMartialChoice({ primes: ["efficacite"] }).valid).toBe(false);
    expect(checkMartialChoice({ primes: ["efficacite", "prudence"], penalties: ["danger", "risque"] }).valid).toBe(
      false,
    );
    expect(checkMartialChoice({ advanced: true, penalties: ["ralentissement"] }).valid).toBe(true);
    expect(checkMartialChoice({ advanced: true }).valid).toBe(false);
    expect(checkMartialChoice({}).valid).toBe(true);
  });
  it("checks that each applies to the action", () => {
    expect(checkMartialChoice({ primes: ["blessureGrave"], penalties: ["difficulte"], action: "frapper" }).valid).toBe(
      true,
    );
    expect(checkMartialChoice({ primes: ["blessureGrave"], penalties: ["difficulte"], action: "feinter" }).valid).toBe(
      false,
    );
    expect(
      checkMartialChoice({ primes: ["efficacite"], penalties: ["blessureLegere"], action: "detruire" }).valid,
    ).toBe(false);
  });
  it("adds up the effects", () => {
    expect(martialEffects({ primes: ["efficacite"], penalties: ["difficulte"] }).final).toBe(0);
    const e = martialEffects({
      primes: ["acceleration"],
      penalties: ["ralentissement"],
      freePrimes: ["blessureGrave"],
    });
    expect(e.initiativeAtTurnEnd).toEqual({ always: -3, onSuccess: 3 });
    expect(e.damageSteps).toEqual(["plusMoitie"]);
    const f = martialEffects({ primes: ["blessurePrecise"], penalties: ["facilite"] });
    expect(f).toMatchObject({ protectionHalved: true, targetReaction: 3 });
    expect(martialEffects({ primes: ["prudence"], penalties: ["danger"] }).nextReaction).toBe(0);
    expect(martialEffects({ primes: ["debordement"], penalties: ["risque"] })).toMatchObject({
      targetReaction: -3,
      specials: ["incident"],
    });
    expect(() => martialEffects({ primes: ["efficacite"] })).toThrow(RangeError);
  });
  it("reaction penalty when engaged with several opponents, the first included", () => {
    expect(engagedReactionPenalty(1)).toBe(0);
    expect(engagedReactionPenalty(2)).toBe(-2);
    expect(engagedReactionPenalty(3)).toBe(-3);
  });
});

describe("combat actions", () => {
  it("ships the seventeen actions with known skills", () => {
    expect(COMBAT_ACTIONS.map((a) => a.id)).toEqual([...COMBAT_ACTION_IDS]);
    for (const a of COMBAT_ACTIONS) {
      for (const s of a.skills) expect(isSkillId(s)).toBe(true);
      if (a.reaction !== "speciale") for (const s of a.reaction) expect(isSkillId(s)).toBe(true);
    }
    expect(COMBAT_ACTIONS.find((a) => a.id === "frapper")?.reaction).toEqual(["corpsACorps", "esquive", "melee"]);
    expect(COMBAT_ACTIONS.find((a) => a.id === "desarmer")?.types).toContain("avancee");
  });
});

describe("reactionSkill", () => {
  it("source cases: Feinter → Tactique, Évaluer → Subterfuge, Se dissimuler → Vigilance, Désarmer → Mêlée", () => {
    expect(reactionSkill("feinter")).toBe("tactique");
    expect(reactionSkill("evaluer")).toBe("subterfuge");
    expect(reactionSkill("seDissimuler")).toBe("vigilance");
    expect(reactionSkill("desarmer", "melee")).toBe("melee");
    expect(reactionSkill("intimider")).toBe("volonte");
    expect(reactionSkill("tirer", "tir")).toBe("esquive");
    expect(reactionSkill("deloger", "force")).toBe("force");
    expect(reactionSkill("encourager")).toBeNull();
  });
  it("always names one of the action's reaction skills, and none exactly when the action allows none", () => {
    fc.assert(
      fc.property(fc.constantFrom(...COMBAT_ACTION_IDS), fc.constantFrom(...SKILL_IDS), (id, skill) => {
        const row = COMBAT_ACTIONS.find((a) => a.id === id)!;
        const r = reactionSkill(id, skill);
        if (row.reaction === "speciale") expect(r).toBe("esquive");
        else if (!row.reaction.length) expect(r).toBeNull();
        else expect(row.reaction).toContain(r);
      }),
    );
  });
});

describe("Prudence and Danger per reaction", () => {
  it("source case: two Prudences give +3 to each of the next two reactions, not +6 to one", () => {
    const twice = addReactionBonuses(addReactionBonuses(NO_REACTION_BONUSES, ["prudence"], []), ["prudence"], []);
    expect(reactionBonusModifier(twice)).toBe(3);
    const once = spendReactionBonuses(twice);
    expect(reactionBonusModifier(once)).toBe(3);
    expect(reactionBonusModifier(spendReactionBonuses(once))).toBe(0);
  });
  it("each reaction gets at most ±3, and the reactions covered add up to 3 × (Prudences − Dangers)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (prudence, danger) => {
        let b: ReactionBonuses = { prudence, danger };
        let total = 0;
        for (let i = 0; i < 10; i++) {
          const m = reactionBonusModifier(b);
          expect([-3, 0, 3]).toContain(m);
          total += m;
          b = spendReactionBonuses(b);
        }
        expect(b).toEqual(NO_REACTION_BONUSES);
        expect(total).toBe(3 * (prudence - danger));
      }),
    );
  });
  it("counts an advanced action's two Dangers, and refuses counts out of range", () => {
    expect(addReactionBonuses(NO_REACTION_BONUSES, ["efficacite"], ["danger", "danger"])).toEqual({
      prudence: 0,
      danger: 2,
    });
    expect(() => reactionBonusModifier({ prudence: -1, danger: 0 })).toThrow(RangeError);
  });
});

describe("advanced actions (issue 25)", () => {
  it("Désarmer and Maîtriser are advanced, Frapper and Tirer are not, no action is not", () => {
    expect(isAdvancedAction("desarmer")).toBe(true);
    expect(isAdvancedAction("maitriser")).toBe(true);
    expect(isAdvancedAction("frapper")).toBe(false);
    expect(isAdvancedAction("tirer")).toBe(false);
    expect(isAdvancedAction(null)).toBe(false);
  });
  it("an advanced action needs its own penalty on top of a prime's", () => {
    for (const id of COMBAT_ACTION_IDS.filter((a) => isAdvancedAction(a))) {
      expect(checkMartialChoice({ advanced: true, action: id }).valid).toBe(false);
      expect(checkMartialChoice({ advanced: true, action: id, penalties: ["difficulte"] }).valid).toBe(true);
    }
  });
});

describe("weapon damage by combat action (issue 33)", () => {
  it("Frapper, Tirer, Détruire and a plain weapon test deal it; Désarmer, Feinter and the others do not", () => {
    expect(["frapper", "tirer", "detruire", null].map((a) => dealsWeaponDamage(a as never))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    for (const a of COMBAT_ACTION_IDS.filter((id) => !["frapper", "tirer", "detruire"].includes(id)))
      expect(dealsWeaponDamage(a), a).toBe(false);
  });
});
