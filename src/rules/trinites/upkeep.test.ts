import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  archonteCanRegenerate,
  buyWithExperience,
  debtChoice,
  harmOutsideFight,
  lifeBoxClicked,
  payDebtsWithExperience,
  regenerateWithKarma,
  regenerationPools,
  reservesAt,
  restPoint,
  spendKarmaPoint,
  xpPrice,
  type KarmaState,
  type XpState,
} from "./upkeep";
import { adamKarma } from "./karma";

const k: KarmaState = {
  deva: { value: 2, max: 5 },
  archonte: { value: 3, max: 3 },
  adam: { value: 2, max: 2 },
  depenseRound: { combat: "c1", round: 2, lumiere: 1, tenebres: 0 },
};

/** Any Trinité's Karma, reserves possibly above a lowered score, and a round record. */
const karmaState = fc
  .record({
    deva: fc.integer({ min: 0, max: 12 }),
    archonte: fc.integer({ min: 0, max: 12 }),
    dv: fc.integer({ min: 0, max: 12 }),
    av: fc.integer({ min: 0, max: 12 }),
    adv: fc.integer({ min: 0, max: 12 }),
    round: fc.integer({ min: 0, max: 3 }),
    lumiere: fc.integer({ min: 0, max: 1 }),
    tenebres: fc.integer({ min: 0, max: 1 }),
  })
  .map((r): KarmaState => ({
    deva: { value: r.dv, max: r.deva },
    archonte: { value: r.av, max: r.archonte },
    adam: { value: r.adv, max: adamKarma(r.deva, r.archonte).value },
    depenseRound: { combat: "c1", round: r.round, lumiere: r.lumiere, tenebres: r.tenebres },
  }));
const moment = fc.option(fc.record({ combat: fc.constant("c1"), round: fc.integer({ min: 0, max: 3 }) }), {
  nil: null,
});
const pool = fc.constantFrom("deva" as const, "archonte" as const, "adam" as const);

describe("Karma spent on the sheet", () => {
  it("keeps the one-Lumière-one-Ténèbres per round limit in combat", () => {
    expect(spendKarmaPoint(k, "deva", { combat: "c1", round: 2 })).toMatchObject({ ok: false });
    expect(spendKarmaPoint(k, "deva", { combat: "c1", round: 3 })).toMatchObject({
      ok: true,
      reserve: 1,
      round: { combat: "c1", round: 3, lumiere: 1, tenebres: 0 },
    });
    expect(spendKarmaPoint(k, "archonte", { combat: "c1", round: 2 })).toMatchObject({
      reserve: 2,
      round: { lumiere: 1, tenebres: 1 },
    });
    expect(spendKarmaPoint(k, "deva", null)).toMatchObject({ ok: true, reserve: 1, round: null });
  });

  it("spends from a reserve left above a lowered permanent score, counting from that score", () => {
    const high = { ...k, deva: { value: 5, max: 3 }, archonte: { value: 4, max: 2 }, adam: { value: 1, max: 1 } };
    expect(spendKarmaPoint(high, "deva", null)).toMatchObject({ reserve: 2 });
    expect(spendKarmaPoint(high, "archonte", null)).toMatchObject({ reserve: 1 });
  });

  it("a spent point takes exactly one from the pool, never below 0, and a second of that kind in the round is refused", () => {
    fc.assert(
      fc.property(karmaState, pool, moment, (state, p, m) => {
        const r = spendKarmaPoint(state, p, m);
        if (!r.ok) return;
        const held = Math.min(state[p].value, p === "adam" ? state.adam.max : state[p].max);
        expect(r.reserve).toBe(held - 1);
        expect(r.reserve).toBeGreaterThanOrEqual(0);
        if (!m) {
          expect(r.round).toBeNull();
          return;
        }
        const after: KarmaState = { ...state, [p]: { ...state[p], value: r.reserve }, depenseRound: r.round! };
        for (const q of ["deva", "archonte", "adam"] as const) {
          const again = spendKarmaPoint(after, q, m);
          if (again.ok) expect(again.kind).not.toBe(r.kind);
        }
      }),
    );
  });

  it("dawn and dusk fill that light's reserves to their scores and touch nothing else", () => {
    expect(reservesAt(k, "aube")).toEqual({ deva: 5, archonte: 3, adam: 2 });
    fc.assert(
      fc.property(karmaState, fc.constantFrom("aube" as const, "crepuscule" as const), (state, when) => {
        const r = reservesAt(state, when);
        expect(r.deva).toBe(when === "aube" ? state.deva.max : Math.min(state.deva.value, state.deva.max));
        expect(r.archonte).toBe(
          when === "crepuscule" ? state.archonte.max : Math.min(state.archonte.value, state.archonte.max),
        );
        expect(r.adam).toBeLessThanOrEqual(state.adam.max);
      }),
    );
  });
});

