import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { probability } from "../shared/distribution";
import {
  actionTurns,
  actionsPerRound,
  effectiveEnc,
  initiative,
  initiativeDistribution,
  initiativeFixed,
  initiativeFormula,
  initiativeOrder,
  orientation,
  orientationCheckModifier,
  secondActionPhase,
} from "./initiative";

describe("initiative value", () => {
  it("source example: Alrigio's Habitude de la Protection I takes Enc 4 to 3", () => {
    expect(effectiveEnc({ enc: 4, habitude: 1 })).toBe(3);
  });
  it("source example (old summary): Alrik with a dagger (INI −1, Enc 2) rolls 8 − 1 − 2 + 1D6", () => {
    expect(initiativeFixed({ iniBase: 8, weaponIni: -1, enc: 2 })).toBe(5);
    expect(initiative({ iniBase: 8, weaponIni: -1, enc: 2, dice: [4] }).value).toBe(9);
    expect(initiativeFormula({ iniBase: 8, weaponIni: -1, enc: 2 })).toBe("1d6 + 5");
  });
  it("Alrigio per the stated rule: base 10 + sabre 1 − Enc 3 gives 9…14 (the example's 11…16 used EncE)", () => {
    const d = initiativeDistribution({ iniBase: 10, weaponIni: 1, enc: 3 });
    expect(Math.min(...d.keys())).toBe(9);
    expect(Math.max(...d.keys())).toBe(14);
  });
  it("abilities: Réflexe de combat +4, Instinct du combat +2, Danseur de lames 2D6", () => {
    expect(initiativeFixed({ iniBase: 10, reflexeDeCombat: true, instinctDuCombat: true })).toBe(16);
    expect(initiative({ iniBase: 10, danseurDeLames: true, dice: [6, 5] }).value).toBe(21);
    expect(() => initiative({ iniBase: 10, danseurDeLames: true, dice: [6] })).toThrow(/2 D6/);
    expect(() => initiative({ iniBase: 10, dice: [7] })).toThrow(RangeError);
    expect(() => initiativeFixed({ iniBase: 10, weaponIni: 4 })).toThrow(RangeError);
    expect(initiativeFormula({ iniBase: 2, enc: 4, danseurDeLames: true })).toBe("2d6 - 2");
  });
  it("each wound costs 2", () => {
    expect(initiativeFixed({ iniBase: 10, wounds: 2 })).toBe(6);
  });
  it("Habitude levels and carried loads", () => {
    expect(effectiveEnc({ enc: 4, habitude: 1, habitualArmour: false })).toBe(4);
    expect(effectiveEnc({ enc: 4, habitude: 3 })).toBe(2);
    expect(effectiveEnc({ enc: 1, habitude: 3, load: 2 })).toBe(2);
  });
  it("2D6 distribution matches enumeration", () => {
    const d = initiativeDistribution({ iniBase: 10, danseurDeLames: true });
    expect(d.get(17)).toBeCloseTo(6 / 36, 12);
    expect(probability(d, (v) => v >= 20)).toBeCloseTo(6 / 36, 12);
  });
});

describe("initiativeOrder", () => {
  it("source example: the heroes against the orc band", () => {
    const entries = [
      { id: "Jandara", base: 12, ini: 12 + 6 },
      { id: "Dana", base: 11, ini: 11 + 4 },
      { id: "Escallo", base: 11, ini: 11 + 3 },
      { id: "Alrigio", base: 10, ini: 10 + 4 },
      { id: "Meranthus", base: 9, ini: 9 + 6 },
      { id: "chef", base: 12, ini: 12 + 5 },
      ...[6, 5, 2, 2, 1, 1].map((d, i) => ({ id: `orc${i + 1}`, base: 9, ini: 9 + d })),
    ];
    expect(initiativeOrder(entries)).toEqual([
      ["Jandara"],
      ["chef"],
      ["Dana"],
      ["Meranthus", "orc1"],
      ["Escallo"],
      ["Alrigio"],
      ["orc2"],
      ["orc3", "orc4"],
      ["orc5", "orc6"],
    ]);
  });
  it("rejects duplicate ids", () => {
    expect(() =>
      initiativeOrder([
        { id: "a", ini: 1, base: 1 },
        { id: "a", ini: 2, base: 1 },
      ]),
    ).toThrow(/duplicate/);
  });
  it("property: groups hold every id once, in non-increasing (ini, base) order, equal inside a group", () => {
    const entry = fc.record({ ini: fc.integer({ min: -5, max: 25 }), base: fc.integer({ min: 5, max: 15 }) });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 15 }), (raw) => {
        const list = raw.map((e, i) => ({ ...e, id: `f${i}` }));
        const groups = initiativeOrder(list);
        const byId = new Map(list.map((e) => [e.id, e]));
        expect(groups.flat().sort()).toEqual(list.map((e) => e.id).sort());
        const keys = groups.map((g) => {
          const first = byId.get(g[0]!)!;
          for (const id of g) expect(byId.get(id)).toMatchObject({ ini: first.ini, base: first.base });
          return first;
        });
        for (let i = 1; i < keys.length; i++) {
          const a = keys[i - 1]!;
          const b = keys[i]!;
          expect(a.ini > b.ini || (a.ini === b.ini && a.base > b.base)).toBe(true);
        }
      }),
    );
  });
});

