import { describe, expect, it } from "vitest";
import { ATTRIBUTE_IDS, ATTRIBUTES, ENTITY_TYPES, validateAttributes } from "./attributes";
import { GENERIC_SKILL_IDS, GENERIC_SKILLS, skillsFor } from "./skills";
import { AUTOMATIC, BONUSES, DIFFICULTIES, difficulty, PENALTIES, totalModifier } from "./difficulty";
import { CARD_FAMILIES, CARD_KINDS, familyOf, kindsOf } from "./cards";

describe("attributes and skills", () => {
  it("seven attributes, Endurance also named Résistance, Chance apart", () => {
    expect(ATTRIBUTES.map((a) => a.id)).toEqual([...ATTRIBUTE_IDS]);
    expect(ATTRIBUTES.map((a) => a.label)).toEqual([
      "Force",
      "Endurance",
      "Agilité",
      "Rapidité",
      "Intelligence",
      "Personnalité",
      "Chance",
    ]);
    expect(ATTRIBUTES.find((a) => a.id === "RES")?.alias).toBe("Résistance");
    expect(ATTRIBUTES.find((a) => a.id === "CHA")?.pole).toBeNull();
    expect(() => validateAttributes({ INT: 101 })).toThrow(RangeError);
    expect(() => validateAttributes({ INT: 100, PER: 0 })).not.toThrow();
  });

  it("the ten generic skills with their French labels", () => {
    expect(GENERIC_SKILLS.map((s) => s.id)).toEqual([...GENERIC_SKILL_IDS]);
    expect(GENERIC_SKILLS.map((s) => s.label)).toEqual([
      "Lire / écrire",
      "Parler",
      "Acrobatie",
      "Danse",
      "Nage",
      "Cuisine",
      "Premiers soins",
      "Dissimulation",
      "Détection",
      "Sang-froid",
    ]);
    expect(GENERIC_SKILLS.every((s) => s.attributes.length === 0)).toBe(true);
  });

  it("créatures have no language skills", () => {
    expect(skillsFor("personnage")).toHaveLength(10);
    expect(skillsFor("creature").map((s) => s.id)).not.toContain("parler");
    expect(skillsFor("creature")).toHaveLength(8);
    expect(ENTITY_TYPES.map((e) => [e.id, e.hasLanguage])).toEqual([
      ["personnage", true],
      ["creature", false],
    ]);
  });
});

describe("bonus/penalty table", () => {
  it("+10, +20, +30, automatic; −10, −20, −30, −50", () => {
    expect(BONUSES.map((b) => b.modifier)).toEqual([10, 20, 30, AUTOMATIC]);
    expect(PENALTIES.map((p) => p.modifier)).toEqual([-10, -20, -30, -50]);
    expect(DIFFICULTIES).toHaveLength(8);
    expect(difficulty("tresDifficile").modifier).toBe(-30);
    expect(() => difficulty("nope")).toThrow(RangeError);
  });

  it("adds the free modifier; automatique wins", () => {
    expect(totalModifier(-30, 5)).toBe(-25);
    expect(totalModifier(AUTOMATIC, -40)).toBe(AUTOMATIC);
    expect(totalModifier()).toBe(0);
    expect(() => totalModifier(10, 0.5)).toThrow(RangeError);
  });
});

describe("cards", () => {
  it("four families and their kinds", () => {
    expect(CARD_FAMILIES.map((f) => f.id)).toEqual(["equipement", "ressource", "savoir", "pouvoir"]);
    expect(kindsOf("equipement").map((k) => k.id)).toEqual(["objet", "arme", "armure"]);
    expect(kindsOf("ressource").map((k) => k.id)).toEqual(["consommable", "munition", "titre"]);
    expect(kindsOf("savoir").map((k) => k.id)).toEqual(["livre", "plan"]);
    expect(kindsOf("pouvoir").map((k) => k.id)).toEqual(["sort", "capacite", "competenceSecondaire"]);
    expect(CARD_KINDS).toHaveLength(11);
  });

  it("weapons carry ATT/DEF/range/damage/family, armours armour points, secondary skills a score", () => {
    expect(CARD_KINDS.find((k) => k.id === "arme")?.fields).toEqual(["att", "def", "range", "damage", "weaponFamily"]);
    expect(CARD_KINDS.find((k) => k.id === "armure")?.fields).toEqual(["armourPoints"]);
    expect(CARD_KINDS.find((k) => k.id === "competenceSecondaire")?.fields).toEqual(["score"]);
    expect(familyOf("munition")).toBe("ressource");
    expect(() => familyOf("dragon")).toThrow(RangeError);
    expect(() => kindsOf("magie" as never)).toThrow(RangeError);
  });
});
