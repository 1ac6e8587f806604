/**
 * Combat on the simulated server (test/double/combat.ts cites each rule): turn changes are updates; after the round
 * trip `combatTurnChange` fires on every client and the turn events run once, unawaited, on the active GM's client
 * (fvtt-types `Combat#_onStartTurn`: "This method only executes for one designated GM user"; hook `combatTurnChange`:
 * "fires on all clients after the database update has occurred"); turns re-sort when an initiative changes
 * (`Combat#setupTurns`); `skipDefeated` (`Combat#settings`); a player changes only the round and the turn
 * (`BaseCombat#canUpdate`).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, settle, type DoubleState } from "../../double/index.ts";
import { addUser, asClient, DoubleCombat, installClients } from "../../double/shared-core.ts";

let state: DoubleState;
let combat: DoubleCombat;

beforeEach(async () => {
  state = installClients(resetFoundryDouble(), { latency: 1 });
  addUser("player2");
  addUser("gm2", true);
  const hero = await asGM(() =>
    DoubleActor.create(
      { _id: "hero000000000000", name: "Hero", type: "t", ownership: { player1: 3 } },
      { keepId: true },
    ),
  );
  combat = await asGM(() => DoubleCombat.create({ _id: "fight00000000000" }, { keepId: true }));
  await asGM(() =>
    combat.createEmbeddedDocuments(
      "Combatant",
      [
        { _id: "a", name: "A", initiative: 20 },
        { _id: "b", name: "B", initiative: 10, actorId: hero.id },
        { _id: "c", name: "C", initiative: 5 },
      ],
      { keepId: true },
    ),
  );
});

const order = () => combat.turns.map((t) => t.id);

describe("turn changes", () => {
  it("combatTurnChange on every connected client; the turn events once, on the active GM (not the second GM)", async () => {
    const changes: string[] = [];
    Hooks.on("combatTurnChange", () => void changes.push(game.user?.id ?? "?"));
    await asGM(() => combat.startCombat());
    await asClient("player1", () => combat.nextTurn());
    await settle();
    expect(changes.sort()).toEqual(["gm", "gm", "gm2", "gm2", "player1", "player1", "player2", "player2"]);
    expect(combat.lifecycle).toEqual(["startRound:1", "startTurn:A", "endTurn:A", "startTurn:B"]);
  });

  it("starts the turn of whoever stands at the pointer once the round's start has re-sorted the turns (#10786)", async () => {
    // A round start that changes initiatives (as a system's `_onStartRound` may) moves C to the front.
    class Resorting extends DoubleCombat {
      override async _onStartRound(context: Record<string, unknown>): Promise<void> {
        await super._onStartRound(context);
        if (context.round === 2) await this.updateEmbeddedDocuments("Combatant", [{ _id: "c", initiative: 30 }]);
      }
    }
    const fight = await asGM(() => Resorting.create({ _id: "fight00000000001" }, { keepId: true }));
    Object.setPrototypeOf(fight, Resorting.prototype);
    await asGM(() =>
      fight.createEmbeddedDocuments(
        "Combatant",
        [
          { _id: "a", name: "A", initiative: 20 },
          { _id: "c", name: "C", initiative: 5 },
        ],
        { keepId: true },
      ),
    );
    await asGM(() => fight.startCombat());
    await settle();
    await asGM(() => fight.nextRound());
    await settle();
    expect(fight.turns.map((t) => t.id)).toEqual(["c", "a"]);
    expect(fight.lifecycle).toEqual([
      "startRound:1",
      "startTurn:A",
      "endTurn:A",
      "endRound:1",
      "startRound:2",
      "startTurn:C",
    ]);
  });

  it("a player changes the round and the turn, nothing else of the encounter", async () => {
    await asGM(() => combat.startCombat());
    await expect(asClient("player1", () => combat.nextTurn())).resolves.toBeTruthy();
    await expect(asClient("player1", () => combat.update({ active: true }))).rejects.toThrow(/lacks permission/);
  });

  it("re-sorts the turns on every client when an initiative changes; the pointer stays on its index", async () => {
    await asGM(() => combat.startCombat());
    await settle();
    expect(order()).toEqual(["a", "b", "c"]);
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "c", initiative: 30 }]));
    expect(order()).toEqual(["c", "a", "b"]);
    expect(combat.turn).toBe(0);
    expect(asClient("player2", () => combat.combatant?.id)).toBe("c");
  });

  it("skipDefeated: Next turn and Next round pass over a defeated combatant (Combat#settings)", async () => {
    await asGM(() => state.game.settings.set("core", "combatTrackerConfig", { resource: "", skipDefeated: true }));
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "b", defeated: true }]));
    await asGM(() => combat.startCombat());
    await asGM(() => combat.nextTurn());
    await settle();
    expect(combat.combatant?.id).toBe("c");
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "a", defeated: true }]));
    await asGM(() => combat.nextRound());
    await settle();
    expect([combat.round, combat.combatant?.id]).toEqual([2, "c"]);
  });

  it("without skipDefeated a defeated combatant still gets its turn", async () => {
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "b", defeated: true }]));
    await asGM(() => combat.startCombat());
    await asGM(() => combat.nextTurn());
    await settle();
    expect(combat.combatant?.id).toBe("b");
  });
});

describe("when the turns are set up (issue 32: as Foundry, not on every turn change)", () => {
  it("a turn or round change keeps the order as it stands; a batch of initiatives re-sorts once; other data none", async () => {
    await asGM(() => combat.startCombat());
    await settle();
    const setups = combat.setups.length;
    await asGM(() => combat.nextTurn());
    await asGM(() => combat.nextRound());
    await settle();
    expect(combat.setups.length).toBe(setups);
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "c", "flags.x.y": 1 }]));
    expect(combat.setups.length).toBe(setups);
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [
        { _id: "a", initiative: 1 },
        { _id: "c", initiative: 30 },
      ]),
    );
    // Once on each client, for the batch of two.
    const after = combat.setups.slice(setups);
    expect(after.length).toBeGreaterThan(1);
    expect(new Set(after).size).toBe(after.length);
    expect(order()).toEqual(["c", "b", "a"]);
  });
});
