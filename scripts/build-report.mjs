// What the build ships for Foundry to load, read from Vite's build manifest (dist/.vite/manifest.json): the system's
// JavaScript (one module every world loads whole) with its gzip size and the budget it stays under, and the
// manifest's stylesheets (the shared one and every rule set's, each scoped by its own classes).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const RULESETS = ["trinites", "ahillmach", "oeilnoir", "jetons", "systemj"];
/** Each rule set's stylesheet, listed in system.json's `styles` (every world has them all). */
export const RULESET_STYLES = RULESETS.map((id) => `styles/${id}/${id}.css`);
/** The system's JavaScript, gzip, in decimal bytes: the build fails over it. */
export const JS_BUDGET_GZIP = 250_000;

/** The JavaScript files the build wrote, their total gzip size, and the manifest's CSS in bytes. */
export function buildReport(dist) {
  const manifestPath = join(dist, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error("no dist/.vite/manifest.json: run vite build first");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const js = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((f) => f.endsWith(".mjs")).sort();
  const jsGzip = js.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
  // Each entry is `{ src, layer }` (Foundry 13's form; a bare path is the older one).
  const styles = JSON.parse(readFileSync(join(dist, "system.json"), "utf8")).styles ?? [];
  const css = styles.map((entry) => (typeof entry === "string" ? entry : entry.src));
  const cssBytes = css.reduce((sum, file) => sum + readFileSync(join(dist, file)).length, 0);
  return { js, jsGzip, css, cssBytes };
}

/** Throws when the system's JavaScript is over its budget. */
export function checkBudget(report) {
  if (report.jsGzip > JS_BUDGET_GZIP)
    throw new Error(
      `the system's JavaScript is ${(report.jsGzip / 1000).toFixed(1)} kB gzip, over its ${JS_BUDGET_GZIP / 1000} kB budget`,
    );
}
