/**
 * The Trinités turn loop through Foundry's own "Next turn" (issue 21): the GM clicks Next turn, the update makes its
 * round trip, and Foundry starts that turn on the active GM's client (`_onStartTurn`, unawaited): the fighter left in
 * the fire starts acting (marker, die back en garde). Past the last fighter in the fire a new round begins.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settle, DoubleActor, asGM, resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import { addUser, asClient, installClients, type DoubleCombat } from "../../double/shared-core.ts";
import { registerRelay } from "../../../src/foundry/relay/index.ts";
import { registerChatHooks } from "../../../src/foundry/chat/index.ts";
import { applyRuleset } from "../../../src/foundry/data/register.ts";
import { clearRulesets, registerRuleset } from "../../../src/foundry/ruleset.ts";
import { CombatantData } from "../../../src/foundry/combat/model.ts";
import { QuintetteCombat, registerCombat, registerCombatBehaviour } from "../../../src/foundry/combat/index.ts";
import { descriptor } from "../../../src/foundry/trinites/ruleset.ts";
import { combatBehaviour } from "../../../src/foundry/trinites/combat.ts";
import { registerTrinitesCardModels } from "../../../src/foundry/trinites/card-model.ts";

let state: DoubleState;

interface Seat {
  phase: string;
  marker: boolean;
  acted: boolean;
}
const seat = (combat: DoubleCombat, id: string) => combat.combatants.get(id)!.system as unknown as Seat;

beforeEach(() => {
  state = installClients(resetFoundryDouble({ lang: "en" }), { latency: 2 });
  clearRulesets();
  registerRuleset(descriptor);
  state.CONFIG.Combatant.dataModels = { base: CombatantData };
  registerRelay();
  registerChatHooks();
  registerTrinitesCardModels();
  applyRuleset(descriptor);
  addUser("player2");
});

async function fight(): Promise<DoubleCombat> {
  const aelis = await asGM(() =>
    DoubleActor.create({ name: "Aelis", type: "trinite", ownership: { default: 0, player1: 3 } }, { keepId: true }),
  );
  const thug = await asGM(() => DoubleActor.create({ name: "Thug", type: "humain" }, { keepId: true }));
  registerCombat(() => "trinites");
  registerCombatBehaviour("trinites", combatBehaviour);
  const combat = await asGM(() =>
    (QuintetteCombat as unknown as typeof DoubleCombat).create({ _id: "fight00000000000" }, { keepId: true }),
  );
  await asGM(() =>
    combat.createEmbeddedDocuments(
      "Combatant",
      [
        { _id: "cA", name: "Aelis", actorId: aelis.id, initiative: 9, system: { phase: "garde" } },
        { _id: "cT", name: "Thug", actorId: thug.id, initiative: 5, system: { phase: "garde" } },
      ],
      { keepId: true },
    ),
  );
  Object.assign(state.game, { combat });
  return combat;
}

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
