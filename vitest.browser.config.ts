import { defineConfig } from "vitest/config";

// Browser tests: the gallery in headless Debian Chromium. `npm run gallery` builds what they open.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
