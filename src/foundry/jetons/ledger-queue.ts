/**
 * Every move of Jetons tokens on the GM's client (a bought advantage, tokens handed back, a question's pay-out to
 * the collective reserve) runs in this one queue and computes from the reserves as they are when its turn comes:
 * two moves never both read the same old reserve, so no token is made or lost (issue 12).
 *
 * A queued task must never wait for another queued task (it would wait forever); hooks its writes fire are not
 * awaited by Foundry, so they simply queue after it.
 */
let tail: Promise<unknown> = Promise.resolve();

/** Runs `task` after every ledger task queued before it; a failing task does not block the next one. */
export function onLedger<T>(task: () => Promise<T>): Promise<T> {
  const next = tail.then(task, task);
  tail = next.catch(() => undefined);
  return next;
}
