import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  anyoneCanAct,
  beginRound,
  beginTurn,
  fallUnconscious,
  initialState,
  initiativeScore,
  nextToAct,
  roundOver,
  shiftInitiative,
  waitTurn,
  waitChoices,
  WAIT_MAX,
  wakeUp,
  type InitiativeState,
  type Place,
} from "./initiative";

const place = fc.constantFrom<Place>("retrait", "garde", "feu");
const state = fc.record({ score: fc.integer({ min: 1, max: 12 }), place });
const INDEX: Record<Place, number> = { retrait: 0, garde: 1, feu: 2 };
/** Position on one line 1…36: the wrap rules make a shift move it by delta, clamped at both ends. */
const position = (s: InitiativeState): number => s.score + 12 * INDEX[s.place];

describe("initiativeScore", () => {
  it("halves the final, rounding up, within 1…12", () => {
    expect(initiativeScore(13)).toBe(7);
    expect(initiativeScore(14)).toBe(7);
    expect(initiativeScore(25)).toBe(12);
    expect(initiativeScore(40)).toBe(12);
    expect(initiativeScore(1)).toBe(1);
    expect(initiativeScore(-5)).toBe(1);
    expect(() => initiativeScore(2.5)).toThrow(RangeError);
  });
  it("property: always 1…12", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), (f) => {
        const s = initiativeScore(f);
        expect(s).toBeGreaterThanOrEqual(1);
        expect(s).toBeLessThanOrEqual(12);
      }),
    );
  });
  it("surprised fighters start en retrait, the others en garde", () => {
    expect(initialState(15, true)).toEqual({ score: 8, place: "retrait" });
    expect(initialState(15)).toEqual({ score: 8, place: "garde" });
  });
});

describe("rounds", () => {
  it("begins a round: garde → feu, retrait → garde", () => {
    expect(
      beginRound([
        { score: 5, place: "garde" },
        { score: 9, place: "retrait" },
      ]),
    ).toEqual([
      { score: 5, place: "feu" },
      { score: 9, place: "garde" },
    ]);
  });
  it("the highest in the fire acts; ties act together; the acting dice go back en garde", () => {
    let s: InitiativeState[] = beginRound([
      { score: 7, place: "garde" },
      { score: 10, place: "garde" },
      { score: 10, place: "garde" },
      { score: 12, place: "retrait" },
    ]);
    expect(nextToAct(s)).toEqual([1, 2]);
    s = beginTurn(s, [1, 2]);
    expect(nextToAct(s)).toEqual([0]);
    s = beginTurn(s, [0]);
    expect(roundOver(s)).toBe(true);
    expect(nextToAct(s)).toEqual([]);
    expect(() => beginTurn(s, [0])).toThrow(RangeError);
  });
  it("a die pushed above 12 en garde re-enters the fire and may act again, next if highest", () => {
    let s = beginTurn(
      beginRound([
        { score: 11, place: "garde" },
        { score: 5, place: "garde" },
      ]),
      [0],
    );
    s = s.map((x, i) => (i === 0 ? shiftInitiative(x, 3) : x)); // Accélération at the end of its turn
    expect(s[0]).toEqual({ score: 2, place: "feu" });
    expect(nextToAct(s)).toEqual([1]);
    s = beginTurn(s, [1]);
    expect(nextToAct(s)).toEqual([0]);
  });
});

