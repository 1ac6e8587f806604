import { beforeEach, describe, expect, it } from "vitest";
import { doubleState, resetFoundryDouble, DoubleActor, DoubleCollection } from "../../double/index.ts";
import { applyChanges, currentSchemaVersion, migrateSource } from "../../../src/foundry/migrations/steps.ts";
import { migrateWorldIfNeeded, runMigration, type MigratableDocument } from "../../../src/foundry/migrations/index.ts";
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
  beforeEach(() => resetFoundryDouble());

  it("migrates old-format fixtures without losing a field", () => {
    const a = applyChanges(oldActor, migrateSource("Actor", oldActor, 0) ?? {});
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
    const once = applyChanges(oldActor, migrateSource("Actor", oldActor, 0) ?? {});
    expect(migrateSource("Actor", once, 0)).toBeNull();
    expect(migrateSource("Actor", oldActor, currentSchemaVersion())).toBeNull();
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
    const packActor = plainDoc("Actor", { ...oldActor, _id: "p1" });
    const report = await runMigration(
      { actors: [actor], items: [], messages: [message, broken], compendia: async () => [packActor] },
      0,
    );
    expect(report).toMatchObject({ from: 0, to: currentSchemaVersion(), migrated: 3 });
    expect(report.failed).toHaveLength(1);
    expect(packActor.source.system).toMatchObject({ biography: "<p>Né à Lyon</p>" });
  });

  it("at ready: only the active GM migrates, then records the schema version", async () => {
    registerCoreSettings();
    const s = doubleState();
    s.game.actors.set(
      "a1",
      new DoubleActor({ _id: "a1", name: "Ancien", type: "x", system: { biographie: "<p>b</p>" } }),
    );
    Object.assign(s.game, { messages: new DoubleCollection(), packs: [] });
    s.game.user = s.game.users.get("player1")!;
    expect(await migrateWorldIfNeeded()).toBeNull();
    s.game.user = s.game.users.get("gm")!;
    const report = await migrateWorldIfNeeded();
    expect(report?.migrated).toBe(1);
    expect(s.game.actors.get("a1")?.system).toEqual({ biography: "<p>b</p>" });
    expect(s.game.settings.get("quintette", "schemaVersion")).toBe(currentSchemaVersion());
    expect(await migrateWorldIfNeeded()).toBeNull();
  });
});
