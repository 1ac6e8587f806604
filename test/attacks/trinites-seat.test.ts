/**
 * Attacks on the Trinités tracker's relayed seat changes, made by a player's client of the double against the real
 * code (issue 12): a wound report with made-up flags, and the same report or wait sent again.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, type DoubleState } from "../double/index.ts";
import { DoubleCombat, addUser, asClient, installClients } from "../double/shared-core.ts";
import { registerRelay, relayToGM } from "../../src/foundry/relay/index.ts";
import { SEAT, registerTrinitesCombat } from "../../src/foundry/trinites/combat.ts";
import { HumainModel, TriniteModel } from "../../src/foundry/trinites/models.ts";

let state: DoubleState;
let aelis: DoubleActor;
let combat: DoubleCombat;

const seat = (id: string) => {
  const c = combat.combatants.get(id);
  return { initiative: c?.initiative, phase: (c?.system as { phase?: string } | undefined)?.phase };
};
const report = (flags: { pain?: boolean; knockedOut?: boolean; woke?: boolean }) =>
  asClient("player1", () => relayToGM(SEAT, { op: "wound", combatId: combat.id, actorUuid: aelis.uuid, ...flags }));

beforeEach(async () => {
  state = installClients(resetFoundryDouble({ lang: "fr" }));
  CONFIG.Actor.dataModels.trinite = TriniteModel as never;
  CONFIG.Actor.dataModels.humain = HumainModel as never;
  registerRelay();
  registerTrinitesCombat();
  addUser("player2");
  aelis = await DoubleActor.create({
    _id: "aelis",
    name: "Aelis",
    type: "trinite",
    ownership: { default: 0, player1: 3 },
    system: {},
  });
  combat = await DoubleCombat.create({ _id: "fight" });
  await combat.createEmbeddedDocuments("Combatant", [{ _id: "cA", name: "Aelis", actorId: aelis.id }]);
  Object.assign(combat, { round: 1 });
  state.game.combats.set(combat.id, combat);
  Object.assign(state.game, { combat });
  await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cA", initiative: 9, "system.phase": "feu" }]));
});

describe("attack: a wound report with made-up flags", () => {
  it("an unhurt character's report of pain and knock-out moves nothing", async () => {
    expect((await report({ pain: true, knockedOut: true })).status).toBe("applied");
    expect(seat("cA")).toEqual({ initiative: 9, phase: "feu" });
  });

  it("the same wound reported again costs its pain once", async () => {
    await asClient("player1", () => aelis.update({ "system.vie.value": 14 })); // into line 2
    await report({ pain: true });
    await report({ pain: true });
    await report({ pain: true });
    expect(seat("cA")).toEqual({ initiative: 6, phase: "feu" });
  });

  it("waking is refused while the character is still unconscious", async () => {
    await asClient("player1", () => aelis.update({ "system.vie.value": 4 }));
    await report({ knockedOut: true });
    expect(seat("cA").phase).toBe("retrait");
    await report({ woke: true });
    expect(seat("cA").phase).toBe("retrait");
  });
});

describe("attack: a shift or wait sent again", () => {
  it("the GM's ±3 replayed (same request, new ids) moves the die once", async () => {
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cA", initiative: 5 }]));
    const payload = { op: "shift", combatId: combat.id, combatantId: "cA", delta: 3, from: 5 };
    await asClient("gm", () => relayToGM(SEAT, payload));
    await asClient("gm", () => relayToGM(SEAT, payload));
    expect(seat("cA").initiative).toBe(8);
  });

  it("a request without the score it was made from is refused", async () => {
    const r = await asClient("gm", () =>
      relayToGM(SEAT, { op: "shift", combatId: combat.id, combatantId: "cA", delta: 3 }),
    );
    expect(r.status).toBe("invalid");
    expect(seat("cA").initiative).toBe(9);
  });
});
