/**
 * `Hooks`: registers and calls handlers like Foundry, and records every call so tests can assert on them. Each client
 * of a real table is a page with its own Hooks; the double's clients share one registry, so a `once` listener runs
 * once per client (each page's copy of it), e.g. the system's `ready` listener on every client that loads the world.
 */
import { trackListener } from "./server.ts";

type Handler = (...args: unknown[]) => unknown;
interface Registered {
  id: number;
  fn: Handler;
  once: boolean;
  /** The clients a `once` listener already ran on. */
  ranOn: Set<string>;
}

/** The running client's user id ("" without a game). */
function clientId(): string {
  return (globalThis as { game?: { user?: { id?: string | null } } }).game?.user?.id ?? "";
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
    list.push({ id, fn, once, ranOn: new Set() });
    this.events.set(hook, list);
    return id;
  }
  #take(hook: string): Registered[] {
    const client = clientId();
    const due = (this.events.get(hook) ?? []).filter((h) => !h.once || !h.ranOn.has(client));
    for (const h of due) if (h.once) h.ranOn.add(client);
    return due;
  }
}
