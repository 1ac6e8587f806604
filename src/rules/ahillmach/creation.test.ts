import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ahillMachCreation, valuesToPlace, type AhillMachCreationInput } from "./creation.ts";
import { CHARACTERISTIC_IDS, CREATION_ARRAYS, type Characteristics } from "./characteristics.ts";
import { isLegal } from "../shared/creation.ts";

const chars = (...v: number[]) =>
  Object.fromEntries(CHARACTERISTIC_IDS.map((id, i) => [id, v[i] ?? 0])) as unknown as Characteristics;

const input = (over: Partial<AhillMachCreationInput> = {}): AhillMachCreationInput => ({
  classId: "guerrier",
  level: 1,
  characteristics: chars(2, 1, 1, 1, 0, -1),
  creation: "a",
  penchants: ["Curieux", ""],
  metiers: [{ name: "Forgeron", mastery: 1 }],
  hp: 17,
  building: true,
  ...over,
});

describe("Ahill-Mach creation guide", () => {
  it("a Guerrier with array A (CON +1), one penchant and one métier at 1 is legal at 17 HP (16 + CON)", () => {
    const check = ahillMachCreation(input());
    expect(check.problems).toEqual([]);
    expect(check.steps).toEqual([
      { id: "class", done: true, a: 17 },
      { id: "array", done: true, a: "+2, +1, +1, +1, 0, −1", b: "—" },
      { id: "penchants", done: true, a: 1 },
      { id: "metier", done: true },
    ]);
  });

  it("a Magicien (10 + CON) fresh from the sidebar: what is left to do is said, the HP offered in one click", () => {
    const check = ahillMachCreation(input({ classId: "magicien", penchants: ["", ""], metiers: [], hp: 17 }));
    expect(check.steps[0]).toEqual({ id: "class", done: true, a: 11 });
    expect(check.problems).toEqual([
      { id: "noPenchant" },
      { id: "noMetier" },
      { id: "hp", a: 11, fix: { id: "hp", path: "hp.value", value: 11 } },
    ]);
  });

  it("array B chosen with A's values: says what is still to place and offers array A", () => {
    const check = ahillMachCreation(input({ creation: "b" }));
    expect(check.steps[1]).toMatchObject({ done: false, a: "+2, +2, +1, +1, −1, −1", b: "+2, −1" });
    expect(check.problems).toEqual([
      { id: "array", a: "B", b: "+2, −1", fix: { id: "array", path: "creation", value: "a", a: "A" } },
    ]);
  });

  it("values of neither array: no one-click fix, the values to place are named", () => {
    const check = ahillMachCreation(input({ characteristics: chars(0, 0, 0, 0, 0, 0), hp: 16 }));
    expect(check.problems).toEqual([{ id: "array", a: "A", b: "+2, +1, +1, +1, −1" }]);
  });

  it("level 3: array A with its raise on FOR still fits; 'libre' while building asks for an array", () => {
    const raised = chars(3, 1, 1, 1, 0, -1);
    expect(ahillMachCreation(input({ level: 3, hp: 19, characteristics: raised })).problems).toEqual([]);
    expect(ahillMachCreation(input({ creation: "libre" })).problems).toEqual([
      { id: "free", fix: { id: "array", path: "creation", value: "a", a: "A" } },
    ]);
    // Once built, "libre" is allowed, and wounds or a second métier are play.
    expect(isLegal(ahillMachCreation(input({ creation: "libre", building: false, hp: 3, metiers: [] })))).toBe(true);
  });

  it("two métiers or a métier above 1 at creation are flagged", () => {
    const two = [
      { name: "Forgeron", mastery: 1 },
      { name: "Marin", mastery: 1 },
    ];
    expect(ahillMachCreation(input({ metiers: two })).problems).toEqual([{ id: "metiers", a: 2 }]);
    expect(ahillMachCreation(input({ metiers: [{ name: "Marin", mastery: 2 }] })).problems).toEqual([
      { id: "mastery", a: "Marin" },
    ]);
  });

  it("nothing is left to place exactly when the values are a permutation of the array", () => {
    const value = fc.integer({ min: -2, max: 4 });
    fc.assert(
      fc.property(fc.array(value, { minLength: 6, maxLength: 6 }), fc.integer({ min: 0, max: 1 }), (v, index) => {
        const array = CREATION_ARRAYS[index]!;
        const same = [...v].sort().join() === [...array].sort().join();
        expect(valuesToPlace(chars(...v), array).length === 0).toBe(same);
        // Each value still to place is one the array has and the characteristics lack (with multiplicity).
        expect(valuesToPlace(chars(...v), array).length).toBeGreaterThanOrEqual(same ? 0 : 1);
      }),
    );
  });

  it("applying the offered fixes always leaves the array and HP legal", () => {
    const value = fc.integer({ min: -2, max: 4 });
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 6, maxLength: 6 }),
        fc.constantFrom("a", "b", "libre"),
        fc.integer({ min: 0, max: 30 }),
        (v, creation, hp) => {
          const start = input({ characteristics: chars(...v), creation, hp });
          const fixed = { ...start };
          for (const p of ahillMachCreation(start).problems) {
            if (p.fix?.path === "creation") fixed.creation = String(p.fix.value);
            if (p.fix?.path === "hp.value") fixed.hp = Number(p.fix.value);
          }
          const left = ahillMachCreation(fixed).problems.map((p) => p.id);
          expect(left).not.toContain("hp");
          expect(left).not.toContain("free");
          // An array fix is offered only when it makes the array legal.
          if (ahillMachCreation(start).problems.some((p) => p.id === "array" && p.fix))
            expect(left).not.toContain("array");
        },
      ),
    );
  });
});
