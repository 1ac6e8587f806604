// After `vite build`: copy everything Foundry loads into dist/, bundle the styles (shared, and one sheet per rule
// set, all in the manifest's styles) and the rules core for `quintette.rules()` (dist/rules.mjs, a build of its own),
// stamp the manifest, report the system's JavaScript (failing over its budget), and zip dist/.
import { cpSync, existsSync, readFileSync, writeFileSync, rmSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { build } from "esbuild";
import JSZip from "jszip";
import { releaseLocation, stampManifest } from "./release-location.mjs";
import { JS_BUDGET_GZIP, RULESET_STYLES, buildReport, checkBudget } from "./build-report.mjs";
import { buildRules } from "./build-rules.mjs";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

function copy(name) {
  const from = join(root, name);
  if (!existsSync(from)) throw new Error(`missing ${name}: nothing to copy into dist/`);
  cpSync(from, join(dist, name), { recursive: true });
}

for (const name of ["template.json", "templates", "lang", "packs", "assets", "LICENSE", "CHANGELOG.md"]) copy(name);

// Styles: the manifest's shared sheet and each rule set's, each bundled and minified into one file.
await build({
  entryPoints: ["styles/quintette.css", ...RULESET_STYLES].map((p) => join(root, p)),
  outbase: root,
  outdir: dist,
  bundle: true,
  minify: true,
  logLevel: "warning",
});

// Not in system.json's esmodules and imported by no chunk: loaded only when a macro calls quintette.rules().
const rules = await buildRules(root, dist);

const location = releaseLocation(pkg);
const manifest = stampManifest(JSON.parse(readFileSync(join(root, "system.json"), "utf8")), pkg, location);
writeFileSync(join(dist, "system.json"), JSON.stringify(manifest, null, 2) + "\n");
if (!location)
  console.warn(
    "release location unset (QUINTETTE_REPOSITORY or package.json quintette.repository): dist/system.json has no " +
      "url, bugs, readme, changelog, manifest or download; Foundry can install this build from files, not update it.",
  );

const report = { ...buildReport(dist), rules };
writeFileSync(join(dist, "build-report.json"), JSON.stringify(report, null, 2) + "\n");
console.log(
  `the system's JavaScript: ${(report.jsGzip / 1000).toFixed(1)} kB gzip (budget ${JS_BUDGET_GZIP / 1000} kB) ` +
    `in ${report.js.join(", ")}; ${(report.cssBytes / 1000).toFixed(1)} kB of CSS`,
);
console.log(
  `dist/${rules.file}, the rules core for quintette.rules() (loaded by no world until asked, in no budget above): ` +
    `${(rules.gzip / 1000).toFixed(1)} kB gzip`,
);
checkBudget(report);

// The zip holds dist/ as a user unzips it into Data/systems/quintette/, source maps included.
const zipName = `quintette-${pkg.version}.zip`;
rmSync(join(dist, zipName), { force: true });
const zip = new JSZip();
const walk = (dir) => {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    const rel = relative(dist, path);
    if (entry.startsWith(".")) continue; // .vite/: the build's chunk graph, not part of the package
    if (statSync(path).isDirectory()) walk(path);
    else if (!rel.endsWith(".zip") && rel !== "build-report.json") zip.file(rel, readFileSync(path));
  }
};
walk(dist);
const buffer = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
writeFileSync(join(dist, zipName), buffer);
console.log(`dist/ ready: system.json v${pkg.version}, ${zipName} (${Math.round(buffer.length / 1024)} KiB)`);
