/** The subset of `foundry.utils` that adapters call, with Foundry's semantics for plain data. */

export type Plain = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Plain {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function deepClone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => deepClone(v)) as T;
  if (value instanceof Set) return new Set([...value].map((v: unknown) => deepClone(v))) as T;
  if (isPlainObject(value)) {
    const out: Plain = {};
    for (const [k, v] of Object.entries(value)) out[k] = deepClone(v);
    return out as T;
  }
  return value;
}

export function getProperty(object: unknown, key: string): unknown {
  let target: unknown = object;
  for (const part of key.split(".")) {
    if (target === null || typeof target !== "object") return undefined;
    target = (target as Plain)[part];
  }
  return target;
}

export function setProperty(object: Plain, key: string, value: unknown): boolean {
  const parts = key.split(".");
  const last = parts.pop() ?? key;
  let target: Plain = object;
  for (const part of parts) {
    const next = target[part];
    if (!isPlainObject(next)) target[part] = {};
    target = target[part] as Plain;
  }
  target[last] = value;
  return true;
}

export function hasProperty(object: unknown, key: string): boolean {
  const parts = key.split(".");
  const last = parts.pop() ?? key;
  const parent = parts.length ? getProperty(object, parts.join(".")) : object;
  return parent !== null && typeof parent === "object" && last in parent;
}

/** `{"a.b": 1}` → `{a: {b: 1}}`. */
export function expandObject(object: Plain): Plain {
  const out: Plain = {};
  for (const [k, v] of Object.entries(object)) setProperty(out, k, isPlainObject(v) ? expandObject(v) : v);
  return out;
}

/** `{a: {b: 1}}` → `{"a.b": 1}`. */
export function flattenObject(object: Plain, prefix = ""): Plain {
  const out: Plain = {};
  for (const [k, v] of Object.entries(object)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isPlainObject(v) && Object.keys(v).length) Object.assign(out, flattenObject(v, key));
    else out[key] = v;
  }
  return out;
}

export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  inplace?: boolean;
  performDeletions?: boolean;
}

/** Deep merge with Foundry's defaults (in place, insert keys, overwrite; `-=key` deletes when asked). */
export function mergeObject<T extends Plain>(original: T, other: Plain = {}, options: MergeOptions = {}): T {
  const {
    insertKeys = true,
    insertValues = true,
    overwrite = true,
    inplace = true,
    performDeletions = false,
  } = options;
  const target: Plain = inplace ? original : deepClone(original);
  for (const [rawKey, value] of Object.entries(expandObject(other))) {
    if (performDeletions && rawKey.startsWith("-=")) {
      delete target[rawKey.slice(2)];
      continue;
    }
    const exists = rawKey in target;
    const current = target[rawKey];
    if (isPlainObject(current) && isPlainObject(value)) {
      mergeObject(current, value, { ...options, inplace: true });
    } else if (!exists) {
      const insert = isPlainObject(value) ? insertKeys : insertValues;
      if (insert) target[rawKey] = deepClone(value);
    } else if (overwrite) {
      target[rawKey] = deepClone(value);
    }
  }
  return target as T;
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Map || value instanceof Set) return value.size === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

let idCounter = 0;
/** Deterministic 16-character ids, so tests can rely on them. */
export function randomID(length = 16): string {
  idCounter += 1;
  // Padded on the left: right-padding made counter 1 and counter 36 ("1", "10") the same id.
  const n = idCounter.toString(36);
  return `dbl${n.padStart(Math.max(0, length - 3), "0")}`.slice(-length);
}
export function resetRandomID(): void {
  idCounter = 0;
}

/**
 * fvtt-types `foundry.utils.getRoute`: "Get the URL route for a certain path which includes a path prefix, if one is
 * set" (`prefix` defaults to `globalThis.ROUTE_PREFIX`); an absolute path from the server's root.
 */
export function getRoute(path: string, { prefix }: { prefix?: string | null } = {}): string {
  const routePrefix = prefix ?? (globalThis as { ROUTE_PREFIX?: string }).ROUTE_PREFIX ?? "";
  const parts = [routePrefix, path].map((p) => p.replace(/^\/+|\/+$/g, "")).filter(Boolean);
  return `/${parts.join("/")}`;
}

export const utils = {
  deepClone,
  getRoute,
  getProperty,
  setProperty,
  hasProperty,
  expandObject,
  flattenObject,
  mergeObject,
  isEmpty,
  randomID,
  duplicate: <T>(v: T): T => deepClone(v),
  getType: (v: unknown): string =>
    v === null ? "null" : Array.isArray(v) ? "Array" : typeof v === "object" ? "Object" : typeof v,
};
