/**
 * The one place a Quench scenario builds in a real world: a temporary folder (its actors), a scene (their tokens) and
 * at most one combat on that scene, flagged `flags.quintette.quench` on the folder and the scene. Everything the run
 * made is found from them and deleted at the end, after a failure too; the world's own documents are never read for
 * writing nor touched. The system's world settings (`quintette.*`) are read when the sandbox opens and put back when it
 * closes (a Jetons collective reserve, the GM's records of the run's effects).
 *
 * A player cannot create folders, scenes or actors: the GM's "prepare" batch opens a sandbox for the players
 * (`role: "player"`), with one character owned by each player, and leaves it; the player's batch finds it (`find`);
 * the GM's "clean up" batch closes it. docs/quench.md.
 */

export const QUENCH_FLAG = "quench";

export interface SandboxMark {
  /** The run's id (a random id): one sandbox per run. */
  run: string;
  /** Whose scenarios it serves: the GM's own, or the players' (prepared by a GM). */
  role: "gm" | "player";
  /** The rule set it was made for. */
  ruleset: string;
}

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    Folder: { quintette?: { quench?: SandboxMark } };
    Scene: { quintette?: { quench?: SandboxMark } };
  }
}

type Settings = Map<string, string>;

interface SettingsApi {
  settings: Map<string, { scope?: unknown }>;
  get(namespace: string, key: string): unknown;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
}
const settingsApi = () => game.settings as unknown as SettingsApi;

/** The system's world settings, each as JSON (a GM reads them all). */
function readSettings(): Settings {
  const out: Settings = new Map();
  for (const [id, config] of settingsApi().settings) {
    if (!id.startsWith("quintette.") || config.scope !== "world") continue;
    out.set(id, JSON.stringify(settingsApi().get("quintette", id.slice("quintette.".length)) ?? null));
  }
  return out;
}

async function restoreSettings(before: Settings): Promise<void> {
  const now = readSettings();
  for (const [id, json] of before) {
    if (now.get(id) === json) continue;
    await settingsApi().set("quintette", id.slice("quintette.".length), JSON.parse(json));
  }
}

/** Settings read when a sandbox opened on this page, by run (a player sandbox is closed later, by another batch). */
const savedSettings = new Map<string, Settings>();

export interface ActorSpec {
  name: string;
  type: string;
  /** The player who owns it (a prepared player sandbox); else the GM's alone. */
  owner?: string;
  system?: Record<string, unknown>;
}

interface Creatable<T> {
  create(data: object, options?: object): Promise<T | undefined>;
}

const folderClass = () => CONFIG.Folder.documentClass as unknown as Creatable<Folder.Implementation>;
const sceneClass = () => CONFIG.Scene.documentClass as unknown as Creatable<Scene.Implementation>;
const actorClass = () => CONFIG.Actor.documentClass as unknown as Creatable<Actor.Implementation>;
const combatClass = () => CONFIG.Combat.documentClass as unknown as Creatable<Combat.Implementation>;

const markOf = (doc: { getFlag(scope: string, key: string): unknown }) =>
  doc.getFlag("quintette", QUENCH_FLAG) as SandboxMark | undefined;

export class Sandbox {
  private constructor(
    readonly mark: SandboxMark,
    readonly folder: Folder.Implementation,
    readonly scene: Scene.Implementation,
  ) {}

  /** Opens a new sandbox (a GM only): the folder, then the scene, both marked. */
  static async open(role: SandboxMark["role"], ruleset: string): Promise<Sandbox> {
    if (!game.user?.isGM) throw new Error("Only a GM opens a Quench sandbox");
    const mark: SandboxMark = { run: foundry.utils.randomID(), role, ruleset };
    const flags = { quintette: { [QUENCH_FLAG]: mark } };
    const name = `Quintette Quench ${ruleset} ${role} ${mark.run}`;
    savedSettings.set(mark.run, readSettings());
    const folder = await folderClass().create({ name, type: "Actor", flags });
    if (!folder) throw new Error("The sandbox's folder was not created");
    // Players see the scene only to target on it (prepared sandboxes): observers, out of the navigation.
    const ownership = { default: role === "player" ? CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER : 0 };
    const scene = await sceneClass()
      .create({ name, navigation: false, ownership, flags })
      .catch(async (error: unknown) => {
        await folder.delete();
        throw error;
      });
    if (!scene) throw new Error("The sandbox's scene was not created");
    return new Sandbox(mark, folder, scene);
  }

  /** Every sandbox in the world (a prepared one, leftovers of an interrupted run), by its folder and scene. */
  static all(): Sandbox[] {
    const scenes = [...(game.scenes ?? [])];
    return [...(game.folders ?? [])].flatMap((folder) => {
      const mark = markOf(folder);
      const scene = mark && scenes.find((s) => markOf(s)?.run === mark.run);
      return mark && scene ? [new Sandbox(mark, folder, scene)] : [];
    });
  }

  /** The prepared player sandbox of a rule set, if a GM prepared one. */
  static find(ruleset: string): Sandbox | null {
    return Sandbox.all().find((s) => s.mark.role === "player" && s.mark.ruleset === ruleset) ?? null;
  }

