/**
 * Tokens: a TokenDocument in a scene, linked to its world actor or carrying a synthetic actor built from that actor
 * and the token's `delta`. What Foundry documents, and the double follows:
 *
 * - fvtt-types `TokenDocument#actor`: "A lazily evaluated reference to the Actor this Token modifies. If actorLink is
 *   true, then the document is the primary Actor document. Otherwise, the Actor document is a synthetic (ephemeral)
 *   document constructed using the original Actor data and the ActorDelta";
 * - `TokenDocument#isLinked`: "Is this Token linked to its Actor?" (`actorLink`); `PrototypeToken#actorLink`
 *   defaults to false (fvtt-types `BasePrototypeToken` schema, and FOUNDRY-NOTES "a token's actorLink defaults to
 *   false");
 * - `Actor#isToken`: "Test whether an Actor document is a synthetic representation of a Token (if true) or a full
 *   Actor document (if false)"; `Actor#token`: "If this Actor was created from a Token, the TokenDocument it
 *   belongs to"; a synthetic actor's writes are the token's delta (`ActorDelta`: "the differential data of an
 *   unlinked Token's Actor"), never the world actor's;
 * - `Actor#getTokenDocument(data)`: "Create a new TokenDocument, cloning the prototype token's data" (unsaved, the
 *   actor's id and link from its prototype token).
 *
 * - writes: a token is created, updated and deleted through the server like any document (writes.ts): the
 *   `createToken`/`updateToken`/`deleteToken` hooks run on every client with the writer's id; the rights are BaseToken's
 *   metadata (fvtt-types common/documents/token.d.mts: `create: "TOKEN_CREATE"`, `delete: "TOKEN_DELETE"`, update by
 *   an owner).
 *
 * - a synthetic actor follows its base actor: each client receiving the base actor's update runs
 *   `Actor#_updateDependentTokens` → `TokenDocument#_onUpdateBaseActor` → `ActorDelta#updateSyntheticActor`, so the
 *   synthetic actor reads the base actor's new source with the token's delta on top.
 *
 * Not modelled: geometry, a synthetic actor's embedded item writes (they throw).
 */
import { DoubleActor, type DoubleUserLike, OWNERSHIP } from "./documents.ts";
import type { ClientUser } from "./context.ts";
import { userHasPermission } from "./server.ts";
import { requestUpdates } from "./writes.ts";
import { deepClone, expandObject, isPlainObject, mergeObject, randomID, type Plain } from "./utils.ts";

/** The scene a token lives in (scenes.ts). */
export interface TokenParent {
  readonly uuid: string;
}

function currentUser(): DoubleUserLike {
  const user = (globalThis as { game?: { user?: DoubleUserLike } }).game?.user;
  if (!user) throw new Error("The Foundry double is not installed: no current user");
  return user;
}

function worldActor(id: string): DoubleActor | null {
  const actors = (globalThis as { game?: { actors?: Map<string, DoubleActor> } }).game?.actors;
  return actors?.get(id) ?? null;
}

/** The prototype token of an actor (stored under `prototypeToken`), with Foundry's default `actorLink: false`. */
export function prototypeTokenOf(actor: DoubleActor): Plain {
  const stored = actor.toObject().prototypeToken;
  return { actorLink: false, name: actor.name, ...(isPlainObject(stored) ? deepClone(stored) : {}) };
}

export class DoubleTokenDocument {
  static documentName = "Token";
  readonly documentName = "Token";
  _id: string;
  name: string;
  actorId: string;
  actorLink: boolean;
  /** fvtt-types `TokenDocument#x`/`#y`: "The x/y-coordinate of the top-left corner of the Token" (a move changes them). */
  x: number;
  y: number;
  /** The synthetic actor's differences from the world actor (only `system` and `name` here). */
  delta: Plain;
  parent: TokenParent | null;
  readonly updates: { changes: Plain; userId: string }[] = [];
  deleted = false;
  readonly embeddedKeys: readonly string[] = [];
  #synthetic: DoubleActor | null = null;
  #serverCopy = false;

  constructor(data: Plain = {}, { parent = null }: { parent?: TokenParent | null } = {}) {
    this._id = typeof data._id === "string" ? data._id : randomID();
    this.name = typeof data.name === "string" ? data.name : "";
    this.actorId = typeof data.actorId === "string" ? data.actorId : "";
    this.actorLink = data.actorLink === true;
    this.x = typeof data.x === "number" ? data.x : 0;
    this.y = typeof data.y === "number" ? data.y : 0;
    this.delta = isPlainObject(data.delta) ? deepClone(data.delta) : {};
    this.parent = parent;
  }

