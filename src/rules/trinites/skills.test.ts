import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  SIGNS,
  SIGN_IDS,
  SKILLS,
  SKILL_IDS,
  SPECIALITIES_PER_SKILL_MAX,
  SPECIALITY_MAX_LENGTH,
  formatTest,
  signOf,
  skillScore,
  skillScores,
  specialities,
  specialityOf,
  withOldSpeciality,
} from "./skills";

describe("signs and skills", () => {
  it("has twelve signs of three skills, 36 distinct skills", () => {
    expect(SIGNS).toHaveLength(12);
    expect(new Set(SIGNS.map((s) => s.id))).toEqual(new Set(SIGN_IDS));
    expect(SKILLS).toHaveLength(36);
    expect(new Set(SKILLS.map((s) => s.id))).toEqual(new Set(SKILL_IDS));
    for (const skill of SKILLS) expect(skill.id).toMatch(/^[a-zA-Z]+$/);
  });
  it("groups skills as RULES.md does", () => {
    expect(signOf("corpsACorps")).toBe("belier");
    expect(signOf("rapidite")).toBe("capricorne");
    expect(signOf("soins")).toBe("cancer");
    expect(signOf("histoireSecrete")).toBe("verseau");
    expect(SKILLS.find((s) => s.id === "seduction")?.label).toBe("Séduction");
    expect(SKILLS.find((s) => s.id === "lesHuit")?.label).toBe("Les Huit");
  });
  it("every skill the source names is in the list", () => {
    const named = [
      "Soins",
      "Arts",
      "Survie",
      "Documentation",
      "Artisanat",
      "Vigilance",
      "Langues",
      "Endurance",
      "Esquive",
      "Clairvoyance",
      "Rapidité",
      "Tactique",
      "Corps à corps",
      "Force",
      "Mêlée",
      "Tir",
      "Commandement",
      "Subterfuge",
      "Volonté",
      "Athlétisme",
      "Discrétion",
    ];
    expect(named).toHaveLength(21);
    for (const label of named) expect(SKILLS.map((s) => s.label)).toContain(label);
  });
});

describe("skillScore", () => {
  it("adds the sign bonus to the base", () => {
    expect(skillScore(4, 3)).toBe(7);
    expect(skillScore(0)).toBe(0);
  });
  it("rejects impossible bases", () => {
    expect(() => skillScore(-1, 0)).toThrow(RangeError);
    expect(() => skillScore(1.5, 0)).toThrow(RangeError);
    expect(() => skillScore(2, 0.5)).toThrow(RangeError);
  });
  it("computes every skill of a character", () => {
    const scores = skillScores({ survie: 4, tir: 2 }, { sagittaire: 3, belier: 1 });
    expect(scores.survie).toBe(7);
    expect(scores.tir).toBe(5);
    expect(scores.vigilance).toBe(3);
    expect(scores.melee).toBe(1);
    expect(scores.art).toBe(0);
  });
  it("source example: writes a test as Skill (speciality)/difficulty", () => {
    expect(formatTest("Arts", 3, "Peinture")).toBe("Arts (Peinture)/+3");
    expect(formatTest("Documentation", -3)).toBe("Documentation/−3");
    expect(formatTest("Artisanat", 0, "Restauration d'œuvres d'art")).toBe("Artisanat (Restauration d'œuvres d'art)/0");
  });
});

describe("specialities (several per skill, issue 14)", () => {
  it("source example: Arts holds Peinture and Sculpture together", () => {
    expect(specialities(["Peinture", "Sculpture"])).toEqual(["Peinture", "Sculpture"]);
    expect(formatTest("Arts", 3, specialityOf(["Peinture", "Sculpture"], "Peinture"))).toBe("Arts (Peinture)/+3");
  });
  it("drops blanks and non-strings, trims, keeps the first of names equal but for case", () => {
    expect(specialities([" Peinture ", "", "  ", 3, null, "peinture", "Sculpture"])).toEqual(["Peinture", "Sculpture"]);
  });
  it("moves an older single speciality into the list, after what it holds, once", () => {
    expect(withOldSpeciality([], "Sabre")).toEqual(["Sabre"]);
    expect(withOldSpeciality(["Sabre"], "sabre")).toEqual(["Sabre"]);
    expect(withOldSpeciality(["Katana"], "Sabre")).toEqual(["Katana", "Sabre"]);
    expect(withOldSpeciality(["Katana"], "")).toEqual(["Katana"]);
    expect(withOldSpeciality(["Katana"], undefined)).toEqual(["Katana"]);
  });
  it("names only a speciality the skill holds, in the skill's own spelling", () => {
    expect(specialityOf(["Peinture", "Sculpture"], "sculpture")).toBe("Sculpture");
    expect(specialityOf(["Peinture"], "Sculpture")).toBe("");
    expect(specialityOf(["Peinture"], 3)).toBe("");
    expect(specialityOf(["Peinture"], "")).toBe("");
  });
  it("property: the list is idempotent, bounded, blank-free and case-distinct; every name is found again", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 30 }), (raw) => {
        const list = specialities(raw);
        expect(specialities(list)).toEqual(list);
        expect(list.length).toBeLessThanOrEqual(SPECIALITIES_PER_SKILL_MAX);
        const keys = list.map((n) => n.toLocaleLowerCase("fr"));
        expect(new Set(keys).size).toBe(list.length);
        for (const name of list) {
          expect(name.trim()).toBe(name);
          expect(name.length).toBeGreaterThan(0);
          expect(name.length).toBeLessThanOrEqual(SPECIALITY_MAX_LENGTH);
          expect(specialityOf(raw, name)).toBe(name);
        }
      }),
    );
  });
});
