/**
 * The opening and the close the five creation-guide tests share (issue 25): a table of one rule set in the reader's
 * language, player1 creates a character from the sidebar and opens its sheet, the guide is shown with no missing
 * key; at the end the player closes the guide. Every step is the player's own click on the double (test/scenes/).
 */
import { expect } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import type { RulesetId } from "../../src/foundry/ruleset.ts";
import {
  clickSheet,
  createFromSidebar,
  openSheet,
  openTable,
  rerender,
  sheetButton,
  type OpenSheet,
} from "../scenes/table.ts";

export interface NewCharacter {
  actor: DoubleActor;
  sheet: OpenSheet;
  /** Whether the table reads French. */
  fr: boolean;
  /** The guide's title in the table's language. */
  title: string;
}

/**
 * A table playing `ruleset` in `lang`; player1 creates `data` from the sidebar and opens its sheet, which shows the
 * creation guide and no untranslated key.
 */
export async function startCreation(
  ruleset: RulesetId,
  lang: string,
  data: { name: string; type: string },
): Promise<NewCharacter> {
  await openTable(ruleset, { lang });
  const actor = await createFromSidebar("player1", data);
  const sheet = await openSheet("player1", actor);
  const fr = lang === "fr";
  const title = fr ? "Création du personnage" : "Character creation";
  expect(sheet.html).toContain(title);
  expect(sheet.html).not.toContain("QUINTETTE.");
  return { actor, sheet, fr, title };
}

/** The character is legal: the player closes the guide, which leaves the sheet. */
export async function closeGuide(sheet: OpenSheet): Promise<void> {
  expect(sheetButton(sheet, "creationDone").disabled).toBe(false);
  await clickSheet(sheet, "creationDone");
  await rerender(sheet);
  expect(sheet.html).not.toContain("q-creation");
}
