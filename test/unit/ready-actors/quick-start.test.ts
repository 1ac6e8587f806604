/**
 * Every game's quick start (issue 37): one journal in the game's folder, in French, naming every ready actor of the
 * game, and naming the interface's buttons by their labels: each « French » (English) pair it writes is a pair of the
 * system's own strings (the same key in lang/fr.json and lang/en.json, a `{value}` read as any text) or an Ahill-Mach
 * move's two names.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RULESET_IDS, type RulesetId } from "../../../src/foundry/ruleset.ts";
import { ahillmach } from "../../../src/rules/index.ts";
import { packSources, readyPack, type ReadyActor } from "./ready.ts";

const root = join(import.meta.dirname, "..", "..", "..");
type Strings = { [key: string]: string | Strings };
const lang = (code: string) => JSON.parse(readFileSync(join(root, "lang", `${code}.json`), "utf8")) as Strings;

function flat(o: Strings, prefix = ""): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === "string" ? [[`${prefix}${k}`, v]] : flat(v, `${prefix}${k}.`),
  );
}

/** The label pairs the interface shows: each lang key's French and English strings, and the moves' names. */
function knownPairs(): [string, string][] {
  const en = new Map(flat(lang("en")));
  // A string that is mostly placeholders ("{name}") would read as any label: only strings with words of their own.
  const worded = (text: string) => (text.replace(/\{\w+\}/g, "").match(/\p{L}/gu)?.length ?? 0) >= 3;
  const pairs = flat(lang("fr")).flatMap(([key, fr]): [string, string][] =>
    en.has(key) && worded(fr) && worded(en.get(key)!) ? [[fr, en.get(key)!]] : [],
  );
  return [...pairs, ...ahillmach.MOVES.map((m): [string, string] => [m.name.fr, m.name.en])];
}

/** Whether a label as the journal writes it ("…" or a figure where the string has a placeholder) is `string`. */
export function sameLabel(written: string, string: string): boolean {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = string
    .split(/\{\w+\}/)
    .map(escape)
    .join(".+");
  return new RegExp(`^${pattern}$`).test(written);
}

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

interface Journal {
  _id: string;
  name: string;
  pages: { name: string; type: string; text: { content: string } }[];
}

describe.each(RULESET_IDS.map((id) => [id]))("%s: the quick start", (ruleset: RulesetId) => {
  const journals = packSources<Journal>(`${ruleset}-demarrage`);
  const html = () => journals.flatMap((j) => j.pages.map((p) => decode(p.text.content))).join("\n");

  it("is one journal of text pages in the game's folder, declared in system.json", () => {
    expect(journals.map((j) => j.name)).toEqual(["Démarrage rapide"]);
    expect(journals[0]!.pages.length).toBeGreaterThanOrEqual(3);
    for (const page of journals[0]!.pages) {
      expect(page.type).toBe("text");
      expect(page.text.content.length, page.name).toBeGreaterThan(100);
    }
    const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as {
      packs: { name: string; type: string }[];
      packFolders: { name: string; packs: string[] }[];
    };
    for (const [pack, type] of [
      [`${ruleset}-demarrage`, "JournalEntry"],
      [readyPack(ruleset), "Actor"],
    ] as const) {
      expect(manifest.packs.find((p) => p.name === pack)?.type, pack).toBe(type);
      const folder = manifest.packFolders.find((f) => f.packs.includes(pack));
      expect(folder?.packs, pack).toEqual(expect.arrayContaining([`${ruleset}-demarrage`, readyPack(ruleset)]));
    }
  });

  it("names every ready actor of the game", () => {
    for (const actor of packSources<ReadyActor>(readyPack(ruleset))) expect(html(), actor.name).toContain(actor.name);
  });

  it("names each button by the interface's own French and English labels", () => {
    const pairs = knownPairs();
    const written = [...html().matchAll(/<strong>« (.+?) »<\/strong> \(<em>(.+?)<\/em>\)/g)].map(
      (m): [string, string] => [m[1]!, m[2]!],
    );
    expect(written.length).toBeGreaterThanOrEqual(5);
    const unknown = written.filter(([fr, en]) => !pairs.some(([f, e]) => sameLabel(fr, f) && sameLabel(en, e)));
    expect(unknown).toEqual([]);
  });
});

it("reads a placeholder as matching whatever text stands there, and nothing else", () => {
  expect(sameLabel("Garder le Deva (14)", "Garder le Deva ({value})")).toBe(true);
  expect(sameLabel("Garder le Deva (…)", "Garder le Deva ({value})")).toBe(true);
  expect(sameLabel("Garder l'Archonte (14)", "Garder le Deva ({value})")).toBe(false);
  expect(sameLabel("Attaquer", "Attaquer la cible")).toBe(false);
  // No label passes through a string that is only a placeholder.
  expect(knownPairs().some(([fr]) => sameLabel("Garder la Deva (14)", fr))).toBe(false);
});
