// `npm run link -- <Foundry data dir>`: symlink dist/ as Data/systems/quintette so a local Foundry loads the build.
import { existsSync, lstatSync, mkdirSync, symlinkSync, unlinkSync } from "node:fs";
import { join, resolve } from "node:path";

const dataDir = process.argv[2];
if (!dataDir) {
  console.error("usage: npm run link -- <Foundry user data dir (the one that holds Data/)>");
  process.exit(2);
}
const base = existsSync(join(dataDir, "Data")) ? join(dataDir, "Data") : dataDir;
const systems = join(base, "systems");
if (!existsSync(systems)) mkdirSync(systems, { recursive: true });
const target = join(systems, "quintette");
if (existsSync(target) || lstatSync(target, { throwIfNoEntry: false })) {
  if (!lstatSync(target).isSymbolicLink()) {
    console.error(`${target} exists and is not a link: move it away first.`);
    process.exit(1);
  }
  unlinkSync(target);
}
const dist = resolve(new URL("..", import.meta.url).pathname, "dist");
symlinkSync(dist, target, "dir");
console.log(`${target} → ${dist}`);
