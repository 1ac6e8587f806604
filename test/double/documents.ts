/**
 * Documents: a minimal Actor and Item whose `system` is built from `CONFIG.<Doc>.dataModels[type]`, with
 * update/delete/embedded items, flags and ownership. Updates are atomic like Foundry's: an invalid change throws and
 * leaves the document as it was. Every update is recorded in `updates` for assertions.
 */
import { DataModel, DataModelValidationError, DataModelValidationFailure } from "./fields.ts";
import { currentUser as clientUser, type ClientUser } from "./context.ts";
import { assertDocumentCreate, assertDocumentWrite } from "./permissions.ts";
import { requestCreates, requestDeletes, requestUpdates, type CreateSpec } from "./writes.ts";
import {
  deepClone,
  expandObject,
  getProperty,
  isPlainObject,
  mergeObject,
  randomID,
  setProperty,
  type Plain,
} from "./utils.ts";

export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

export interface DoubleUserLike {
  id: string;
  isGM: boolean;
}

/** `Collection`: a Map with Foundry's array helpers. */
export class DoubleCollection<V> extends Map<string, V> {
  /**
   * Like Foundry's Collection, iterating yields values, not entries. Map's type says entries, so the override keeps
   * Map's signature (narrow cast: the double's own code only iterates with `for…of` over values).
   */
  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.values() as unknown as MapIterator<[string, V]>;
  }
  get contents(): V[] {
    return [...this.values()];
  }
  find(fn: (v: V) => boolean): V | undefined {
    return this.contents.find(fn);
  }
  filter(fn: (v: V) => boolean): V[] {
    return this.contents.filter(fn);
  }
  map<T>(fn: (v: V) => T): T[] {
    return this.contents.map(fn);
  }
  some(fn: (v: V) => boolean): boolean {
    return this.contents.some(fn);
  }
  getName(name: string): V | undefined {
    return this.find((v) => (v as { name?: unknown }).name === name);
  }
}

interface DocumentConfigLike {
  dataModels: Record<string, typeof DataModel>;
}

/** Reads the current user from the installed `game` (tests swap users with `setDoubleUser`). */
function currentUser(): DoubleUserLike {
  return clientUser();
}

export interface UpdateRecord {
  changes: Plain;
  options: Plain;
  userId: string;
}

/**
 * The keys a document's own schema declares besides `_id`, `name`, `type`, `img`, `system`, `flags` and `ownership`
 * (which the base class holds), read from the type package's `Schema` interfaces (fvtt-types
 * client/documents/<document>.d.mts `interface Schema`). A document is a `SchemaField` too, and `SchemaField#_cleanType`
 * "Deletes any keys from `value` not in the schema, including `-=` and `==` keys" (common/data/fields.d.mts): an
 * unknown top-level key given on creation or in an update is dropped, as Foundry drops it.
 */
export const TOP_LEVEL_KEYS: Record<string, readonly string[]> = {
  Actor: ["prototypeToken", "items", "effects", "folder", "sort", "_stats"],
  Item: ["effects", "folder", "sort", "_stats"],
  Combatant: ["actorId", "tokenId", "sceneId", "initiative", "hidden", "defeated", "group", "_stats"],
  Combat: ["scene", "groups", "combatants", "active", "round", "turn", "sort", "_stats"],
  ChatMessage: [
    "style",
    "author",
    "timestamp",
    "flavor",
    "title",
    "content",
    "speaker",
    "whisper",
    "blind",
    "rolls",
    "sound",
    "emote",
    "_stats",
  ],
};

const BASE_KEYS = ["_id", "name", "type", "img", "system", "flags", "ownership"];

/** Keeps only the top-level keys the document's schema declares (a `-=key` deletion of a declared key too). */
function declaredOnly(documentName: string, data: Plain): Plain {
  const keys = TOP_LEVEL_KEYS[documentName];
  if (!keys) throw new Error(`The double does not know the schema of ${documentName} documents`);
  const declared = (k: string) => BASE_KEYS.includes(k) || keys.includes(k.replace(/^-=/, ""));
  return Object.fromEntries(Object.entries(data).filter(([k]) => declared(k)));
}

