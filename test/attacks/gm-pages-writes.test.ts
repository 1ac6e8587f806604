/**
 * One GM session serves (issue 22): the GM-side writes that ran on every page of the active GM because they asked
 * `activeGM.isSelf` (true on each page of that user). Two pages would write twice or race: the stored turn moved
 * back by a late copy, a round's writes made twice (a Trinités turn that opens a round would advance it twice), a
 * migration run twice at once, an opening taken by a page that does not reveal. The double cannot connect one user
 * twice: the other page is modelled by its claim of the service (pages.ts) and, where it must answer, by the answer
 * it writes on the GM's User (a relayed request, as the serving page's relay does).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { asGM, doubleState, resetFoundryDouble, type DoubleState } from "../double/index.ts";
import {
  type DoubleCombat,
  addUser,
  asClient,
  installClients,
  setLatency,
  setUserConnected,
  settle,
} from "../double/shared-core.ts";
import { DoubleWorldDocument, installWorldDocuments } from "../double/world-documents.ts";
import { ALIVE, registerRelay, relayToGM } from "../../src/foundry/relay/index.ts";
import { isServingSession, registerServingSession, SETTING_SESSION } from "../../src/foundry/relay/session.ts";
import { setAliveTimeout } from "../../src/foundry/relay/serving-task.ts";
import {
  QuintetteCombat,
  registerCombat,
  registerCombatBehaviour,
  type CombatBehaviour,
} from "../../src/foundry/combat/index.ts";
import { registerMigrationStep } from "../../src/foundry/migrations/steps.ts";
import { migrateWorldIfNeeded } from "../../src/foundry/migrations/index.ts";
import { registerCoreSettings } from "../../src/foundry/settings/index.ts";
import { CHOOSE, OPEN_CHOICE, readPublic } from "../../src/foundry/systemj/combat.ts";
import { readSecrets } from "../../src/foundry/systemj/choices.ts";
import { systemj } from "../../src/rules/index.ts";
import { sha256Hex } from "../../src/rules/shared/sha256.ts";
import { otherPageServes, thisPageServes } from "./pages.ts";
import { fightCombat, restoreWorld, systemjWorld } from "../worlds/systemj.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let calls: string[];
/** A rule set whose turn events write (here: record) something. */
const behaviour: CombatBehaviour = {
  onStartRound: async (_combat, context) => void calls.push(`startRound:${context.round}`),
  onStartTurn: async (_combat, combatant) => void calls.push(`startTurn:${combatant.name}`),
};

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "en" }));
  setLatency(5);
  registerRelay();
  calls = [];
  registerCombat(() => "test");
  registerCombatBehaviour("test", behaviour);
  setAliveTimeout(100);
});

afterEach(() => {
  setAliveTimeout(undefined);
  answering = false;
});

/**
 * The other page is alive: it answers the `ALIVE` requests written on the GM's User, as its relay would (the
 * answer in `relayResult`, the request removed). Only while `answering` is set.
 */
let answering = false;
const answered = new Set<string>();
function otherPageAnswers(): void {
  answering = true;
  Hooks.on("updateUser", (user: User.Implementation, changed: unknown) => {
    const relay = (changed as { flags?: { quintette?: { relay?: Record<string, unknown> } } }).flags?.quintette?.relay;
    for (const [id, request] of Object.entries(relay ?? {})) {
      if (!answering || answered.has(id) || (request as { kind?: string } | null)?.kind !== ALIVE) continue;
      answered.add(id);
      void asGM(() =>
        user.update({
          [`flags.quintette.relayResult.${id}`]: { status: "applied" },
          [`flags.quintette.relay.-=${id}`]: null,
        } as User.UpdateData),
      );
    }
  });
}

/** A fight run by the GM: Bo (12) acts first, then Ana (5), then Di (5). */
async function fight(): Promise<DoubleCombat> {
  const combat = new (QuintetteCombat as unknown as typeof DoubleCombat)({ name: "Fight" });
  await asGM(() =>
    combat.createEmbeddedDocuments(
      "Combatant",
      [
        { _id: "c1", name: "Ana", tokenId: "t1", actorId: "a1", initiative: 5 },
        { _id: "c2", name: "Bo", tokenId: "t2", actorId: "a2", initiative: 12 },
        { _id: "c4", name: "Di", tokenId: "t4", actorId: "a4", initiative: 5 },
      ],
      { keepId: true },
    ),
  );
  return combat;
}

describe("the combat's turn write and turn events, on the serving page of the active GM only", () => {
  it("a page that does not serve does not store the turn when the order moves under it", async () => {
    const combat = await fight();
    await asGM(() => combat.startCombat());
    await asGM(() => combat.nextTurn());
    await settle();
    expect(combat.combatant?.name).toBe("Ana");
    const update = vi.spyOn(combat, "update");
    const turnWrites = () => update.mock.calls.filter(([data]) => "turn" in (data as object)).length;
    await otherPageServes();
    // Bo drops below Ana: Ana, who acts now, moves up. This page moves its pointer and writes nothing.
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "c2", initiative: 1 }]));
    await settle();
    expect([combat.turn, combat.combatant?.name]).toEqual([0, "Ana"]);
    expect(turnWrites()).toBe(0);
    // Honest path: the serving page stores the moved turn, once.
    await thisPageServes();
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "c2", initiative: 20 }]));
    await settle();
    expect([combat.turn, combat.combatant?.name]).toEqual([1, "Ana"]);
    expect(turnWrites()).toBe(1);
  });

  it("a page that does not serve leaves the round's writes to the serving page while it answers", async () => {
    const combat = await fight();
    await asGM(() => combat.startCombat());
    await settle();
    calls = [];
    await otherPageServes();
    otherPageAnswers();
    await asGM(() => combat.nextRound());
    await wait(300);
    await settle();
    expect(calls).toEqual([]);
    expect(asClient("gm", () => isServingSession())).toBe(false);
  });

  it("a serving page that no longer answers (closed): this page takes the service and writes the round once", async () => {
    const combat = await fight();
    await asGM(() => combat.startCombat());
    await settle();
    calls = [];
    await otherPageServes();
    await asGM(() => combat.nextRound());
    await wait(400);
    await settle();
    expect(calls).toEqual(["startRound:2", "startTurn:Bo"]);
    expect(asClient("gm", () => isServingSession())).toBe(true);
    // Serving now: the next round's writes run at once, once.
    calls = [];
    await asGM(() => combat.nextRound());
    await settle();
    expect(calls).toEqual(["startRound:3", "startTurn:Bo"]);
  });
});

