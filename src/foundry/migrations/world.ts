/**
 * Everything of a world the runner visits, as dnd5e's world migration reaches it: world actors and items valid or
 * not, the actors of unlinked tokens on every scene, macros, roll tables, chat messages, and the world's compendia
 * of those kinds. Read through narrow views of `game` so the runner and its tests share one shape.
 */
import { OLD_BIOGRAPHY_KEYS } from "./steps.ts";
import type { MigratableDocument, MigratablePack, MigrationSources } from "./types.ts";

/** A world collection as the runner reads it (fvtt-types `DocumentCollection`: `invalidDocumentIds`, `getInvalid`). */
interface WorldCollection extends Iterable<MigratableDocument> {
  invalidDocumentIds?: Set<string>;
  getInvalid?(id: string): MigratableDocument & { id?: string | null };
}

/**
 * A scene's token (fvtt-types `TokenDocument`: `actorLink`, `actor`, the synthetic actor of an unlinked token, and
 * `baseActor`, the world actor under its delta).
 */
interface SceneToken {
  id?: string | null;
  actorLink: boolean;
  actor: MigratableDocument | null;
  baseActor?: MigratableDocument | null;
}
interface WorldScene {
  id?: string | null;
  tokens: Iterable<SceneToken>;
}

interface WorldPack {
  collection: string;
  documentName: string;
  locked: boolean;
  metadata: { packageType: string };
  configure(changes: { locked: boolean }): Promise<unknown>;
  getDocuments(): Promise<Iterable<MigratableDocument>>;
}

/** The parts of `game` the runner reads; `data` holds the world's raw sources (invalid documents are read there). */
export interface MigrationWorld {
  actors?: WorldCollection;
  items?: WorldCollection;
  messages?: WorldCollection;
  macros?: WorldCollection;
  tables?: WorldCollection;
  scenes?: Iterable<WorldScene>;
  packs?: Iterable<WorldPack>;
  data?: Partial<Record<string, { _id?: string }[]>>;
}

/** Compendium kinds whose documents the steps may change; the system's own packs are built at the current schema. */
export const MIGRATED_PACK_TYPES = ["Actor", "Item", "Macro", "RollTable"];

/**
 * Valid documents, then invalid ones. An invalid document's own data is cleaned or a fallback, so its source is the
 * world's raw record (`game.data.<collection>`), as dnd5e reads it; its update goes through the document.
 */
function withInvalid(
  collection: WorldCollection | undefined,
  raw: { _id?: string }[] | undefined,
): MigratableDocument[] {
  if (!collection) return [];
  const docs = [...collection];
  for (const id of collection.invalidDocumentIds ?? []) {
    const doc = collection.getInvalid?.(id);
    const source = raw?.find((r) => r._id === id);
    if (!doc) continue;
    docs.push({
      documentName: doc.documentName,
      name: doc.name ?? id,
      toObject: () => structuredClone(source ?? doc.toObject()),
      update: (changes, options) => doc.update(changes, options),
      items: doc.items,
    });
  }
  return docs;
}

/** The `system` of a token's delta as the server stores it (`game.data.scenes[].tokens[].delta`), if any. */
function storedDeltaSystem(
  raw: { _id?: string }[] | undefined,
  scene: WorldScene,
  token: SceneToken,
): Record<string, unknown> | null {
  const record: unknown = raw?.find((r) => r._id === scene.id);
  const tokens = isRecord(record) && Array.isArray(record.tokens) ? (record.tokens as unknown[]) : [];
  const stored = tokens.find((t) => isRecord(t) && t._id === token.id);
  const delta = isRecord(stored) ? stored.delta : null;
  return isRecord(delta) && isRecord(delta.system) ? delta.system : null;
}

/**
 * An unlinked token's actor whose stored delta holds an old biography key: the delta keeps an undeclared key as the
 * server stores it, and the synthetic actor shows it moved in memory only, as a world actor does (`withStored`).
 * The biography to start from is the delta's own, else the base actor's (migrated before the token actors).
 */
