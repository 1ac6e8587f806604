/**
 * `npm run bench`: bundles `bench/run.ts` with Vite (Rollup), as the release bundles `src/`, then runs the bundle
 * with Node. Run unbundled (vite-node), every imported name is read through a getter of its module's exports
 * object on each call: a rules-core function called per skill of every actor then costs several times what it costs
 * in the shipped module, and the figures measured that loader instead of the system.
 *
 * Arguments go to bench/run.ts (`--check`, name filters), except Node's own profiling flags (`--cpu-prof`,
 * `--cpu-prof-dir=…`, `--heap-prof`…), given to the Node that runs the bundle:
 * `npm run bench -- --cpu-prof --cpu-prof-dir=/tmp/prof "derived data"`.
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "test-results", "bench");

/** Each module keeps its own `import.meta` paths (the double and the bench find the repository's files from them). */
const ownUrl = {
  name: "quintette-bench-module-url",
  transform(code, id) {
    if (!code.includes("import.meta.") || id.includes("node_modules")) return null;
    const file = id.split("?")[0];
    const out = code
      .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(file).href))
      .replaceAll("import.meta.dirname", JSON.stringify(dirname(file)))
      .replaceAll("import.meta.filename", JSON.stringify(file));
    return { code: out, map: null };
  },
};

await build({
  configFile: false,
  root: ROOT,
  logLevel: "warn",
  publicDir: false,
  // As the release: names kept (Foundry finds Rolls and models by class name).
  esbuild: { keepNames: true },
  plugins: [ownUrl],
  build: {
    ssr: "bench/run.ts",
    outDir: OUT,
    emptyOutDir: true,
    target: "node20",
    minify: false,
    sourcemap: false,
    // One file per module, as in the sources: native ES modules keep the order of evaluation and top-level await
    // of the sources (Rollup's chunks do not), and an imported function is called directly.
    rollupOptions: { output: { preserveModules: true, entryFileNames: "[name].mjs" } },
  },
});

const nodeFlags = process.argv.slice(2).filter((a) => /^--(cpu|heap)-prof/.test(a));
const benchArgs = process.argv.slice(2).filter((a) => !nodeFlags.includes(a));
const { status } = spawnSync(process.execPath, [...nodeFlags, join(OUT, "bench", "run.mjs"), ...benchArgs], {
  stdio: "inherit",
  cwd: ROOT,
});
process.exitCode = status ?? 1;
