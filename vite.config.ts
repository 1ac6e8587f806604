import { defineConfig, transformWithEsbuild, type Plugin } from "vite";

// One place for the Foundry server the dev proxy talks to.
const FOUNDRY = process.env.FOUNDRY_URL ?? "http://localhost:30000";

/**
 * Vite's library mode keeps whitespace in ES output (for a bundler downstream to tree-shake); Foundry loads our files
 * as they are, so a last pass prints each chunk without it (about a sixth of the gzip size), source map composed.
 */
function minifyWhitespace(): Plugin {
  return {
    name: "quintette:minify-whitespace",
    apply: "build",
    renderChunk: {
      order: "post",
      async handler(code, chunk) {
        const result = await transformWithEsbuild(code, chunk.fileName, {
          loader: "js",
          format: "esm",
          target: "es2022",
          minifyWhitespace: true,
          sourcemap: true,
        });
        return { code: result.code, map: result.map };
      },
    },
  };
}

/**
 * Foundry rebuilds Rolls from chat messages by class name and keys sheet choices by sheet class name, so class names
 * must survive minification; functions' need not (esbuild's `keepNames` would keep both, about 4 KB gzip more). Each
 * class declaration of our own source gets a static block naming it before the minifier renames its binding.
 */
function keepClassNames(): Plugin {
  return {
    name: "quintette:keep-class-names",
    enforce: "post",
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id)) return null;
      return { code: nameClasses(code), map: null };
    },
  };
}

/**
 * `npm run dev` serves the system from source: the rules core that the build writes to `rules.mjs`
 * (scripts/build-rules.mjs, for `quintette.rules()`) is served from `src/rules/index.ts` under the same address.
 */
function serveRulesFromSource(): Plugin {
  return {
    name: "quintette:rules-from-source",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.split("?")[0] === "/systems/quintette/rules.mjs")
          req.url = "/systems/quintette/src/rules/index.ts";
        next();
      });
    },
  };
}

/** Adds `static { Object.defineProperty(this, "name", …) }` at the start of each named class body. */
export function nameClasses(code: string): string {
  let out = "";
  let last = 0;
  // A class declaration or expression: its name, then `extends` or its body (prose such as "the Roll class exists" in
  // a comment does not match).
  for (const match of code.matchAll(/\bclass\s+([A-Z][\w$]*)\s+(?=extends\b|\{)/g)) {
    const start = (match.index ?? 0) + match[0].length;
    let depth = 0;
    let i = start;
    for (; i < code.length; i++) {
      const c = code[i];
      if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") depth--;
      else if (c === "{" && depth === 0) break;
    }
    if (i >= code.length) continue;
    out += code.slice(last, i + 1) + `static{Object.defineProperty(this,"name",{value:${JSON.stringify(match[1])}})}`;
    last = i + 1;
  }
  return out + code.slice(last);
}

export default defineConfig({
  plugins: [keepClassNames(), minifyWhitespace(), serveRulesFromSource()],
  // Served under the path Foundry gives the system, so the dev server can stand in for dist/.
  base: "/systems/quintette/",
  publicDir: false,
  // Class names are kept by keepClassNames (above); other identifiers are shortened.
  esbuild: { keepNames: false },
  server: {
    port: 30001,
    proxy: {
      // Everything that is not our system goes to Foundry, the socket included.
      "^(?!/systems/quintette/)": { target: FOUNDRY, changeOrigin: true },
      "/socket.io": { target: FOUNDRY.replace(/^http/, "ws"), ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    minify: "esbuild",
    target: "es2022",
    // dist/.vite/manifest.json: the chunk graph scripts/build-report.mjs measures (left out of the zip).
    manifest: true,
    lib: { entry: "src/index.ts", formats: ["es"], fileName: () => "quintette.mjs" },
    // The entry holds what Foundry needs synchronously at init; each rule set's runtime (src/foundry/<ruleset>/
    // runtime.ts) is a chunk the entry imports when the world plays it. Chunks sit beside the entry in dist/.
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) => {
          const ruleset = /foundry\/(\w+)\/runtime\.ts$/.exec(chunk.facadeModuleId ?? "")?.[1];
          return ruleset ? `chunks/${ruleset}-[hash].mjs` : "chunks/[name]-[hash].mjs";
        },
      },
    },
  },
});
