/**
 * Migration steps, pure: each takes a document's stored source (plain data) and returns the changes to apply (a
 * Foundry update, dotted paths allowed; a deletion in the running generation's form, `deletionOf`: v13's `-=key`,
 * v14's operator) or null when nothing changes. Steps never drop data: a renamed field is copied to its new place
 * before the old one is removed, and unknown fields are left alone.
 */
import { deletionOf, isDeletionOperator } from "../trust/deletion.ts";

/** What the runner visits; an unlinked token's actor is an "Actor" (its delta is what gets written). */
export type DocumentKind = "Actor" | "Item" | "ChatMessage" | "Macro" | "RollTable";

export type Source = Record<string, unknown>;
export type Changes = Record<string, unknown>;

export interface MigrationStep {
  /** The schema version this step brings a document to. */
  version: number;
  /** What it does, for the console and the report. */
  description: string;
  migrate(kind: DocumentKind, source: Source): Changes | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Actor system keys of older worlds, moved to `biography` by every actor data model's `static migrateData` (in memory:
 * step `toV2` writes it). Foundry's schema cleaning drops keys the schema does not declare, so `toObject()` never shows them
 * (fvtt-types `DataModel.migrateData`: "Migrate candidate source data … from which the model will be constructed").
 * `biographie` (the published Trinités system's key) and `description` (an actor description) join `biography`,
 * after what it already holds; nothing is lost. Mutates and returns `source`, as `migrateData` expects.
 */
export const OLD_BIOGRAPHY_KEYS = ["biographie", "description"] as const;

export function migrateActorSystemSource<T extends object>(source: T): T {
  const sys = source as Record<string, unknown>;
  for (const key of OLD_BIOGRAPHY_KEYS) {
    if (!(key in sys)) continue;
    const old = sys[key];
    delete sys[key];
    if (typeof old !== "string" || !old) continue;
    const current = typeof sys.biography === "string" ? sys.biography : "";
    sys.biography = current ? `${current}${old}` : old;
  }
  return source;
}

/**
 * Version 1: the first schema. Older worlds kept card state in the `world` flag scope (a mistake of the published
 * Trinités system); it moves to the system scope, nothing is lost: when the message already holds a system-scope
 * card, the old one stays where it is. (Old biography keys: the data models move them on load,
 * `migrateActorSystemSource`, and version 2 writes that.)
 */
export const toV1: MigrationStep = {
  version: 1,
  description: "Move world-scoped card flags to the system scope",
  migrate(kind, source) {
    const changes: Changes = {};
    const flags = isObject(source.flags) ? source.flags : {};
    const world = isObject(flags.world) ? flags.world : null;
    if (kind === "ChatMessage" && world && "card" in world) {
      const system = isObject(flags.quintette) ? flags.quintette : {};
      if (!("card" in system)) {
        changes["flags.quintette.card"] = world.card;
        Object.assign(changes, deletionOf("flags.world", "card"));
      }
    }
    return Object.keys(changes).length ? changes : null;
  },
};

/**
 * Version 2: old biography keys written away. The data models move them into `biography` in memory only
 * (`migrateActorSystemSource`); Foundry's server keeps an undeclared `system` key until an update deletes it, so a
 * saved biography gained the old text again at each reload. On the stored source (migrations/world.ts reads it), the
 * merged biography and the old keys' deletion go in one update; once written there is nothing left to move.
 */
export const toV2: MigrationStep = {
  version: 2,
  description: "Write old biography keys into biography and delete them",
  migrate(kind, source) {
    const system = isObject(source.system) ? source.system : null;
    if (kind !== "Actor" || !system) return null;
    const old = OLD_BIOGRAPHY_KEYS.filter((key) => key in system && !isDeletionOperator(system[key]));
    if (!old.length) return null;
    const merged = migrateActorSystemSource(structuredClone(system));
    const changes: Changes = { "system.biography": typeof merged.biography === "string" ? merged.biography : "" };
    for (const key of old) Object.assign(changes, deletionOf("system", key));
    return changes;
  },
};

/** Every step, in version order. Rule sets append theirs with `registerMigrationStep`. */
const steps: MigrationStep[] = [toV1, toV2];

export function registerMigrationStep(step: MigrationStep): void {
  if (steps.some((s) => s.version === step.version && s.description === step.description)) return;
  steps.push(step);
  steps.sort((a, b) => a.version - b.version);
}

export function migrationSteps(): readonly MigrationStep[] {
  return steps;
}

/** The code's schema version: the highest step. */
export function currentSchemaVersion(): number {
  return steps.reduce((v, s) => Math.max(v, s.version), 0);
}

/** Applies a flat change set to a plain copy (the same semantics as Foundry's update for these paths). */
export function applyChanges(source: Source, changes: Changes): Source {
  const out = structuredClone(source);
  for (const [path, value] of Object.entries(changes)) {
    const parts = path.split(".");
    const last = parts.pop() ?? path;
    let target: Record<string, unknown> = out;
    for (const part of parts) {
      if (!isObject(target[part])) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    if (last.startsWith("-=")) delete target[last.slice(2)];
    else if (isDeletionOperator(value)) delete target[last];
    else target[last] = structuredClone(value);
  }
  return out;
}

/**
 * Runs the steps above `fromVersion` on one source, each seeing the previous one's result; returns the merged flat
 * changes (deletions last-write-wins) or null when nothing changes.
 */
export function migrateSource(kind: DocumentKind, source: Source, fromVersion: number): Changes | null {
  let current = source;
  const merged: Changes = {};
  for (const step of steps) {
    if (step.version <= fromVersion) continue;
    const changes = step.migrate(kind, current);
    if (!changes) continue;
    Object.assign(merged, changes);
    current = applyChanges(current, changes);
  }
  return Object.keys(merged).length ? merged : null;
}
