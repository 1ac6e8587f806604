/**
 * The Trinités code's structure (issue 24): no source file past about 500 lines, and no import circle among the
 * adapters and the rules core, dynamic imports included.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const FOLDERS = ["src/foundry/trinites", "src/rules/trinites"];
const IMPORT = /(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g;

function sources(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(folder)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .map((f) => normalize(join(folder, f))),
  );
}

/** Each file's relative imports within the folders above, resolved to paths. */
function graph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, "utf8");
      const targets = [...text.matchAll(IMPORT)].map((m) => normalize(join(dirname(file), m[1]!)));
      return [file, targets.filter((t) => known.has(t))];
    }),
  );
}

/** One import circle as a path of files, or null. */
export function findCircle(edges: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, "open");
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === "open") return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
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

describe("Trinités structure (issue 24)", () => {
  it("has no import circle (combat, damage and flow included)", () => {
    expect(findCircle(graph(sources()))).toBeNull();
  });

  it("finds a circle when there is one (the check can fail)", () => {
    const edges = new Map([
      ["combat.ts", ["flow.ts"]],
      ["flow.ts", ["damage.ts"]],
      ["damage.ts", ["combat.ts"]],
    ]);
    expect(findCircle(edges)).toEqual(["combat.ts", "flow.ts", "damage.ts", "combat.ts"]);
  });

  it("keeps every source file under about 500 lines", () => {
    const long = sources().filter((file) => readFileSync(file, "utf8").split("\n").length > 520);
    expect(long).toEqual([]);
  });
});