describe("regeneration", () => {
  it("a Blessé Trinité regenerates 4 with Lumière, from the Adam' when the Deva is empty", () => {
    const lumiereAdam: KarmaState = {
      deva: { value: 0, max: 6 },
      archonte: { value: 2, max: 2 },
      adam: { value: 3, max: 4 },
      depenseRound: { combat: "", round: 0, lumiere: 0, tenebres: 0 },
    };
    // 24 hit points, 12 lost: Blessé (line 2).
    expect(regenerateWithKarma(lumiereAdam, 12, "lumiere", null)).toMatchObject({
      ok: true,
      pool: "adam",
      reserve: 2,
      life: 16,
    });
    expect(regenerateWithKarma(lumiereAdam, 12, "tenebres", null)).toMatchObject({ ok: false });
  });

  it("heals at most 4, never past the maximum, for exactly one Karma point", () => {
    fc.assert(
      fc.property(
        karmaState,
        fc.integer({ min: -1, max: 24 }),
        fc.constantFrom("lumiere" as const, "tenebres" as const),
        moment,
        (state, value, kind, m) => {
          const r = regenerateWithKarma(state, value, kind, m);
          if (!r.ok) return;
          expect(r.life - value).toBeGreaterThan(0);
          expect(r.life - value).toBeLessThanOrEqual(4);
          expect(r.life).toBeLessThanOrEqual(24);
          expect(Math.min(state[r.pool].value, state[r.pool].max) - r.reserve).toBe(1);
        },
      ),
    );
  });

  it("the player chooses which pool pays (issue 33): the Adam' before a Deva that still holds points", () => {
    // Deva 6, Archonte 2: a Lumière Adam' of 4. Both the Deva and the Adam' hold Lumière.
    const both: KarmaState = {
      deva: { value: 2, max: 6 },
      archonte: { value: 2, max: 2 },
      adam: { value: 3, max: 4 },
      depenseRound: { combat: "", round: 0, lumiere: 0, tenebres: 0 },
    };
    expect(regenerationPools(both, "lumiere")).toEqual(["deva", "adam"]);
    expect(regenerationPools(both, "tenebres")).toEqual(["archonte"]);
    expect(regenerateWithKarma(both, 12, "lumiere", null, "adam")).toMatchObject({
      ok: true,
      pool: "adam",
      reserve: 2,
    });
    expect(regenerateWithKarma(both, 12, "lumiere", null, "deva")).toMatchObject({
      ok: true,
      pool: "deva",
      reserve: 1,
    });
    // Unnamed, the spirit's pool first (as before).
    expect(regenerateWithKarma(both, 12, "lumiere", null)).toMatchObject({ ok: true, pool: "deva" });
    // A pool of the other kind never pays.
    expect(regenerateWithKarma(both, 12, "lumiere", null, "archonte")).toMatchObject({ ok: false });
    expect(regenerateWithKarma(both, 12, "tenebres", null, "adam")).toMatchObject({ ok: false });
  });

  it("a chosen pool pays exactly one point of the kind, only when it is one of the pools offered; the choice never changes the healing", () => {
    fc.assert(
      fc.property(
        karmaState,
        fc.integer({ min: -1, max: 24 }),
        fc.constantFrom("lumiere" as const, "tenebres" as const),
        fc.constantFrom("deva" as const, "archonte" as const, "adam" as const),
        moment,
        (state, value, kind, pool, m) => {
          const offered = regenerationPools(state, kind);
          const chosen = regenerateWithKarma(state, value, kind, m, pool);
          const unnamed = regenerateWithKarma(state, value, kind, m);
          if (chosen.ok) {
            expect(offered).toContain(pool);
            expect(chosen.pool).toBe(pool);
            expect(Math.min(state[pool].value, state[pool].max) - chosen.reserve).toBe(1);
            expect(unnamed.ok && unnamed.life).toBe(chosen.life);
          }
          // Every pool offered pays whenever a regeneration of that kind is possible at all.
          if (unnamed.ok) for (const p of offered) expect(regenerateWithKarma(state, value, kind, m, p).ok).toBe(true);
          if (!offered.length) expect(unnamed.ok).toBe(false);
        },
      ),
    );
  });

  it("the Archonte regenerates only the unconscious", () => {
    const dark = { ...k, archonte: { value: 3, max: 3 } };
    expect(archonteCanRegenerate(dark, 0)).toBe(true); // 24 lost: Inconscient
    expect(archonteCanRegenerate(dark, 10)).toBe(false);
    expect(archonteCanRegenerate(dark, -1)).toBe(false); // dead
  });
});

