/**
 * The migration to schema version 3 (issue 33): an Ahill-Mach move item stored as a free move under a rules move's
 * French or English name gets that move's key (`moveId`), so it plays by the rules move and the sheet names it in
 * the reader's language; any other name stays a free move, as typed. World actors at the GM's ready, as a table
 * loads an old world, and the items an unlinked token's stored delta holds (written to the delta, never the base).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asGM, doubleState, resetFoundryDouble, type DoubleActor } from "../../double/index.ts";
import { installClients } from "../../double/shared-core.ts";
import { DoubleSyntheticActor, DoubleWorldDocument, installWorldDocuments } from "../../double/world-documents.ts";
import { registerMigrationStep } from "../../../src/foundry/migrations/steps.ts";
import { migrateWorldIfNeeded } from "../../../src/foundry/migrations/index.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";
import { MOVE_KEYS_STEP } from "../../../src/foundry/ahillmach/migration.ts";
import { moveIdByName, moveNameKey } from "../../../src/foundry/ahillmach/move-names.ts";
import { openSheet, openTable } from "../../scenes/table.ts";

const move = (_id: string, name: string, moveId: string) => ({ _id, name, type: "am-action", system: { moveId } });

const OLD_MOVES = [
  move("move000000000001", "Négocier", "libre"),
  move("move000000000002", "hack to pieces ", "libre"),
  move("move000000000003", "Coup de boule", "libre"),
  move("move000000000004", "Salve", "salve"),
];

const moveIds = (items: { name: string; system: unknown }[]) =>
  Object.fromEntries(items.map((i) => [i.name, (i.system as { moveId: string }).moveId]));

describe("recognizing a rules move by name", () => {
  it("finds the seven by their French or English name, case and outer spaces aside; nothing else", () => {
    expect(moveIdByName("Négocier")).toBe("negocier");
    expect(moveIdByName("  volley")).toBe("salve");
    expect(moveIdByName("DÉFIER LE DANGER")).toBe("defierLeDanger");
    expect(moveIdByName("Coup de boule")).toBeNull();
    expect(moveIdByName(42)).toBeNull();
    // The sheet names a rules move in the reader's language only while it bears one of its own names.
    expect(moveNameKey("negocier", "Negotiate")).toBe("QUINTETTE.AhillMach.Moves.negocier.Name");
    expect(moveNameKey("negocier", "Baratin")).toBeNull();
    expect(moveNameKey("salve", "Négocier")).toBeNull();
    expect(moveNameKey("libre", "Négocier")).toBeNull();
  });
});

describe("an old Ahill-Mach world loaded by the GM (schema version 2)", () => {
  it("gives the rules moves stored as free moves their key; the English sheet names them in English", async () => {
    await openTable("ahillmach", {
      lang: "en",
      world: {
        settings: { "quintette.schemaVersion": 2 },
        actors: [
          {
            _id: "kael000000000001",
            name: "Kael",
            type: "personnage",
            ownership: { default: 0, player1: 3 },
            system: {},
            items: OLD_MOVES,
          },
        ],
      },
    });
    const kael = doubleState().game.actors.get("kael000000000001") as DoubleActor;
    expect(moveIds(kael.items.contents)).toEqual({
      Négocier: "negocier",
      "hack to pieces ": "taillerEnPieces",
      "Coup de boule": "libre",
      Salve: "salve",
    });
    expect(doubleState().game.settings.get("quintette", "schemaVersion")).toBeGreaterThanOrEqual(3);
    const sheet = await openSheet("player1", kael);
    const names = [...sheet.html.matchAll(/<span class="am-move-name">([^<]*)<\/span>/g)].map((m) => m[1]).sort();
    expect(names).toEqual(["Coup de boule", "Hack to pieces", "Negotiate", "Volley"]);
  });
});

describe("an unlinked token's stored delta", () => {
  beforeAll(() => registerMigrationStep(MOVE_KEYS_STEP));
  beforeEach(() => {
    installClients(resetFoundryDouble());
    registerCoreSettings();
  });

  it("gets the key on the items its delta holds, written to the delta; the base actor's items are left alone", async () => {
    const world = installWorldDocuments();
    const base = new DoubleWorldDocument("Actor", {
      name: "Garde",
      type: "personnage",
      system: {},
      items: [move("move000000000001", "Défendre", "defendre")],
    });
    const synthetic = new DoubleSyntheticActor(base, {
      items: [move("move000000000005", "Negotiate", "libre"), move("move000000000006", "Coup de boule", "libre")],
    });
    world.scenes.push({ name: "Taverne", tokens: [{ actorLink: false, actor: synthetic, baseActor: base }] });
    const report = await asGM(() => migrateWorldIfNeeded());
    expect(report?.failed).toEqual([]);
    expect(synthetic.delta.items).toEqual([
      move("move000000000006", "Coup de boule", "libre"),
      move("move000000000005", "Negotiate", "negocier"),
    ]);
    expect(base.updates).toEqual([]);
    expect(base.toObject().items).toEqual([move("move000000000001", "Défendre", "defendre")]);
  });
});
