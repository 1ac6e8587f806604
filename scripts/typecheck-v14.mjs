// Typechecks the adapters against fvtt-types 14.x (Foundry v14). Not the CI gate: the npm registry stops at 13.x,
// so the 14.x definitions come from a tarball or directory given on the command line (see docs/architecture.md).
//
//   npm run typecheck:v14 -- <fvtt-types-14.x.tar.gz | unpacked fvtt-types directory>
//
// It builds `.typecheck-v14/node_modules/fvtt-types` as a REAL copy of our fvtt-types (node_modules is a hard-link
// copy: never touched in place), replaces its `src/` with the 14.x one, and runs tsc with a generated tsconfig that
// extends ours and resolves `fvtt-types` (global types and `fvtt-types/*` imports) to that copy. The copy sits
// inside the repository so the package's own dependencies (pixi.js, …) still resolve from our node_modules.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = process.argv[2] ?? process.env.FVTT_TYPES_V14;
if (!source) {
  console.error("usage: npm run typecheck:v14 -- <fvtt-types-14.x.tar.gz | unpacked fvtt-types directory>");
  process.exit(2);
}
const sourcePath = path.resolve(source);
if (!fs.existsSync(sourcePath)) {
  console.error(`typecheck:v14: ${sourcePath} does not exist`);
  process.exit(2);
}

const work = path.join(root, ".typecheck-v14");
const modules = path.join(work, "node_modules");
const pkg = path.join(modules, "fvtt-types");
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(modules, { recursive: true });
// cpSync writes new files (no hard links), so nothing under node_modules/ is shared with the copy.
fs.cpSync(path.join(root, "node_modules", "fvtt-types"), pkg, { recursive: true, dereference: true });
// Stale 13.x files must not survive: the 14.x src/ replaces it whole.
fs.rmSync(path.join(pkg, "src"), { recursive: true, force: true });

if (fs.statSync(sourcePath).isDirectory()) {
  // An unpacked package: either the fvtt-types folder itself or a folder holding it.
  const dir = fs.existsSync(path.join(sourcePath, "src")) ? sourcePath : path.join(sourcePath, "fvtt-types");
  for (const entry of ["src", "package.json", "tsconfig.base.json"]) {
    const from = path.join(dir, entry);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(pkg, entry), { recursive: true, dereference: true });
  }
} else {
  // The vendored tarball holds a single top folder `fvtt-types/`.
  const tar = spawnSync("tar", ["-xzf", sourcePath, "-C", modules], { stdio: "inherit" });
  if (tar.status !== 0) process.exit(tar.status ?? 1);
}
const version = JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8")).version;
if (!fs.existsSync(path.join(pkg, "src", "index.d.mts"))) {
  console.error(`typecheck:v14: no src/index.d.mts in ${sourcePath}`);
  process.exit(2);
}

const rel = (p) => "./" + path.relative(work, p).split(path.sep).join("/");
const src = (p) => rel(path.join(pkg, "src", p));
// `types: ["fvtt-types", …]` is looked up in node_modules from this tsconfig's folder: the copy comes first, and
// `node`/`vite/client` are still found further up (setting typeRoots would lose `vite/client`).
const tsconfig = {
  extends: "../tsconfig.json",
  compilerOptions: {
    // Module imports and `declare module "fvtt-types/configuration"` go through paths (the package's exports).
    paths: {
      "fvtt-types": [src("index.d.mts")],
      "fvtt-types/configuration": [src("configuration/index.d.mts")],
      "fvtt-types/utils": [src("utils/index.d.mts")],
      "fvtt-types/lenient": [src("index-lenient.d.mts")],
    },
  },
};
fs.writeFileSync(path.join(work, "tsconfig.json"), JSON.stringify(tsconfig, null, 2) + "\n");

console.log(`typecheck:v14: fvtt-types ${version} from ${sourcePath}`);
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=14000`.trim() };
const run = spawnSync(
  process.execPath,
  [tsc, "-p", path.join(work, "tsconfig.json"), "--listFiles", "--pretty", "false"],
  {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 1 << 30,
  },
);
if (run.error) throw run.error;
const lines = run.stdout.split("\n");
const files = lines.filter((l) => path.isAbsolute(l.trim()));
const output = lines.filter((l) => !path.isAbsolute(l.trim()) && l.trim() !== "");
// Guard: if anything still resolved to the 13.x package the result would be meaningless.
const v13 = path.join(root, "node_modules", "fvtt-types") + path.sep;
const leaked = files.filter((f) => path.resolve(f.trim()).startsWith(v13));
if (leaked.length > 0) {
  console.error(`typecheck:v14: ${leaked.length} files still come from the 13.x package, e.g. ${leaked[0]}`);
  process.exit(2);
}
if (!files.some((f) => path.resolve(f.trim()).startsWith(pkg + path.sep))) {
  console.error("typecheck:v14: no file came from the 14.x package");
  process.exit(2);
}
if (output.length > 0) console.log(output.join("\n"));
if (run.stderr) console.error(run.stderr);
const errors = output.filter((l) => /error TS\d+/.test(l)).length;
console.log(`typecheck:v14: ${errors} error(s) against fvtt-types ${version}`);
process.exit(run.status ?? 1);
