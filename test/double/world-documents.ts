/**
 * Opt-in addition to the double for the migration runner: the world documents it visits beyond actors, items and
 * messages. What is faked, each with its source:
 *
 * - Macros and roll tables as plain world documents (`documentName`, `name`, `toObject()`, `update(changes)`), a
 *   roll table's results embedded in its source (fvtt-types BaseRollTable schema: `results`, an embedded collection
 *   of TableResult). `update` takes flat dotted paths and `-=key` deletions (fvtt-types `Document#update`, and
 *   `common/utils/helpers.d.mts` on the `-=` deletion syntax) and is refused unless the writer is a GM, or the
 *   macro's author (fvtt-types BaseMacro `#canModify`: "Is a user able to update an existing Macro?" author or GM).
 * - Invalid documents: a world collection's `invalidDocumentIds` and `getInvalid(id)` (fvtt-types
 *   `DocumentCollection#invalidDocumentIds`, `#getInvalid`: "Obtain a temporary Document instance for a document id
 *   which currently has invalid source data"), their raw records in `game.data.<collection>` (fvtt-types `Game#data`,
 *   the world's data as the server sent it).
 * - Scenes with tokens: `scene.tokens`, a token's `actorLink`, and `token.actor`, for an unlinked token a synthetic
 *   actor that shows the base actor with the token's delta over it and whose updates write the delta only
 *   (fvtt-types `TokenDocument#actor`: "If actorLink is false, this is a synthetic Actor"; `ActorDelta`: "the
 *   differential data a synthetic actor stores"). Only flat `system`/`flags` paths are modelled. An actor's embedded
 *   items are its source's `items`; a synthetic actor's are the base actor's with the delta's `items` over them by id
 *   (fvtt-types `ActorDelta` schema `items`: "An array of embedded item data overrides"), and an item's update on it
 *   writes that item's override into the delta, never the base actor.
 * - `ui.notifications.update(notice, { pct })` and `remove(notice)` for progress notices (fvtt-types
 *   `Notifications#update`: "Update the progress of the notification"; `#remove`).
 */
import { DoubleCollection } from "./documents.ts";
import { randomID } from "./utils.ts";

interface UserLike {
  id: string;
  isGM: boolean;
}
type Source = Record<string, unknown>;

function currentUser(): UserLike {
  return (globalThis as unknown as { game: { user: UserLike } }).game.user;
}

