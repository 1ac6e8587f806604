/**
 * The migration runner: at ready, on the active GM's client only, when the world's `schemaVersion` is older than the
 * code's, every actor (and its items), world item, world compendium document (a locked pack is unlocked for it, pack
 * actors' items too) and chat message is migrated with the steps of steps.ts, then the version is saved. A document that fails is reported and skipped; the version is still raised
 * only when every document succeeded, so the next start retries the failures.
 */
import { SYSTEM_ID } from "../ruleset.ts";
import { currentSchemaVersion, migrateSource, type DocumentKind, type Source } from "./steps.ts";

export interface MigratableDocument {
  documentName: string;
  toObject(): object;
  update(changes: Record<string, unknown>, options?: object): Promise<unknown>;
  items?: Iterable<MigratableDocument>;
}

export interface MigrationReport {
  from: number;
  to: number;
  migrated: number;
  failed: { name: string; error: string }[];
}

function kindOf(doc: MigratableDocument): DocumentKind | null {
  return doc.documentName === "Actor" || doc.documentName === "Item" || doc.documentName === "ChatMessage"
    ? doc.documentName
    : null;
}

/** Migrates one document (and an actor's embedded items); returns how many documents changed. */
export async function migrateDocument(
  doc: MigratableDocument,
  fromVersion: number,
  report: MigrationReport,
): Promise<void> {
  const kind = kindOf(doc);
  if (!kind) return;
  try {
    const changes = migrateSource(kind, doc.toObject() as Source, fromVersion);
    if (changes) {
      await doc.update(changes, { diff: false, render: false, quintetteMigration: true });
      report.migrated += 1;
    }
  } catch (err) {
    report.failed.push({ name: (doc as { name?: string }).name ?? kind, error: String(err) });
  }
  if (kind === "Actor" && doc.items) for (const item of doc.items) await migrateDocument(item, fromVersion, report);
}

/** A compendium as the runner needs it: its lock, and its documents (actors keep their embedded items). */
export interface MigratablePack {
  collection: string;
  locked: boolean;
  configure(changes: { locked: boolean }): Promise<unknown>;
  getDocuments(): Promise<Iterable<MigratableDocument>>;
}

export interface MigrationSources {
  actors: Iterable<MigratableDocument>;
  items: Iterable<MigratableDocument>;
  messages: Iterable<MigratableDocument>;
  /** The Actor/Item compendia to migrate (world packs, locked or not). */
  packs: Iterable<MigratablePack>;
}

/**
 * A locked pack is unlocked for the migration and locked again after (as dnd5e's world migration does); a pack that
 * cannot be unlocked or read is a failure, so the schema version is not raised and the next start retries it.
 */
async function migratePack(pack: MigratablePack, fromVersion: number, report: MigrationReport): Promise<void> {
  const wasLocked = pack.locked;
  try {
    if (wasLocked) await pack.configure({ locked: false });
    for (const doc of await pack.getDocuments()) await migrateDocument(doc, fromVersion, report);
  } catch (err) {
    report.failed.push({ name: pack.collection, error: String(err) });
  } finally {
    if (wasLocked) await pack.configure({ locked: true }).catch(() => undefined);
  }
}

export async function runMigration(sources: MigrationSources, fromVersion: number): Promise<MigrationReport> {
  const report: MigrationReport = { from: fromVersion, to: currentSchemaVersion(), migrated: 0, failed: [] };
  for (const list of [sources.actors, sources.items, sources.messages])
    for (const doc of list) await migrateDocument(doc, fromVersion, report);
  for (const pack of sources.packs) await migratePack(pack, fromVersion, report);
  return report;
}

/**
 * The world's Actor/Item compendia. The system's own packs are built from code at the current schema (and an update
 * of the system replaces them), so they are left alone.
 */
function worldPacks(): MigratablePack[] {
  const packs: MigratablePack[] = [];
  for (const pack of game.packs ?? []) {
    if (!["Actor", "Item"].includes(pack.documentName) || pack.metadata.packageType !== "world") continue;
    packs.push({
      collection: pack.collection,
      get locked() {
        return pack.locked;
      },
      configure: (changes) => pack.configure(changes),
      getDocuments: async (): Promise<MigratableDocument[]> => await pack.getDocuments(),
    });
  }
  return packs;
}

/** At ready: the GM migrates when the world is older than the code; a new world just records the version. */
export async function migrateWorldIfNeeded(): Promise<MigrationReport | null> {
  const settings = game.settings;
  if (!settings || !game.user?.isGM || game.users?.activeGM !== game.user) return null;
  const target = currentSchemaVersion();
  const stored = settings.get(SYSTEM_ID, "schemaVersion");
  const empty = (game.actors?.size ?? 0) + (game.items?.size ?? 0) + (game.messages?.size ?? 0) === 0;
  if (stored >= target) return null;
  if (stored === 0 && empty) {
    await settings.set(SYSTEM_ID, "schemaVersion", target);
    return null;
  }
  const i18n = game.i18n;
  ui.notifications?.info(i18n?.format("QUINTETTE.Migration.Start", { version: String(target) }) ?? "", {
    permanent: false,
  });
  const report = await runMigration(
    {
      actors: game.actors ?? [],
      items: game.items ?? [],
      messages: game.messages ?? [],
      packs: worldPacks(),
    },
    stored,
  );
  if (report.failed.length) {
    for (const f of report.failed) console.error(`Quintette migration: ${f.name}: ${f.error}`);
    ui.notifications?.error(i18n?.format("QUINTETTE.Migration.Failed", { count: String(report.failed.length) }) ?? "");
  } else {
    await settings.set(SYSTEM_ID, "schemaVersion", target);
    ui.notifications?.info(i18n?.format("QUINTETTE.Migration.Done", { count: String(report.migrated) }) ?? "");
  }
  return report;
}
