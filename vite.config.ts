import { defineConfig } from "vite";

// One place for the Foundry server the dev proxy talks to.
const FOUNDRY = process.env.FOUNDRY_URL ?? "http://localhost:30000";

export default defineConfig({
  // Served under the path Foundry gives the system, so the dev server can stand in for dist/.
  base: "/systems/quintette/",
  publicDir: false,
  // Names kept through minification: Foundry rebuilds Rolls from chat messages by class name and keys sheet choices
  // by sheet class name; local identifiers are still shortened.
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