function isObject(value: unknown): value is Source {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Foundry's update semantics for flat dotted paths, with `-=key` deletions. */
export function applyUpdate(source: Source, changes: Source): Source {
  const out = structuredClone(source);
  for (const [path, value] of Object.entries(changes)) {
    const parts = path.split(".");
    const last = parts.pop() ?? path;
    let target = out;
    for (const part of parts) {
      if (!isObject(target[part])) target[part] = {};
      target = target[part] as Source;
    }
    if (last.startsWith("-=")) delete target[last.slice(2)];
    else target[last] = structuredClone(value);
  }
  return out;
}

export class DoubleWorldDocument {
  readonly id: string;
  readonly updates: Source[] = [];
  source: Source;
  constructor(
    readonly documentName: "Macro" | "RollTable" | "Actor" | "Item" | "ChatMessage",
    source: Source,
    readonly authorId: string | null = null,
  ) {
    this.id = typeof source._id === "string" ? source._id : randomID();
    this.source = structuredClone({ ...source, _id: this.id });
  }
  get name(): string {
    return String(this.source.name ?? this.id);
  }
  toObject(): Source {
    return structuredClone(this.source);
  }
  /** An actor's embedded items (its source's `items`), each updated in place by a GM. */
  get items(): EmbeddedItem[] {
    const list = Array.isArray(this.source.items) ? (this.source.items as Source[]) : [];
    return list.map((item) =>
      embeddedItem(item, (next) => {
        this.source.items = list.map((i) => (i._id === next._id ? next : i));
      }),
    );
  }
  async update(changes: Source): Promise<this> {
    const user = currentUser();
    const allowed = user.isGM || (this.documentName === "Macro" && this.authorId === user.id);
    if (!allowed) throw new Error(`User ${user.id} lacks permission to update ${this.documentName} ${this.id}`);
    this.updates.push(changes);
    this.source = applyUpdate(this.source, changes);
    return this;
  }
}

/** An actor's embedded item: its source, and an update (GM only) that hands the new source to `write`. */
export interface EmbeddedItem {
  readonly documentName: "Item";
  readonly name: string;
  toObject(): Source;
  update(changes: Source): Promise<EmbeddedItem>;
}

function embeddedItem(source: Source, write: (next: Source) => void): EmbeddedItem {
  const item: EmbeddedItem = {
    documentName: "Item",
    name: String(source.name ?? ""),
    toObject: () => structuredClone(source),
    async update(changes) {
      if (!currentUser().isGM) throw new Error("only the GM writes this actor's items here");
      write(applyUpdate(source, changes));
      return item;
    },
  };
  return item;
}

/** A world collection that also holds invalid documents, kept apart as Foundry keeps them. */
export class DoubleWorldCollection extends DoubleCollection<DoubleWorldDocument> {
  readonly invalidDocumentIds = new Set<string>();
  readonly #invalid = new Map<string, DoubleWorldDocument>();
  addInvalid(doc: DoubleWorldDocument): void {
    this.invalidDocumentIds.add(doc.id);
    this.#invalid.set(doc.id, doc);
  }
  getInvalid(id: string): DoubleWorldDocument {
    const doc = this.#invalid.get(id);
    if (!doc) throw new Error(`no invalid document ${id}`);
    return doc;
  }
}

/** The synthetic actor of an unlinked token: base under delta; updates write the delta only. */
export class DoubleSyntheticActor {
  readonly documentName = "Actor";
  delta: Source;
  constructor(
    readonly base: DoubleWorldDocument,
    delta: Source = {},
  ) {
    this.delta = structuredClone(delta);
  }
  get name(): string {
    return this.base.name;
  }
  toObject(): Source {
    const merged = this.base.toObject();
    for (const key of ["system", "flags"])
      merged[key] = {
        ...(isObject(merged[key]) ? merged[key] : {}),
        ...(isObject(this.delta[key]) ? this.delta[key] : {}),
      };
    return merged;
  }
  /** The base actor's items with the delta's overrides (by id) over them; an item's write goes to the delta. */
  get items(): EmbeddedItem[] {
    const overrides = Array.isArray(this.delta.items) ? (this.delta.items as Source[]) : [];
    const base = Array.isArray(this.base.source.items) ? (this.base.source.items as Source[]) : [];
    const ids = new Set(overrides.map((i) => i._id));
    return [...base.filter((i) => !ids.has(i._id)), ...overrides].map((item) =>
      embeddedItem(item, (next) => {
        const kept = (Array.isArray(this.delta.items) ? (this.delta.items as Source[]) : []).filter(
          (i) => i._id !== next._id,
        );
        this.delta = { ...this.delta, items: [...kept, next] };
      }),
    );
  }
  async update(changes: Source): Promise<this> {
    if (!currentUser().isGM) throw new Error("only the GM writes an unowned token's actor here");
    this.delta = applyUpdate(this.delta, changes);
    return this;
  }
}

/** fvtt-types `TokenDocument`: `id`, `actorLink`, `actor` (synthetic when unlinked) and `baseActor`. */
export interface DoubleToken {
  id?: string;
  actorLink: boolean;
  actor: DoubleWorldDocument | DoubleSyntheticActor | null;
  baseActor?: DoubleWorldDocument;
}

export interface WorldDocumentsDouble {
  macros: DoubleWorldCollection;
  tables: DoubleWorldCollection;
  scenes: { id?: string; name: string; tokens: DoubleToken[] }[];
  data: Record<string, Source[]>;
  progress: { notice: unknown; pct: number }[];
  removed: unknown[];
}

/** Installs macros, roll tables, scenes, `game.data` and progress notices on the current double's `game` and `ui`. */
export function installWorldDocuments(): WorldDocumentsDouble {
  const g = globalThis as unknown as {
    game: Record<string, unknown>;
    ui: { notifications: Record<string, unknown> };
  };
  const world: WorldDocumentsDouble = {
    macros: new DoubleWorldCollection(),
    tables: new DoubleWorldCollection(),
    scenes: [],
    data: {},
    progress: [],
    removed: [],
  };
  Object.assign(g.game, { macros: world.macros, tables: world.tables, scenes: world.scenes, data: world.data });
  g.ui.notifications.update = (notice: unknown, update: { pct: number }) =>
    world.progress.push({ notice, pct: update.pct });
  g.ui.notifications.remove = (notice: unknown) => world.removed.push(notice);
  return world;
}