export class DoubleDocument {
  static documentName = "Document";
  static embedded: Record<string, string> = {};

  _id: string;
  name: string;
  type: string;
  img: string;
  flags: Plain;
  ownership: Record<string, number>;
  parent: DoubleDocument | null;
  system: DataModel | Plain;
  readonly updates: UpdateRecord[] = [];
  deleted = false;
  #extra: Plain;

  constructor(data: Plain = {}, { parent = null }: { parent?: DoubleDocument | null } = {}) {
    this._id = typeof data._id === "string" ? data._id : randomID();
    this.name = typeof data.name === "string" ? data.name : "";
    this.type = typeof data.type === "string" ? data.type : "base";
    this.img =
      typeof data.img === "string" ? data.img : (this.constructor as typeof DoubleDocument).getDefaultArtwork(data).img;
    this.flags = isPlainObject(data.flags) ? deepClone(data.flags) : {};
    this.ownership = isPlainObject(data.ownership)
      ? (deepClone(data.ownership) as Record<string, number>)
      : { default: 0 };
    this.parent = parent;
    const { _id: _a, name: _b, type: _c, img: _d, flags: _e, ownership: _f, system: _g, ...extra } = data;
    const defaults = (this.constructor as typeof DoubleDocument).sourceDefaults(data);
    this.#extra = mergeObject(defaults, deepClone(declaredOnly(this.documentName, extra)));
    this.system = this.#buildSystem(isPlainObject(data.system) ? data.system : {});
    this.prepareData();
  }

  /**
   * The image a document whose source names none gets: fvtt-types Actor/Item `Schema.img`, a `FilePathField` whose
   * `initial` is a function of the source data, and `BaseActor.getDefaultArtwork` ("Determine default artwork based on
   * the provided actor data"; 14.x: core "always passes document source"), which a system's document class overrides.
   */
  static getDefaultArtwork(_data?: Plain): { img: string; texture?: { src: string } } {
    return { img: "icons/svg/mystery-man.svg" };
  }

  /** Initial values of the schema's top-level fields besides `system` (none by default). */
  static sourceDefaults(_data: Plain): Plain {
    return {};
  }

  static get config(): DocumentConfigLike | undefined {
    const cfg = (globalThis as { CONFIG?: Record<string, DocumentConfigLike | undefined> }).CONFIG;
    return cfg?.[this.documentName];
  }

