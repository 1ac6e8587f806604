/**
 * A player builds a Jetons character from scratch (issue 25): created from the sidebar, the sheet's guide shows P's
 * points left as traits are added and weighted, says what is missing or over budget, and closes once legal. In
 * French and in English.
 */
import { describe, expect, it } from "vitest";
import { clickSheet, editSheet, rerender, sheetButton } from "../../scenes/table.ts";
import { closeGuide, startCreation } from "../../worlds/creation-guide.ts";

describe.each(["fr", "en"])("building a Jetons character from the sidebar (%s)", (lang) => {
  it("guides archetype, traits within P, weakness and reserve; closes once legal", { timeout: 60_000 }, async () => {
    const { sheet, fr } = await startCreation("jetons", lang, { name: "Kaël", type: "archetype" });
    expect(sheet.html).toContain(fr ? "0 / 6 dépensés, reste 6" : "0 / 6 spent, 6 left");
    expect(sheet.html).toContain(fr ? "Aucune faiblesse" : "No weakness");
    expect(sheetButton(sheet, "creationDone").disabled).toBe(true);

    await clickSheet(sheet, "toggleMode");
    await rerender(sheet);
    await editSheet(sheet, { "system.archetype": "Elfe Éclaireur", "system.weakness": "Sujet au vertige" });
    for (let i = 0; i < 4; i++) await clickSheet(sheet, "addTrait");
    await editSheet(sheet, {
      "system.traits.0.name": "Arc",
      "system.traits.0.points": 2,
      "system.traits.1.name": "Pistage",
      "system.traits.1.points": 2,
      "system.traits.2.name": "Discrétion",
      "system.traits.2.points": 2,
      "system.traits.3.name": "Escalade",
      "system.traits.3.points": 1,
    });
    // Seven points of six: over budget, said with by how much.
    expect(sheet.html).toContain(fr ? "7 / 6 dépensés, 1 de trop" : "7 / 6 spent, 1 over");
    expect(sheet.html).toContain(fr ? "Les traits utilisent 7 points sur 6" : "The traits use 7 points of 6");
    await editSheet(sheet, { "system.traits.2.points": 1 });
    expect(sheet.html).toContain(fr ? "6 / 6 dépensés, reste 0" : "6 / 6 spent, 0 left");
    await closeGuide(sheet);
  });
});
