/**
 * Foundry's boot of a world on the double, in Foundry's order (docs/architecture.md "Boot"; fvtt-types
 * `client/hooks.d.mts` and `client/game.d.mts`):
 *
 * 1. The system's module is evaluated (`evaluate`: the listeners it registers at its top level).
 * 2. `init`: "fires as Foundry is initializing, right before any initialization tasks have begun", through
 *    `Hooks.callAll`, which never awaits a listener.
 * 3. `i18nInit`: "fires once Localization translations have been loaded" (the double's lang file is read at install).
 * 4. `setup`: "fires when Foundry has finished initializing but before the game state has been set up. Fires before
 *    any Documents, UI applications, or the Canvas have been initialized."
 * 5. `Game#initializeDocuments` ("creating WorldCollection instances for every primary Document type"): the world's
 *    documents built from their stored data, with the document classes and data models registered by then, and
 *    prepared (their constructors prepare them, as Foundry's do).
 * 6. `Game#initializeUI` ("Initialize core UI elements"): each client's chat log renders its messages
 *    (`ChatLog#_renderBatch`, each through `renderChatMessageHTML`) and the combat tracker renders the active combat.
 * 7. `ready`: "fires when the game is fully ready", on every client (each is its own page: hooks.ts runs a `once`
 *    listener once per client).
 *
 * Nothing waits between the steps for what a listener left running: a system that needs something at a step must
 * have registered it synchronously before.
 */
import { asClient } from "./clients.ts";
import { loadChatLog } from "./chat.ts";
import { DoubleCollection, worldCollections, type DoubleDocument } from "./documents.ts";
import type { DoubleCombat } from "./combat.ts";
import { DoubleScene } from "./scenes.ts";
import { DoubleTokenDocument } from "./tokens.ts";
import type { Plain } from "./utils.ts";

/** A world's stored data, as the server sends it to a client that loads the world. */
export interface StoredWorld {
  /** World settings by `namespace.key` (the Setting documents): read at init as soon as they are registered. */
  settings?: Record<string, unknown>;
  actors?: Plain[];
  items?: Plain[];
  messages?: Plain[];
  combats?: Plain[];
  /** Each User's flags by user id (relay requests waiting there): the users themselves are the double's. */
  userFlags?: Record<string, Plain>;
  /** Scenes with their tokens' sources. */
  scenes?: { _id: string; name: string; tokens: Plain[] }[];
}

export interface BootOptions {
  /** Step 1: what evaluating the system's module does (registers its hook listeners). */
  evaluate(): void;
  /** The clients that load the world, in order (each renders its UI, then its `ready` runs); the first runs init. */
  users: readonly string[];
  world?: StoredWorld;
}

type DocumentClass = new (data: Plain) => DoubleDocument;

function documentClass(name: "Actor" | "Item" | "ChatMessage" | "Combat"): DocumentClass {
  const cls = (CONFIG as unknown as Record<string, { documentClass?: unknown }>)[name]?.documentClass;
  if (!cls) throw new Error(`No ${name} document class at the world's construction`);
  return cls as DocumentClass;
}

/** Step 5: every primary document built from its stored data, after `setup`. */
function initializeDocuments(world: StoredWorld): void {
  const build = (name: "Actor" | "Item" | "ChatMessage" | "Combat", sources: Plain[] | undefined) =>
    (sources ?? []).map((source) => new (documentClass(name))(structuredClone(source)));
  for (const actor of build("Actor", world.actors)) worldCollections.actors.set(actor.id, actor as never);
  for (const item of build("Item", world.items)) worldCollections.items.set(item.id, item as never);
  for (const message of build("ChatMessage", world.messages)) worldCollections.messages.set(message.id, message);
  for (const combat of build("Combat", world.combats)) worldCollections.combats.set(combat.id, combat);
  const game = (globalThis as unknown as { game: { scenes?: Map<string, DoubleScene>; combat?: unknown } }).game;
  for (const stored of world.scenes ?? []) {
    const scene = new DoubleScene(stored);
    for (const token of stored.tokens) {
      const document = new DoubleTokenDocument(structuredClone(token), { parent: scene });
      scene.tokens.set(document.id, document);
    }
    (game.scenes ??= new DoubleCollection<DoubleScene>()).set(scene.id, scene);
  }
  // Each combat prepared once the scenes' tokens exist (its combatants' actors are theirs): Foundry's
  // `Combat#prepareDerivedData` sets its turns up when it has combatants and no turns yet.
  for (const combat of worldCollections.combats.values()) (combat as unknown as DoubleCombat).prepareDerivedData();
  // `game.combat`: the active combat of the viewed scene (the double has one scene at most in view).
  const active = [...worldCollections.combats.values()].find((c) => (c as unknown as { active?: boolean }).active);
  if (active) game.combat = active;
}

