/**
 * The migration runner: at ready, on the active GM's client only, when the world's `schemaVersion` is older than the
 * code's, every actor (and its items), world item, compendium document and chat message is migrated with the steps of
 * steps.ts, then the version is saved. A document that fails is reported and skipped; the version is still raised
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

export interface MigrationSources {
  actors: Iterable<MigratableDocument>;
  items: Iterable<MigratableDocument>;
  messages: Iterable<MigratableDocument>;
  /** Compendium documents, loaded by the caller (unlocked packs only). */
  compendia: () => Promise<Iterable<MigratableDocument>>;
}

export async function runMigration(sources: MigrationSources, fromVersion: number): Promise<MigrationReport> {
  const report: MigrationReport = { from: fromVersion, to: currentSchemaVersion(), migrated: 0, failed: [] };
  for (const list of [sources.actors, sources.items, sources.messages])
    for (const doc of list) await migrateDocument(doc, fromVersion, report);
  for (const doc of await sources.compendia()) await migrateDocument(doc, fromVersion, report);
  return report;
}

/** Documents of the system's unlocked Actor/Item compendia. */
async function compendiumDocuments(): Promise<MigratableDocument[]> {
  const docs: MigratableDocument[] = [];
  for (const pack of game.packs ?? []) {
    if (pack.locked || !["Actor", "Item"].includes(pack.documentName)) continue;
    if (pack.metadata.packageType !== "world" && pack.metadata.packageName !== SYSTEM_ID) continue;
    const content: { toObject(): object; update(changes: Record<string, unknown>): Promise<unknown> }[] =
      await pack.getDocuments();
    for (const d of content) {
      docs.push({
        documentName: pack.documentName,
        toObject: () => d.toObject(),
        update: (changes) => d.update(changes),
      });
    }
  }
  return docs;
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
      compendia: compendiumDocuments,
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
