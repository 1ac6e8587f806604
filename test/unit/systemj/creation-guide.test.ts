/**
 * A player builds a SYSTEMJ personnage from scratch (issue 25): created from the sidebar, the sheet's guide lists the
 * steps with the attributes' total, offers PJ in one click, asks for a language, and closes once legal; a wound
 * afterwards is play. In French and in English.
 */
import { describe, expect, it } from "vitest";
import { clickSheet, editSheet, sheetButton } from "../../scenes/table.ts";
import { closeGuide, startCreation } from "../../worlds/creation-guide.ts";

describe.each(["fr", "en"])("building a SYSTEMJ personnage from the sidebar (%s)", (lang) => {
  it(
    "guides identity, attributes, skills and hit points; fixes in one click; closes once legal",
    { timeout: 60_000 },
    async () => {
      const { actor, sheet, fr } = await startCreation("systemj", lang, { name: "Brutor", type: "sj-personnage" });
      expect(sheet.html).toContain(fr ? "total 350, moyenne 50" : "total 350, average 50");
      expect(sheetButton(sheet, "creationDone").disabled).toBe(true);

      // The attributes the player types are totalled as they are placed.
      await editSheet(sheet, { "system.attributes.FOR": 70 });
      expect(sheet.html).toContain(fr ? "total 370" : "total 370");
      await clickSheet(sheet, "creationFix", { path: "role", value: "PJ" });
      expect(actor.system).toMatchObject({ role: "PJ" });
      await editSheet(sheet, { "system.languages": "Commun" });
      await closeGuide(sheet);

      // Wounded later: play, not a creation problem.
      await editSheet(sheet, { "system.hitPoints.value": 4 });
      expect(sheet.html).not.toContain("q-creation");
    },
  );
});
