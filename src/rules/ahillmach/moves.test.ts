import { describe, it, expect } from "vitest";
import {
  MOVES,
  ammunitionAfter,
  ammunitionSpent,
  moveById,
  optionChangesDamage,
  optionPickable,
  optionPicks,
  optionRepeatable,
} from "./moves";
import { BANDS } from "./resolution";

describe("moves", () => {
  it("seven moves with their characteristics", () => {
    expect(MOVES.map((m) => [m.id, m.characteristic])).toEqual([
      ["taillerEnPieces", "for"],
      ["salve", "dex"],
      ["defendre", "con"],
      ["discernerLaRealite", "mys"],
      ["etalerSaScience", "int"],
      ["negocier", "aur"],
      ["defierLeDanger", "context"],
    ]);
  });
  it("every band has a text in both languages", () => {
    for (const m of MOVES) for (const b of BANDS) expect(m.bands[b].fr && m.bands[b].en).toBeTruthy();
  });
  it("picks never exceed the options on offer", () => {
    for (const m of MOVES) for (const b of BANDS) expect(optionPicks(m.id, b)).toBeLessThanOrEqual(m.options.length);
  });
  it("Défendre: one option on a partial success, three on a total", () => {
    expect(optionPicks("defendre", "partielle")).toBe(1);
    expect(optionPicks("defendre", "totale")).toBe(3);
    expect(optionPicks("salve", "partielle")).toBe(1);
    expect(moveById("discernerLaRealite").options).toHaveLength(6);
  });
  it("only Défendre and Défier le danger are open without the initiative", () => {
    expect(MOVES.filter((m) => m.withoutInitiative).map((m) => m.id)).toEqual(["defendre", "defierLeDanger"]);
  });
  it("Défier le danger offers all six characteristics", () => {
    expect(Object.keys(moveById("defierLeDanger").contextCharacteristics ?? {})).toHaveLength(6);
    expect(() => moveById("fuir")).toThrow(RangeError);
  });
});

describe("damage-changing options", () => {
  it("+1d6 and −1d6 change the damage; they cannot be picked once the damage is rolled", () => {
    expect(optionChangesDamage("plus1d6")).toBe(true);
    expect(optionChangesDamage("moins1d6")).toBe(true);
    expect(optionChangesDamage("danger")).toBe(false);
    expect(optionPickable("plus1d6", true)).toBe(false);
    expect(optionPickable("plus1d6", false)).toBe(true);
    expect(optionPickable("munition", true)).toBe(true);
  });

  it("every option of the seven moves is pickable before the damage roll; after, only those that leave damage alone", () => {
    for (const move of MOVES) {
      for (const option of move.options) {
        expect(optionPickable(option.id, false)).toBe(true);
        expect(optionPickable(option.id, true)).toBe(!optionChangesDamage(option.id));
        expect(optionChangesDamage(option.id)).toBe(/1d6/.test(option.id));
      }
    }
  });
  it("Défendre spends each held option on one consequence, the same one again if need be; questions are asked once", () => {
    // Source: a total success holds three options, each spent on "one of the consequences" when an attack comes.
    expect(optionRepeatable("defendre", "moitie")).toBe(true);
    expect(optionRepeatable("defendre", "rediriger")).toBe(true);
    expect(optionRepeatable("defendre", "allie")).toBe(true);
    // Level damage is one hit offered on the card (decision in docs/rules/ahillmach.md).
    expect(optionRepeatable("defendre", "niveau")).toBe(false);
    // Discerner: "ask three" questions from the list, three different ones.
    expect(optionRepeatable("discernerLaRealite", "passe")).toBe(false);
    expect(optionRepeatable("salve", "moins1d6")).toBe(false);
  });
  it("Discerner's questions as the source means them, each with the line saying what its answer tells", () => {
    const questions = moveById("discernerLaRealite").options;
    expect(questions.map((o) => o.id)).toEqual(["passe", "avenir", "attention", "utile", "maitre", "faux"]);
    for (const o of questions) expect(o.hint?.fr && o.hint.en).toBeTruthy();
    const byId = Object.fromEntries(questions.map((o) => [o.id, o]));
    // "useful or valuable", "master of the situation", and what the answers are about: threats, tactics, strategists.
    expect(byId.utile?.text.fr).toContain("utile ou précieux");
    expect(byId.maitre?.text.fr).toContain("maîtrise vraiment la situation");
    expect(byId.avenir?.hint?.en).toContain("tactics");
    expect(byId.maitre?.hint?.fr).toContain("stratèges");
    expect(byId.faux?.hint?.en).toContain("hidden threats");
    // Only Discerner's questions carry hints.
    for (const m of MOVES.filter((m) => m.id !== "discernerLaRealite")) {
      expect(m.options.filter((o) => o.hint)).toEqual([]);
    }
  });
});

describe("Salve's ammunition (issue 33)", () => {
  it("several tries use up one piece; the other options none; none left refuses it", () => {
    expect(ammunitionSpent("munition")).toBe(1);
    expect(ammunitionSpent("danger")).toBe(0);
    expect(ammunitionAfter(3, "munition")).toBe(2);
    expect(ammunitionAfter(0, "munition")).toBeNull();
    expect(ammunitionAfter(0, "moins1d6")).toBe(0);
  });
});
