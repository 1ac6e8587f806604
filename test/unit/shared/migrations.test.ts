import { beforeEach, describe, expect, it } from "vitest";
import { asGM, doubleState, resetFoundryDouble, DoubleActor, DoubleCollection } from "../../double/index.ts";
import { installClients } from "../../double/shared-core.ts";
import {
  applyChanges,
  currentSchemaVersion,
  migrateActorSystemSource,
  migrateSource,
  registerMigrationStep,
} from "../../../src/foundry/migrations/steps.ts";
import {
  migrateWorldIfNeeded,
  runMigration,
  type MigratableDocument,
  type MigratablePack,
} from "../../../src/foundry/migrations/index.ts";
import { TriniteModel } from "../../../src/foundry/trinites/models.ts";
import { PersonnageModel } from "../../../src/foundry/ahillmach/models.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";

/** Old-format fixtures: world-scoped card flags, `biographie` instead of `biography`, plus fields nobody migrates. */
const oldActor = {
  _id: "a1",
  name: "Ancien",
  type: "trinite",
  system: { biographie: "<p>Né à Lyon</p>", score: 7, custom: { deep: [1, 2] } },
  flags: { other: { x: 1 } },
};
const oldMessage = {
  _id: "m1",
  content: "",
  flags: { world: { card: { kind: "test", dice: [3] }, keep: true }, core: { y: 2 } },
};

function leaves(value: unknown, prefix = ""): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.assign({}, ...Object.entries(value).map(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k)));
  }
  return { [prefix]: value };
}

/** A plain document with Foundry's update semantics for flat paths. */
function plainDoc(
  documentName: string,
  source: Record<string, unknown>,
): MigratableDocument & { source: Record<string, unknown> } {
  return {
    documentName,
    source: structuredClone(source),
    toObject() {
      return structuredClone(this.source);
    },
    async update(changes) {
      this.source = applyChanges(this.source, changes);
      return this;
    },
  };
}

