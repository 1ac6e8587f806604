/** The shapes the migration runner works on (plain views of Foundry documents, so tests can build them). */

export interface MigratableDocument {
  documentName: string;
  name?: string | null;
  toObject(): object;
  update(changes: Record<string, unknown>, options?: object): Promise<unknown>;
  items?: Iterable<MigratableDocument>;
}

export interface MigrationReport {
  from: number;
  to: number;
  migrated: number;
  failed: { name: string; error: string }[];
  /** This page stopped serving during the run (another page of the GM took over and runs it): stopped early. */
  interrupted?: boolean;
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
  /** Synthetic actors of unlinked tokens on scenes (an update writes the token's delta). */
  tokenActors?: Iterable<MigratableDocument>;
  macros?: Iterable<MigratableDocument>;
  tables?: Iterable<MigratableDocument>;
  /** The world's compendia to migrate (locked or not). */
  packs: Iterable<MigratablePack>;
}

/** Called after each world document or pack: how many are done out of how many. */
export type MigrationProgress = (done: number, total: number) => void;

/** Asked before each document: false stops the run (this page no longer serves). */
export type MigrationGoOn = () => boolean;
