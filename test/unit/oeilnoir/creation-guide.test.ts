/**
 * A player builds an Œil Noir héros from scratch (issue 25): created from the sidebar, the sheet's guide shows the
 * base values the qualities give as they are typed, refuses a split more than 5 points apart with its one-click fix,
 * asks for full EV, and closes once legal. In French and in English.
 */
import { describe, expect, it } from "vitest";
import { clickSheet, editSheet, rerender, sheetButton } from "../../scenes/table.ts";
import { closeGuide, startCreation } from "../../worlds/creation-guide.ts";
import { asClient, settle } from "../../double/shared-core.ts";

describe.each(["fr", "en"])("building a héros from the sidebar (%s)", (lang) => {
  it(
    "guides qualities, skills, gear and life; fixes in one click; closes once legal",
    { timeout: 60_000 },
    async () => {
      const { actor, sheet, fr } = await startCreation("oeilnoir", lang, { name: "Alrigio", type: "heros" });
      // CO 14, AG 13: base AT (14 + 13 + 12) / 5 = 8, PRD (12 + 13 + 12) / 5 = 7.
      await editSheet(sheet, { "system.qualities.CO": 14, "system.qualities.AG": 13 });
      expect(sheet.html).toContain(fr ? "AT / PRD de base 8 / 7" : "base AT / PA 8 / 7");

      // A split stored 9 / 1 on 10 points (a macro, an import): refused, the nearest legal split in one click.
      await asClient("player1", () => actor.update({ "system.skills.epees": { points: 10, toAttack: 9 } }));
      await settle();
      await rerender(sheet);
      expect(sheet.html).toContain(fr ? "répartition 9 / 1 refusée" : "split 9 / 1 refused");
      expect(sheetButton(sheet, "creationDone").disabled).toBe(true);
      await clickSheet(sheet, "creationFix", { path: "skills.epees.toAttack", value: "7" });
      expect(actor.system).toMatchObject({ skills: { epees: { points: 10, toAttack: 7 } } });

      // Wounded while building: full EV asked, one click.
      await editSheet(sheet, { "system.ev.value": 20 });
      expect(sheet.html).toContain(fr ? "énergie vitale maximum" : "full life energy");
      const max = (actor.system as { ev: { max: number } }).ev.max;
      await clickSheet(sheet, "creationFix", { path: "ev.value", value: String(max) });
      await rerender(sheet);
      await closeGuide(sheet);
    },
  );
});
