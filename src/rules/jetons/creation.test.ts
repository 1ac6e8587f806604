import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { jetonsCreation, type JetonsCreationInput } from "./creation.ts";
import { isLegal } from "../shared/creation.ts";

const input = (over: Partial<JetonsCreationInput> = {}): JetonsCreationInput => ({
  archetype: "",
  traits: [],
  weakness: "",
  tokens: 5,
  ...over,
});

describe("Jetons creation guide", () => {
  it("a blank archetype: every step to do, P = 6 left, what is missing said", () => {
    const check = jetonsCreation(input(), 6, 5);
    expect(check.steps).toEqual([
      { id: "archetype", done: false },
      { id: "traits", done: false, spent: 0, total: 6, left: 6 },
      { id: "weakness", done: false },
      { id: "tokens", done: true, a: 5, b: 5 },
    ]);
    expect(check.problems.map((p) => p.id)).toEqual(["archetypeEmpty", "noTraits", "weaknessMissing"]);
  });

  it("the source's Assassin Ninja: Escrime 2, Acrobaties 2, Body-buildé 1, Mémoire exceptionnelle 1 spends P = 6", () => {
    const check = jetonsCreation(
      input({
        archetype: "Assassin Ninja",
        traits: [
          { name: "Escrime", points: 2 },
          { name: "Acrobaties", points: 2 },
          { name: "Body-buildé", points: 1 },
          { name: "Mémoire exceptionnelle", points: 1 },
        ],
        weakness: "Sujet au vertige",
      }),
      6,
      5,
    );
    expect(isLegal(check)).toBe(true);
    expect(check.steps[1]).toEqual({ id: "traits", done: true, spent: 6, total: 6, left: 0 });
  });

  it("over budget and an unnamed trait: which, and by how much", () => {
    const check = jetonsCreation(
      input({
        archetype: "Elfe Éclaireur",
        weakness: "Joueur invétéré",
        traits: [
          { name: "Arc", points: 2 },
          { name: "", points: 2 },
          { name: "Pistage", points: 2 },
          { name: "Discrétion", points: 1 },
        ],
      }),
      6,
      5,
    );
    expect(check.problems).toEqual([
      { id: "traitNameEmpty", a: 2 },
      { id: "pointsOver", a: 7, b: 6 },
    ]);
    // Overspent: nothing left, one point over (never a negative "left").
    expect(check.steps[1]).toMatchObject({ left: 0, over: 1, done: false });
  });

  it("points left always equal P minus the valid trait points, and a legal sheet never spends more than P", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.string({ minLength: 1 }), points: fc.integer({ min: 0, max: 3 }) })),
        fc.integer({ min: 1, max: 20 }),
        (traits, p) => {
          const check = jetonsCreation(input({ archetype: "Alien Diplomate", weakness: "Laid", traits }), p, 5);
          const spent = traits.reduce((s, t) => s + (t.points === 1 || t.points === 2 ? t.points : 0), 0);
          expect(check.steps[1]).toMatchObject({ spent, left: Math.max(0, p - spent) });
          // Spent points are always what is left plus the total, or the total plus what is over.
          const step = check.steps[1]!;
          expect(spent).toBe(spent > p ? p + (step.over ?? 0) : p - (step.left ?? 0));
          expect(step.over === undefined).toBe(spent <= p);
          if (isLegal(check)) expect(spent).toBeLessThanOrEqual(p);
        },
      ),
    );
  });
});