  get id(): string {
    return this._id;
  }
  get uuid(): string {
    return this.parent ? `${this.parent.uuid}.Token.${this._id}` : `Token.${this._id}`;
  }
  get isLinked(): boolean {
    return this.actorLink;
  }
  /** The world actor when linked; else the synthetic actor (world actor's data and this token's delta). */
  get actor(): DoubleActor | null {
    const base = worldActor(this.actorId);
    if (!base) return null;
    if (this.actorLink) return base;
    this.#synthetic ??= this.#buildSynthetic(base);
    return this.#synthetic;
  }
  /** A token's owner is its actor's owner (the base actor's ownership; the delta changes no rights here). */
  getUserLevel(user: DoubleUserLike): number {
    if (user.isGM) return OWNERSHIP.OWNER;
    return worldActor(this.actorId)?.getUserLevel(user) ?? OWNERSHIP.NONE;
  }
  testUserPermission(user: DoubleUserLike, level: keyof typeof OWNERSHIP | number): boolean {
    return this.getUserLevel(user) >= (typeof level === "number" ? level : OWNERSHIP[level]);
  }
  get isOwner(): boolean {
    return this.testUserPermission(currentUser(), "OWNER");
  }

  toObject(): Plain {
    return {
      _id: this._id,
      name: this.name,
      actorId: this.actorId,
      actorLink: this.actorLink,
      x: this.x,
      y: this.y,
      delta: deepClone(this.delta),
    };
  }

  /**
   * A round trip through the server (owner only); every client then applies it (a `delta` change reaches the synthetic
   * actor) and runs `updateToken`. Resolves undefined when nothing changed, as `Document#update` does.
   */
  async update(changes: Plain = {}, options: Plain = {}): Promise<this | undefined> {
    const [done] = await requestUpdates([this], [changes], options);
    return done;
  }
  /** `Document#delete`: TOKEN_DELETE (or a GM), then `deleteToken` on every client. */
  async delete(options: Plain = {}): Promise<this | undefined> {
    const scene = this.parent as
      (TokenParent & { deleteEmbeddedDocuments?(n: string, ids: string[], o?: Plain): Promise<unknown[]> }) | null;
    if (!scene?.deleteEmbeddedDocuments) throw new Error("A token outside a scene cannot be deleted");
    const [done] = await scene.deleteEmbeddedDocuments("Token", [this._id], options);
    return done ? this : undefined;
  }

