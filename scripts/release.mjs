// `npm run release`: builds the package for the configured release location and checks that the version, the
// manifest and the download agree before anything is published. Prints what to upload; uploads nothing.
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import JSZip from "jszip";
import { manifestAuthors, releaseAddresses, releaseLocation } from "./release-location.mjs";

const root = new URL("..", import.meta.url).pathname;

/**
 * The Foundry version the changelog last records a live check on ("checked in Foundry v14.360"), newest section
 * first; undefined when none is recorded. system.json's `compatibility.verified` states it, else the minimum.
 */
export function checkedFoundryVersion(changelog) {
  return /checked in Foundry v?(\d+(?:\.\d+)?)/i.exec(changelog)?.[1];
}

/** What `compatibility.verified` must read: the last live check, or the minimum while there is none (README). */
export function expectedVerified(changelog, minimum) {
  return checkedFoundryVersion(changelog) ?? String(minimum);
}

/** Every disagreement between package.json, system.json, the changelog, dist/ and its zip (empty: releasable). */
export async function releaseProblems(dir, pkg, sourceManifest, changelog, location) {
  const problems = [];
  const version = pkg.version;
  if (!location) return ["no release location: set QUINTETTE_REPOSITORY or package.json quintette.repository"];
  if (sourceManifest.version !== version)
    problems.push(`system.json version ${sourceManifest.version} is not package.json's ${version}`);
  const verified = expectedVerified(changelog, sourceManifest.compatibility?.minimum);
  if (String(sourceManifest.compatibility?.verified) !== verified)
    problems.push(`system.json compatibility.verified ${sourceManifest.compatibility?.verified} is not ${verified}`);
  if (!new RegExp(`^## ${version.replace(/\./g, "\\.")}\\b`, "m").test(changelog))
    problems.push(`CHANGELOG.md has no "## ${version}" section`);
  const builtPath = join(dir, "system.json");
  if (!existsSync(builtPath)) return [...problems, "dist/system.json missing: build first"];
  const built = JSON.parse(readFileSync(builtPath, "utf8"));
  const expected = releaseAddresses(location, version);
  if (built.version !== version) problems.push(`dist/system.json version ${built.version} is not ${version}`);
  let authors;
  try {
    authors = manifestAuthors(pkg, location);
  } catch (error) {
    problems.push(String(error instanceof Error ? error.message : error));
  }
  if (authors && JSON.stringify(built.authors) !== JSON.stringify(authors))
    problems.push("dist/system.json authors are not package.json's author and contributors");
  for (const key of ["url", "bugs", "readme", "manifest", "download"])
    if (built[key] !== expected[key]) problems.push(`dist/system.json ${key} ${built[key]} is not ${expected[key]}`);
  const zipName = `quintette-${version}.zip`;
  if (basename(String(built.download ?? "")) !== zipName) problems.push(`download does not name ${zipName}`);
  if (!String(built.download ?? "").includes(`/v${version}/`)) problems.push(`download is not under tag v${version}`);
  const zipPath = join(dir, zipName);
  if (!existsSync(zipPath)) return [...problems, `${zipName} missing`];
  const zip = await JSZip.loadAsync(readFileSync(zipPath));
  const inner = zip.file("system.json");
  const zipped = inner ? JSON.parse(await inner.async("string")) : null;
  if (JSON.stringify(zipped) !== JSON.stringify(built)) problems.push("the zip's system.json is not dist/system.json");
  for (const file of ["LICENSE", "CHANGELOG.md", ...built.esmodules, ...built.esmodules.map((m) => `${m}.map`)])
    if (!zip.file(file)) problems.push(`the zip lacks ${file}`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const location = releaseLocation(pkg);
  if (!location) {
    console.error("release: set QUINTETTE_REPOSITORY (or package.json quintette.repository) to the GitHub repository");
    process.exit(1);
  }
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  const source = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));
  const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
  const problems = await releaseProblems(join(root, "dist"), pkg, source, changelog, location);
  if (problems.length) {
    for (const p of problems) console.error(`release: ${p}`);
    process.exit(1);
  }
  const { manifest, download } = releaseAddresses(location, pkg.version);
  console.log(`release v${pkg.version} checked. Create the GitHub release tagged v${pkg.version} and attach:`);
  console.log(`  dist/system.json           (served as ${manifest})`);
  console.log(`  dist/quintette-${pkg.version}.zip  (served as ${download})`);
  const checked = new RegExp(`## ${pkg.version.replace(/\./g, "\\.")}[^]*?^Checked in Foundry: (.*)$`, "m").exec(
    changelog,
  );
  console.log(`Checked in Foundry: ${checked?.[1] ?? "no line in CHANGELOG.md"}.`);
  console.log('Before publishing, run the Quench batches in Foundry (README "Checking a release in Foundry") and');
  console.log('record the versions in CHANGELOG.md as "Checked in Foundry: <version>, <version>".');
}
