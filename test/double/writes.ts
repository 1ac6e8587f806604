/**
 * The three document workflows of Foundry's client, run through the simulated server (server.ts): create, update,
 * delete. The writer's client runs the `_pre…` method and the `pre…` hook first (false cancels), then the request makes
 * its round trip. Sources: fvtt-types `ClientDocument#_preCreate`/`_preUpdate`/`_preDelete` ("Pre-process a
 * creation/update/deletion operation for a single Document instance… Return false to exclude this Document from the
 * operation"), `Hooks.PreCreateDocument`/`PreUpdateDocument`/`PreDeleteDocument` ("…fires for every Document type
 * before execution of a … workflow… This hook only fires for the client who is initiating the … request"; false
 * prevents it), `Hooks.CreateDocument`/`UpdateDocument`/`DeleteDocument` ("…fires for all connected clients after the
 * … has been processed"), `ClientDocument#_onCreate`/`_onUpdate`/`_onDelete` (with the `userId` "who triggered the
 * … workflow"), `DatabaseCreateOperation.keepId` ("Retain the _id values of provided data instead of generating new
 * ids").
 */
import { currentUser, type ClientUser } from "./context.ts";
import { call, callAll, diffSource, holdSource, releaseSource, roundTrip, serverSource } from "./server.ts";
import { deepClone, expandObject, randomID, type Plain } from "./utils.ts";

/** What a document of the double offers the workflows. */
export interface WritableDoc {
  readonly id: string;
  readonly documentName: string;
  deleted: boolean;
  toObject(): Plain;
  applyUpdate(changes: Plain, options?: Plain): void;
  recordUpdate(changes: Plain, options: Plain, userId: string): void;
  /** A fresh document built from a source, as the server builds one to clean data (never stored). */
  serverCopy(source: Plain): WritableDoc;
  /** Keys of embedded collections: changed by their own operations, never by an update diff. */
  readonly embeddedKeys: readonly string[];
  /** Throws "User … lacks permission …" when the server refuses the action to `user`. */
  assertWrite(action: "update" | "delete", user: ClientUser, changes: Plain): void;
  _preUpdate(changes: Plain, options: Plain, user: ClientUser): Promise<boolean | void>;
  _onUpdate(changed: Plain, options: Plain, userId: string): void;
  _preDelete(options: Plain, user: ClientUser): Promise<boolean | void>;
  _onDelete(options: Plain, userId: string): void;
  _onCreate(data: Plain, options: Plain, userId: string): void;
  /** Removes the document from the collection that holds it (world or parent). */
  detach(): void;
}

const strip = (source: Plain, keys: readonly string[]) => {
  const out = deepClone(source);
  for (const k of keys) delete out[k];
  return out;
};

/**
 * Updates documents in one operation. Resolves with the documents whose change reached the clients (none: nothing
 * changed, or `_preUpdate`/a `preUpdate…` hook cancelled).
 */
export async function requestUpdates<D extends WritableDoc>(docs: D[], changes: Plain[], options: Plain = {}) {
  const user = currentUser();
  const asked: Array<{ doc: D; change: Plain }> = [];
  for (const [i, doc] of docs.entries()) {
    // Foundry expands dotted keys before `_preUpdate` and the `preUpdate…` hooks (foundryvtt/foundryvtt#10842: a
    // `"a.0.b"` update arrives there as nested objects), so a listener reads `changes.system.x`, never `"system.x"`.
    const change = expandObject(deepClone(changes[i] ?? {}));
    if ((await doc._preUpdate(change, options, user)) === false) continue;
    if (!call(`preUpdate${doc.documentName}`, doc, change, options, user.id)) continue;
    asked.push({ doc, change });
  }
  if (!asked.length) return [] as D[];
  const done = await roundTrip((writer) => {
    const accepted: Array<{ doc: D; changed: Plain }> = [];
    for (const { doc, change } of asked) {
      if (doc.deleted) throw new Error(`${doc.documentName} [${doc.id}] does not exist`);
      doc.assertWrite("update", writer, change);
      const before = serverSource(doc);
      const copy = doc.serverCopy(before);
      // Schema cleaning and validation on the server's copy: an invalid change rejects the whole operation.
      copy.applyUpdate(deepClone(change));
      const after = copy.toObject();
      const diff = diffSource(strip(before, doc.embeddedKeys), strip(after, doc.embeddedKeys));
      if (!Object.keys(diff).length) continue;
      holdSource(doc, after);
      doc.recordUpdate(change, options, writer.id);
      accepted.push({ doc, changed: { ...diff, _id: doc.id } });
    }
    if (!accepted.length) return null;
    return {
      apply: () => {
        for (const { doc, changed } of accepted) {
          doc.applyUpdate(deepClone(changed), { broadcast: true });
          releaseSource(doc);
        }
        return accepted.map((a) => a.doc);
      },
      notify: () => {
        for (const { doc, changed } of accepted) doc._onUpdate(deepClone(changed), options, writer.id);
        notifyParents(accepted, options, writer.id);
        for (const { doc, changed } of accepted)
          callAll(`update${doc.documentName}`, doc, deepClone(changed), options, writer.id);
      },
    };
  });
  return done ?? ([] as D[]);
}

