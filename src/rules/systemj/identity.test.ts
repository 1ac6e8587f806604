import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { languageNames, roleMarker } from "./identity";

describe("roleMarker", () => {
  it("reads PJ and PNJ for a personnage, leniently", () => {
    expect(roleMarker("personnage", "PJ")).toBe("PJ");
    expect(roleMarker("personnage", " pnj ")).toBe("PNJ");
    expect(roleMarker("personnage", "")).toBeNull();
    expect(roleMarker("personnage", "héros")).toBeNull();
  });
  it("a créature has no marker", () => {
    expect(roleMarker("creature", "PJ")).toBeNull();
  });
});

describe("languageNames", () => {
  it("splits the sheet's text and keeps each language once", () => {
    expect(languageNames("Commun, elfique;  Vieux  nain\ncommun")).toEqual(["Commun", "elfique", "Vieux nain"]);
    expect(languageNames(" , ;")).toEqual([]);
  });
  it("never returns an empty or separator-bearing name, nor a duplicate", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const names = languageNames(text);
        for (const n of names) expect(n).not.toMatch(/^\s|\s$|[,;\n]/);
        expect(new Set(names.map((n) => n.toLocaleLowerCase("fr"))).size).toBe(names.length);
      }),
    );
  });
});
