import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { archetypeWords, validateArchetype } from "./archetype";

const codes = (c: ReturnType<typeof validateArchetype>): string[] => c.problems.map((p) => p.code);

describe("validateArchetype", () => {
  it("source example: an 'Assassin Ninja' with 6 points and a weakness is valid", () => {
    const check = validateArchetype({
      archetype: "Assassin Ninja",
      traits: [
        { name: "Escrime", points: 2 },
        { name: "Acrobaties", points: 2 },
        { name: "Body-buildé", points: 1 },
        { name: "Mémoire exceptionnelle", points: 1 },
      ],
      weakness: "Sujet au vertige",
    });
    expect(check).toEqual({ valid: true, pointsSpent: 6, pointsLeft: 0, problems: [] });
  });
  it("source examples of archetypes are two words", () => {
    for (const label of ["Assassin Ninja", "Elfe Éclaireur", "Alien Diplomate"]) {
      expect(archetypeWords(label)).toHaveLength(2);
    }
    expect(archetypeWords("  Chasseur-de-primes   martien ")).toEqual(["Chasseur-de-primes", "martien"]);
  });
  it("flags each broken rule", () => {
    const check = validateArchetype(
      {
        archetype: "Ninja",
        traits: [
          { name: "Escrime", points: 3 },
          { name: " escrime ", points: 2 },
          { name: "", points: 2 },
          { name: "Force", points: 2 },
        ],
        weakness: "  ",
      },
      6,
    );
    expect(check.valid).toBe(false);
    expect(codes(check)).toEqual([
      "archetypeOneWord",
      "traitPoints",
      "traitDuplicate",
      "traitNameEmpty",
      "weaknessMissing",
    ]);
    expect(check.pointsSpent).toBe(6);
  });
  it("over P is an error, under P and long labels are warnings", () => {
    const over = validateArchetype(
      {
        archetype: "Elfe Éclaireur",
        traits: [
          { name: "A", points: 2 },
          { name: "B", points: 2 },
        ],
        weakness: "W",
      },
      3,
    );
    expect(over.valid).toBe(false);
    expect(codes(over)).toEqual(["pointsOver"]);
    expect(over.pointsLeft).toBe(-1);
    const under = validateArchetype({
      archetype: "Chasseur de primes",
      traits: [{ name: "A", points: 1 }],
      weakness: "W",
    });
    expect(under.valid).toBe(true);
    expect(codes(under)).toEqual(["archetypeLong", "pointsUnspent"]);
    expect(codes(validateArchetype({ archetype: "", traits: [], weakness: "W" }))).toEqual([
      "archetypeEmpty",
      "noTraits",
      "pointsUnspent",
    ]);
  });
  it("rejects an impossible P", () => {
    expect(() => validateArchetype({ archetype: "A B", traits: [], weakness: "W" }, 0)).toThrow(RangeError);
  });
  it("property: valid exactly when the points fit in P (well-formed otherwise)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(1, 2), { maxLength: 8 }), fc.integer({ min: 1, max: 12 }), (pts, p) => {
        const traits = pts.map((points, i) => ({ name: `T${i}`, points }));
        const check = validateArchetype({ archetype: "Alien Diplomate", traits, weakness: "Laid" }, p);
        const sum = pts.reduce((a, b) => a + b, 0);
        expect(check.pointsSpent).toBe(sum);
        expect(check.valid).toBe(sum <= p && pts.length > 0);
      }),
    );
  });
});