/** Step 6 on one client: its chat log, then the combat tracker when a combat is active. */
async function initializeUI(): Promise<void> {
  loadChatLog(game.user!.id!);
  const Tracker = (
    CONFIG.ui as unknown as { combat?: new () => { viewed: unknown; render(o: object): Promise<unknown> } }
  ).combat;
  const combat = (game as unknown as { combat?: unknown }).combat;
  if (Tracker && combat) {
    const tracker = new Tracker();
    tracker.viewed = combat;
    await tracker.render({ force: true });
  }
}

/**
 * Boots a world on the double as Foundry does (steps above). The double must be freshly installed (its hooks empty)
 * and its users added; returns once every client ran its `ready` listeners (their async work is left running, as in
 * Foundry: `settle()` waits for it).
 */
export async function bootWorld({ evaluate, users, world = {} }: BootOptions): Promise<void> {
  const [first] = users;
  if (!first) throw new Error("bootWorld: no client loads the world");
  const settings = (game as unknown as { settings: { values: Map<string, unknown> } }).settings;
  for (const [key, value] of Object.entries(world.settings ?? {})) settings.values.set(key, value);
  const userList = (game as unknown as { users: Map<string, { flags: Plain }> }).users;
  for (const [id, flags] of Object.entries(world.userFlags ?? {})) {
    const user = userList.get(id);
    if (user) user.flags = structuredClone(flags);
  }
  asClient(first, () => {
    evaluate();
    Hooks.callAll("init");
    Hooks.callAll("i18nInit");
    Hooks.callAll("setup");
    initializeDocuments(world);
  });
  for (const user of users) await joinWorld(user);
}

/**
 * Steps 6 and 7 on one more client, once the world is booted (a player who joins late: the system's module and init
 * ran on the first client's page; each client's listeners are the double's shared ones). The UI's first render is
 * Foundry's own (not a hook), awaited before that client's ready.
 */
export async function joinWorld(user: string): Promise<void> {
  await asClient(user, () => initializeUI());
  asClient(user, () => Hooks.callAll("ready"));
}

/** The world as it is stored now: what a client loading it afterwards receives (a reload, a late player). */
export function storedWorld(): StoredWorld {
  const { game } = globalThis as unknown as {
    game: {
      scenes?: Map<string, DoubleScene>;
      settings: { settings: Map<string, { scope?: unknown }>; values: Map<string, unknown> };
      users: Map<string, { id: string; flags: Plain }>;
    };
  };
  const source = (d: { toObject(): Plain }) => structuredClone(d.toObject());
  const worldSettings = [...game.settings.values].filter(([key]) => game.settings.settings.get(key)?.scope === "world");
  return {
    settings: Object.fromEntries(worldSettings.map(([key, value]) => [key, structuredClone(value)])),
    actors: [...worldCollections.actors.values()].map(source),
    items: [...worldCollections.items.values()].map(source),
    messages: [...worldCollections.messages.values()].map(source),
    combats: [...worldCollections.combats.values()].map(source),
    userFlags: Object.fromEntries([...game.users.values()].map((user) => [user.id, structuredClone(user.flags)])),
    scenes: [...(game.scenes?.values() ?? [])].map((scene) => ({
      _id: scene.id,
      name: scene.name,
      tokens: [...scene.tokens.values()].map(source),
    })),
  };
}
