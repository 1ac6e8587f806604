/**
 * Issue 33 (names and language): the English L'Œil Noir strings use the English abbreviations the sheet and the cards
 * show (PA for the parry, AR for armour, LE for life energy, DP for damage points), never the French PRD, PR, EV or PI
 * beside them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Tree = { [key: string]: string | Tree };
const en = JSON.parse(readFileSync(new URL("../../../lang/en.json", import.meta.url), "utf8")) as {
  QUINTETTE: { OeilNoir: Tree };
};

function strings(tree: Tree, path = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${path}${key}`, value] as [string, string]] : strings(value, `${path}${key}.`),
  );
}

describe("English L'Œil Noir terms", () => {
  it("no French abbreviation for parry, armour, life energy or damage in an English string", () => {
    const french = strings(en.QUINTETTE.OeilNoir).filter(([, text]) => /\b(PRD|PR|EV|PI)\b/.test(text));
    expect(french).toEqual([]);
  });

  it("the abbreviations themselves are the English ones", () => {
    const { PRD, PR, EVShort, PI } = en.QUINTETTE.OeilNoir as Record<string, string>;
    expect({ PRD, PR, EVShort, PI }).toEqual({ PRD: "PA", PR: "AR", EVShort: "LE", PI: "DP" });
  });
});
