/**
 * Vitest setup file: installs the Foundry double before each test file imports the system's modules (Vitest isolates
 * test files, so each file starts with a fresh double). It does not reset between tests, because the system registers
 * its hooks when `src/index.ts` is imported: a test that needs a clean slate calls `resetFoundryDouble()` and then
 * the exported init function directly.
 */
import { afterEach } from "vitest";
import { installFoundryDouble } from "./index.ts";
import { settle } from "./server.ts";

installFoundryDouble();

// Whatever a test left running (a broadcast, an unawaited listener) finishes before the next test, and what it threw
// fails the test that started it instead of passing unseen.
afterEach(async () => {
  await settle();
});
