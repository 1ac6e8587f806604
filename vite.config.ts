import { defineConfig } from "vite";

// One place for the Foundry server the dev proxy talks to.
const FOUNDRY = process.env.FOUNDRY_URL ?? "http://localhost:30000";

export default defineConfig({
  // Served under the path Foundry gives the system, so the dev server can stand in for dist/.
  base: "/systems/quintette/",
  publicDir: false,
  esbuild: { keepNames: true }, // Foundry rebuilds Roll objects from chat messages by class name
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
    minify: false,
    target: "es2022",
    lib: { entry: "src/index.ts", formats: ["es"], fileName: () => "quintette.mjs" },
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
});
