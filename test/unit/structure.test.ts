/**
 * The source's structure (issue 24), over all of `src/`: no import circle (type-only imports count: a circle of types
 * is still two modules that cannot be read apart); no layer importing a layer above it (the rules core imports only
 * itself, the shared adapters no rule set's folder, a rule set no other rule set's folder, nothing the entry); no
 * dynamic import but the one that loads `rules.mjs` for `quintette.rules()` (issue 32: a world's code is all loaded
 * before init, as Foundry builds the world right after it); and no source file past about 500 lines.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const RULESETS = ["trinites", "ahillmach", "oeilnoir", "jetons", "systemj"];
const ENTRY = "src/index.ts";

interface Edge {
  to: string;
  dynamic: boolean;
  /** `import type` / `export type`: erased from the built code. */
  typeOnly?: boolean;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.endsWith(".d.ts") ? [normalize(path)] : [];
  });
}

// `import … from "./x"`, `export … from "./x"` (type-only too), `import("./x")`, `import "./x"`.
const IMPORT =
  /^\s*(?:import|export)\s(type\s)?[^;]*?\sfrom\s*["'](\.[^"']+)["']|\bimport\s*\(\s*["'](\.[^"']+)["']\s*\)|^\s*import\s+["'](\.[^"']+)["']/gm;

/** Each file's relative imports resolved to source files, from the files' texts. */
export function graphOf(texts: Map<string, string>): Map<string, Edge[]> {
  const resolve = (from: string, spec: string): string | null => {
    const base = normalize(join(dirname(from), spec));
    for (const candidate of [base, `${base}.ts`, join(base, "index.ts")]) if (texts.has(candidate)) return candidate;
    return null;
  };
  return new Map(
    [...texts].map(([file, text]) => [
      file,
      [...text.matchAll(IMPORT)].flatMap((m) => {
        const to = resolve(file, (m[2] ?? m[3] ?? m[4])!);
        return to ? [{ to, dynamic: m[3] !== undefined, typeOnly: m[1] !== undefined }] : [];
      }),
    ]),
  );
}

/** One import circle (static imports) as a path of files, or null. */
export function findCircle(edges: Map<string, Edge[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, "open");
    path.push(file);
    for (const { to, dynamic } of edges.get(file) ?? []) {
      if (dynamic) continue;
      if (state.get(to) === "open") return [...path.slice(path.indexOf(to)), to];
      if (!state.has(to)) {
        const found = visit(to);
        if (found) return found;
      }
    }
    path.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of edges.keys()) {
    if (state.has(file)) continue;
    const found = visit(file);
    if (found) return found;
  }
  return null;
}

/** 0 rules core, 1 shared adapters, 2 a rule set's adapters, 3 the entry. */
function layerOf(file: string): { level: number; ruleset?: string } {
  if (file.startsWith("src/rules/")) return { level: 0 };
  if (file === ENTRY) return { level: 3 };
  const folder = /^src\/foundry\/([^/]+)\//.exec(file)?.[1];
  return folder && RULESETS.includes(folder) ? { level: 2, ruleset: folder } : { level: 1 };
}

/** Imports that reach up a layer, or across to another rule set's folder. */
export function upwardImports(edges: Map<string, Edge[]>): string[] {
  return [...edges].flatMap(([file, list]) =>
    list.flatMap(({ to }) => {
      const a = layerOf(file);
      const b = layerOf(to);
      const up = b.level > a.level || (a.level === 2 && b.level === 2 && a.ruleset !== b.ruleset);
      return up ? [`${file} → ${to}`] : [];
    }),
  );
}

