/**
 * One serialization queue for everything the GM's client writes on someone's behalf (relayed requests, card
 * actions): each task reads the documents' current values after every earlier task finished, so two cards hitting
 * one actor never both read its old hit points.
 *
 * Never await a queued entry point (`relayToGM`, `requestCardAction`, `executeCardAction`) from inside a queued
 * task: the inner task would wait for the outer one forever. Hooks fired by a task's writes are not awaited by
 * Foundry (`Hooks.callAll`), so a hook that requests an action simply queues after the current task.
 */
let tail: Promise<unknown> = Promise.resolve();
let depth = 0;

/** Runs `task` after every task queued before it; a failing task does not block the next one. */
export function serializeOnGM<T>(task: () => Promise<T>): Promise<T> {
  const run = async (): Promise<T> => {
    depth += 1;
    try {
      return await task();
    } finally {
      depth -= 1;
    }
  };
  const next = tail.then(run, run);
  tail = next.catch(() => undefined);
  return next;
}

/** Whether a queued task is running now (for assertions and diagnostics). */
export function queueBusy(): boolean {
  return depth > 0;
}
