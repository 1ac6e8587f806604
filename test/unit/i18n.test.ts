/**
 * Every `QUINTETTE.…` key used in code (string literals in src) or templates (`localize "QUINTETTE.…"`, and any
 * quoted QUINTETTE key in a template) exists in both lang files; and both files have the same keys.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, ext);
    return ext.test(name) && !/\.(test|bench)\.ts$/.test(name) ? [path] : [];
  });
}

function flatKeys(obj: unknown, prefix = ""): string[] {
  if (!obj || typeof obj !== "object") return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** Full keys only: a literal ending in a dot (`"QUINTETTE.Ruleset." + id`) is a prefix, checked as such. */
export function usedKeys(text: string): { keys: string[]; prefixes: string[] } {
  const keys: string[] = [];
  const prefixes: string[] = [];
  for (const m of text.matchAll(/["'`](QUINTETTE\.[A-Za-z0-9_.-]*)(\$\{)?/g)) {
    const key = m[1] ?? "";
    if (m[2] || key.endsWith(".")) prefixes.push(key.replace(/\.$/, ""));
    else keys.push(key);
  }
  return { keys, prefixes };
}

const lang = (l: string) =>
  JSON.parse(readFileSync(join(root, "lang", `${l}.json`), "utf8")) as Record<string, unknown>;
const fr = new Set(flatKeys(lang("fr")));
const en = new Set(flatKeys(lang("en")));
const hasPrefix = (set: Set<string>, p: string) => [...set].some((k) => k.startsWith(`${p}.`));
/** A counted string is a plural group (`key.one`, `key.other`: src/foundry/i18n/plural.ts) the code names by `key`. */
const known = (set: Set<string>, key: string) => set.has(key) || set.has(`${key}.other`);

describe("i18n", () => {
  const sources = [...files(join(root, "src"), /\.ts$/), ...files(join(root, "templates"), /\.(hbs|html)$/)];

  it("finds keys and prefixes in code and templates", () => {
    expect(usedKeys(`localize("QUINTETTE.A.b"); x = \`QUINTETTE.Ruleset.\${id}\`; {{localize "QUINTETTE.C"}}`)).toEqual(
      {
        keys: ["QUINTETTE.A.b", "QUINTETTE.C"],
        prefixes: ["QUINTETTE.Ruleset"],
      },
    );
  });

  it("has every key used in src and templates in both languages", () => {
    const missing: string[] = [];
    for (const file of sources) {
      const { keys, prefixes } = usedKeys(readFileSync(file, "utf8"));
      for (const key of keys) {
        if (!known(fr, key)) missing.push(`fr: ${key} (${file.slice(root.length + 1)})`);
        if (!known(en, key)) missing.push(`en: ${key} (${file.slice(root.length + 1)})`);
      }
      for (const p of prefixes) {
        if (!hasPrefix(fr, p)) missing.push(`fr: ${p}.* (${file.slice(root.length + 1)})`);
        if (!hasPrefix(en, p)) missing.push(`en: ${p}.* (${file.slice(root.length + 1)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("gives every plural group its one and other forms, and counts nothing with (s)", () => {
    for (const set of [fr, en]) {
      const groups = [...set].filter((k) => /\.(one|other|many)$/.test(k)).map((k) => k.replace(/\.\w+$/, ""));
      for (const g of groups) expect([g, set.has(`${g}.one`), set.has(`${g}.other`)]).toEqual([g, true, true]);
    }
    const counted = (l: string) => JSON.stringify(lang(l)).match(/\{\w+\}[^"{]*?\p{L}+\(s\)/gu) ?? [];
    expect(counted("fr")).toEqual([]);
    expect(counted("en")).toEqual([]);
  });

  it("has the same keys in both files", () => {
    expect([...fr].filter((k) => !en.has(k))).toEqual([]);
    expect([...en].filter((k) => !fr.has(k))).toEqual([]);
  });
});