function withStoredDelta(
  token: SceneToken,
  actor: MigratableDocument,
  stored: Record<string, unknown>,
): MigratableDocument {
  return {
    documentName: actor.documentName,
    name: actor.name,
    toObject: () => {
      const source = actor.toObject() as Record<string, unknown>;
      const system = isRecord(source.system) ? source.system : {};
      const baseSource: unknown = token.baseActor?.toObject();
      const baseSystem = isRecord(baseSource) ? baseSource.system : null;
      const base = isRecord(baseSystem) && typeof baseSystem.biography === "string" ? baseSystem.biography : "";
      const merged: Record<string, unknown> = { ...system, ...structuredClone(stored) };
      merged.biography = typeof stored.biography === "string" ? stored.biography : base;
      return { ...source, system: merged };
    },
    update: (changes: Record<string, unknown>, options?: object) => actor.update(changes, options),
    items: actor.items,
  };
}

/** The synthetic actors of unlinked tokens: their updates write the token's delta, never the base actor. */
function tokenActors(scenes: Iterable<WorldScene> | undefined, raw: { _id?: string }[] | undefined) {
  const out: MigratableDocument[] = [];
  for (const scene of scenes ?? [])
    for (const token of scene.tokens) {
      if (token.actorLink || !token.actor) continue;
      const stored = storedDeltaSystem(raw, scene, token);
      const old = stored && OLD_BIOGRAPHY_KEYS.some((key) => key in stored);
      out.push(old ? withStoredDelta(token, token.actor, stored) : token.actor);
    }
  return out;
}

function worldPacks(packs: Iterable<WorldPack> | undefined): MigratablePack[] {
  const out: MigratablePack[] = [];
  for (const pack of packs ?? []) {
    if (!MIGRATED_PACK_TYPES.includes(pack.documentName) || pack.metadata.packageType !== "world") continue;
    out.push({
      collection: pack.collection,
      get locked() {
        return pack.locked;
      },
      configure: (changes) => pack.configure(changes),
      getDocuments: () => pack.getDocuments(),
    });
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * World actors as the server stores them: the cleaned source with the raw record's `system` keys over it
 * (`game.data.actors`, the world's data as the server sent it). Foundry's server keeps undeclared `system` keys until
 * an update deletes them; a data model's `migrateData` moves them in memory only, so a step sees them only here.
 */
function withStored(docs: MigratableDocument[], raw: { _id?: string }[] | undefined): MigratableDocument[] {
  if (!raw?.length) return docs;
  return docs.map((doc) => {
    const id = (doc as { id?: unknown }).id;
    const record: unknown = raw.find((r) => r._id === id);
    if (typeof id !== "string" || !isRecord(record) || !isRecord(record.system)) return doc;
    const stored = record.system;
    return {
      documentName: doc.documentName,
      name: doc.name,
      toObject: () => {
        const source = doc.toObject() as Record<string, unknown>;
        const system = isRecord(source.system) ? source.system : {};
        const merged: Record<string, unknown> = { ...system, ...structuredClone(stored) };
        // `biography` in memory already holds what migrateData moved into it: the stored value is the one to start from.
        if (OLD_BIOGRAPHY_KEYS.some((key) => key in stored)) merged.biography = stored.biography ?? "";
        return { ...source, system: merged };
      },
      update: (changes, options) => doc.update(changes, options),
      items: doc.items,
    };
  });
}

export function worldSources(world: MigrationWorld): MigrationSources {
  return {
    actors: withStored(withInvalid(world.actors, world.data?.actors), world.data?.actors),
    items: withInvalid(world.items, world.data?.items),
    messages: withInvalid(world.messages, world.data?.messages),
    // After the world actors: a token's actor then shows the migrated base and only its delta's old data changes.
    tokenActors: tokenActors(world.scenes, world.data?.scenes),
    macros: withInvalid(world.macros, world.data?.macros),
    tables: withInvalid(world.tables, world.data?.tables),
    packs: worldPacks(world.packs),
  };
}
