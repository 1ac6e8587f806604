import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { trinitesCreation, type TrinitesCreationInput } from "./creation.ts";
import { isLegal } from "../shared/creation.ts";

const fresh = (over: Partial<TrinitesCreationInput> = {}): TrinitesCreationInput => ({
  concept: "",
  names: { deva: "", archonte: "" },
  signs: { belier: 0, taureau: 0 },
  skills: { melee: { base: 0 }, tir: { base: 0 } },
  karma: { deva: { value: 0, max: 0 }, archonte: { value: 0, max: 0 }, adam: { value: 0, max: 0 } },
  life: { value: 24, max: 24 },
  resources: [],
  xp: { total: 0, depense: 0 },
  building: true,
  ...over,
});

const pool = (value: number, max: number) => ({ value, max });

describe("Trinités creation guide", () => {
  it("a Trinité fresh from the sidebar is legal, every step still to do", () => {
    const check = trinitesCreation(fresh());
    expect(isLegal(check)).toBe(true);
    expect(check.steps.map((s) => [s.id, s.done])).toEqual([
      ["concept", false],
      ["signs", false],
      ["skills", false],
      ["karma", false],
      ["resources", false],
    ]);
  });

  it("Deva 7, Archonte 3: the Adam's Lumière 4 is shown and every reserve must equal its score while building", () => {
    const karma = { deva: pool(7, 7), archonte: pool(3, 3), adam: pool(0, 0) };
    const check = trinitesCreation(fresh({ karma }));
    expect(check.steps.find((s) => s.id === "karma")).toMatchObject({ done: true, a: 4 });
    expect(check.problems).toEqual([
      { id: "adamReserve", a: 0, b: 4, fix: { id: "reserve", path: "adam.value", value: 4 } },
    ]);
    // Once built, a spent reserve is play, not a problem; above the score it still is.
    expect(isLegal(trinitesCreation(fresh({ karma, building: false })))).toBe(true);
    const above = { ...karma, deva: pool(9, 7), adam: pool(4, 4) };
    expect(trinitesCreation(fresh({ karma: above, building: false })).problems.map((p) => p.id)).toEqual([
      "devaReserve",
    ]);
  });

  it("names every unnamed resource, a wounded new character and XP spent beyond what was earned", () => {
    const check = trinitesCreation(
      fresh({
        resources: [
          { nom: "Fortune", base: 2 },
          { nom: " ", base: 1 },
        ],
        life: pool(20, 24),
        xp: { total: 3, depense: 5 },
      }),
    );
    expect(check.problems).toEqual([
      { id: "resourceName", a: 2 },
      { id: "life", a: 24, fix: { id: "life", path: "vie.value", value: 24 } },
      { id: "xp", a: 5, b: 3 },
    ]);
    expect(check.steps.find((s) => s.id === "resources")?.done).toBe(true);
  });

  it("a human has no Karma step and no names to give", () => {
    const check = trinitesCreation(fresh({ karma: undefined, names: undefined, concept: "Garde du corps" }));
    expect(check.steps.map((s) => s.id)).not.toContain("karma");
    expect(check.steps[0]).toEqual({ id: "concept", done: true });
  });

  it("applying every one-click fix leaves no Karma or life problem (any scores, any reserves)", () => {
    const k = fc.integer({ min: 0, max: 12 });
    fc.assert(
      fc.property(k, k, k, k, k, fc.boolean(), (d, a, dv, av, adv, building) => {
        const input = fresh({
          karma: { deva: pool(dv, d), archonte: pool(av, a), adam: pool(adv, 0) },
          life: pool(10, 24),
          building,
        });
        const fixed = structuredClone(input) as unknown as Record<string, Record<string, number>>;
        for (const p of trinitesCreation(input).problems) {
          if (!p.fix) continue;
          const [field, key] = p.fix.path.split(".") as [string, string];
          const target = field === "vie" ? (fixed.life as Record<string, number>) : (fixed.karma as never)[field];
          (target as Record<string, number>)[key] = Number(p.fix.value);
        }
        const after = trinitesCreation(fixed as unknown as TrinitesCreationInput);
        expect(after.problems).toEqual([]);
      }),
    );
  });
});
