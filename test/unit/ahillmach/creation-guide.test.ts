/**
 * A player builds an Ahill-Mach personnage from scratch (issue 25): created from the sidebar, the sheet's guide shows
 * the class's starting hit points, the array and the values still to place, asks for a penchant and a métier,
 * offers the array the values follow in one click, and closes once legal. In French and in English.
 */
import { describe, expect, it } from "vitest";
import { asClient } from "../../double/clients.ts";
import { clickSheet, editSheet, openSheet, rerender, sheetButton } from "../../scenes/table.ts";
import { closeGuide, startCreation } from "../../worlds/creation-guide.ts";

describe.each(["fr", "en"])("building a personnage from the sidebar (%s)", (lang) => {
  it(
    "guides the class, array, penchants and métier; fixes in one click; closes once legal",
    { timeout: 60_000 },
    async () => {
      const { actor, sheet, fr, title } = await startCreation("ahillmach", lang, { name: "Ilda", type: "personnage" });
      // A new Guerrier on array A (CON +1): 16 + 1 hit points.
      expect(sheet.html).toMatch(/\+ CON &#x3D; 17\./);
      expect(sheet.html).toContain(fr ? "Aucun penchant" : "No penchant");
      expect(sheet.html).toContain(fr ? "Aucun métier" : "No métier");
      expect(sheetButton(sheet, "creationDone").disabled).toBe(true);

      // The player switches to array B without moving values: what is left to place, and array A offered back.
      await editSheet(sheet, { "system.creation": "b" });
      expect(sheet.html).toContain(fr ? "reste à placer +2, −1" : "still to place +2, −1");
      await clickSheet(sheet, "creationFix", { path: "creation", value: "a" });
      expect(actor.system).toMatchObject({ creation: "a" });

      // A penchant, then a métier from the Items tab: legal, the guide closes.
      await editSheet(sheet, { "system.penchant1": "Curieux" });
      await clickSheet(sheet, "toggleMode");
      await rerender(sheet);
      await clickSheet(sheet, "createItem", { type: "am-metier" });
      await rerender(sheet);
      expect(sheet.html).not.toContain(fr ? "Aucun métier" : "No métier");
      expect(sheetButton(sheet, "creationDone").disabled).toBe(false);
      const menu = () =>
        asClient(sheet.user, () =>
          (sheet.app as unknown as { _getHeaderControls(): { action: string; label: string }[] })
            ._getHeaderControls()
            .map((c) => c.action),
        );
      expect(await menu()).not.toContain("creationReopen");
      await clickSheet(sheet, "creationDone");
      await rerender(sheet);
      expect(sheet.html).not.toContain("q-creation");

      // Closed, the guide stays one click away in the sheet's header menu, for its owner only.
      expect(await menu()).toContain("creationReopen");
      const other = await openSheet("player2", actor);
      expect(
        await asClient("player2", () =>
          (other.app as unknown as { _getHeaderControls(): { action: string }[] })._getHeaderControls(),
        ),
      ).not.toContainEqual(expect.objectContaining({ action: "creationReopen" }));
      await asClient(sheet.user, () => sheet.app.runAction("creationReopen", {}, null));
      await rerender(sheet);
      expect(sheet.html).toContain(title);
      await closeGuide(sheet);

      // Afterwards a second métier is play; losing the penchant is flagged again.
      await editSheet(sheet, { "system.penchant1": "" });
      expect(sheet.html).toContain("q-creation-problems");
      expect(sheet.html).toContain(fr ? "Aucun penchant" : "No penchant");
    },
  );
});
