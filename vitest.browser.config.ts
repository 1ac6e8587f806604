import { defineConfig } from "vitest/config";

// Browser tests: the gallery in headless Chromium (test/browser/chromium.ts picks which). `npm run gallery` builds
// what they open.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    environment: "node",
    // One fixture per test (gallery.test.ts): a test takes about a second, this bounds a busy machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
