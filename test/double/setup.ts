/**
 * Vitest setup file: installs the Foundry double before each test file imports the system's modules (Vitest isolates
 * test files, so each file starts with a fresh double). It does not reset between tests, because the system registers
 * its hooks when `src/index.ts` is imported: a test that needs a clean slate calls `resetFoundryDouble()` and then
 * the exported init function directly.
 */
import { installFoundryDouble } from "./index.ts";

installFoundryDouble();
