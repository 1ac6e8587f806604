/**
 * The manifest against what ships: required fields, every path present in dist/, documentTypes equal to
 * template.json, a data model and a sheet for every declared type, and the two languages with the same keys.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { doubleState } from "../double/index.ts";

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
  styles: string[];
  languages: { lang: string; name: string; path: string }[];
  documentTypes: Record<string, TypeDecl>;
  packs: { name: string; label: string; path: string; type: string; system: string }[];
  socket: boolean;
  initiative: string;
  grid: { type: number; distance: number; units: string };
  manifest: string;
  download: string;
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
  if (m.compatibility && (String(m.compatibility.minimum) !== "13" || String(m.compatibility.verified) !== "13"))
    missing.push("compatibility 13");
  if (m.languages && m.languages[0]?.lang !== "fr") missing.push("languages: fr first");
  if (m.languages && !m.languages.some((l) => l.lang === "en")) missing.push("languages: en");
  if (m.socket !== true) missing.push("socket true");
  return missing;
}

/** Every path the manifest names that dist/ lacks. */
export function missingPaths(m: Manifest, dir: string): string[] {
  const paths = [...m.esmodules, ...m.styles, ...m.languages.map((l) => l.path), ...m.packs.map((p) => p.path)];
  return paths.filter((p) => !existsSync(join(dir, p)));
}

/** Differences between system.json documentTypes and template.json (types and their HTML fields). */
export function typeMismatches(documentTypes: Record<string, TypeDecl>, template: Record<string, unknown>): string[] {
  const out: string[] = [];
  const docs = new Set([...Object.keys(documentTypes), ...Object.keys(template)]);
  for (const doc of docs) {
    const declared = documentTypes[doc] ?? {};
    const tpl = (template[doc] ?? {}) as { types?: string[] } & Record<string, { htmlFields?: string[] }>;
    const a = Object.keys(declared).sort();
    const b = [...(tpl.types ?? [])].sort();
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${doc}: system.json [${a}] vs template.json [${b}]`);
    for (const type of a) {
      const x = [...(declared[type]?.htmlFields ?? [])].sort();
      const y = [...(tpl[type]?.htmlFields ?? [])].sort();
      if (JSON.stringify(x) !== JSON.stringify(y)) out.push(`${doc}.${type} htmlFields: [${x}] vs [${y}]`);
    }
  }
  return out;
}

describe("manifest", () => {
  let built: Manifest;
  const source = readJson(join(root, "system.json")) as unknown as Manifest;
  const pkg = readJson(join(root, "package.json")) as { version: string; quintette: { manifestBase: string } };

  beforeAll(() => {
    execSync("npm run build --silent", { cwd: root, stdio: "pipe" });
    built = readJson(join(dist, "system.json")) as unknown as Manifest;
  });

  it("has every required field, for Foundry 13, French first", () => {
    expect(missingFields(source)).toEqual([]);
    expect(source.id).toBe("quintette");
    expect(missingFields({ ...source, socket: false, languages: [] })).toEqual(
      expect.arrayContaining(["socket true", "languages: fr first", "languages: en"]),
    );
  });

  it("ships every path it names, and the release zip", () => {
    expect(missingPaths(built, dist)).toEqual([]);
    expect(missingPaths({ ...built, styles: ["styles/none.css"] }, dist)).toEqual(["styles/none.css"]);
    expect(existsSync(join(dist, `quintette-${pkg.version}.zip`))).toBe(true);
  });

  it("takes version, manifest and download from package.json", () => {
    expect(built.version).toBe(pkg.version);
    expect(built.manifest).toBe(`${pkg.quintette.manifestBase}/latest/system.json`);
    expect(built.download).toBe(`${pkg.quintette.manifestBase}/v${pkg.version}/quintette-${pkg.version}.zip`);
  });

  it("declares the same types and HTML fields as template.json", () => {
    const template = readJson(join(root, "template.json"));
    expect(typeMismatches(source.documentTypes, template)).toEqual([]);
    expect(typeMismatches({ Actor: { x: {} } }, { Actor: { types: [] } })).toHaveLength(1);
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