describe("actions and orientation", () => {
  it("second action 8 phases later; below 0 a single defence", () => {
    expect(secondActionPhase(15)).toBe(7);
    expect(actionsPerRound(12)).toEqual({ combatActions: 2, canAttack: true, freeActions: 2, phases: [12, 4] });
    expect(actionsPerRound(-1)).toEqual({ combatActions: 1, canAttack: false, freeActions: 1, phases: [-1] });
  });
  it("source example: Elgara (11 + D6 1, fumble −2, wound −2 → 8) orients back to 15", () => {
    const r = orientation({ current: 8, iniWithoutDie: 11, persistentLosses: 2, checkSuccess: true });
    expect(r).toEqual({ actions: 2, needsCheck: true, value: 15 });
    expect(orientation({ current: 8, iniWithoutDie: 11, persistentLosses: 2, checkSuccess: false }).value).toBe(8);
    expect(orientation({ current: 8, iniWithoutDie: 11, persistentLosses: 2, vigilance: true })).toEqual({
      actions: 1,
      needsCheck: false,
      value: 15,
    });
  });
  it("orientation never lowers initiative; Art de la Guerre eases the check by 1 per 2 points", () => {
    expect(orientation({ current: 20, iniWithoutDie: 11, checkSuccess: true }).value).toBe(20);
    expect(orientationCheckModifier(5)).toBe(-2);
  });
});

describe("turns of a round with the second action", () => {
  const entry = fc.record({
    ini: fc.integer({ min: -10, max: 30 }),
    base: fc.integer({ min: 0, max: 20 }),
    second: fc.boolean(),
  });
  const fighters = fc.array(entry, { maxLength: 8 }).map((list) => list.map((e, i) => ({ ...e, id: `f${i}` })));

  it("source fight: Jandara (18) acts again at 10, after the orcs at 11 and before those at 10 with a lower base", () => {
    const turns = actionTurns([
      { id: "Jandara", ini: 18, base: 12, second: true },
      { id: "orc3", ini: 11, base: 9, second: true },
      { id: "orc5", ini: 10, base: 9, second: true },
      { id: "lame", ini: -1, base: 9, second: true },
    ]);
    expect(turns.map((t) => `${t.id}${t.second ? "²" : ""}@${t.phase}`)).toEqual([
      "Jandara@18",
      "orc3@11",
      "Jandara²@10",
      "orc5@10",
      "orc3²@3",
      "orc5²@2",
      "lame@-1",
    ]);
  });

  it("at equal phase and base, the first action goes before a second one", () => {
    const turns = actionTurns([
      { id: "a", ini: 18, base: 10, second: true },
      { id: "b", ini: 10, base: 10, second: true },
    ]);
    expect(turns.map((t) => [t.id, t.second])).toEqual([
      ["a", false],
      ["b", false],
      ["a", true],
      ["b", true],
    ]);
  });

  it("a fighter who took no second action has one turn only (issue 25: no row for an action not taken)", () => {
    const turns = actionTurns([
      { id: "chief", ini: 14, base: 10 },
      { id: "orc", ini: 9, base: 9, second: true },
    ]);
    expect(turns.map((t) => `${t.id}${t.second ? "²" : ""}@${t.phase}`)).toEqual(["chief@14", "orc@9", "orc²@1"]);
  });

  it("everyone acts once at INI; a second action at INI − 8 exactly for a second taken at INI ≥ 0", () => {
    fc.assert(
      fc.property(fighters, (list) => {
        const turns = actionTurns(list);
        for (const f of list) {
          const own = turns.filter((t) => t.id === f.id);
          expect(own.filter((t) => !t.second).map((t) => t.phase)).toEqual([f.ini]);
          const seconds = own.filter((t) => t.second).map((t) => t.phase);
          expect(seconds).toEqual(f.ini >= 0 && f.second ? [secondActionPhase(f.ini)] : []);
          expect(own[0]?.second).toBe(false);
        }
        turns.slice(1).forEach((t, i) => expect(t.phase).toBeLessThanOrEqual(turns[i]?.phase ?? Infinity));
      }),
    );
  });

  it("refuses duplicate ids", () => {
    expect(() =>
      actionTurns([
        { id: "a", ini: 1, base: 1 },
        { id: "a", ini: 2, base: 1 },
      ]),
    ).toThrow(RangeError);
  });
});
