import { defineConfig } from "vitest/config";

// Browser tests: the gallery in headless Chromium (test/browser/chromium.ts picks which). `npm run gallery` builds
// what they open.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    environment: "node",
    // One small page of fixtures per test (gallery.test.ts): 5–12 s on a busy machine; a wide margin for a busier one.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