  /** The sandbox's actors. */
  get actors(): Actor.Implementation[] {
    return (game.actors?.contents ?? []).filter((a) => this.#holds(a));
  }

  #holds(actor: Actor.Implementation): boolean {
    const folder = (actor.toObject() as { folder?: unknown }).folder;
    return folder === this.folder.id;
  }

  actor(name: string): Actor.Implementation {
    const found = this.actors.find((a) => a.name === name);
    if (!found) throw new Error(`No actor ${name} in the sandbox`);
    return found;
  }

  /** The character a prepared sandbox holds for this user. */
  mine(): Actor.Implementation {
    const user = game.user;
    const found = user && this.actors.find((a) => a.testUserPermission(user, "OWNER"));
    if (!found) throw new Error(`The sandbox holds no actor owned by ${user?.name ?? "nobody"}`);
    return found;
  }

  /** Creates an actor in the sandbox's folder (a GM). */
  async createActor(spec: ActorSpec): Promise<Actor.Implementation> {
    const ownership = spec.owner ? { default: 0, [spec.owner]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER } : undefined;
    const data = { name: spec.name, type: spec.type, folder: this.folder.id, system: spec.system ?? {}, ownership };
    const actor = await actorClass().create(data);
    if (!actor) throw new Error(`${spec.name} was not created`);
    return actor;
  }

  get tokens(): TokenDocument.Implementation[] {
    return [...this.scene.tokens];
  }

  token(name: string): TokenDocument.Implementation {
    const found = this.tokens.find((t) => t.name === name);
    if (!found) throw new Error(`No token ${name} on the sandbox's scene`);
    return found;
  }

  /** Drops an actor on the scene (its prototype token: a character's linked, an opponent's synthetic). */
  async placeToken(actor: Actor.Implementation, x = 0): Promise<TokenDocument.Implementation> {
    const draft = await actor.getTokenDocument({ x, y: 0 });
    const created = (await this.scene.createEmbeddedDocuments("Token", [draft.toObject()])) ?? [];
    const token = created[0];
    if (!token) throw new Error(`${actor.name}'s token was not created`);
    return token as TokenDocument.Implementation;
  }

  /** The sandbox's combat, if it has one. */
  get combat(): Combat.Implementation | null {
    const id = this.scene.id;
    const combats = (game.combats?.contents ?? []) as unknown as Combat.Implementation[];
    return combats.find((c) => (c.toObject() as { scene?: unknown }).scene === id) ?? null;
  }

  /** A combat on the scene with these tokens, active (the viewed scene's `game.combat`). */
  async startCombat(tokens: TokenDocument.Implementation[]): Promise<Combat.Implementation> {
    const combat = await combatClass().create({ scene: this.scene.id, active: true });
    if (!combat) throw new Error("The combat was not created");
    await combat.createEmbeddedDocuments(
      "Combatant",
      tokens.map((t) => ({ tokenId: t.id, sceneId: this.scene.id, actorId: t.actorId, name: t.name })) as never,
    );
    await combat.activate();
    return combat;
  }

  /**
   * The messages the run posted: those spoken by its actors, or on its scene, and the cards about its actors (a card's
   * `system.actorUuid`: a Jetons token notice is spoken by the GM who moved the token).
   */
  messages(): ChatMessage.Implementation[] {
    const run = this.mark.run;
    const actors = new Set(this.actors.map((a) => a.id));
    const uuids = new Set(this.actors.map((a) => a.uuid));
    const tokens = new Set(this.tokens.map((t) => t.id));
    return (game.messages?.contents ?? []).filter((m) => {
      const speaker = m.speaker as { actor?: string | null; scene?: string | null; token?: string | null };
      const about = (m.toObject() as { system?: { actorUuid?: unknown } }).system?.actorUuid;
      return (
        markOf(m)?.run === run ||
        (speaker.actor && actors.has(speaker.actor)) ||
        speaker.scene === this.scene.id ||
        (speaker.token && tokens.has(speaker.token)) ||
        (typeof about === "string" && uuids.has(about))
      );
    });
  }

  /**
   * Marks a message the run caused that speaks for no actor of it nor on its scene (SYSTEMJ's reveal card, spoken by
   * the GM): it is one of the run's messages from then on, deleted with them, also by the clean-up batch.
   */
  async adopt(message: ChatMessage.Implementation): Promise<void> {
    await message.update({ [`flags.quintette.${QUENCH_FLAG}`]: this.mark } as ChatMessage.UpdateData);
  }

  /**
   * Deletes everything the run made (messages, combat, scene with its tokens, actors, folder) and puts the system's
   * settings back as they were when it opened on this page. Each step runs even when one before failed; the failures
   * are thrown together at the end.
   */
  async close(): Promise<void> {
    const failures: string[] = [];
    const step = async (what: string, fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (error) {
        failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    for (const message of this.messages()) await step("message", () => message.delete());
    const combat = this.combat;
    if (combat) await step("combat", () => combat.delete());
    const actors = this.actors;
    await step("scene", () => this.scene.delete());
    for (const actor of actors) await step(`actor ${actor.name}`, () => actor.delete());
    await step("folder", () => this.folder.delete());
    const settings = savedSettings.get(this.mark.run);
    if (settings) await step("settings", () => restoreSettings(settings));
    savedSettings.delete(this.mark.run);
    if (failures.length) throw new Error(`Cleaning the Quench sandbox: ${failures.join("; ")}`);
  }
}