describe("experience", () => {
  const humain: XpState = {
    competences: { melee: { base: 3 } },
    ressources: [{ nom: "Argent", base: 2 }],
    xp: { total: 10, depense: 0 },
  };

  it("prices and buys a skill point, a resource point, an Atout, recording each", () => {
    expect(xpPrice(humain, { kind: "competence", skill: "melee" })).toBe(2);
    const bought = buyWithExperience(humain, { kind: "ressource", index: 0 });
    expect(bought).toMatchObject({ ok: true, cost: 6, depense: 6, raised: { kind: "ressource", index: 0, to: 3 } });
    expect(bought.ok && bought.historique).toEqual([
      { quoi: "ressource", cible: "Argent", valeur: 3, cout: 6, dettes: 0 },
    ]);
    expect(
      buyWithExperience({ ...humain, xp: { total: 1, depense: 0 } }, { kind: "competence", skill: "melee" }),
    ).toEqual({
      ok: false,
      reason: "QUINTETTE.Trinites.Xp.NotEnough",
    });
  });

  it("pays equal debts in the order the player picks, offering the pick only when it matters", () => {
    const ledger = {
      dettes: { deva: 2, archonte: 2 },
      credits: { deva: 0, archonte: 0 },
      deva: { max: 5 },
      archonte: { max: 3 },
      xp: { total: 3, depense: 0 },
    };
    expect(payDebtsWithExperience(ledger, "archonte")).toMatchObject({ dettes: { deva: 1, archonte: 0 } });
    expect(payDebtsWithExperience(ledger, "deva")).toMatchObject({ dettes: { deva: 0, archonte: 1 } });
    expect(debtChoice({ deva: 2, archonte: 2 }, 3)).toBe(true);
    expect(debtChoice({ deva: 2, archonte: 2 }, 4)).toBe(false); // both paid: the order changes nothing
    expect(debtChoice({ deva: 3, archonte: 2 }, 1)).toBe(false); // the larger goes first
    expect(debtChoice({ deva: 0, archonte: 0 }, 1)).toBe(false);
    expect(
      payDebtsWithExperience({ ...ledger, dettes: { deva: 0, archonte: 2 }, xp: { total: 5, depense: 0 } }),
    ).toMatchObject({
      dettes: { archonte: 0 },
      depense: 2,
    });
  });

  it("never spends more XP than is left, the price shown is the price paid, and a debt left refuses the purchase", () => {
    const state = fc.record({
      base: fc.integer({ min: 0, max: 10 }),
      total: fc.integer({ min: 0, max: 60 }),
      depense: fc.integer({ min: 0, max: 60 }),
      deva: fc.integer({ min: 0, max: 12 }),
      archonte: fc.integer({ min: 0, max: 12 }),
      dd: fc.integer({ min: 0, max: 3 }),
      da: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(state, (r) => {
        const s: XpState = {
          competences: { melee: { base: r.base } },
          ressources: [],
          xp: { total: r.total, depense: r.depense },
          dettes: { deva: r.dd, archonte: r.da },
          credits: { deva: 0, archonte: 0 },
          deva: { max: r.deva },
          archonte: { max: r.archonte },
        };
        const target = { kind: "competence" as const, skill: "melee" };
        const bought = buyWithExperience(s, target);
        if (!bought.ok) return;
        expect(bought.cost).toBe(xpPrice(s, target));
        expect(bought.depense - r.depense).toBeLessThanOrEqual(Math.max(0, r.total - r.depense));
        expect(bought.book?.dettes).toEqual({ deva: 0, archonte: 0 });
        expect(bought.raised).toEqual({ kind: "competence", skill: "melee", to: r.base + 1 });
      }),
    );
  });
});

describe("life boxes, harm and rest", () => {
  it("clicks life boxes: checks up to one, unchecks the last checked, the dead stay dead", () => {
    expect(lifeBoxClicked(24, 3, 8)).toBe(21);
    expect(lifeBoxClicked(21, 3, 8)).toBe(22);
    expect(lifeBoxClicked(-1, 5, 8)).toBe(-1);
    expect(lifeBoxClicked(10, 99, 8)).toBe(10);
  });

  it("a harm never heals and the dead take nothing; rest heals one point, never the dead", () => {
    expect(harmOutsideFight({ value: -1, nonLetal: false }, { kind: "coma" }, 4)).toMatchObject({ ok: false });
    expect(restPoint({ value: 12, nonLetal: false }, 4)).toMatchObject({ ok: false }); // unhurt
    expect(restPoint({ value: 10, nonLetal: false }, 4)).toMatchObject({ ok: true, value: 11, lost: -1 });
    const harm = fc.oneof(
      fc.record({
        kind: fc.constant("chute" as const),
        meters: fc.integer({ min: 0, max: 40 }),
        surface: fc.constantFrom("normal" as const, "beton" as const, "eau" as const),
        dodged: fc.boolean(),
      }),
      fc.constant({ kind: "coma" as const }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 12 }), fc.boolean(), harm, (value, nonLetal, h) => {
        const r = harmOutsideFight({ value, nonLetal }, h, 4);
        if (value < 0) {
          expect(r.ok).toBe(false);
          return;
        }
        if (!r.ok) return;
        expect(r.value).toBeLessThanOrEqual(value);
        expect(r.value).toBeGreaterThanOrEqual(-1);
        expect(r.lost).toBe(value - r.value);
      }),
    );
  });
});
