import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      // The pure rules core: no Foundry double, nothing but the code under test.
      // Property tests run hundreds of cases; a busy two-core CI machine needs more than the 5 s default.
      { test: { name: "rules", include: ["src/rules/**/*.test.ts"], environment: "node", testTimeout: 60_000 } },
      // Adapters, manifest, i18n: run on the documented Foundry test double.
      {
        test: {
          name: "adapters",
          // The attack suite (test/attacks) plays a hostile player's client against the real code; the scenes
          // (test/scenes) play a whole table of each rule set.
          include: [
            "test/unit/**/*.test.ts",
            "test/attacks/**/*.test.ts",
            "test/scenes/**/*.test.ts",
            "test/quench/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["test/double/setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
