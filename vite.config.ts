import { defineConfig, type Plugin } from "vite";

// One place for the Foundry server the dev proxy talks to.
const FOUNDRY = process.env.FOUNDRY_URL ?? "http://localhost:30000";

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

export default defineConfig({
  plugins: [serveRulesFromSource()],
  // Served under the path Foundry gives the system, so the dev server can stand in for dist/.
  base: "/systems/quintette/",
  publicDir: false,
  // Foundry rebuilds Rolls from chat messages by class name and keys sheet choices by sheet class name: names survive
  // minification (esbuild's own option).
  esbuild: { keepNames: true },
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
    // One module of about 550 kB before gzip, by design (docs/architecture.md "Build").
    chunkSizeWarningLimit: 800,
    // dist/.vite/manifest.json: what the build wrote, which scripts/build-report.mjs measures (left out of the zip).
    manifest: true,
    // One ES module, every line of the system in it (Foundry loads it as it is, so fully minified; Vite's library
    // mode would keep whitespace): the entry as a plain build input, its exports kept, no preload helper.
    modulePreload: false,
    rollupOptions: {
      input: "src/index.ts",
      preserveEntrySignatures: "strict",
      output: { format: "es", entryFileNames: "quintette.mjs", inlineDynamicImports: true },
    },
  },
});
