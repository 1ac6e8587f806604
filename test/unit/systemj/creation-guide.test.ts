/**
 * A player builds a SYSTEMJ personnage from scratch (issue 25): created from the sidebar, the sheet's guide lists the
 * steps with the attributes' total, offers PJ in one click, asks for a language, and closes once legal; a wound
 * afterwards is play. In French and in English.
 */
import { describe, expect, it } from "vitest";
import {
  clickSheet,
  createFromSidebar,
  editSheet,
  openSheet,
  openTable,
  rerender,
  sheetButton,
} from "../../scenes/table.ts";

describe.each(["fr", "en"])("building a SYSTEMJ personnage from the sidebar (%s)", (lang) => {
  const fr = lang === "fr";
  it(
    "guides identity, attributes, skills and hit points; fixes in one click; closes once legal",
    { timeout: 60_000 },
    async () => {
      await openTable("systemj", { lang });
      const actor = await createFromSidebar("player1", { name: "Brutor", type: "sj-personnage" });
      const sheet = await openSheet("player1", actor);
      expect(sheet.html).toContain(fr ? "Création du personnage" : "Character creation");
      expect(sheet.html).toContain(fr ? "total 350, moyenne 50" : "total 350, average 50");
      expect(sheet.html).not.toContain("QUINTETTE.");
      expect(sheetButton(sheet, "creationDone").disabled).toBe(true);

      // The attributes the player types are totalled as they are placed.
      await editSheet(sheet, { "system.attributes.FOR": 70 });
      expect(sheet.html).toContain(fr ? "total 370" : "total 370");
      await clickSheet(sheet, "creationFix", { path: "role", value: "PJ" });
      expect(actor.system).toMatchObject({ role: "PJ" });
      await editSheet(sheet, { "system.languages": "Commun" });
      expect(sheetButton(sheet, "creationDone").disabled).toBe(false);
      await clickSheet(sheet, "creationDone");
      await rerender(sheet);
      expect(sheet.html).not.toContain("q-creation");

      // Wounded later: play, not a creation problem.
      await editSheet(sheet, { "system.hitPoints.value": 4 });
      expect(sheet.html).not.toContain("q-creation");
    },
  );
});
