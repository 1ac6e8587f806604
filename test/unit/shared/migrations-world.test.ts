/**
 * The migration runner reaches every document a world holds (issue 23): invalid documents read from the world's raw
 * data, the actors of unlinked tokens on scenes (their delta written, never the base actor), macros, roll tables
 * with their results, world compendia of those kinds (locked ones unlocked and locked again), under a progress
 * notice that stays until the run ends; an old world-scope card flag is kept when a system-scope one exists.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asGM, doubleState, resetFoundryDouble } from "../../double/index.ts";
import { installClients } from "../../double/shared-core.ts";
import {
  DoubleSyntheticActor,
  DoubleWorldCollection,
  DoubleWorldDocument,
  installWorldDocuments,
  type WorldDocumentsDouble,
} from "../../double/world-documents.ts";
import { applyChanges, migrateSource, registerMigrationStep } from "../../../src/foundry/migrations/steps.ts";
import { migrateWorldIfNeeded } from "../../../src/foundry/migrations/index.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";

/** A test step at version 1: removes `flags.quintette.old` from whatever kind it is given, and records the kind. */
const visited: string[] = [];
beforeAll(() =>
  registerMigrationStep({
    version: 1,
    description: "test: drop flags.quintette.old",
    migrate(kind, source) {
      const flags = source.flags as { quintette?: { old?: unknown } } | undefined;
      if (flags?.quintette?.old === undefined) return null;
      visited.push(kind);
      return { "flags.quintette.-=old": null };
    },
  }),
);

const OLD = { quintette: { old: true } };
let world: WorldDocumentsDouble;

beforeEach(() => {
  // Clients: the runner asks whether this page serves (`activeGM.isSelf`, relay/session.ts).
  installClients(resetFoundryDouble());
  registerCoreSettings();
  world = installWorldDocuments();
  visited.length = 0;
});

function flagsOf(doc: { toObject(): Record<string, unknown> }): unknown {
  return doc.toObject().flags;
}

