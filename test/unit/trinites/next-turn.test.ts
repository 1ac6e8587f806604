/**
 * The Trinités turn loop through Foundry's own "Next turn" (issue 21): the GM clicks Next turn, the update makes its
 * round trip, and Foundry starts that turn on the active GM's client (`_onStartTurn`, unawaited): the fighter left in
 * the fire starts acting (marker, die back en garde). Past the last fighter in the fire a new round begins.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settle, asGM } from "../../double/index.ts";
import { asClient, type DoubleCombat } from "../../double/shared-core.ts";
import { trinitesFight, trinitesWorld, type TrinitesWorld } from "../../worlds/trinites.ts";

interface Seat {
  phase: string;
  marker: boolean;
  acted: boolean;
}
const seat = (combat: DoubleCombat, id: string) => combat.combatants.get(id)!.system as unknown as Seat;

let world: TrinitesWorld;

beforeEach(async () => {
  world = await trinitesWorld({ latency: 2 });
});

/** The world's combat of Aelis (initiative 9) and the Thug (5), both en garde, not started. */
const fight = () =>
  trinitesFight(world, {
    id: "fight00000000000",
    fighters: {
      cA: { actor: world.aelis, initiative: 9, phase: "garde" },
      cT: { actor: world.thug, initiative: 5, phase: "garde" },
    },
  });

describe("Trinités: Next turn starts the turn of who is in the fire (issue 21)", () => {
  it("the GM's Start, then Next turn twice: Aelis acts, then the Thug, then a new round gives Aelis the fire", async () => {
    const combat = await fight();
    await asGM(() => combat.startCombat());
    await settle();
    // Round 1: both dice went into the fire; the highest acts first, her die back en garde.
    expect(combat.round).toBe(1);
    expect(combat.combatant?.id).toBe("cA");
    expect([seat(combat, "cA").marker, seat(combat, "cA").phase]).toEqual([true, "garde"]);
    expect([seat(combat, "cT").marker, seat(combat, "cT").phase]).toEqual([false, "feu"]);

    // The GM clicks Next turn: Foundry moves the pointer, then starts that turn on the active GM after the round trip.
    await asGM(() => combat.nextTurn());
    await settle();
    expect(combat.round).toBe(1);
    expect(combat.combatant?.id).toBe("cT");
    expect([seat(combat, "cT").marker, seat(combat, "cT").acted, seat(combat, "cT").phase]).toEqual([
      true,
      true,
      "garde",
    ]);
    expect(seat(combat, "cA").marker).toBe(false);

    // Nobody is left in the fire: Next turn ends the round; the new round puts both dice back in the fire.
    await asGM(() => combat.nextTurn());
    await settle();
    expect(combat.round).toBe(2);
    expect(combat.combatant?.id).toBe("cA");
    expect([seat(combat, "cA").marker, seat(combat, "cA").phase]).toEqual([true, "garde"]);
    expect(seat(combat, "cT").phase).toBe("feu");
  });

  it("runs each turn's start once, on the active GM, whoever clicks Next turn (three clients connected)", async () => {
    const combat = await fight();
    await asGM(() => combat.startCombat());
    await settle();
    // The acting player ends her turn from the tracker (a player may change the turn: BaseCombat#canUpdate).
    await asClient("player1", () => combat.nextTurn());
    await settle();
    expect(asClient("player2", () => combat.combatant?.id)).toBe("cT");
    expect(combat.lifecycle.filter((l) => l.startsWith("startTurn"))).toEqual(["startTurn:Aelis", "startTurn:Thug"]);
  });
});

describe("Trinités: tied scores act together, in their turn (issue 33)", () => {
  it("7/4/4: Next turn as the GM gives Aelis, then the tied pair, their turn; the next opens round 2", async () => {
    const combat = await trinitesFight(world, {
      id: "fight00000000001",
      // The Thug joins first: the combat's own order of its combatants is not the turn order.
      fighters: {
        cT: { actor: world.thug, initiative: 4, phase: "garde" },
        cA: { actor: world.aelis, initiative: 7, phase: "garde" },
        cB: { actor: world.brune, initiative: 4, phase: "garde" },
      },
    });
    await asGM(() => combat.startCombat());
    await settle();
    expect([combat.round, combat.combatant?.id]).toEqual([1, "cA"]);
    expect(seat(combat, "cA").marker).toBe(true);
    // Next turn: the pair's dice are the highest left in the fire; both act in this turn (beginTurn), the pointer on
    // one of them, on every client.
    await asGM(() => combat.nextTurn());
    await settle();
    expect(combat.round).toBe(1);
    expect(["cB", "cT"]).toContain(combat.combatant?.id);
    expect(asClient("player2", () => combat.combatant?.id)).toBe(combat.combatant?.id);
    const marks = (id: string) => [seat(combat, id).marker, seat(combat, id).acted, seat(combat, id).phase];
    expect([marks("cA"), marks("cB"), marks("cT")]).toEqual([
      [false, true, "garde"],
      [true, true, "garde"],
      [true, true, "garde"],
    ]);
    // Nobody is left in the fire: the next Next turn opens round 2, Aelis first again.
    await asGM(() => combat.nextTurn());
    await settle();
    expect([combat.round, combat.combatant?.id]).toEqual([2, "cA"]);
    expect(combat.lifecycle.filter((l) => l.startsWith("startRound"))).toEqual(["startRound:1", "startRound:2"]);
  });
});