describe("shiftInitiative", () => {
  it("wraps below 1 in the fire or en garde", () => {
    expect(shiftInitiative({ score: 2, place: "feu" }, -3)).toEqual({ score: 11, place: "garde" });
    expect(shiftInitiative({ score: 2, place: "garde" }, -3)).toEqual({ score: 11, place: "retrait" });
    expect(shiftInitiative({ score: 2, place: "retrait" }, -3)).toEqual({ score: 1, place: "retrait" });
  });
  it("wraps above 12 en retrait or en garde, and stops at 12 in the fire", () => {
    expect(shiftInitiative({ score: 11, place: "retrait" }, 3)).toEqual({ score: 2, place: "garde" });
    expect(shiftInitiative({ score: 11, place: "garde" }, 3)).toEqual({ score: 2, place: "feu" });
    expect(shiftInitiative({ score: 11, place: "feu" }, 3)).toEqual({ score: 12, place: "feu" });
  });
  it("pain (−3) and waiting", () => {
    expect(shiftInitiative({ score: 9, place: "feu" }, -3)).toEqual({ score: 6, place: "feu" });
    expect(shiftInitiative({ score: 12, place: "feu" }, -12)).toEqual({ score: 12, place: "garde" });
  });
  it("rejects impossible states", () => {
    expect(() => shiftInitiative({ score: 13, place: "feu" }, 0)).toThrow(RangeError);
    expect(() => shiftInitiative({ score: 3, place: "loin" as Place }, 0)).toThrow(RangeError);
    expect(() => shiftInitiative({ score: 3, place: "feu" }, 0.5)).toThrow(RangeError);
  });
  it("property: scores stay 1…12 and the position moves by delta, clamped to 1…36", () => {
    fc.assert(
      fc.property(state, fc.integer({ min: -40, max: 40 }), (s, delta) => {
        const t = shiftInitiative(s, delta);
        expect(t.score).toBeGreaterThanOrEqual(1);
        expect(t.score).toBeLessThanOrEqual(12);
        expect(position(t)).toBe(Math.min(36, Math.max(1, position(s) + delta)));
      }),
    );
  });
  it("property: one wrap rule at a time for small changes", () => {
    fc.assert(
      fc.property(state, fc.integer({ min: -11, max: 11 }), (s, delta) => {
        const t = shiftInitiative(s, delta);
        const raw = s.score + delta;
        if (raw >= 1 && raw <= 12) expect(t).toEqual({ score: raw, place: s.place });
        else if (raw < 1 && s.place === "retrait") expect(t).toEqual({ score: 1, place: "retrait" });
        else if (raw < 1) expect(t).toEqual({ score: raw + 12, place: s.place === "feu" ? "garde" : "retrait" });
        else if (s.place === "feu") expect(t).toEqual({ score: 12, place: "feu" });
        else expect(t).toEqual({ score: raw - 12, place: s.place === "retrait" ? "garde" : "feu" });
      }),
    );
  });
  it("property: a round always ends when no turn gains 12 or more", () => {
    const turnShifts = fc.array(fc.tuple(fc.nat(7), fc.integer({ min: -3, max: 3 })), { maxLength: 3 });
    fc.assert(
      fc.property(
        fc.array(state, { minLength: 1, maxLength: 8 }),
        fc.array(turnShifts, { maxLength: 200 }),
        (start, shifts) => {
          let s = beginRound(start);
          const bound = s.reduce((acc, x) => acc + position(x), 0); // the sum of positions drops ≥ 1 per turn
          let turns = 0;
          while (!roundOver(s)) {
            const acting = nextToAct(s);
            s = beginTurn(s, acting);
            for (const [target, delta] of shifts[turns % Math.max(1, shifts.length)] ?? []) {
              const i = target % s.length;
              s = s.map((x, j) => (j === i ? shiftInitiative(x, delta) : x));
            }
            turns++;
            expect(turns).toBeLessThanOrEqual(bound);
          }
          expect(nextToAct(s)).toEqual([]);
        },
      ),
    );
  });
});

describe("waitTurn", () => {
  it("puts the die back in the fire with the lower score, so it acts later in the same round", () => {
    let s = beginRound([
      { score: 11, place: "garde" },
      { score: 9, place: "garde" },
    ]);
    s = beginTurn(s, nextToAct(s)); // 11 acts first and goes en garde
    s = s.map((x, i) => (i === 0 ? waitTurn(x, 4) : x));
    expect(s[0]).toEqual({ score: 7, place: "feu" });
    expect(nextToAct(s)).toEqual([1]); // 9 now acts…
    s = beginTurn(s, [1]);
    expect(nextToAct(s)).toEqual([0]); // …then the one who waited, still this round
  });
  it("waits into a tie, and wraps back en garde below 1", () => {
    expect(waitTurn({ score: 9, place: "garde" }, 2)).toEqual({ score: 7, place: "feu" });
    expect(waitTurn({ score: 2, place: "garde" }, 3)).toEqual({ score: 11, place: "garde" });
    expect(() => waitTurn({ score: 5, place: "garde" }, 0)).toThrow(RangeError);
    expect(() => waitTurn({ score: 5, place: "garde" }, -2)).toThrow(RangeError);
  });
  it("property: a round in which anyone may wait any number of times still ends", () => {
    fc.assert(
      fc.property(
        fc.array(state, { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 300 }),
        (start, waits) => {
          let s = beginRound(start);
          // Each turn either acts (die leaves the fire) or waits (die stays in the fire strictly lower, or leaves it).
          const bound = s.filter((x) => x.place === "feu").reduce((acc, x) => acc + x.score, 0);
          let turns = 0;
          while (!roundOver(s)) {
            const acting = nextToAct(s);
            const before = s;
            s = beginTurn(s, acting);
            const by = waits[turns % Math.max(1, waits.length)] ?? 0;
            if (by > 0) {
              const i = acting[0]!;
              const w = waitTurn(s[i]!, by);
              if (w.place === "feu") expect(w.score).toBeLessThan(before[i]!.score);
              else expect(w.place).toBe("garde");
              s = s.map((x, j) => (j === i ? w : x));
            }
            turns++;
            expect(turns).toBeLessThanOrEqual(bound);
          }
        },
      ),
    );
  });
});

