import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      // The pure rules core: no Foundry double, nothing but the code under test.
      { test: { name: "rules", include: ["src/rules/**/*.test.ts"], environment: "node" } },
      // Adapters, manifest, i18n: run on the documented Foundry test double.
      {
        test: {
          name: "adapters",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/double/setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
