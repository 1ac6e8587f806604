// The rules core (src/rules/index.ts, pure TypeScript) as one ES module, dist/rules.mjs, for `quintette.rules()`
// (src/foundry/api/rules.ts). A build of its own, apart from Vite's: it shares no chunk with the entry, which would
// otherwise hold every rules function any chunk uses (docs/architecture.md "Budget"), and no world loads it until
// a macro or module asks.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

export const RULES_ENTRY = "src/rules/index.ts";
export const RULES_FILE = "rules.mjs";

/** Bundles and minifies the rules core into `<outdir>/rules.mjs` (source map beside it); its size, raw and gzip. */
export async function buildRules(root, outdir) {
  const outfile = join(outdir, RULES_FILE);
  await build({
    entryPoints: [join(root, RULES_ENTRY)],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    minify: true,
    sourcemap: true,
    // The rules core imports nothing outside itself; a package import would be a mistake to see, not to bundle.
    packages: "external",
    logLevel: "warning",
  });
  const code = readFileSync(outfile);
  return { file: RULES_FILE, bytes: code.length, gzip: gzipSync(code).length };
}
