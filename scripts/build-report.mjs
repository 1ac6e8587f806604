// What one world loads from dist/: the entry module, every chunk it imports statically, and the chunk(s) of the
// world's rule set (src/foundry/<ruleset>/runtime.ts, imported on demand), with their static imports; the shared
// stylesheet and the rule set's own. Read from Vite's build manifest (dist/.vite/manifest.json).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const RULESETS = ["trinites", "ahillmach", "oeilnoir", "jetons", "systemj"];
/** Each rule set's stylesheet, loaded by the entry for the world's rule set (src/foundry/styles.ts). */
export const RULESET_STYLES = RULESETS.map((id) => `styles/${id}/${id}.css`);

function closure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file);
}

/** Per rule set: the JavaScript files one world loads, their gzip size, and its CSS in bytes. */
export function worldReport(dist) {
  const manifestPath = join(dist, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error("no dist/.vite/manifest.json: run vite build first");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const systemManifest = JSON.parse(readFileSync(join(dist, "system.json"), "utf8"));
  const sharedCss = systemManifest.styles ?? [];
  const worlds = RULESETS.map((ruleset) => {
    const own = Object.keys(manifest).filter((k) => manifest[k].src === `src/foundry/${ruleset}/runtime.ts`);
    const js = [...new Set([...closure(manifest, entries), ...closure(manifest, own)])].sort();
    const jsGzip = js.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
    const css = [...sharedCss, `styles/${ruleset}/${ruleset}.css`];
    const cssBytes = css.reduce((sum, file) => sum + readFileSync(join(dist, file)).length, 0);
    return { ruleset, js, jsGzip, ownChunks: own.length, css, cssBytes };
  });
  return { worlds };
}