describe("beginRound with held dice", () => {
  it("keeps an unconscious fighter's die en retrait with its value", () => {
    expect(
      beginRound(
        [
          { score: 5, place: "retrait" },
          { score: 9, place: "retrait" },
          { score: 4, place: "garde" },
        ],
        new Set([0]),
      ),
    ).toEqual([
      { score: 5, place: "retrait" },
      { score: 9, place: "garde" },
      { score: 4, place: "feu" },
    ]);
  });
  it("property: held dice are en retrait with their value, the others move as without holding", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(state, fc.boolean()), { maxLength: 10 }), (rows) => {
        const states = rows.map(([s]) => s);
        const held = new Set(rows.flatMap(([, h], i) => (h ? [i] : [])));
        const free = beginRound(states);
        beginRound(states, held).forEach((s, i) => {
          expect(s).toEqual(held.has(i) ? { score: states[i]!.score, place: "retrait" } : free[i]);
        });
      }),
    );
  });
});

describe("unconsciousness", () => {
  it("sends the die en retrait with its value, and back en garde on waking", () => {
    expect(fallUnconscious({ score: 8, place: "feu" })).toEqual({ score: 8, place: "retrait" });
    expect(wakeUp({ score: 8, place: "retrait" })).toEqual({ score: 8, place: "garde" });
  });
});

describe("anyoneCanAct", () => {
  it("is false with no die, or with every die held (all fighters out cold)", () => {
    expect(anyoneCanAct([])).toBe(false);
    expect(anyoneCanAct([{ score: 5, place: "garde" }], new Set([0]))).toBe(false);
    expect(anyoneCanAct([{ score: 5, place: "retrait" }])).toBe(true);
  });

  it("says exactly whether someone acts within three round starts (a die en retrait needs two)", () => {
    fc.assert(
      fc.property(fc.array(state, { maxLength: 6 }), fc.array(fc.boolean(), { maxLength: 6 }), (states, flags) => {
        const held = new Set(states.flatMap((_, i) => (flags[i] ? [i] : [])));
        let now = states;
        let acted = false;
        for (let r = 0; r < 3 && !acted; r++) {
          now = beginRound(now, held);
          acted = nextToAct(now).length > 0;
        }
        expect(acted).toBe(anyoneCanAct(states, held));
      }),
    );
  });
});

describe("waitChoices", () => {
  it("offers 1 to 12 points: in the fire while the score stays above 0, then en garde for the next round", () => {
    const choices = waitChoices({ score: 9, place: "garde" });
    expect(choices).toHaveLength(WAIT_MAX);
    expect(choices[0]).toEqual({ by: 1, state: { score: 8, place: "feu" } });
    expect(choices[7]).toEqual({ by: 8, state: { score: 1, place: "feu" } });
    expect(choices[8]).toEqual({ by: 9, state: { score: 12, place: "garde" } });
  });

  it("always lowers the die or sends it out of this round (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.constantFrom<"feu" | "garde">("feu", "garde"), (score, place) => {
        for (const { by, state } of waitChoices({ score, place })) {
          expect(state).toEqual(waitTurn({ score, place }, by));
          expect(state.place === "garde" || state.score < score).toBe(true);
        }
      }),
    );
  });
});
