/** `Hooks`: registers and calls handlers like Foundry, and records every call so tests can assert on them. */
import { trackListener } from "./server.ts";

type Handler = (...args: unknown[]) => unknown;
interface Registered {
  id: number;
  fn: Handler;
  once: boolean;
}

export interface HookCall {
  hook: string;
  args: unknown[];
  /** `callAll` or `call`. */
  kind: "callAll" | "call";
}

export class HooksDouble {
  readonly events = new Map<string, Registered[]>();
  readonly calls: HookCall[] = [];
  #nextId = 1;

  on(hook: string, fn: Handler): number {
    return this.#register(hook, fn, false);
  }
  once(hook: string, fn: Handler): number {
    return this.#register(hook, fn, true);
  }
  off(hook: string, fn: number | Handler): void {
    const list = this.events.get(hook) ?? [];
    this.events.set(
      hook,
      list.filter((h) => (typeof fn === "number" ? h.id !== fn : h.fn !== fn)),
    );
  }
  /**
   * fvtt-types `Hooks.callAll`: "Call all hook listeners in the order in which they were registered … will always
   * trigger every hook callback"; returns true at once: an async listener's promise is not awaited.
   */
  callAll(hook: string, ...args: unknown[]): true {
    this.calls.push({ hook, args, kind: "callAll" });
    // Not awaited; the double keeps the promise in view of `settle()` (server.ts), which reports its rejection.
    for (const h of this.#take(hook)) trackListener(h.fn(...args));
    return true;
  }
  /** Calls handlers until one returns `false`; returns false then. */
  call(hook: string, ...args: unknown[]): boolean {
    this.calls.push({ hook, args, kind: "call" });
    for (const h of this.#take(hook)) if (h.fn(...args) === false) return false;
    return true;
  }
  /** Number of handlers registered for a hook (test helper). */
  count(hook: string): number {
    return this.events.get(hook)?.length ?? 0;
  }
  reset(): void {
    this.events.clear();
    this.calls.length = 0;
  }

  #register(hook: string, fn: Handler, once: boolean): number {
    const id = this.#nextId++;
    const list = this.events.get(hook) ?? [];
    list.push({ id, fn, once });
    this.events.set(hook, list);
    return id;
  }
  #take(hook: string): Registered[] {
    const list = this.events.get(hook) ?? [];
    const keep = list.filter((h) => !h.once);
    if (keep.length !== list.length) this.events.set(hook, keep);
    return [...list];
  }
}
