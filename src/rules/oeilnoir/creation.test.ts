import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { oeilNoirCreation, type OeilNoirCreationInput } from "./creation.ts";
import { isLegal } from "../shared/creation.ts";

const input = (over: Partial<OeilNoirCreationInput> = {}): OeilNoirCreationInput => ({
  qualities: { CO: 12, IN: 12, AG: 12, FO: 12, DE: 12, CN: 12 },
  skills: {},
  weapons: 0,
  armour: 0,
  ev: { value: 30, max: 30 },
  endurance: { value: 30, max: 30 },
  building: true,
  ...over,
});

describe("Œil Noir creation guide", () => {
  it("shows the base values the qualities give (CO 14, IN 12, AG 13, FO 12: AT 8, PRD 7, INI 11)", () => {
    const check = oeilNoirCreation(input({ qualities: { CO: 14, IN: 12, AG: 13, FO: 12, DE: 11, CN: 13 } }));
    expect(check.steps[0]).toEqual({ id: "qualities", done: true, a: "8 / 7", b: "7 · 11" });
    expect(check.steps[3]).toMatchObject({ id: "life", a: 7 });
    expect(isLegal(check)).toBe(true);
  });

  it("a split more than 5 apart is refused with the nearest legal one in one click (10 points at 9/1 → 7/3)", () => {
    const check = oeilNoirCreation(input({ skills: { epees: { points: 10, toAttack: 9 } } }));
    expect(check.problems).toEqual([
      {
        id: "split",
        a: "Épées",
        b: "9 / 1",
        fix: { id: "split", path: "skills.epees.toAttack", value: 7, a: "7 / 3" },
      },
    ]);
  });

  it("pure attack skills put every point on attack: their split is never refused", () => {
    expect(isLegal(oeilNoirCreation(input({ skills: { fouets: { points: 12, toAttack: 0 } } })))).toBe(true);
  });

  it("EV and Endurance must be full while building, not afterwards", () => {
    const hurt = { ev: { value: 20, max: 30 }, endurance: { value: 25, max: 30 } };
    expect(oeilNoirCreation(input(hurt)).problems.map((p) => p.id)).toEqual(["ev", "endurance"]);
    expect(isLegal(oeilNoirCreation(input({ ...hurt, building: false })))).toBe(true);
  });

  it("applying the offered split always makes the skill legal", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), (points, toAttack) => {
        const start = input({ skills: { sabres: { points, toAttack } } });
        const fix = oeilNoirCreation(start).problems[0]?.fix;
        const after = fix ? { points, toAttack: Number(fix.value) } : { points, toAttack };
        expect(oeilNoirCreation(input({ skills: { sabres: after } })).problems).toEqual([]);
      }),
    );
  });
});
