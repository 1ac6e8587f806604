/**
 * Migration steps, pure: each takes a document's stored source (plain data) and returns the changes to apply (a
 * Foundry update, dotted paths allowed; `-=key` deletes) or null when nothing changes. Steps never drop data: a
 * renamed field is copied to its new place before the old one is removed, and unknown fields are left alone.
 */

export type DocumentKind = "Actor" | "Item" | "ChatMessage";

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
 * Version 1: the first schema. Older worlds kept card state in the `world` flag scope (a mistake of the published
 * Trinités system) and the biography under `system.biographie` or `system.description` on actors; both move to
 * their shared place, nothing is lost.
 */
export const toV1: MigrationStep = {
  version: 1,
  description: "Move world-scoped card flags to the system scope; unify actor biography",
  migrate(kind, source) {
    const changes: Changes = {};
    const flags = isObject(source.flags) ? source.flags : {};
    const world = isObject(flags.world) ? flags.world : null;
    if (kind === "ChatMessage" && world && "card" in world) {
      const system = isObject(flags.quintette) ? flags.quintette : {};
      if (!("card" in system)) changes["flags.quintette.card"] = world.card;
      changes["flags.world.-=card"] = null;
    }
    const sys = isObject(source.system) ? source.system : null;
    if (kind === "Actor" && sys) {
      const old = typeof sys.biographie === "string" ? sys.biographie : null;
      const current = typeof sys.biography === "string" ? sys.biography : "";
      if (old !== null) {
        changes["system.biography"] = current ? `${current}${old}` : old;
        changes["system.-=biographie"] = null;
      }
    }
    return Object.keys(changes).length ? changes : null;
  },
};

/** Every step, in version order. Rule sets append theirs with `registerMigrationStep`. */
const steps: MigrationStep[] = [toV1];

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