/** Files whose code imports dynamically (`import(…)`; a `typeof import(…)` type is not code). */
export function dynamicImports(files: Map<string, string>): string[] {
  return [...files].filter(([, text]) => /(?<!typeof\s*)\bimport\s*\(/.test(text)).map(([file]) => file);
}

const sources = walk("src");
const texts = new Map(sources.map((file) => [file, readFileSync(file, "utf8")]));
const edges = graphOf(texts);

describe("source structure (issue 24)", () => {
  it("has no import circle, type-only imports included", () => {
    expect(findCircle(edges)).toBeNull();
  });

  it("has no layer importing a layer above it", () => {
    expect(upwardImports(edges)).toEqual([]);
  });

  it("imports nothing dynamically but the rules core's own file for quintette.rules()", () => {
    expect(dynamicImports(texts)).toEqual(["src/foundry/api/rules.ts"]);
  });

  it("keeps every source file under about 500 lines", () => {
    const long = sources.filter((file) => readFileSync(file, "utf8").split("\n").length > 520);
    expect(long).toEqual([]);
  });

  it("finds each defect when there is one (the checks can fail)", () => {
    const g = graphOf(
      new Map([
        [ENTRY, 'import "./foundry/chat/actions.ts";\nconst r = () => import("./foundry/trinites/runtime.ts");'],
        ["src/foundry/chat/actions.ts", 'import { activeRulesetId } from "../ruleset.ts";'],
        ["src/foundry/ruleset.ts", 'import type { DamageApplier } from "./damage/index.ts";'],
        ["src/foundry/damage/index.ts", 'import {\n  registerCardAction,\n} from "../chat/actions.ts";'],
        [
          "src/foundry/trinites/runtime.ts",
          'import { registerTrinitesHooks } from "./flow.ts";\nimport { combat } from "./combat.ts";\nimport type { X } from "./view.ts";',
        ],
        // Shared by two lazy users: imported statically by one and dynamically by the other, not flagged.
        ["src/foundry/trinites/view.ts", ""],
        ["src/foundry/trinites/sheets.ts", 'const v = () => import("./view.ts");\nimport "./view.ts";'],
        ["src/foundry/jetons/sheet.ts", 'const v = () => import("./view.ts");'],
        ["src/foundry/jetons/view.ts", ""],
        ["src/foundry/jetons/reserve.ts", 'import { v } from "./view.ts";'],
        ["src/foundry/trinites/flow.ts", 'import { trinites } from "../../rules/index.ts";'],
        ["src/foundry/trinites/combat.ts", 'const f = await import("./flow.ts");\nimport "../oeilnoir/duel.ts";'],
        ["src/foundry/oeilnoir/duel.ts", 'import { x } from "../../index.ts";'],
        ["src/rules/index.ts", 'import { y } from "../foundry/memo.ts";'],
        ["src/foundry/memo.ts", ""],
      ]),
    );
    g.get(ENTRY)!.push({ to: "src/foundry/jetons/sheet.ts", dynamic: false });
    g.get(ENTRY)!.push({ to: "src/foundry/jetons/reserve.ts", dynamic: true });
    g.get(ENTRY)!.push({ to: "src/foundry/trinites/sheets.ts", dynamic: false });
    expect(findCircle(g)).toEqual([
      "src/foundry/chat/actions.ts",
      "src/foundry/ruleset.ts",
      "src/foundry/damage/index.ts",
      "src/foundry/chat/actions.ts",
    ]);
    expect(upwardImports(g)).toEqual([
      "src/foundry/trinites/combat.ts → src/foundry/oeilnoir/duel.ts",
      "src/foundry/oeilnoir/duel.ts → src/index.ts",
      "src/rules/index.ts → src/foundry/memo.ts",
    ]);
    expect(
      dynamicImports(
        new Map([
          ["a.ts", 'const v = () => import("./view.ts");'],
          ["b.ts", "type M = typeof import('./m.ts');"],
          ["c.ts", "const m = await import (url);"],
        ]),
      ),
    ).toEqual(["a.ts", "c.ts"]);
  });
});

describe("one author check (issue 32)", () => {
  it("reads a message's author (Foundry's User) only in chat/author.ts", () => {
    const readers = sources.filter(
      (file) =>
        file !== normalize("src/foundry/chat/author.ts") &&
        /\.author\b/.test(readFileSync(file, "utf8").replace(/^\s*(\/\/|\*).*$/gm, "")),
    );
    expect(readers).toEqual([]);
  });
});
