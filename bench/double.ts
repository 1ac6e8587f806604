/**
 * The Foundry test double for the bench: installed once before any module of the system loads, as the tests' setup
 * file does (that file registers a Vitest hook, which only exists under `vitest`, not under `vite-node`).
 */
import { installFoundryDouble } from "../test/double/index.ts";

installFoundryDouble();