  #buildSystem(source: Plain): DataModel | Plain {
    const model = (this.constructor as typeof DoubleDocument).config?.dataModels[this.type];
    return model ? new model(source, { parent: this }) : deepClone(source);
  }

  get id(): string {
    return this._id;
  }
  get documentName(): string {
    return (this.constructor as typeof DoubleDocument).documentName;
  }
  get uuid(): string {
    const own = `${this.documentName}.${this._id}`;
    return this.parent ? `${this.parent.uuid}.${own}` : own;
  }
  get isOwner(): boolean {
    return this.testUserPermission(currentUser(), "OWNER");
  }
  /** fvtt-types `ClientDocument#hasPlayerOwner`: "Test whether this Document is owned by any non-Gamemaster User." */
  get hasPlayerOwner(): boolean {
    const users = (globalThis as { game?: { users?: Iterable<DoubleUserLike> } }).game?.users ?? [];
    return [...users].some((u) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }
  get limited(): boolean {
    const user = currentUser();
    return !user.isGM && this.getUserLevel(user) === OWNERSHIP.LIMITED;
  }
  get isEditable(): boolean {
    return this.isOwner;
  }
  get permission(): number {
    return this.getUserLevel(currentUser());
  }
  getUserLevel(user: DoubleUserLike): number {
    if (user.isGM) return OWNERSHIP.OWNER;
    if (this.parent) return this.parent.getUserLevel(user);
    return this.ownership[user.id] ?? this.ownership.default ?? OWNERSHIP.NONE;
  }
  testUserPermission(user: DoubleUserLike, level: keyof typeof OWNERSHIP | number, { exact = false } = {}): boolean {
    const wanted = typeof level === "number" ? level : OWNERSHIP[level];
    const has = this.getUserLevel(user);
    return exact ? has === wanted : has >= wanted;
  }

  get _source(): Plain {
    return this.toObject();
  }
  toObject(): Plain {
    const system = this.system instanceof DataModel ? this.system.toObject() : deepClone(this.system);
    return {
      ...deepClone(this.#extra),
      _id: this._id,
      name: this.name,
      type: this.type,
      img: this.img,
      system,
      flags: deepClone(this.flags),
      ownership: deepClone(this.ownership),
    };
  }

  prepareData(): void {
    if (this.system instanceof DataModel) {
      this.system.reset();
      const sys = this.system as DataModel & { prepareBaseData?: () => void; prepareDerivedData?: () => void };
      sys.prepareBaseData?.();
      sys.prepareDerivedData?.();
    }
  }

  /**
   * Foundry's `Document#update`: a round trip through the server (writes.ts); resolves with this document once the
   * writer's client applied the change, or undefined when nothing changed (fvtt-types `Document#update`: "@returns
   * The updated Document instance, or undefined if not updated"). Invalid data or a refused write rejects.
   */
  async update(changes: Plain = {}, options: Plain = {}): Promise<this | undefined> {
    const [done] = await requestUpdates([this], [changes], options);
    return done;
  }
  /** Foundry's `Document#delete`: a round trip; resolves with this document once deleted. */
  async delete(options: Plain = {}): Promise<this | undefined> {
    const [done] = await requestDeletes([this], options);
    return done;
  }
  /** Records a database write (not `updateSource`) with the writing user, as the whole change set asked. */
  recordUpdate(changes: Plain, options: Plain = {}, userId: string = currentUser().id): void {
    this.updates.push({ changes: deepClone(changes), options: deepClone(options), userId });
  }

  // ---- The server's view (writes.ts) ----
  readonly embeddedKeys: readonly string[] = [];
  serverCopy(source: Plain): this {
    const Cls = this.constructor as new (data: Plain, context: { parent?: DoubleDocument | null }) => this;
    const copy = new Cls(source, { parent: this.parent });
    copy.#serverCopy = true;
    return copy;
  }
  /** A server-side scratch copy (never stored): it must not touch the clients' replicas. */
  #serverCopy = false;
  get isServerCopy(): boolean {
    return this.#serverCopy;
  }
  assertWrite(action: "update" | "delete", user: ClientUser, changes: Plain): void {
    assertDocumentWrite(this, action, user, changes);
  }
  /**
   * fvtt-types `ClientDocument#_preUpdate`, which calls the system model's (`TypeDataModel#_preUpdate`: "Called by
   * ClientDocument#_preUpdate"); false cancels.
   */
  async _preUpdate(changes: Plain, options: Plain, user: ClientUser): Promise<boolean | void> {
    const sys = this.system as { _preUpdate?: (c: Plain, o: Plain, u: ClientUser) => Promise<boolean | void> };
    if (this.system instanceof DataModel && typeof sys._preUpdate === "function")
      return sys._preUpdate(changes, options, user);
  }
  _onUpdate(changed: Plain, options: Plain, userId: string): void {
    const sys = this.system as { _onUpdate?: (c: Plain, o: Plain, u: string) => void };
    if (this.system instanceof DataModel && typeof sys._onUpdate === "function")
      sys._onUpdate(changed, options, userId);
  }
  async _preDelete(_options: Plain, _user: ClientUser): Promise<boolean | void> {}
  _onDelete(_options: Plain, _userId: string): void {}
  _onCreate(_data: Plain, _options: Plain, _userId: string): void {}
  /** Leaves the collection that holds it. */
  detach(): void {
    const parent = this.parent as (DoubleDocument & { items?: DoubleCollection<DoubleDocument> }) | null;
    if (parent) parent.items?.delete(this._id);
    else worldCollectionOf(this.documentName)?.delete(this._id);
  }
  applyUpdate(changes: Plain, _options: Plain = {}): void {
    const expanded = declaredOnly(this.documentName, expandObject(changes));
    if (isPlainObject(expanded.system)) {
      if (this.system instanceof DataModel) this.system.updateSource(expanded.system);
      else mergeObject(this.system, expanded.system, { performDeletions: true });
    }
    for (const [key, value] of Object.entries(expanded)) {
      if (key === "system" || key === "_id") continue;
      if (key.startsWith("-=")) delete this.#extra[key.slice(2)];
      else if (key === "name" && typeof value === "string") this.name = value;
      else if (key === "img" && typeof value === "string") this.img = value;
      else if (key === "flags" && isPlainObject(value)) mergeObject(this.flags, value, { performDeletions: true });
      else if (key === "ownership" && isPlainObject(value)) Object.assign(this.ownership, value);
      else if (key === "type")
        throw new DataModelValidationError(new DataModelValidationFailure(value, "type is immutable"));
      else if (isPlainObject(value) && isPlainObject(this.#extra[key]))
        mergeObject(this.#extra[key] as Plain, value, { performDeletions: true });
      else this.#extra[key] = deepClone(value);
    }
    this.prepareData();
  }
  /**
   * fvtt-types `Document#clone`: "Clone a document, creating a new document by combining current data with provided
   * overrides. The cloned document is ephemeral and not yet saved to the database." Same id and parent, data prepared.
   */
  clone(data: Plain = {}): this {
    const source = mergeObject(this.toObject(), expandObject(data), { performDeletions: true });
    const Cls = this.constructor as new (data: Plain, context: { parent?: DoubleDocument | null }) => this;
    return new Cls(source, { parent: this.parent });
  }

  getFlag(scope: string, key: string): unknown {
    return getProperty(this.flags[scope], key);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    const flags: Plain = {};
    setProperty(flags, `${scope}.${key}`, value);
    return this.update({ flags });
  }
  /**
   * fvtt-types `Document#unsetFlag`: "Remove a flag assigned to the document"; it is an update with a `-=` deletion
   * key, so it is permission-checked, recorded and seen by hooks like any other write.
   */
  async unsetFlag(scope: string, key: string): Promise<this | undefined> {
    const parts = key.split(".");
    const last = parts.pop() ?? key;
    const changes: Plain = {};
    setProperty(changes, ["flags", scope, ...parts, `-=${last}`].join("."), null);
    return this.update(changes);
  }

  /**
   * `Document#updateSource`: changes the source without a database write (used in `_preCreate`). fvtt-types
   * `DataModel#updateSource`: "Update the DataModel locally by applying an object of changes to its source data."
   */
  updateSource(changes: Plain = {}): Plain {
    this.applyUpdate(changes, { source: true });
    return changes;
  }

  /**
   * `Document#_preCreate(data, options, user)`: runs on the creating client before the write; false cancels. Foundry
   * calls the system model's `_preCreate` from it with the same arguments (fvtt-types `TypeDataModel#_preCreate`:
   * "Called by ClientDocument#_preCreate. @param data - The initial data object provided to the document creation
   * request": the whole creation data, `type`, `name`, `items`, `prototypeToken`…, not only `system`).
   */
  async _preCreate(data: Plain, options: Plain, user: DoubleUserLike): Promise<boolean | void> {
    const sys = this.system as { _preCreate?: (d: Plain, o: Plain, u: DoubleUserLike) => Promise<boolean | void> };
    if (this.system instanceof DataModel && typeof sys._preCreate === "function") {
      return sys._preCreate(data, options, user);
    }
  }

  /** Every `createDialog` call (the double opens no dialog: it resolves null, as when the user closes it). */
  static createDialogCalls: { documentName: string; data: Plain; options: Plain }[] = [];
  /**
   * `ClientDocument.createDialog(data, createOptions, { types })`: a dialog with a select of the allowed sub-types
   * (`options.types`, else every registered type but "base"). fvtt-types `ClientDocument.createDialog` "@throws" and
   * `CreateDialogOptions.types`: "A restriction the selectable sub-types of the Dialog"; with an empty restriction
   * there is nothing to select and Foundry throws (issue 13, item 10), so the double throws too.
   */
  static async createDialog(data: Plain = {}, _createOptions: Plain = {}, options: Plain = {}): Promise<null> {
    const registered = Object.keys(this.config?.dataModels ?? {}).filter((t) => t !== "base");
    const types = Array.isArray(options.types) ? (options.types as string[]) : registered;
    if (!types.length) throw new Error(`No ${this.documentName} types are available to create`);
    DoubleDocument.createDialogCalls.push({ documentName: this.documentName, data, options });
    return null;
  }

  /** fvtt-types `ClientDocument#toDragData`: "Serialize salient information about this Document when dragging it." */
  toDragData(): Plain {
    return { type: this.documentName, uuid: this.uuid };
  }

  static async fromDropData(data: Plain): Promise<DoubleDocument | null> {
    const uuid = typeof data.uuid === "string" ? data.uuid : "";
    const g = globalThis as { fromUuidSync?: (u: string) => DoubleDocument | null };
    return g.fromUuidSync?.(uuid) ?? null;
  }
  get sort(): number {
    const v = this.#extra.sort;
    return typeof v === "number" ? v : 0;
  }

  /** Renders nothing in Node; records the request. */
  sheetRenders = 0;
  get sheet(): { render: (force?: boolean) => void; close: () => Promise<void> } {
    return { render: () => void (this.sheetRenders += 1), close: async () => undefined };
  }
}

export class DoubleItem extends DoubleDocument {
  static override documentName = "Item";
  /** fvtt-types `BaseItem.DEFAULT_ICON`: "@defaultValue `"icons/svg/item-bag.svg"`". */
  static DEFAULT_ICON = "icons/svg/item-bag.svg";
  static override getDefaultArtwork(_data?: Plain): { img: string } {
    return { img: this.DEFAULT_ICON };
  }
  get actor(): DoubleActor | null {
    return this.parent instanceof DoubleActor ? this.parent : null;
  }
  /**
   * An owned item's update re-prepares its actor (whose derived data read its items): foundryvtt/foundryvtt#7987,
   * where the maintainer explains that updating an owned Item runs the parent Actor's data preparation again.
   */
  override applyUpdate(changes: Plain, options: Plain = {}): void {
    super.applyUpdate(changes, options);
    if (this.parent instanceof DoubleActor && !this.isServerCopy) this.parent.prepareData();
  }
  /** An owned item leaves its actor, which prepares its data again (its derived data read its items). */
  override detach(): void {
    super.detach();
    if (this.parent instanceof DoubleActor) this.parent.prepareData();
  }
  /** fvtt-types `BaseItem.canUserCreate`: a world Item needs ITEM_CREATE; an owned one, its Actor's ownership. */
  static async create(
    data: Plain,
    { parent = null, ...options }: { parent?: DoubleDocument | null; [k: string]: unknown } = {},
  ): Promise<DoubleItem> {
    if (parent instanceof DoubleActor) {
      const [owned] = await parent.createEmbeddedDocuments("Item", [data], options);
      if (!owned) throw new Error(`Creation of item ${String(data.name)} cancelled`);
      return owned;
    }
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the class the caller named, read in callbacks
    const Cls = this;
    const [item] = await requestCreates(
      {
        documentName: "Item",
        build: (source) => new Cls(source),
        exists: (id) => worldCollections.items.has(id),
        add: (doc) => void worldCollections.items.set(doc.id, doc),
        assertCreate: (user) => assertDocumentCreate("Item", user, null),
        serverFields: ownedByCreator,
      },
      [data],
      options,
    );
    if (!item) throw new Error(`Creation of item ${String(data.name)} cancelled`);
    return item;
  }
}

export class DoubleActor extends DoubleDocument {
  static override documentName = "Actor";
  readonly items = new DoubleCollection<DoubleItem>();
  /** fvtt-types `BaseActor.DEFAULT_ICON`: "@defaultValue `CONST.DEFAULT_TOKEN`" (`icons/svg/mystery-man.svg`). */
  static DEFAULT_ICON = "icons/svg/mystery-man.svg";
  /** fvtt-types `Actor.GetDefaultArtworkReturn`: the portrait and the prototype token's texture. */
  static override getDefaultArtwork(_data?: Plain): { img: string; texture: { src: string } } {
    return { img: this.DEFAULT_ICON, texture: { src: this.DEFAULT_ICON } };
  }

  /**
   * The prototype token's initial values (fvtt-types client/documents/token.d.mts `Schema`: `actorLink` "@defaultValue
   * `false`", `disposition` "`CONST.TOKEN_DISPOSITIONS.HOSTILE` (`-1`)", `displayName`/`displayBars` "`NONE`", `width`/
   * `height` `1`, bars' `attribute` "`game?.system.primaryTokenAttribute || null`": this system's manifest names none).
   * A player character dropped on a scene is therefore unlinked unless its creation links it.
   */
  static override sourceDefaults(data: Plain): Plain {
    return {
      prototypeToken: {
        name: typeof data.name === "string" ? data.name : "",
        actorLink: false,
        disposition: -1,
        displayName: 0,
        displayBars: 0,
        width: 1,
        height: 1,
        lockRotation: false,
        texture: { src: typeof data.img === "string" ? data.img : this.getDefaultArtwork(data).texture.src },
        bar1: { attribute: null },
        bar2: { attribute: null },
      },
    };
  }

  constructor(data: Plain = {}, context: { parent?: DoubleDocument | null } = {}) {
    super(data, context);
    const items = Array.isArray(data.items) ? data.items : [];
    for (const raw of items) if (isPlainObject(raw)) this.#addItem(raw);
    this.prepareData();
  }
  #addItem(raw: Plain): DoubleItem {
    const item = new (itemClass())(raw, { parent: this });
    this.items.set(item.id, item);
    return item;
  }
  override toObject(): Plain {
    const out = super.toObject();
    out.items = this.items ? this.items.map((i) => i.toObject()) : [];
    return out;
  }
  /**
   * Embedded Items: one operation through the server (writes.ts) each, the parent Actor's ownership deciding (fvtt-types
   * `BaseItem.canUserCreate` / embedded documents' `getUserLevel` read the parent). fvtt-types
   * `DatabaseCreateOperation.keepId`: "Retain the _id values of provided data instead of generating new ids"; without
   * it every created item gets a fresh id (dropping the same item twice makes two copies).
   */
  async createEmbeddedDocuments(name: string, data: Plain[], options: Plain = {}): Promise<DoubleItem[]> {
    if (name !== "Item") throw new Error(`The double only embeds Items, not ${name}`);
    return requestCreates(this.#itemSpec(), data, options);
  }
  #itemSpec(): CreateSpec<DoubleItem> {
    return {
      documentName: "Item",
      build: (source) => new (itemClass())(source, { parent: this }),
      exists: (id) => this.items.has(id),
      add: (item) => {
        this.items.set(item.id, item);
        this.prepareData();
      },
      assertCreate: (user) => assertDocumentCreate("Item", user, this),
    };
  }
  async updateEmbeddedDocuments(name: string, updates: Plain[], options: Plain = {}): Promise<DoubleItem[]> {
    if (name !== "Item") throw new Error(`The double only embeds Items, not ${name}`);
    const items = updates.map((u) => {
      const item = typeof u._id === "string" ? this.items.get(u._id) : undefined;
      // The double cannot tell what a write to a missing item meant: it fails loudly rather than skip it.
      if (!item) throw new Error(`No Item [${String(u._id)}] on Actor [${this.id}] to update`);
      return item;
    });
    return requestUpdates(items, updates, options);
  }
  async deleteEmbeddedDocuments(name: string, ids: string[], options: Plain = {}): Promise<DoubleItem[]> {
    if (name !== "Item") throw new Error(`The double only embeds Items, not ${name}`);
    const items = ids.map((id) => {
      const item = this.items.get(id);
      if (!item) throw new Error(`No Item [${id}] on Actor [${this.id}] to delete`);
      return item;
    });
    return requestDeletes(items, options);
  }
  override readonly embeddedKeys = ["items"];
  /**
   * `Document.create`: `_preCreate(data, options, user)` with the creation data as given and the `preCreateActor`
   * hook on the creating client, then the server (ACTOR_CREATE) and the broadcast (writes.ts). When `_preCreate`
   * returns false Foundry resolves undefined; the double throws instead, so no test goes on with a missing actor.
   */
  static async create(data: Plain, options: Plain = {}): Promise<DoubleActor> {
    const [actor] = await requestCreates(actorSpec(this), [data], options);
    if (!actor) throw new Error(`Creation of actor ${String(data.name)} cancelled by _preCreate or preCreateActor`);
    return actor;
  }
  /** Embedded items given to `updateSource` (a `_preCreate` adding items) replace the embedded collection. */
  override applyUpdate(changes: Plain, options: Plain = {}): void {
    const { items, ...rest } = changes;
    if (Array.isArray(items)) {
      if (!options.source) throw new Error("The double changes embedded items with createEmbeddedDocuments only");
      this.items.clear();
      for (const raw of items) if (isPlainObject(raw)) this.#addItem(raw);
    }
    super.applyUpdate(rest, options);
  }
}

/**
 * The class an actor's items are built with: fvtt-types `Actor#items` holds `Item.Implementation`, the configured
 * `CONFIG.Item.documentClass` (the system's, once init has set it).
 */
function itemClass(): typeof DoubleItem {
  const cls = (globalThis as { CONFIG?: { Item?: { documentClass?: unknown } } }).CONFIG?.Item?.documentClass;
  return typeof cls === "function" && (cls === DoubleItem || cls.prototype instanceof DoubleItem)
    ? (cls as typeof DoubleItem)
    : DoubleItem;
}

function actorSpec(Cls: typeof DoubleActor): CreateSpec<DoubleActor> {
  return {
    documentName: "Actor",
    build: (source) => new Cls(source),
    exists: (id) => worldCollections.actors.has(id),
    add: (doc) => void worldCollections.actors.set(doc.id, doc),
    assertCreate: (user) => assertDocumentCreate("Actor", user, null),
    serverFields: ownedByCreator,
  };
}

/**
 * A world Actor or Item is owned by the user who creates it: Foundry writes the creator into `ownership` at OWNER
 * (an actor a GM creates is stored `{ default: 0, <GM's id>: 3 }`; a player who creates a character from the sidebar
 * owns it, or could not even open its sheet).
 */
function ownedByCreator(source: Plain, writer: { id: string }): void {
  const ownership = isPlainObject(source.ownership) ? source.ownership : { default: OWNERSHIP.NONE };
  source.ownership = { ...ownership, [writer.id]: OWNERSHIP.OWNER };
}

/** World collections the double's `game.actors`, `game.items`, `game.messages`, `game.combats` point to. */
export const worldCollections = {
  actors: new DoubleCollection<DoubleActor>(),
  items: new DoubleCollection<DoubleItem>(),
  messages: new DoubleCollection<DoubleDocument>(),
  combats: new DoubleCollection<DoubleDocument>(),
};
/** The world collection of a primary document type (none for embedded ones). */
export function worldCollectionOf(documentName: string): DoubleCollection<DoubleDocument> | undefined {
  const byName: Record<string, DoubleCollection<DoubleDocument>> = {
    Actor: worldCollections.actors as unknown as DoubleCollection<DoubleDocument>,
    Item: worldCollections.items as unknown as DoubleCollection<DoubleDocument>,
    ChatMessage: worldCollections.messages,
    Combat: worldCollections.combats,
  };
  return byName[documentName];
}
