/**
 * Folders, as far as a Quench batch uses them: one temporary folder its actors go in (fvtt-types `Folder` schema:
 * `name`, `type` "The type of Documents which are contained in this Folder", `flags`; `Folder#contents` "The
 * Documents which are contained within this Folder"). Created and deleted by a GM only (fvtt-types `BaseFolder`
 * metadata: folders are a GM's to make in Foundry's default permissions); not routed through the double's server (no
 * other client reads a folder in any test). Deleting a folder leaves its documents outside any folder, as Foundry's
 * `Folder#delete` does unless told `deleteSubfolders`/`deleteContents`.
 */
import { currentUser } from "./context.ts";
import { DoubleCollection, worldCollections } from "./documents.ts";
import { randomID, deepClone, getProperty, type Plain } from "./utils.ts";

export class DoubleFolder {
  static documentName = "Folder";
  readonly documentName = "Folder";
  readonly _id: string;
  name: string;
  type: string;
  flags: Plain;
  constructor(data: Plain = {}) {
    this._id = typeof data._id === "string" ? data._id : randomID();
    this.name = typeof data.name === "string" ? data.name : "";
    this.type = typeof data.type === "string" ? data.type : "Actor";
    this.flags = deepClone((data.flags as Plain | undefined) ?? {});
  }
  get id(): string {
    return this._id;
  }
  get uuid(): string {
    return `Folder.${this._id}`;
  }
  getFlag(scope: string, key: string): unknown {
    return getProperty(this.flags, `${scope}.${key}`);
  }
  /** fvtt-types `Folder#contents`: the world's actors (or items) in this folder. */
  get contents(): unknown[] {
    const docs = this.type === "Item" ? worldCollections.items : worldCollections.actors;
    return [...docs.values()].filter((d) => (d.toObject() as { folder?: unknown }).folder === this._id);
  }
  toObject(): Plain {
    return { _id: this._id, name: this.name, type: this.type, flags: deepClone(this.flags) };
  }
  static async create(data: Plain): Promise<DoubleFolder> {
    if (!currentUser().isGM) throw new Error(`User ${currentUser().id} lacks permission to create Folder`);
    const folder = new DoubleFolder(data);
    folders().set(folder.id, folder);
    return folder;
  }
  async delete(): Promise<this> {
    if (!currentUser().isGM) throw new Error(`User ${currentUser().id} lacks permission to delete Folder`);
    folders().delete(this._id);
    return this;
  }
}

interface GameWithFolders {
  folders?: DoubleCollection<DoubleFolder>;
}
function folders(): DoubleCollection<DoubleFolder> {
  const game = (globalThis as { game?: GameWithFolders }).game;
  if (!game) throw new Error("The Foundry double is not installed");
  game.folders ??= new DoubleCollection<DoubleFolder>();
  return game.folders;
}
