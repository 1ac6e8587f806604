/**
 * Quench's stand-in on the double: `quench.registerBatch(key, fn, options)` and a run of a registered batch as Quench
 * runs it (@ethaks/fvtt-quench `Quench#registerBatch`: "Suites and tests within a Quench test batch are not actually
 * registered in the mocha runner until the user initiates the test run"; the registration function gets `describe`,
 * `it`, `before`, `after`, `beforeEach`, `afterEach`, Chai's `assert`, `expect` and `should`). Mocha's functions are
 * Vitest's, each test and hook running on the chosen user's client (`asClient`); Chai is the one Vitest re-exports.
 * A Mocha `this` offers `timeout()` (ignored: Vitest's own timeouts apply).
 */
import { afterAll, afterEach, beforeAll, beforeEach, chai, describe, it } from "vitest";
import fc from "fast-check";
import type { QuenchBatchContext, QuenchRegisterBatchOptions } from "@ethaks/fvtt-quench";
import { asClient } from "./clients.ts";

type Body = (this: MochaThis) => unknown;
interface MochaThis {
  timeout(ms?: number): MochaThis;
}
interface Registered {
  fn: (this: MochaThis, context: QuenchBatchContext) => unknown;
  options: QuenchRegisterBatchOptions;
}

const batches = new Map<string, Registered>();

const mochaThis: MochaThis = {
  timeout() {
    return mochaThis;
  },
};

/** Sets the `quench` global and fires `quenchReady`, as the Quench module does once it is ready. */
export function installQuench(): void {
  batches.clear();
  const quench = {
    registerBatch(key: string, fn: Registered["fn"], options: QuenchRegisterBatchOptions = {}) {
      batches.set(key, { fn, options });
    },
  };
  Object.assign(globalThis, { quench });
  Hooks.callAll("quenchReady", quench as never);
}

/** The keys registered so far, in order. */
export function registeredBatches(): string[] {
  return [...batches.keys()];
}

/** Mocha's hooks take an optional title first. */
function bodyOf(args: unknown[]): Body {
  const fn = args.find((a) => typeof a === "function");
  if (!fn) throw new Error("A Mocha hook or test without a function");
  return fn as Body;
}

/**
 * Registers the batch's suites with Vitest (call it at a test file's top level, after the world booted and
 * `installQuench`): what Quench does when a user runs the batch, on `user`'s client.
 */
export function runBatch(key: string, user: string): void {
  const batch = batches.get(key);
  if (!batch) throw new Error(`No Quench batch ${key} registered`);
  const onClient = (body: Body) => (): unknown => asClient(user, () => body.call(mochaThis));
  const context = {
    describe: (title: string, body: Body) => describe(title, () => void body.call(mochaThis)),
    it: (title: string, body: Body) => it(title, onClient(body)),
    before: (...args: unknown[]) => beforeAll(onClient(bodyOf(args))),
    after: (...args: unknown[]) => afterAll(onClient(bodyOf(args))),
    beforeEach: (...args: unknown[]) => beforeEach(onClient(bodyOf(args))),
    afterEach: (...args: unknown[]) => afterEach(onClient(bodyOf(args))),
    assert: chai.assert,
    expect: chai.expect,
    should: chai.should(),
    utils: {},
    fc,
  } as unknown as QuenchBatchContext;
  describe(`${batch.options.displayName ?? key} (as ${user})`, () => void batch.fn.call(mochaThis, context));
}