interface DescendantParent {
  _onUpdateDescendantDocuments(
    parent: unknown,
    collection: string,
    documents: WritableDoc[],
    changes: Plain[],
    options: Plain,
    userId: string,
  ): void;
}

/**
 * Once per operation, each parent of the updated embedded documents hears of the whole batch (fvtt-types
 * `Document#_onUpdateDescendantDocuments`, which systems override: "Ptr2eCombat extends Combat"; `Combat#debounceSetup`:
 * "de-duplicate multiple concurrent Combatant changes").
 */
function notifyParents(accepted: Array<{ doc: WritableDoc; changed: Plain }>, options: Plain, userId: string): void {
  const byParent = new Map<DescendantParent, Array<{ doc: WritableDoc; changed: Plain }>>();
  for (const entry of accepted) {
    const parent = (entry.doc as { parent?: Partial<DescendantParent> | null }).parent;
    if (typeof parent?._onUpdateDescendantDocuments !== "function") continue;
    const list = byParent.get(parent as DescendantParent) ?? [];
    list.push(entry);
    byParent.set(parent as DescendantParent, list);
  }
  for (const [parent, list] of byParent) {
    const collection = `${list[0]!.doc.documentName.charAt(0).toLowerCase()}${list[0]!.doc.documentName.slice(1)}s`;
    parent._onUpdateDescendantDocuments(
      parent,
      collection,
      list.map((e) => e.doc),
      list.map((e) => deepClone(e.changed)),
      options,
      userId,
    );
  }
}

/** Where a new document goes and who may create it: given by the document's class or its parent. */
export interface CreateSpec<D extends WritableDoc> {
  documentName: string;
  build(source: Plain): D;
  exists(id: string): boolean;
  add(doc: D): void;
  assertCreate(user: ClientUser, source: Plain): void;
  /** Server-set fields (a message's author). */
  serverFields?(source: Plain, writer: ClientUser): void;
}

/**
 * Creates documents in one operation: each is built on the writer's client (`_preCreate(data, options, user)` with the
 * data as given, then `preCreate…`), sent as its source, given an id by the server unless `keepId`, and built again
 * on the clients. Resolves with the created documents.
 */
export async function requestCreates<D extends WritableDoc>(spec: CreateSpec<D>, data: Plain[], options: Plain = {}) {
  const user = currentUser();
  const sources: Plain[] = [];
  for (const raw of data) {
    const given = deepClone(raw);
    const temp = spec.build(deepClone(given));
    const pre = temp as unknown as { _preCreate?(d: Plain, o: Plain, u: ClientUser): Promise<boolean | void> };
    if ((await pre._preCreate?.(deepClone(given), options, user)) === false) continue;
    if (!call(`preCreate${spec.documentName}`, temp, deepClone(given), options, user.id)) continue;
    const source = temp.toObject();
    if (!options.keepId) delete source._id;
    else if (typeof given._id === "string") source._id = given._id;
    sources.push(source);
  }
  if (!sources.length) return [] as D[];
  const done = await roundTrip((writer) => {
    const accepted = sources.map((source) => {
      spec.serverFields?.(source, writer);
      spec.assertCreate(writer, source);
      if (typeof source._id === "string") {
        if (spec.exists(source._id)) throw new Error(`A ${spec.documentName} with _id ${source._id} already exists`);
      } else source._id = randomID();
      // Cleaned and validated as the server builds it.
      return spec.build(source).toObject();
    });
    let created: D[] = [];
    return {
      apply: () => {
        created = accepted.map((source) => spec.build(deepClone(source)));
        for (const doc of created) spec.add(doc);
        return created;
      },
      notify: () => {
        for (const [i, doc] of created.entries()) {
          doc._onCreate(deepClone(accepted[i] ?? {}), options, writer.id);
          callAll(`create${spec.documentName}`, doc, options, writer.id);
        }
      },
    };
  });
  return done ?? ([] as D[]);
}

/** Deletes documents in one operation; resolves with the deleted documents. */
export async function requestDeletes<D extends WritableDoc>(docs: D[], options: Plain = {}) {
  const user = currentUser();
  const asked: D[] = [];
  for (const doc of docs) {
    if ((await doc._preDelete(options, user)) === false) continue;
    if (!call(`preDelete${doc.documentName}`, doc, options, user.id)) continue;
    asked.push(doc);
  }
  if (!asked.length) return [] as D[];
  const done = await roundTrip((writer) => {
    for (const doc of asked) {
      if (doc.deleted) throw new Error(`${doc.documentName} [${doc.id}] does not exist`);
      doc.assertWrite("delete", writer, {});
    }
    return {
      apply: () => {
        for (const doc of asked) {
          doc.detach();
          doc.deleted = true;
        }
        return asked;
      },
      notify: () => {
        for (const doc of asked) {
          doc._onDelete(options, writer.id);
          callAll(`delete${doc.documentName}`, doc, options, writer.id);
        }
      },
    };
  });
  return done ?? ([] as D[]);
}