describe("the claim of the service when users connect", () => {
  it("a player connecting does not move the service from the GM's serving page to another page of the GM", async () => {
    addUser("player2");
    setUserConnected("player2", false);
    await settle();
    await otherPageServes();
    setUserConnected("player2", true);
    await wait(50);
    await settle();
    expect(asClient("gm", () => isServingSession())).toBe(false);
    expect(JSON.parse(String(game.settings?.get("quintette", SETTING_SESSION)))).toMatchObject({
      session: "otherpage",
    });
  });

  it("honest path: a connection makes the active GM's page claim a service another GM user held", async () => {
    registerServingSession();
    await asGM(() =>
      game.settings?.set("quintette", SETTING_SESSION, JSON.stringify({ userId: "gm2", session: "x", at: 1 })),
    );
    addUser("player2");
    setUserConnected("player2", false);
    setUserConnected("player2", true);
    await wait(50);
    await settle();
    expect(JSON.parse(String(game.settings?.get("quintette", SETTING_SESSION)))).toMatchObject({ userId: "gm" });
  });
});

describe("the world migration, on one page of the GM", () => {
  const OLD = { quintette: { old: true } };
  beforeEach(() => {
    registerCoreSettings();
    registerMigrationStep({
      version: 1,
      description: "test: drop flags.quintette.old",
      migrate: (_kind, source) =>
        (source.flags as { quintette?: { old?: unknown } } | undefined)?.quintette?.old === undefined
          ? null
          : { "flags.quintette.-=old": null },
    });
  });

  function macros(n: number): DoubleWorldDocument[] {
    const world = installWorldDocuments();
    const docs = Array.from({ length: n }, (_, i) => new DoubleWorldDocument("Macro", { name: `m${i}`, flags: OLD }));
    for (const doc of docs) world.macros.set(doc.id, doc);
    return docs;
  }

  it("a page that stops serving during the run (another page of the GM loaded) stops, and raises no version", async () => {
    const docs = macros(4);
    const first = docs[0];
    if (!first) throw new Error("no macro");
    // Right after the first document, another page of the GM loads and claims the service (it runs the migration).
    const update = first.update.bind(first);
    first.update = async (changes) => {
      const done = await update(changes);
      await otherPageServes();
      return done;
    };
    const report = await asClient("gm", () => migrateWorldIfNeeded());
    expect(report).toMatchObject({ migrated: 1, interrupted: true });
    expect(docs.map((d) => d.updates.length)).toEqual([1, 0, 0, 0]);
    expect(doubleState().game.settings.get("quintette", "schemaVersion")).toBe(0);
  });

  it("honest path: a page that reloads after the serving page closed claims the service and migrates", async () => {
    const docs = macros(2);
    await otherPageServes();
    const report = await asClient("gm", () => migrateWorldIfNeeded());
    expect(report).toMatchObject({ migrated: 2, failed: [] });
    expect(report?.interrupted).toBeUndefined();
    expect(docs.map((d) => d.updates.length)).toEqual([1, 1]);
    expect(doubleState().game.settings.get("quintette", "schemaVersion")).toBe(report?.to);
  });
});

describe("a SYSTEMJ opening (a query to the active GM user) taken by the serving page only", () => {
  let state: DoubleState;
  // The shared SYSTEMJ world (test/worlds/systemj.ts) replaces the file's double; its relay serves the same way.
  beforeEach(async () => {
    ({ state } = await systemjWorld({ lang: "en" }));
  });
  afterEach(() => restoreWorld());

  it("a page that does not serve takes no opening and writes nothing; the serving page takes it", async () => {
    const combat = await fightCombat(state, { round: 1, combatants: [{ _id: "ca", name: "Aude", actorId: "aude" }] });
    await thisPageServes();
    const opening = {
      combatId: "fight",
      round: 1,
      combatantId: "ca",
      choice: "action" as const,
      salt: "ab".repeat(16),
    };
    const commitment = systemj.commitChoice(opening, sha256Hex);
    const chosen = await asClient("player1", () =>
      relayToGM(CHOOSE, { combatId: "fight", combatantId: "ca", round: 1, commitment }),
    );
    expect(chosen.status).toBe("applied");
    const open = () => asClient("player1", () => game.users?.get("gm")?.query(OPEN_CHOICE, opening));
    // Another page of the GM loads and serves; the query reaches this page, which no longer serves.
    await otherPageServes();
    const flags = JSON.stringify(combat.flags);
    expect(await open()).toMatchObject({ status: "denied", reason: "QUINTETTE.Relay.NotServing" });
    await settle();
    expect(JSON.stringify(combat.flags)).toBe(flags);
    expect(asClient("gm", () => readSecrets())).toEqual({});
    // Honest path: on the serving page the same opening is taken (its commitment is still awaited).
    await thisPageServes();
    expect(await open()).toMatchObject({ status: "applied" });
    await settle();
    expect(readPublic(combat).chosen).toMatchObject({ ca: true });
  });
});
