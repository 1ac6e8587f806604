/**
 * The old biography keys (issue 36, attack 7), with latency: a world saved before `biography` holds a character's
 * text under `biographie`. Every actor data model moves it into `biography` in memory, but Foundry's server keeps an
 * undeclared `system` key until an update deletes it, so each reload added the old text again to a biography the
 * player had saved. The migration writes what it migrates (old key deleted in the same update) and a second run
 * writes nothing. The server's stored record is modelled here from the updates the clients send.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asGM, doubleState, resetFoundryDouble, DoubleActor } from "../double/index.ts";
import { asClient, installClients, setLatency, settle } from "../double/shared-core.ts";
import { installWorldDocuments } from "../double/world-documents.ts";
import { applyChanges, currentSchemaVersion } from "../../src/foundry/migrations/steps.ts";
import { migrateWorldIfNeeded } from "../../src/foundry/migrations/index.ts";
import { registerCoreSettings } from "../../src/foundry/settings/index.ts";
import { TriniteModel } from "../../src/foundry/trinites/models.ts";

const OLD = "<p>Né à Lyon</p>";
let stored: Record<string, unknown>;
let world: ReturnType<typeof installWorldDocuments>;

beforeEach(() => {
  installClients(resetFoundryDouble());
  registerCoreSettings();
  world = installWorldDocuments();
  doubleState().CONFIG.Actor.dataModels.trinite = TriniteModel as never;
  stored = {
    _id: "ancien0000000001",
    name: "Ancien",
    type: "trinite",
    ownership: { default: 0, player1: 3 },
    system: { biographie: OLD },
  };
  world.data.actors = [structuredClone(stored)];
  doubleState().game.actors.set(stored._id as string, new DoubleActor(structuredClone(stored)));
  // The server's record: every update a client sends, applied as Foundry's server applies it (undeclared keys kept).
  Hooks.on("preUpdateActor", (_doc: unknown, changes: object) => {
    stored = applyChanges(stored, foundry.utils.flattenObject(changes) as Record<string, unknown>);
  });
  setLatency(5);
});

afterEach(() => setLatency(0));

/** The actor as a client builds it after a reload, from the server's record. */
const reloaded = () => new DoubleActor(structuredClone(stored)).system as unknown as { biography: string };

describe("attack: the old biography key comes back at each reload", () => {
  it("the migration deletes the old key in the update that writes it; a saved biography keeps its text", async () => {
    const report = await asGM(() => migrateWorldIfNeeded());
    expect(report).toMatchObject({ to: currentSchemaVersion(), migrated: 1, failed: [] });
    await settle();
    expect(stored.system).not.toHaveProperty("biographie");
    expect(reloaded().biography).toBe(OLD);
    // The player rewrites the biography from the sheet; a reload shows what they saved, once.
    const actor = doubleState().game.actors.get("ancien0000000001")!;
    await asClient("player1", () => actor.update({ "system.biography": "<p>Née à Lyon.</p>" }));
    await settle();
    expect(reloaded().biography).toBe("<p>Née à Lyon.</p>");
  });

  it("is idempotent: run again on what it wrote, it writes nothing", async () => {
    await asGM(() => migrateWorldIfNeeded());
    await settle();
    const once = structuredClone(stored);
    // A reload (the world's data as the server now sends it), and a version that makes the runner go again.
    world.data.actors = [structuredClone(stored)];
    doubleState().game.actors.set("ancien0000000001", new DoubleActor(structuredClone(stored)));
    await asGM(() => game.settings?.set("quintette", "schemaVersion", 1));
    const again = await asGM(() => migrateWorldIfNeeded());
    expect(again?.migrated).toBe(0);
    expect(stored).toEqual(once);
  });
});
