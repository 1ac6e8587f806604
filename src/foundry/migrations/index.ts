/**
 * The migration runner: at ready, on the serving page of the active GM only (relay/session.ts), when the world's
 * `schemaVersion` is older than the code's, every document a world holds is migrated with the steps of steps.ts
 * (what world.ts gathers: actors with their items and items, invalid ones too; the actors of unlinked tokens on
 * scenes; chat messages, macros, roll tables; world compendia of those kinds, a locked pack unlocked for it and
 * locked again), then the version is saved. A progress notice stays until the run ends. A document that fails is
 * reported and skipped; the version is raised only when every document succeeded, so the next start retries the
 * failures. A page of the same GM that loads meanwhile takes the service: this page stops after its current document
 * and the new one runs from the start (a step leaves an already migrated document alone, as a retry after a failure
 * needs anyway).
 */
import { pluralKey } from "../i18n/plural.ts";
import { SYSTEM_ID } from "../ruleset.ts";
import { currentSchemaVersion, migrateSource, type DocumentKind, type Source } from "./steps.ts";
import type {
  MigrationGoOn,
  MigratableDocument,
  MigratablePack,
  MigrationProgress,
  MigrationReport,
  MigrationSources,
} from "./types.ts";
import { worldSources, type MigrationWorld } from "./world.ts";
import { claimServing, isServingSession } from "../relay/session.ts";

export type { MigratableDocument, MigratablePack, MigrationProgress, MigrationReport, MigrationSources };

const KINDS: readonly string[] = ["Actor", "Item", "ChatMessage", "Macro", "RollTable"] satisfies DocumentKind[];

function kindOf(doc: MigratableDocument): DocumentKind | null {
  return KINDS.includes(doc.documentName) ? (doc.documentName as DocumentKind) : null;
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
    report.failed.push({ name: doc.name ?? kind, error: String(err) });
  }
  if (kind === "Actor" && doc.items) for (const item of doc.items) await migrateDocument(item, fromVersion, report);
}

/**
 * A locked pack is unlocked for the migration and locked again after (as dnd5e's world migration does); a pack that
 * cannot be unlocked or read is a failure, so the schema version is not raised and the next start retries it.
 */
async function migratePack(
  pack: MigratablePack,
  fromVersion: number,
  report: MigrationReport,
  goOn: MigrationGoOn,
): Promise<void> {
  const wasLocked = pack.locked;
  try {
    if (wasLocked) await pack.configure({ locked: false });
    for (const doc of await pack.getDocuments()) {
      if (!goOn()) return void (report.interrupted = true);
      await migrateDocument(doc, fromVersion, report);
    }
  } catch (err) {
    report.failed.push({ name: pack.collection, error: String(err) });
  } finally {
    if (wasLocked) await pack.configure({ locked: true }).catch(() => undefined);
  }
}

export async function runMigration(
  sources: MigrationSources,
  fromVersion: number,
  progress: MigrationProgress = () => undefined,
  goOn: MigrationGoOn = () => true,
): Promise<MigrationReport> {
  const report: MigrationReport = { from: fromVersion, to: currentSchemaVersion(), migrated: 0, failed: [] };
  // World actors first: a token's actor then shows its migrated base, so only its delta's old data is written.
  const docs = [
    sources.actors,
    sources.items,
    sources.tokenActors,
    sources.messages,
    sources.macros,
    sources.tables,
  ].flatMap((list) => [...(list ?? [])]);
  const packs = [...sources.packs];
  const total = docs.length + packs.length;
  let done = 0;
  for (const doc of docs) {
    if (!goOn()) return { ...report, interrupted: true };
    await migrateDocument(doc, fromVersion, report);
    progress(++done, total);
  }
  for (const pack of packs) {
    if (!goOn()) return { ...report, interrupted: true };
    await migratePack(pack, fromVersion, report, goOn);
    if (report.interrupted) return report;
    progress(++done, total);
  }
  return report;
}

/** The notice the GM sees until the run ends (fvtt-types `Notifications`: `progress`, `update`, `remove`). */
interface ProgressNotices {
  info(message: string, options?: { progress?: boolean; permanent?: boolean }): unknown;
  update?(notification: never, update: { pct: number; message?: string }): void;
  remove?(notification: never): void;
}

function progressNotice(message: string): { step: MigrationProgress; close(): void } {
  const notices = ui.notifications as ProgressNotices | undefined;
  const notice = notices?.info(message, { progress: true, permanent: true });
  return {
    step: (done, total) => notices?.update?.(notice as never, { pct: total ? done / total : 1 }),
    close: () => notices?.remove?.(notice as never),
  };
}

/**
 * At ready: the GM migrates when the world is older than the code; a new world just records the version. One page
 * of the active GM runs it: it claims the service first (a page of the same GM that closed may still hold it), and
 * runs only while it serves, so two pages never migrate the world together.
 */
export async function migrateWorldIfNeeded(): Promise<MigrationReport | null> {
  const settings = game.settings;
  if (!settings || !game.user?.isGM || !game.users?.activeGM?.isSelf) return null;
  await claimServing();
  if (!isServingSession()) return null;
  const target = currentSchemaVersion();
  const stored = settings.get(SYSTEM_ID, "schemaVersion");
  // A narrow view of `game` (world.ts): fvtt-types' collection generics do not assign to it structurally.
  const sources = worldSources(game as unknown as MigrationWorld);
  const empty = [
    sources.actors,
    sources.items,
    sources.messages,
    sources.tokenActors,
    sources.macros,
    sources.tables,
  ].every((list) => [...(list ?? [])].length === 0);
  if (stored >= target) return null;
  if (stored === 0 && empty) {
    await settings.set(SYSTEM_ID, "schemaVersion", target);
    return null;
  }
  const i18n = game.i18n;
  const notice = progressNotice(i18n?.format("QUINTETTE.Migration.Start", { version: String(target) }) ?? "");
  const report = await runMigration(sources, stored, notice.step, isServingSession).finally(() => notice.close());
  if (report.interrupted) {
    console.info("Quintette migration: another page of the GM took over and runs it");
  } else if (report.failed.length) {
    for (const f of report.failed) console.error(`Quintette migration: ${f.name}: ${f.error}`);
    ui.notifications?.error(
      i18n?.format(pluralKey("QUINTETTE.Migration.Failed", report.failed.length), {
        count: String(report.failed.length),
      }) ?? "",
    );
  } else {
    await settings.set(SYSTEM_ID, "schemaVersion", target);
    ui.notifications?.info(
      i18n?.format(pluralKey("QUINTETTE.Migration.Done", report.migrated), { count: String(report.migrated) }) ?? "",
    );
  }
  return report;
}