describe("world migration: every document a world holds", () => {
  it("migrates macros and roll tables, a table's results inside it", async () => {
    const macro = new DoubleWorldDocument("Macro", { name: "Jet", command: "x", flags: OLD }, "player1");
    const table = new DoubleWorldDocument("RollTable", {
      name: "Maladresses",
      results: [{ _id: "r1", text: "Chute" }],
      flags: OLD,
    });
    world.macros.set(macro.id, macro);
    world.tables.set(table.id, table);
    const report = await asGM(() => migrateWorldIfNeeded());
    expect(report?.failed).toEqual([]);
    expect(visited.sort()).toEqual(["Macro", "RollTable"]);
    expect(flagsOf(macro)).toEqual({ quintette: {} });
    expect(table.toObject().results).toEqual([{ _id: "r1", text: "Chute" }]);
    expect(doubleState().game.settings.get("quintette", "schemaVersion")).toBe(report?.to);
  });

  it("migrates the actor of an unlinked token through its delta, and leaves linked tokens to the world actor", async () => {
    const base = new DoubleWorldDocument("Actor", { name: "Garde", type: "x", system: {}, flags: {} });
    const synthetic = new DoubleSyntheticActor(base, { flags: OLD });
    const linkedBase = new DoubleWorldDocument("Actor", { name: "Héros", type: "x", system: {}, flags: OLD });
    world.scenes.push({
      name: "Taverne",
      tokens: [
        { actorLink: false, actor: synthetic },
        { actorLink: true, actor: linkedBase },
        { actorLink: false, actor: null },
      ],
    });
    const report = await asGM(() => migrateWorldIfNeeded());
    expect(report?.failed).toEqual([]);
    expect(synthetic.delta).toEqual({ flags: { quintette: {} } });
    expect(base.updates).toEqual([]);
    // The linked token's actor is a world actor (migrated with them), not visited through the scene.
    expect(linkedBase.updates).toEqual([]);
    expect(visited).toEqual(["Actor"]);
  });

  it("writes away an old biography key an unlinked token's stored delta holds, over the base actor's biography", async () => {
    // The client's synthetic actor shows no `biographie` (schema cleaning); the server's record of the delta keeps it.
    const base = new DoubleWorldDocument("Actor", { name: "Garde", type: "x", system: { biography: "<p>Base</p>" } });
    const synthetic = new DoubleSyntheticActor(base, {});
    const sent: unknown[] = [];
    const write = synthetic.update.bind(synthetic);
    synthetic.update = (changes) => (sent.push(changes), write(changes));
    world.scenes.push({
      id: "scene00000000001",
      name: "Taverne",
      tokens: [{ id: "token00000000001", actorLink: false, actor: synthetic, baseActor: base }],
    });
    world.data.scenes = [
      {
        _id: "scene00000000001",
        tokens: [{ _id: "token00000000001", delta: { system: { biographie: "<p>Vieux</p>" } } }],
      },
    ];
    const report = await asGM(() => migrateWorldIfNeeded());
    expect(report?.failed).toEqual([]);
    // The delta takes the merged biography and the old key's deletion, in one update.
    expect(sent).toEqual([{ "system.biography": "<p>Base</p><p>Vieux</p>", "system.-=biographie": null }]);
    expect(synthetic.delta).toEqual({ system: { biography: "<p>Base</p><p>Vieux</p>" } });
    expect(base.updates).toEqual([]);
  });

  it("migrates invalid documents from the world's raw data", async () => {
    const messages = new DoubleWorldCollection();
    // Foundry's temporary instance of an invalid document holds cleaned data; the raw record has the old flag.
    const invalid = new DoubleWorldDocument("ChatMessage", { _id: "bad0000000000001", content: "", flags: {} });
    messages.addInvalid(invalid);
    world.data.messages = [
      { _id: "bad0000000000001", content: "", flags: { world: { card: { kind: "test" } } }, system: { broken: 1 } },
    ];
    Object.assign(doubleState().game, { messages });
    const report = await asGM(() => migrateWorldIfNeeded());
    expect(report).toMatchObject({ migrated: 1, failed: [] });
    expect(invalid.updates).toEqual([{ "flags.quintette.card": { kind: "test" }, "flags.world.-=card": null }]);
  });

  it("migrates world compendia of macros and roll tables, a locked one unlocked and locked again", async () => {
    const inPack = new DoubleWorldDocument("RollTable", { name: "Table", results: [], flags: OLD });
    const locks: boolean[] = [];
    const pack = {
      collection: "world.tables",
      documentName: "RollTable",
      metadata: { packageType: "world" },
      locked: true,
      async configure({ locked }: { locked: boolean }) {
        locks.push(locked);
        this.locked = locked;
      },
      getDocuments: async () => [inPack],
    };
    const systemPack = { ...pack, collection: "quintette.tables", metadata: { packageType: "system" } };
    world.macros.set("m", new DoubleWorldDocument("Macro", { name: "M", flags: {} }));
    Object.assign(doubleState().game, { packs: [pack, systemPack] });
    const report = await asGM(() => migrateWorldIfNeeded());
    expect(report?.failed).toEqual([]);
    expect(flagsOf(inPack)).toEqual({ quintette: {} });
    expect(locks).toEqual([false, true]);
    expect(pack.locked).toBe(true);
  });

  it("shows one progress notice that stays until the run ends, then removes it", async () => {
    for (const name of ["A", "B", "C", "D"]) {
      const macro = new DoubleWorldDocument("Macro", { name, flags: OLD });
      world.macros.set(macro.id, macro);
    }
    await asGM(() => migrateWorldIfNeeded());
    const started = doubleState().notifications.find(
      (n) => n.options && (n.options as { progress?: boolean }).progress,
    );
    expect(started?.options).toMatchObject({ progress: true, permanent: true });
    expect(world.progress.map((p) => p.pct)).toEqual([0.25, 0.5, 0.75, 1]);
    expect(world.progress.every((p) => p.notice === started)).toBe(true);
    expect(world.removed).toEqual([started]);
    expect(doubleState().notifications.at(-1)?.type).toBe("info");
  });
});

describe("nothing lost", () => {
  it("keeps an old world-scope card flag when the message already has a system-scope card", () => {
    const message = {
      flags: { world: { card: { kind: "old" } }, quintette: { card: { kind: "new" } } },
    };
    const changes = migrateSource("ChatMessage", message, 0);
    const after = applyChanges(message, changes ?? {});
    expect(after.flags).toEqual(message.flags);
  });
});
