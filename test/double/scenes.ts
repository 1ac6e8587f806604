/**
 * Scenes holding tokens, and the uuids Foundry resolves into them. fvtt-types `Scene#tokens`: "A collection of
 * embedded Token objects"; `fromUuid("Scene.<id>.Token.<id>")` is the token, and `…Token.<id>.Actor.<id>` its
 * actor (a synthetic actor's uuid: fvtt-types `ClientDocument#uuid` of an embedded document is its parent's uuid
 * followed by its own collection and id). `TokenDocument.create(data, { parent })` adds a token to a scene, as a drop of
 * an actor on the canvas does with `Actor#getTokenDocument` (tokens.ts).
 */
import type { DoubleActor } from "./documents.ts";
import { DoubleCollection, type DoubleDocument } from "./documents.ts";
import { DoubleToken, DoubleTokenDocument, installActorTokens } from "./tokens.ts";
import { deepClone, getProperty, isPlainObject, randomID, type Plain } from "./utils.ts";
import { currentUser } from "./context.ts";
import { userHasPermission } from "./server.ts";
import { requestCreates, requestDeletes } from "./writes.ts";

installActorTokens();

export class DoubleScene {
  static documentName = "Scene";
  readonly documentName = "Scene";
  readonly _id: string;
  name: string;
  flags: Plain;
  readonly tokens = new DoubleCollection<DoubleTokenDocument>();
  constructor(data: Plain = {}) {
    this._id = typeof data._id === "string" ? data._id : randomID();
    this.name = typeof data.name === "string" ? data.name : "";
    this.flags = isPlainObject(data.flags) ? deepClone(data.flags) : {};
  }
  /**
   * `Scene.create(data)` by a GM (fvtt-types `BaseScene`: scenes are a GM's to create), in `game.scenes`; not routed
   * through the double's server (no test has another client read a scene's creation).
   */
  static async create(data: Plain = {}): Promise<DoubleScene> {
    if (!currentUser().isGM) throw new Error(`User ${currentUser().id} lacks permission to create Scene`);
    const scene = new DoubleScene(data);
    scenes().set(scene.id, scene);
    return scene;
  }
  /** `Scene#delete` by a GM: the scene leaves `game.scenes` with its tokens. */
  async delete(): Promise<this> {
    if (!currentUser().isGM) throw new Error(`User ${currentUser().id} lacks permission to delete Scene`);
    scenes().delete(this._id);
    return this;
  }
  /** fvtt-types `Scene#view`: "Set this scene as the current view"; the double has no canvas to draw it on. */
  async view(): Promise<this> {
    return this;
  }
  getFlag(scope: string, key: string): unknown {
    return getProperty(this.flags, `${scope}.${key}`);
  }
  get id(): string {
    return this._id;
  }
  get uuid(): string {
    return `Scene.${this._id}`;
  }
  /** Tokens through the server (writes.ts): TOKEN_CREATE (Assistant by default, or a GM), then `createToken` everywhere. */
  async createEmbeddedDocuments(name: string, data: Plain[], options: Plain = {}): Promise<DoubleTokenDocument[]> {
    if (name !== "Token") throw new Error(`The double's scenes embed Tokens only, not ${name}`);
    return requestCreates(
      {
        documentName: "Token",
        build: (source) => new DoubleTokenDocument(source, { parent: this }),
        exists: (id) => this.tokens.has(id),
        add: (token) => void this.tokens.set(token.id, token),
        assertCreate: (user) => {
          if (!user.isGM && !userHasPermission(user, "TOKEN_CREATE"))
            throw new Error(`User ${user.id} lacks permission to create Token`);
        },
      },
      data,
      options,
    );
  }
  async deleteEmbeddedDocuments(name: string, ids: string[], options: Plain = {}): Promise<DoubleTokenDocument[]> {
    if (name !== "Token") throw new Error(`The double's scenes embed Tokens only, not ${name}`);
    const tokens = ids.map((id) => {
      const token = this.tokens.get(id);
      if (!token) throw new Error(`No Token [${id}] in Scene [${this._id}] to delete`);
      return token;
    });
    return requestDeletes(tokens, options);
  }
}

/** `TokenDocument.create(data, { parent })`. */
export async function createToken(
  data: Plain | DoubleTokenDocument,
  { parent }: { parent: DoubleScene },
): Promise<DoubleTokenDocument> {
  const source = data instanceof DoubleTokenDocument ? data.toObject() : data;
  const [token] = await parent.createEmbeddedDocuments("Token", [source]);
  if (!token) throw new Error("No token created");
  return token;
}

interface GameWithScenes {
  scenes?: DoubleCollection<DoubleScene>;
}
function scenes(): DoubleCollection<DoubleScene> {
  const game = (globalThis as { game?: GameWithScenes }).game;
  if (!game) throw new Error("The Foundry double is not installed");
  game.scenes ??= new DoubleCollection<DoubleScene>();
  return game.scenes;
}

/** A new scene in `game.scenes`. */
export function createScene(name = "Scène"): DoubleScene {
  const scene = new DoubleScene({ name });
  scenes().set(scene.id, scene);
  return scene;
}

/** Drops an actor on a scene (as the GM's client): its token from the prototype token, and the placed object. */
export async function dropToken(scene: DoubleScene, actor: DoubleActor, data: Plain = {}): Promise<DoubleToken> {
  const draft = await (
    actor as DoubleActor & { getTokenDocument(d?: Plain): Promise<DoubleTokenDocument> }
  ).getTokenDocument(data);
  return DoubleToken.of(await createToken(draft, { parent: scene }));
}

/** `fromUuid` of `Scene.<id>`, `Scene.<id>.Token.<id>` and `Scene.<id>.Token.<id>.Actor.<id>`; null when absent. */
export function resolveSceneUuid(uuid: string): DoubleDocument | null {
  const [kind, sceneId, sub, tokenId, actorKind, actorId, ...rest] = uuid.split(".");
  if (kind !== "Scene" || rest.length) throw new Error(`The double does not resolve ${uuid}`);
  if (sub !== undefined && sub !== "Token")
    throw new Error(`The double does not resolve embedded ${sub} uuids (${uuid})`);
  const scene = scenes().get(sceneId ?? "");
  if (!scene) return null;
  if (sub === undefined) return scene as unknown as DoubleDocument;
  const token = scene.tokens.get(tokenId ?? "");
  if (!token) return null;
  if (actorKind === undefined) return token as unknown as DoubleDocument;
  if (actorKind !== "Actor") throw new Error(`The double does not resolve ${uuid}`);
  const actor = token.actor;
  return actor && actor.id === actorId && !token.isLinked ? actor : null;
}
