/**
 * A bounded cache of results computed from content, keyed by that content (a card's JSON), and a deep freeze for what
 * such caches share. What a card's author may rewrite is checked again whenever it changes (the key changes with it),
 * and only once while it does not: a tracker that reads the same cards on every render verifies each once per revision.
 */
export interface ContentCache<V> {
  /** The value computed for this key, computing it on a miss. */
  get(key: string, compute: () => V): V;
  /** How many values were computed (misses), for the tests and the bench. */
  readonly computed: number;
}

export function contentCache<V>(limit: number): ContentCache<V> {
  const entries = new Map<string, V>();
  let computed = 0;
  return {
    get(key, compute) {
      if (entries.has(key)) return entries.get(key) as V;
      const value = compute();
      computed++;
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
      return value;
    },
    get computed() {
      return computed;
    },
  };
}

/** Freezes a plain value deeply: a cached result handed to several callers cannot be changed by one of them. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