  // ---- The server's view (writes.ts) ----
  applyUpdate(changes: Plain, _options: Plain = {}): void {
    const expanded = expandObject(changes);
    if (typeof expanded.name === "string") this.name = expanded.name;
    if (typeof expanded.x === "number") this.x = expanded.x;
    if (typeof expanded.y === "number") this.y = expanded.y;
    if (typeof expanded.actorLink === "boolean") {
      this.actorLink = expanded.actorLink;
      this.#synthetic = null;
    }
    if (isPlainObject(expanded.delta)) {
      mergeObject(this.delta, expanded.delta, { performDeletions: true });
      if (!this.#serverCopy) this.#synthetic?.applyUpdate(deepClone(expanded.delta));
    }
  }
  recordUpdate(changes: Plain, _options: Plain, userId: string): void {
    this.updates.push({ changes: deepClone(changes), userId });
  }
  serverCopy(source: Plain): DoubleTokenDocument {
    const copy = new DoubleTokenDocument(source, { parent: this.parent });
    copy.#serverCopy = true;
    return copy;
  }
  assertWrite(action: "update" | "delete", user: ClientUser): void {
    const allowed =
      action === "update"
        ? this.testUserPermission(user, "OWNER")
        : user.isGM || userHasPermission(user, "TOKEN_DELETE");
    if (!allowed) throw new Error(`User ${user.id} lacks permission to ${action} Token [${this._id}]`);
  }
  async _preUpdate(_changes: Plain, _options: Plain, _user: ClientUser): Promise<boolean | void> {}
  _onUpdate(_changed: Plain, _options: Plain, _userId: string): void {}
  async _preDelete(_options: Plain, _user: ClientUser): Promise<boolean | void> {}
  _onDelete(_options: Plain, _userId: string): void {}
  _onCreate(_data: Plain, _options: Plain, _userId: string): void {}
  detach(): void {
    (this.parent as { tokens?: Map<string, unknown> } | null)?.tokens?.delete(this._id);
  }

  /**
   * fvtt-types `TokenDocument#_onUpdateBaseActor`: "When the base Actor for a TokenDocument changes, we may need to
   * update its Actor instance", through `ActorDelta#updateSyntheticActor` ("Update the synthetic Actor instance with
   * changes from the delta or the base Actor"): the same synthetic actor takes the base actor's change, then the
   * token's delta again on top (a synthetic actor's data is the base actor's source with the delta applied).
   */
  _onUpdateBaseActor(update: Plain): void {
    if (this.#serverCopy || this.actorLink || !this.#synthetic) return;
    const { _id: _ignored, ...changes } = update;
    this.#synthetic.applyUpdate(deepClone(changes));
    if (Object.keys(this.delta).length) this.#synthetic.applyUpdate(deepClone(this.delta));
  }

  #buildSynthetic(base: DoubleActor): DoubleActor {
    const source = mergeObject(base.toObject(), deepClone(this.delta), { performDeletions: true });
    const Cls = base.constructor as new (data: Plain, context: { parent: unknown }) => DoubleActor;
    const actor = new Cls(source, { parent: this as unknown as DoubleActor });
    Object.defineProperties(actor, {
      isToken: { value: true },
      token: { value: this },
      // Its writes are the token's delta; the world actor never changes.
      update: { value: async (changes: Plain = {}) => (await this.update({ delta: expandObject(changes) }), actor) },
      createEmbeddedDocuments: { value: notModelled },
      updateEmbeddedDocuments: { value: notModelled },
      deleteEmbeddedDocuments: { value: notModelled },
    });
    return actor;
  }
}

async function notModelled(): Promise<never> {
  throw new Error("The double does not model embedded item writes on a synthetic actor");
}

/**
 * `Actor#getTokenDocument(data)` and `Actor#prototypeToken`, added to the double's Actor (and so to the system's
 * subclasses): an unsaved token from the prototype token, named and linked as it says.
 */
export function installActorTokens(): void {
  const proto = DoubleActor.prototype as DoubleActor & {
    getTokenDocument?: (data?: Plain) => Promise<DoubleTokenDocument>;
  };
  if (proto.getTokenDocument) return;
  Object.defineProperty(proto, "prototypeToken", {
    configurable: true,
    get(this: DoubleActor) {
      return prototypeTokenOf(this);
    },
  });
  Object.defineProperty(proto, "isToken", { configurable: true, writable: true, value: false });
  // fvtt-types `Actor#getActiveTokens`: "Retrieve an Array of active tokens which represent this Actor in the current
  // canvas Scene… If the Actor is a synthetic token actor, only the exact Token which it represents will be returned";
  // the double's canvas shows every scene: a world actor's linked tokens (and its unlinked ones unless `linked`).
  Object.defineProperty(proto, "getActiveTokens", {
    configurable: true,
    writable: true,
    value: function (this: DoubleActor, linked = false, document = false) {
      const own = (this as { token?: DoubleTokenDocument }).token;
      const docs = (this as { isToken?: boolean }).isToken
        ? own
          ? [own]
          : []
        : tokensOf(this.id, true).filter((t) => t.actorLink || !linked);
      return document ? docs : docs.map((d) => DoubleToken.of(d));
    },
  });
  // fvtt-types `Actor#_updateDependentTokens`: "Update the active TokenDocument instances which represent this Actor"
  // (forwarding to `TokenDocument#_onUpdateBaseActor`), on each client as the base actor's update reaches it.
  const onUpdate = proto._onUpdate;
  Object.defineProperty(proto, "_onUpdate", {
    configurable: true,
    writable: true,
    value: function (this: DoubleActor, changed: Plain, options: Plain, userId: string) {
      onUpdate.call(this, changed, options, userId);
      if ((this as { isToken?: boolean }).isToken) return;
      for (const token of tokensOf(this.id)) token._onUpdateBaseActor(changed);
    },
  });
  proto.getTokenDocument = async function (this: DoubleActor, data: Plain = {}) {
    const prototype = prototypeTokenOf(this);
    return new DoubleTokenDocument({
      name: prototype.name,
      actorLink: prototype.actorLink,
      ...data,
      actorId: this.id,
    });
  };
}

/** The tokens of every scene that stand for the world actor `actorId`: its unlinked ones, or all with `all`. */
function tokensOf(actorId: string, all = false): DoubleTokenDocument[] {
  const scenes = (globalThis as { game?: { scenes?: Iterable<{ tokens: Iterable<DoubleTokenDocument> }> } }).game
    ?.scenes;
  const out: DoubleTokenDocument[] = [];
  for (const scene of scenes ?? [])
    for (const token of scene.tokens) if (token.actorId === actorId && (all || !token.actorLink)) out.push(token);
  return out;
}

/**
 * A placed token (the canvas object): its document and its actor, what `user.targets` and `controlled` hold; one per
 * token document (`DoubleToken.of`). Its `renderFlags.set` records what the code asked to redraw (fvtt-types
 * `Token#renderFlags`, a `RenderFlags` set: e.g. `{ redrawEffects: true }`).
 */
export class DoubleToken {
  static readonly #placed = new WeakMap<DoubleTokenDocument, DoubleToken>();
  /** The placed object of a token document (the same object each time, as the canvas layer keeps one). */
  static of(document: DoubleTokenDocument): DoubleToken {
    let token = DoubleToken.#placed.get(document);
    if (!token) DoubleToken.#placed.set(document, (token = new DoubleToken(document)));
    return token;
  }
  /** Every `renderFlags.set` call, in order. */
  readonly redraws: Plain[] = [];
  readonly renderFlags = { set: (flags: Plain) => void this.redraws.push(deepClone(flags)) };
  constructor(readonly document: DoubleTokenDocument) {}
  get id(): string {
    return this.document.id;
  }
  get name(): string {
    return this.document.name;
  }
  get actor(): DoubleActor | null {
    return this.document.actor;
  }
}
