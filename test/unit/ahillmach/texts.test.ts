/**
 * The texts the sheets and cards show by key (lang files) are the rules core's, in both languages (issue 16.6):
 * the moves' options, Discerner's hint lines and the penchant table, so a correction in the rules core cannot
 * leave a stale wording on the table.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ahillmach } from "../../../src/rules/index.ts";

const root = join(import.meta.dirname, "..", "..", "..");
type Tree = { [key: string]: string | Tree };
const lang = (code: "fr" | "en") => {
  const all = JSON.parse(readFileSync(join(root, "lang", `${code}.json`), "utf8")) as Tree;
  return (all.QUINTETTE as Tree).AhillMach as Tree;
};
const at = (tree: Tree, path: string): unknown =>
  path.split(".").reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

describe("Ahill-Mach texts in the lang files", () => {
  it("French reads « À l'initiative » (issue 16.6), on the sheet and the tracker's marker", () => {
    const fr = JSON.parse(readFileSync(join(root, "lang", "fr.json"), "utf8")) as Tree;
    expect(at(fr, "QUINTETTE.AhillMach.Sheet.HoldsInitiative")).toBe("À l'initiative");
    expect(at(fr, "QUINTETTE.Combat.Marker")).toBe("À l'initiative");
  });

  for (const code of ["fr", "en"] as const) {
    it(`${code}: options and hint lines of every move, and the penchant rows, are the rules core's`, () => {
      const t = lang(code);
      for (const move of ahillmach.MOVES) {
        for (const o of move.options) {
          expect(at(t, `Moves.${move.id}.Options.${o.id}`)).toBe(o.text[code]);
          expect(at(t, `Moves.${move.id}.Hints.${o.id}`)).toBe(o.hint?.[code]);
        }
      }
      for (const row of ahillmach.PENCHANT_TABLE) expect(at(t, `Penchant.Reaction.${row.level}`)).toBe(row.text[code]);
    });
  }
});
