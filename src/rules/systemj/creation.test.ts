import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { systemJCreation, type SystemJCreationInput } from "./creation.ts";
import { isLegal } from "../shared/creation.ts";

const input = (over: Partial<SystemJCreationInput> = {}): SystemJCreationInput => ({
  role: "",
  languages: "",
  attributes: { FOR: 50, RES: 50, AGI: 50, RAP: 50, INT: 50, PER: 50, CHA: 50 },
  skills: { nage: 0, detection: 0 },
  specials: [],
  worldSpecials: [],
  hitPoints: { value: 10, max: 10 },
  building: true,
  ...over,
});

describe("SYSTEMJ creation guide", () => {
  it("a personnage fresh from the sidebar: PJ offered in one click, a language asked for", () => {
    const check = systemJCreation(input());
    expect(check.problems).toEqual([
      { id: "role", fix: { id: "role", path: "role", value: "PJ" } },
      { id: "languages" },
    ]);
    expect(check.steps.map((s) => [s.id, s.done])).toEqual([
      ["identity", false],
      ["attributes", true],
      ["skills", false],
      ["hitPoints", true],
    ]);
  });

  it("Brutor (FOR 70, the source's example) as a PJ speaking Commun: attributes totalled, legal", () => {
    const attributes = { FOR: 70, RES: 61, AGI: 40, RAP: 45, INT: 35, PER: 50, CHA: 55 };
    const check = systemJCreation(input({ role: "pj", languages: "Commun", attributes, skills: { nage: 30 } }));
    expect(isLegal(check)).toBe(true);
    expect(check.steps[1]).toEqual({ id: "attributes", done: true, a: 356, b: 51 });
    expect(check.steps[2]).toEqual({ id: "skills", done: true, a: 30 });
  });

  it("the world's primary special skills still without a score are named", () => {
    const check = systemJCreation(
      input({ worldSpecials: ["Forge", "Chasse"], specials: [{ name: "forge", score: 40 }] }),
    );
    expect(check.steps.find((s) => s.id === "specials")).toEqual({ id: "specials", done: false, a: "Chasse" });
  });

  it("hit points: none at all is flagged always; below the maximum only while building, with its fix", () => {
    const base = { role: "PNJ", languages: "Elfique" };
    expect(systemJCreation(input({ ...base, hitPoints: { value: 0, max: 0 } })).problems).toEqual([
      { id: "noHitPoints" },
    ]);
    expect(systemJCreation(input({ ...base, hitPoints: { value: 4, max: 12 } })).problems).toEqual([
      { id: "hitPoints", a: 12, fix: { id: "hitPoints", path: "hitPoints.value", value: 12 } },
    ]);
    expect(isLegal(systemJCreation(input({ ...base, hitPoints: { value: 4, max: 12 }, building: false })))).toBe(true);
  });

  it("applying every fix leaves only the problems a field must answer", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("", "PJ", "pnj", "chef"),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        (role, value, max) => {
          const start = input({ role, languages: "Commun", hitPoints: { value, max } });
          const fixed = { ...start };
          for (const p of systemJCreation(start).problems) {
            if (p.fix?.path === "role") fixed.role = String(p.fix.value);
            if (p.fix?.path === "hitPoints.value") fixed.hitPoints = { max, value: Number(p.fix.value) };
          }
          expect(systemJCreation(fixed).problems).toEqual([]);
        },
      ),
    );
  });
});
