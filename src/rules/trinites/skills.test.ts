import { describe, it, expect } from "vitest";
import { SIGNS, SIGN_IDS, SKILLS, SKILL_IDS, formatTest, signOf, skillScore, skillScores } from "./skills";

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
