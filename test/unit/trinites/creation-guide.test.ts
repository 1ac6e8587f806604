/**
 * A player builds a Trinité from scratch (issue 25): created from the sidebar, the sheet's guide lists the steps,
 * follows the Karma the player sets, flags a reserve set below its score with a one-click fix, and closes once the
 * character is legal; afterwards only a problem brings it back. In French and in English.
 */
import { describe, expect, it } from "vitest";
import { clickSheet, editSheet, rerender, sheetButton } from "../../scenes/table.ts";
import { closeGuide, startCreation } from "../../worlds/creation-guide.ts";

describe.each(["fr", "en"])("building a Trinité from the sidebar (%s)", (lang) => {
  it("guides the steps, flags what is illegal with its fix, and closes once legal", { timeout: 60_000 }, async () => {
    const { actor, sheet, title } = await startCreation("trinites", lang, { name: "Ysolde", type: "trinite" });
    expect(sheet.html).toContain(lang === "fr" ? "Karma du Deva et de l&#x27;Archonte" : "Deva and Archon Karma");

    // The player sets the scores: the reserves follow (nothing spent), the Adam's Karma is shown.
    await editSheet(sheet, { "system.deva.max": 7, "system.archonte.max": 3, "system.concept": "Sculptrice" });
    expect(actor.system).toMatchObject({ deva: { value: 7, max: 7 }, archonte: { value: 3, max: 3 } });
    expect(sheet.html).toMatch(lang === "fr" ? /en découle \(4\)/ : /follows \(4\)/);
    expect(sheetButton(sheet, "creationDone").disabled).toBe(false);

    // A reserve typed below its score is refused at creation, with why and a one-click fix.
    await editSheet(sheet, { "system.deva.value": 5 });
    expect(sheet.html).toContain(lang === "fr" ? "Réserve du Deva à 5" : "Deva reserve at 5");
    expect(sheetButton(sheet, "creationDone").disabled).toBe(true);
    await clickSheet(sheet, "creationFix", { path: "deva.value", value: "7" });
    expect(actor.system).toMatchObject({ deva: { value: 7 } });
    await rerender(sheet);
    expect(sheet.html).not.toContain(lang === "fr" ? "Réserve du Deva" : "Deva reserve");

    // Legal: the player closes the guide; spending later is play, not a problem.
    await closeGuide(sheet);
    expect(sheet.html).not.toContain(title);
    await editSheet(sheet, { "system.deva.value": 5 });
    expect(sheet.html).not.toContain("q-creation");

    // An XP spent beyond what was earned is illegal at any time: said, with where to fix it.
    await editSheet(sheet, { "system.xp.depense": 4 });
    expect(sheet.html).toContain("q-creation-problems");
    expect(sheet.html).toContain(lang === "fr" ? "4 PX dépensés pour 0 gagnés" : "4 XP spent of 0 earned");
  });
});
