/**
 * Trinités at a real table (issue 14), on the test double, as the user who would click: rounds nobody can play,
 * Prudence and Danger per reaction, experience spent on the sheet, the damage button, harm outside combat, area
 * attacks, reactions with the action's skill, and the smaller table comforts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DoubleActor, resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import { addUser, installClients, type DoubleCombat } from "../../double/shared-core.ts";
import { registerChatHooks } from "../../../src/foundry/chat/index.ts";
import { registerRelay } from "../../../src/foundry/relay/index.ts";
import { applyRuleset } from "../../../src/foundry/data/register.ts";
import { clearRulesets, registerRuleset } from "../../../src/foundry/ruleset.ts";
import { CombatantData } from "../../../src/foundry/combat/model.ts";
import { QuintetteCombat, registerCombat, registerCombatBehaviour } from "../../../src/foundry/combat/index.ts";
import { descriptor } from "../../../src/foundry/trinites/ruleset.ts";
import { combatBehaviour } from "../../../src/foundry/trinites/combat.ts";

let state: DoubleState;
let aelis: DoubleActor;
let thug: DoubleActor;

beforeEach(async () => {
  state = installClients(resetFoundryDouble({ lang: "en" }));
  clearRulesets();
  registerRuleset(descriptor);
  state.CONFIG.Combatant.dataModels = { base: CombatantData };
  registerRelay();
  registerChatHooks();
  applyRuleset(descriptor);
  addUser("player2");
  aelis = await DoubleActor.create({
    name: "Aelis",
    type: "trinite",
    ownership: { default: 0, player1: 3 },
    system: {
      deva: { value: 5, max: 6 },
      archonte: { value: 2, max: 2 },
      adam: { value: 4, max: 4 },
      competences: { melee: { base: 3 }, rapidite: { base: 4 }, esquive: { base: 2 } },
      signes: { belier: 2, capricorne: 1 },
    },
  });
  thug = await DoubleActor.create({ name: "Thug", type: "humain", ownership: { default: 0, player2: 3 } });
});

/** A combat of the system's own document class, so round and turn changes reach the Trinités machine. */
async function realFight(): Promise<DoubleCombat> {
  registerCombat(() => "trinites");
  registerCombatBehaviour("trinites", combatBehaviour);
  const combat = new (QuintetteCombat as unknown as typeof DoubleCombat)({ _id: "fight" });
  await combat.createEmbeddedDocuments("Combatant", [
    { _id: "cA", name: "Aelis", actorId: aelis.id },
    { _id: "cT", name: "Thug", actorId: thug.id },
  ]);
  state.game.combats.set(combat.id, combat);
  Object.assign(state.game, { combat });
  // A runaway machine would call nextRound forever: count, and stop the test loudly past a few rounds.
  const next = combat.nextRound.bind(combat);
  combat.nextRound = async () => {
    if (combat.round > 5) throw new Error("rounds run away");
    return next();
  };
  return combat;
}

describe("rounds nobody can play (issue 14, point 1)", () => {
  it("stops and says so when the combat starts before anyone rolled initiative", async () => {
    const combat = await realFight();
    await combat.startCombat();
    expect(combat.round).toBe(1);
    expect(state.notifications.map((n) => n.message)).toContain(
      state.game.i18n.localize("QUINTETTE.Trinites.Place.Stalled"),
    );
  });

  it("stops when every rolled fighter is out cold, and offers no regeneration card per pass", async () => {
    const combat = await realFight();
    await aelis.update({ "system.vie.value": 4 }); // Inconscient
    await thug.update({ "system.vie.value": 0 });
    await combat.updateEmbeddedDocuments("Combatant", [
      { _id: "cA", initiative: 9, "system.phase": "garde" },
      { _id: "cT", initiative: 5, "system.phase": "garde" },
    ]);
    await combat.startCombat();
    expect(combat.round).toBe(1);
    expect(state.game.messages.contents).toHaveLength(0);
  });

  it("still plays a surprised fighter's die: en retrait, then en garde, then in the fire two rounds later", async () => {
    const combat = await realFight();
    await combat.updateEmbeddedDocuments("Combatant", [{ _id: "cT", initiative: 5, "system.phase": "retrait" }]);
    await combat.startCombat();
    expect(combat.round).toBe(2);
    expect((combat.combatants.get("cT")!.system as unknown as { marker: boolean }).marker).toBe(true);
  });
});