describe("migrations", () => {
  // Clients: the runner asks whether this page serves (`activeGM.isSelf`, relay/session.ts).
  beforeEach(() => installClients(resetFoundryDouble()));

  it("migrates old-format fixtures without losing a field", () => {
    const a = structuredClone(oldActor);
    migrateActorSystemSource(a.system);
    // The stored old key: written into biography and deleted in one update (step 2).
    expect(migrateSource("Actor", oldActor, 0)).toEqual({
      "system.biography": "<p>Né à Lyon</p>",
      "system.-=biographie": null,
    });
    expect(a.system).toEqual({ biography: "<p>Né à Lyon</p>", score: 7, custom: { deep: [1, 2] } });
    expect(a.flags).toEqual(oldActor.flags);
    const m = applyChanges(oldMessage, migrateSource("ChatMessage", oldMessage, 0) ?? {});
    expect(m.flags).toEqual({
      world: { keep: true },
      core: { y: 2 },
      quintette: { card: { kind: "test", dice: [3] } },
    });
    // Every old leaf value is still somewhere in the migrated document.
    for (const [before, after] of [
      [oldActor, a],
      [oldMessage, m],
    ] as const) {
      const kept = Object.values(leaves(after)).map((v) => JSON.stringify(v));
      for (const v of Object.values(leaves(before))) expect(kept).toContain(JSON.stringify(v));
    }
  });

  it("is a no-op on current documents and on a second run", () => {
    expect(migrateSource("Actor", { system: { biography: "x" } }, 0)).toBeNull();
    const once = applyChanges(oldMessage, migrateSource("ChatMessage", oldMessage, 0) ?? {});
    expect(migrateSource("ChatMessage", once, 0)).toBeNull();
    expect(migrateSource("ChatMessage", oldMessage, currentSchemaVersion())).toBeNull();
    const system = { biography: "<p>a</p>" };
    expect(migrateActorSystemSource(structuredClone(system))).toEqual(system);
  });

  it("runs over actors with their items, items, messages and compendia, reporting failures", async () => {
    const actor = plainDoc("Actor", oldActor) as MigratableDocument & {
      items: MigratableDocument[];
      source: Record<string, unknown>;
    };
    actor.items = [plainDoc("Item", { system: {} })];
    const message = plainDoc("ChatMessage", oldMessage);
    const broken: MigratableDocument = {
      ...plainDoc("ChatMessage", oldMessage),
      update: async () => Promise.reject(new Error("locked")),
    };
    const packMessage = plainDoc("ChatMessage", { ...oldMessage, _id: "p1" });
    const pack: MigratablePack = {
      collection: "world.old",
      locked: false,
      configure: async () => undefined,
      getDocuments: async () => [packMessage],
    };
    const report = await runMigration({ actors: [actor], items: [], messages: [message, broken], packs: [pack] }, 0);
    expect(report).toMatchObject({ from: 0, to: currentSchemaVersion(), migrated: 3 });
    expect(report.failed).toHaveLength(1);
    expect(packMessage.source.flags).toMatchObject({ quintette: { card: { kind: "test", dice: [3] } } });
  });

  it("at ready: only the active GM migrates, then records the schema version", async () => {
    registerCoreSettings();
    const s = doubleState();
    s.game.actors.set("a1", new DoubleActor({ _id: "a1", name: "Ancien", type: "x", system: {} }));
    const messages = new DoubleCollection<MigratableDocument>();
    messages.set("m1", plainDoc("ChatMessage", oldMessage));
    Object.assign(s.game, { messages, packs: [] });
    s.game.user = s.game.users.get("player1")!;
    expect(await migrateWorldIfNeeded()).toBeNull();
    s.game.user = s.game.users.get("gm")!; // the GM, explicitly: only the GM's client migrates
    const report = await migrateWorldIfNeeded();
    expect(report?.migrated).toBe(1);
    expect((messages.get("m1") as unknown as { source: { flags: object } }).source.flags).toMatchObject({
      quintette: { card: { kind: "test" } },
    });
    expect(s.game.settings.get("quintette", "schemaVersion")).toBe(currentSchemaVersion());
    expect(await migrateWorldIfNeeded()).toBeNull();
  });

  // Foundry's SchemaField cleaning drops undeclared keys before toObject(), so only migrateData sees old keys.
  it("actor data models move biographie and description into biography on construction", () => {
    const s = doubleState();
    s.CONFIG.Actor.dataModels.trinite = TriniteModel as never;
    s.CONFIG.Actor.dataModels.personnage = PersonnageModel as never;
    const trinite = new DoubleActor({ name: "T", type: "trinite", system: { biographie: "<p>Né à Lyon</p>" } });
    expect((trinite.system as { biography: string }).biography).toBe("<p>Né à Lyon</p>");
    expect(trinite.toObject().system).not.toHaveProperty("biographie");
    const perso = new DoubleActor({
      name: "P",
      type: "personnage",
      system: { biography: "<p>a</p>", description: "<p>b</p>" },
    });
    expect((perso.system as { biography: string }).biography).toBe("<p>a</p><p>b</p>");
    expect(perso.toObject().system).not.toHaveProperty("description");
  });

  it("at ready: a locked world pack is unlocked, migrated with its actors' items, then locked again", async () => {
    registerCoreSettings();
    // An Item step of version 1, to see embedded items of pack actors reached (registering is idempotent).
    registerMigrationStep({
      version: 1,
      description: "test: mark items",
      migrate: (kind, source) =>
        kind === "Item" && (source.system as { old?: boolean } | undefined)?.old ? { "system.-=old": null } : null,
    });
    const s = doubleState();
    const item = plainDoc("Item", { _id: "i1", system: { old: true } });
    const actor = Object.assign(plainDoc("Actor", { _id: "p1", system: {} }), { items: [item] });
    const configured: boolean[] = [];
    const pack = {
      collection: "world.old",
      documentName: "Actor",
      metadata: { packageType: "world", packageName: "world" },
      locked: true,
      async configure({ locked }: { locked: boolean }) {
        configured.push(locked);
        this.locked = locked;
      },
      getDocuments: async () => [actor],
    };
    s.game.actors.set("a1", new DoubleActor({ _id: "a1", name: "A", type: "x", system: {} }));
    Object.assign(s.game, { messages: new DoubleCollection(), packs: [pack] });
    const report = await asGM(() => migrateWorldIfNeeded());
    expect(report?.failed).toEqual([]);
    expect(item.source.system).toEqual({});
    expect(configured).toEqual([false, true]);
    expect(pack.locked).toBe(true);
    expect(s.game.settings.get("quintette", "schemaVersion")).toBe(currentSchemaVersion());
  });

  it("at ready: a pack that cannot be unlocked is reported and the schema version is not raised", async () => {
    registerCoreSettings();
    const s = doubleState();
    const pack = {
      collection: "world.stuck",
      documentName: "Actor",
      metadata: { packageType: "world", packageName: "world" },
      locked: true,
      configure: async () => Promise.reject(new Error("read-only")),
      getDocuments: async () => [],
    };
    s.game.actors.set("a1", new DoubleActor({ _id: "a1", name: "A", type: "x", system: {} }));
    Object.assign(s.game, { messages: new DoubleCollection(), packs: [pack] });
    const report = await asGM(() => migrateWorldIfNeeded());
    expect(report?.failed).toHaveLength(1);
    expect(s.game.settings.get("quintette", "schemaVersion")).toBe(0);
  });
});
