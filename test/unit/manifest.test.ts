/**
 * The manifest against what ships: required fields, every path it names present in dist/ and in the zip (LICENSE
 * included), no placeholder host in any built file, release addresses only from the configured location,
 * documentTypes equal to template.json, pack folders naming every pack once, a data model and a sheet for every
 * declared type, the two languages with the same keys, and the rules core's own file (dist/rules.mjs).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { execFileSync, execSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import JSZip from "jszip";
import {
  PLACEHOLDER_HOSTS,
  manifestAuthors,
  releaseAddresses,
  releaseLocation,
  stampManifest,
} from "../../scripts/release-location.mjs";
import { checkedFoundryVersion, expectedVerified, releaseProblems } from "../../scripts/release.mjs";
import { buildReport, checkBudget, JS_BUDGET_GZIP } from "../../scripts/build-report.mjs";
import { RULESET_IDS } from "../../src/foundry/ruleset.ts";
import { doubleState } from "../double/index.ts";
import * as rulesCore from "../../src/rules/index.ts";

const root = join(import.meta.dirname, "..", "..");
const dist = join(root, "dist");
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

type TypeDecl = Record<string, { htmlFields?: string[] }>;
type Manifest = {
  id: string;
  title: string;
  description: string;
  version: string;
  compatibility: { minimum: string; verified: string };
  esmodules: string[];
  styles: { src: string; layer?: string }[];
  languages: { lang: string; name: string; path: string }[];
  documentTypes: Record<string, TypeDecl>;
  packs: { name: string; label: string; path: string; type: string; system: string }[];
  socket: boolean;
  initiative: string;
  grid: { type: number; distance: number; units: string };
  packFolders: { name: string; packs: string[] }[];
  authors?: { name: string; email?: string; url?: string }[];
  license: string;
  manifest?: string;
  download?: string;
  url?: string;
};

/** Dot-path keys of a nested translation object. */
export function flatKeys(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" ? flatKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** Required manifest fields that are missing or empty. */
export function missingFields(m: Partial<Manifest>): string[] {
  const required = [
    "id",
    "title",
    "description",
    "version",
    "compatibility",
    "esmodules",
    "styles",
    "languages",
    "documentTypes",
    "packs",
    "socket",
    "initiative",
    "grid",
  ] as const;
  const missing: string[] = required.filter((k) => m[k] === undefined || m[k] === "" || m[k] === null);
  // `verified` is whatever the project last checked (README); only its presence is required here.
  if (m.compatibility && (String(m.compatibility.minimum) !== "13" || !m.compatibility.verified))
    missing.push("compatibility minimum 13, verified set");
  if (m.languages && m.languages[0]?.lang !== "fr") missing.push("languages: fr first");
  if (m.languages && !m.languages.some((l) => l.lang === "en")) missing.push("languages: en");
  if (m.socket !== true) missing.push("socket true");
  return missing;
}

/** Every file or folder path the manifest names. */
export function namedPaths(m: Manifest): string[] {
  return [
    ...m.esmodules,
    ...m.styles.map((s) => s.src),
    ...m.languages.map((l) => l.path),
    ...m.packs.map((p) => p.path),
    ...(m.license ? [m.license] : []),
  ];
}

/** Every path the manifest names that dist/ lacks. */
export function missingPaths(m: Manifest, dir: string): string[] {
  return namedPaths(m).filter((p) => !existsSync(join(dir, p)));
}

/** Files under `dir` (relative paths), the zip and the build's own .vite/ folder left out. */
function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry.startsWith(".") || entry.endsWith(".zip")) return [];
    return statSync(path).isDirectory() ? filesOf(path).map((f) => join(entry, f)) : [entry];
  });
}

/** Built text files that name a placeholder host (example.org and the like). */
export function placeholderHits(dir: string): string[] {
  const hosts = /https?:\/\/([\w.-]+)/g;
  return filesOf(dir)
    .filter((f) => /\.(json|mjs|js|css|hbs|html|md|map)$/.test(f))
    .filter((f) =>
      [...readFileSync(join(dir, f), "utf8").matchAll(hosts)].some((h) => PLACEHOLDER_HOSTS.test(h[1] ?? "")),
    )
    .map((f) => relative(dir, join(dir, f)));
}

/** Each namespace of a rules-core module: its export names with their kinds (`successChance: function`). */
export function exportShape(module: Record<string, unknown>): Record<string, string[]> {
  return Object.fromEntries(
    Object.keys(module)
      .sort()
      .map((ns) => [
        ns,
        Object.entries(module[ns] as Record<string, unknown>)
          .map(([name, value]) => `${name}: ${typeof value}`)
          .sort(),
      ]),
  );
}

