// After `vite build`: copy everything Foundry loads into dist/, stamp the manifest, and zip dist/ as a release.
import { cpSync, existsSync, readFileSync, writeFileSync, rmSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import JSZip from "jszip";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** The one place release addresses come from: package.json `quintette.manifestBase`. */
export function stampManifest(manifest, version, base) {
  return {
    ...manifest,
    version,
    manifest: `${base}/latest/system.json`,
    download: `${base}/v${version}/quintette-${version}.zip`,
  };
}

function copy(name) {
  const from = join(root, name);
  if (!existsSync(from)) throw new Error(`missing ${name}: nothing to copy into dist/`);
  cpSync(from, join(dist, name), { recursive: true });
}

for (const name of ["template.json", "templates", "lang", "styles", "packs"]) copy(name);
const manifest = stampManifest(
  JSON.parse(readFileSync(join(root, "system.json"), "utf8")),
  pkg.version,
  pkg.quintette.manifestBase,
);
writeFileSync(join(dist, "system.json"), JSON.stringify(manifest, null, 2) + "\n");

// The zip holds dist/ as a user unzips it into Data/systems/quintette/ (source maps stay out).
const zipName = `quintette-${pkg.version}.zip`;
rmSync(join(dist, zipName), { force: true });
const zip = new JSZip();
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const rel = relative(dist, path);
    if (statSync(path).isDirectory()) walk(path);
    else if (!rel.endsWith(".map") && !rel.endsWith(".zip")) zip.file(rel, readFileSync(path));
  }
};
walk(dist);
const buffer = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
writeFileSync(join(dist, zipName), buffer);
console.log(`dist/ ready: system.json v${pkg.version}, ${zipName} (${Math.round(buffer.length / 1024)} KiB)`);
