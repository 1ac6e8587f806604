import { defineConfig } from "vitest/config";

// Browser tests: the gallery in headless Chromium (test/browser/chromium.ts picks which). `npm run gallery` builds
// what they open.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