/** The export shape of an ES module file as a separate Node process imports it (no Vite, no test double). */
function nodeImportShape(file: string): Record<string, string[]> {
  const script =
    `const m = await import(${JSON.stringify(pathToFileURL(file).href)});` +
    "const shape = {};" +
    "for (const ns of Object.keys(m).sort()) shape[ns] = Object.entries(m[ns]).map(([k, v]) => `${k}: ${typeof v}`).sort();" +
    "process.stdout.write(JSON.stringify(shape));";
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
}

/**
 * Differences between system.json documentTypes and template.json, read in the format Foundry reads it (dnd5e's
 * template.json): `{ "Actor": { "types": [...], "htmlFields": [...], "<type>": { data template } } }`. A type's
 * object is that type's data template, stored in every new document's `system`: ours are empty (the data models own
 * every field), and the HTML fields sit at the document level, the union of the manifest's per-type lists.
 */
export function typeMismatches(documentTypes: Record<string, TypeDecl>, template: Record<string, unknown>): string[] {
  const out: string[] = [];
  const docs = new Set([...Object.keys(documentTypes), ...Object.keys(template)]);
  for (const doc of docs) {
    const declared = documentTypes[doc] ?? {};
    const tpl = (template[doc] ?? {}) as { types?: string[]; htmlFields?: string[] } & Record<string, unknown>;
    const a = Object.keys(declared).sort();
    const b = [...(tpl.types ?? [])].sort();
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${doc}: system.json [${a}] vs template.json [${b}]`);
    const x = [...new Set(a.flatMap((type) => declared[type]?.htmlFields ?? []))].sort();
    const y = [...(tpl.htmlFields ?? [])].sort();
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push(`${doc} htmlFields: [${x}] vs template.json [${y}]`);
    for (const type of b) {
      const data = tpl[type];
      if (data !== undefined && JSON.stringify(data) !== "{}")
        out.push(`${doc}.${type}: a data template ${JSON.stringify(data)} (stored in every new document)`);
    }
  }
  return out;
}

describe("manifest", () => {
  let built: Manifest;
  const source = readJson(join(root, "system.json")) as unknown as Manifest;
  const pkg = readJson(join(root, "package.json")) as {
    version: string;
    author?: { name: string };
    quintette?: { repository?: string };
  };
  let zipped: string[] = [];

  beforeAll(async () => {
    // The build as a fresh clone makes it: no release location configured.
    const env = { ...process.env, QUINTETTE_REPOSITORY: "" };
    execSync("npm run build --silent", { cwd: root, stdio: "pipe", env });
    built = readJson(join(dist, "system.json")) as unknown as Manifest;
    const zip = await JSZip.loadAsync(readFileSync(join(dist, `quintette-${pkg.version}.zip`)));
    zipped = Object.values(zip.files)
      .filter((f) => !f.dir)
      .map((f) => f.name);
  });

  it("has every required field, for Foundry 13 at least, French first", () => {
    expect(missingFields(source)).toEqual([]);
    expect(source.id).toBe("quintette");
    expect(missingFields({ ...source, socket: false, languages: [] })).toEqual(
      expect.arrayContaining(["socket true", "languages: fr first", "languages: en"]),
    );
    expect(missingFields({ ...source, compatibility: { minimum: "12", verified: "13" } })).toEqual([
      "compatibility minimum 13, verified set",
    ]);
  });

  it("ships every path it names, LICENSE included, in dist/ and in the release zip, with the changelog and maps", () => {
    expect(namedPaths(built)).toContain("LICENSE");
    expect(missingPaths(built, dist)).toEqual([]);
    expect(missingPaths({ ...built, styles: [{ src: "styles/none.css" }] }, dist)).toEqual(["styles/none.css"]);
    const inZip = new Set(zipped);
    // A named folder (a pack) ships when the zip holds files under it.
    const absent = namedPaths(built).filter((p) => !inZip.has(p) && !zipped.some((f) => f.startsWith(`${p}/`)));
    expect(absent).toEqual([]);
    expect(zipped).toEqual(expect.arrayContaining(["LICENSE", "CHANGELOG.md", "system.json", "quintette.mjs.map"]));
    // Every module's source map ships beside it.
    for (const file of zipped.filter((f) => f.endsWith(".mjs"))) expect(inZip.has(`${file}.map`), file).toBe(true);
    expect(zipped.filter((f) => f.startsWith(".") || f.endsWith(".zip"))).toEqual([]);
    // Every declared type's default artwork (src/foundry/data/artwork.ts).
    const types = [...Object.keys(source.documentTypes.Actor ?? {}), ...Object.keys(source.documentTypes.Item ?? {})];
    expect(types.filter((t) => !inZip.has(`assets/types/${t}.svg`))).toEqual([]);
    expect(readFileSync(join(root, "LICENSE"), "utf8")).toMatch(/^MIT License[\s\S]*Quintette contributors/);
  });

  it("names no placeholder host in any built file, and leaves release addresses out when no location is set", () => {
    expect(placeholderHits(dist)).toEqual([]);
    expect(PLACEHOLDER_HOSTS.test("quintette.example.org")).toBe(true);
    expect(built.version).toBe(pkg.version);
    for (const key of ["url", "bugs", "readme", "changelog", "manifest", "download"])
      expect(built, key).not.toHaveProperty(key);
    expect(built.authors).toEqual([{ name: "Quintette contributors" }]);
    expect(JSON.stringify(source)).not.toMatch(/example\.|"manifest"|"download"/);
  });

  it("takes url, authors, bugs, readme, manifest and download from the one configured location", () => {
    const location = "https://github.com/someone/quintette";
    const stamped = stampManifest(source, { ...pkg, version: "1.2.3" }, location);
    expect(stamped).toMatchObject({ version: "1.2.3", ...releaseAddresses(location, "1.2.3") });
    expect(stamped.authors).toEqual([{ name: "Quintette contributors", url: location }]);
    expect(stamped.download).toBe(`${location}/releases/download/v1.2.3/quintette-1.2.3.zip`);
    expect(stamped.manifest).toBe(`${location}/releases/latest/download/system.json`);
    for (const value of Object.values(releaseAddresses(location, "1.2.3")))
      expect(value.startsWith(location)).toBe(true);
  });

  it("takes its authors from package.json's author and contributors only, the source manifest naming none", () => {
    // One configured place: package.json. The source manifest has no authors for a build to disagree with.
    expect(source.authors).toBeUndefined();
    expect(pkg.author).toEqual({ name: "Quintette contributors" });
    expect(built.authors).toEqual(manifestAuthors(pkg, undefined));
    expect(readFileSync(join(root, "LICENSE"), "utf8")).toContain(pkg.author?.name);
    const team = {
      version: "2.0.0",
      author: "Ann Example <ann@mail.fr> (https://ann.fr)",
      contributors: [{ name: "Bo" }, "Cy"],
    };
    expect(stampManifest(source, team, "https://github.com/a/b").authors).toEqual([
      { name: "Ann Example", email: "ann@mail.fr", url: "https://ann.fr" },
      { name: "Bo" },
      { name: "Cy" },
    ]);
    // The first author without an address of their own gets the repository's.
    expect(manifestAuthors({ version: "1", author: "Ann" }, "https://github.com/a/b")).toEqual([
      { name: "Ann", url: "https://github.com/a/b" },
    ]);
    expect(() => manifestAuthors({ version: "1" }, undefined)).toThrow(/author/);
    expect(() => manifestAuthors({ version: "1", author: { email: "x@y.fr" } }, undefined)).toThrow(/name/);
  });

  it("states as verified the Foundry version last checked live (CHANGELOG.md), else its minimum", () => {
    const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
    expect(source.compatibility.verified).toBe(expectedVerified(changelog, source.compatibility.minimum));
    expect(built.compatibility).toEqual(source.compatibility);
    expect(
      checkedFoundryVersion(
        "## 1.0.0\n- checked in Foundry v14.360 (a live world)\n## 0.9.0\n- checked in Foundry v13.351",
      ),
    ).toBe("14.360");
    expect(checkedFoundryVersion("## 1.0.0\n- First release.")).toBeUndefined();
    expect(expectedVerified("## 1.0.0\n- First release.", "13")).toBe("13");
    expect(expectedVerified("- Checked in Foundry 14", "13")).toBe("14");
  });

  it("reads the release location from QUINTETTE_REPOSITORY or package.json, and refuses a placeholder", () => {
    expect(releaseLocation({ quintette: { repository: "" } }, {})).toBeUndefined();
    expect(releaseLocation({}, {})).toBeUndefined();
    expect(releaseLocation({ quintette: { repository: "https://github.com/a/b/" } }, {})).toBe(
      "https://github.com/a/b",
    );
    expect(
      releaseLocation(
        { quintette: { repository: "https://github.com/a/b" } },
        { QUINTETTE_REPOSITORY: "https://github.com/c/d" },
      ),
    ).toBe("https://github.com/c/d");
    expect(() => releaseLocation({}, { QUINTETTE_REPOSITORY: "https://quintette.example.org/releases" })).toThrow(
      /placeholder/,
    );
    expect(() => releaseLocation({}, { QUINTETTE_REPOSITORY: "http://github.com/a/b" })).toThrow(/https/);
    // The repository's own setting is unset: a fresh clone builds without release addresses.
    expect(releaseLocation(pkg, {})).toBeUndefined();
  });

  it("the release check refuses a build whose version, manifest or download disagree", async () => {
    const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
    // This build has no location: the check says so instead of passing.
    expect(await releaseProblems(dist, pkg, source, changelog, undefined)).toEqual([
      expect.stringContaining("no release location"),
    ]);
    // Against a location the build was not stamped for, every address disagrees.
    const problems = await releaseProblems(dist, pkg, source, changelog, "https://github.com/someone/quintette");
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^dist\/system.json manifest/)]));
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^dist\/system.json download/)]));
    const unverified = { ...source, compatibility: { minimum: "13", verified: "14" } };
    expect(await releaseProblems(dist, pkg, unverified, changelog, "https://github.com/a/b")).toEqual(
      expect.arrayContaining([`system.json compatibility.verified 14 is not ${expectedVerified(changelog, "13")}`]),
    );
    const noAuthor = await releaseProblems(dist, { version: pkg.version }, source, changelog, "https://github.com/a/b");
    expect(noAuthor).toEqual(expect.arrayContaining([expect.stringMatching(/author/)]));
    const wrongVersion = await releaseProblems(dist, { version: "9.9.9" }, source, changelog, "https://github.com/a/b");
    expect(wrongVersion).toEqual(
      expect.arrayContaining([
        "system.json version 0.1.0 is not package.json's 9.9.9",
        'CHANGELOG.md has no "## 9.9.9" section',
      ]),
    );
    expect(changelog).toMatch(new RegExp(`^## ${pkg.version.replace(/\./g, "\\.")}\\b`, "m"));
  });

  it("groups the packs in folders, each pack once", () => {
    const foldered = built.packFolders.flatMap((f) => f.packs).sort();
    expect(foldered).toEqual(built.packs.map((p) => p.name).sort());
  });

  it("labels every pack with a language key both languages hold, and names each folder by its game's title", () => {
    const fr = readJson(join(root, "lang", "fr.json"));
    const en = readJson(join(root, "lang", "en.json"));
    const text = (lang: Record<string, unknown>, key: string): unknown =>
      key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], lang);
    for (const pack of source.packs) {
      // Foundry localizes a package pack's label (draw-steel's manifest keys them the same way).
      expect(pack.label, pack.name).toBe(`QUINTETTE.Packs.${pack.name}`);
      for (const lang of [fr, en]) expect(typeof text(lang, pack.label), pack.label).toBe("string");
    }
    expect(text(en, "QUINTETTE.Packs.guide")).not.toBe(text(fr, "QUINTETTE.Packs.guide"));
    // Folders are world Folder documents Foundry's server creates and merges by name, where no translation runs (a
    // key would be stored and shown as is): each is named by its game's own title, as the games are published.
    const titles = Object.values(text(fr, "QUINTETTE.Ruleset") as Record<string, string>);
    expect(source.packFolders.map((f) => f.name).sort()).toEqual([source.title, ...titles].sort());
  });

  it("puts every stylesheet in the cascade layer Foundry gives systems", () => {
    // Foundry 13's layers: reset, variables, elements, blocks, applications, … then system and modules, so a
    // system's rules win over core's whatever their specificity, and a module's over the system's.
    expect(source.styles.map((s) => s.layer)).toEqual(source.styles.map(() => "system"));
    expect(built.styles).toEqual(source.styles);
  });

  it("declares the same types and HTML fields as template.json", () => {
    const template = readJson(join(root, "template.json"));
    expect(typeMismatches(source.documentTypes, template)).toEqual([]);
    expect(typeMismatches({ Actor: { x: {} } }, { Actor: { types: [] } })).toHaveLength(1);
    // HTML fields inside a type are that type's data template, not the document's list (issue 32).
    const inside = { Actor: { types: ["x"], x: { htmlFields: ["biography"] } } };
    expect(typeMismatches({ Actor: { x: { htmlFields: ["biography"] } } }, inside)).toEqual([
      "Actor htmlFields: [biography] vs template.json []",
      'Actor.x: a data template {"htmlFields":["biography"]} (stored in every new document)',
    ]);
  });

  it("registers a data model and a sheet for every declared type, and declares every registered model", async () => {
    await import("../../src/index.ts");
    Hooks.callAll("init");
    const state = doubleState();
    for (const doc of ["Actor", "Item"] as const) {
      const declared = Object.keys(source.documentTypes[doc] ?? {}).sort();
      const models = Object.keys(state.CONFIG[doc].dataModels).sort();
      expect(models, `${doc} data models`).toEqual(declared);
      const sheeted = new Set(
        state.sheets
          .filter((s) => s.documentName === doc && !s.options.unregister && s.scope === "quintette")
          .flatMap((s) => s.options.types ?? []),
      );
      expect(
        declared.filter((t) => !sheeted.has(t)),
        `${doc} types without a sheet`,
      ).toEqual([]);
    }
  });

  it("ships the system's JavaScript as one module, every world's CSS in the manifest, within the budgets", () => {
    const report = buildReport(dist);
    // One module: no per-rule-set chunk, nothing imported on demand.
    expect(report.js).toEqual(["quintette.mjs"]);
    expect(readFileSync(join(dist, "quintette.mjs"), "utf8")).not.toMatch(/\bimport\s*\(\s*["'`]\.{0,2}\//);
    expect(report.jsGzip).toBe(gzipSync(readFileSync(join(dist, "quintette.mjs"))).length);
    expect(report.jsGzip).toBeLessThanOrEqual(JS_BUDGET_GZIP);
    expect(() => checkBudget({ ...report, jsGzip: JS_BUDGET_GZIP + 1 })).toThrow(/over its 250 kB budget/);
    expect(report.css).toEqual(["styles/quintette.css", ...RULESET_IDS.map((id) => `styles/${id}/${id}.css`)]);
    // Class names survive minification (Foundry rebuilds Rolls and keys sheets by them).
    expect(readFileSync(join(dist, "quintette.mjs"), "utf8")).toContain('"TrinitesRoll"');
  });

  it("ships the rules core as dist/rules.mjs: the same exports as src/rules/index.ts, in Node, without Foundry", () => {
    const file = join(dist, "rules.mjs");
    const shape = nodeImportShape(file);
    expect(Object.keys(shape)).toEqual(["ahillmach", "distribution", "jetons", "oeilnoir", "systemj", "trinites"]);
    expect(shape).toEqual(exportShape(rulesCore));
    expect(shape.systemj).toContain("testOdds: function");
    // The comparison sees a missing function.
    const { successChance: _, ...fewer } = rulesCore.systemj;
    expect(exportShape({ ...rulesCore, systemj: fewer })).not.toEqual(shape);
    const code = readFileSync(file, "utf8");
    // One self-contained module: it imports nothing and reads no Foundry or DOM global (the rules' prose may say
    // "window"; a use reads a property).
    const globals = /\b(?:game|foundry|document|window|Hooks|CONFIG|ui)\s*[.[]/g;
    expect(code.match(globals)).toBeNull();
    expect("x=game.settings.get(a)".match(globals)).toEqual(["game."]);
    expect(code).not.toMatch(/\bimport\s*[({"'\w*]/);
    expect(zipped).toEqual(expect.arrayContaining(["rules.mjs", "rules.mjs.map"]));
  });

  it("loads the rules core in no world: the system's module does not hold it, the manifest does not name it, its size is its own", () => {
    expect(buildReport(dist).js).not.toContain("rules.mjs");
    expect(built.esmodules).toEqual(["quintette.mjs"]);
    const viteManifest = readJson(join(dist, ".vite", "manifest.json"));
    expect(Object.keys(viteManifest).filter((k) => k.startsWith("src/rules/"))).toEqual([]);
    const report = readJson(join(dist, "build-report.json")) as { rules?: { file: string; gzip: number } };
    expect(report.rules?.file).toBe("rules.mjs");
    expect(report.rules?.gzip).toBe(gzipSync(readFileSync(join(dist, "rules.mjs"))).length);
  });

  it("has the same keys in both languages", () => {
    const fr = new Set(flatKeys(readJson(join(root, "lang", "fr.json"))));
    const en = new Set(flatKeys(readJson(join(root, "lang", "en.json"))));
    expect(
      [...fr].filter((k) => !en.has(k)),
      "only in fr",
    ).toEqual([]);
    expect(
      [...en].filter((k) => !fr.has(k)),
      "only in en",
    ).toEqual([]);
    expect(flatKeys({ a: { b: "x" }, c: "y" })).toEqual(["a.b", "c"]);
  });
});
