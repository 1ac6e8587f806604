/**
 * Attacks on a Trinités confrontation (issue 22), made by the attacker's player (a client of the double) against the
 * real code: the GM's client must never read a confrontation's state, an initiative or a damage amount from the
 * player's own card. The answers are the reaction cards, results are read again from the dice, the weapon from its
 * item.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asClient, targetsOf, type DoubleChatMessage } from "../double/shared-core.ts";
import { postCard } from "../../src/foundry/chat/index.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import type { CardState } from "../../src/foundry/chat/types.ts";
import { buildTestCard, type TestData, type TestSetup } from "../../src/foundry/trinites/card.ts";
import { weaponOf } from "../../src/foundry/trinites/flow.ts";
import { initiativeUpdate } from "../../src/foundry/trinites/combat.ts";
import { testSetup } from "../unit/trinites/setup-fixture.ts";
import { cardOf, rewriteCard } from "../cards.ts";
import { createActor, trinitesFight, trinitesWorld, type TrinitesWorld } from "../worlds/trinites.ts";

let brune: DoubleActor;
let orc: DoubleActor;

const stored = (m: DoubleChatMessage) => cardOf(m);
const vie = (a: DoubleActor) => (a.system as unknown as { vie: { value: number } }).vie.value;

async function post(card: CardState, userId = "player1"): Promise<DoubleChatMessage> {
  return (await asClient(userId, () => postCard(card))) as unknown as DoubleChatMessage;
}

/** The author rewrites the card's data from the console (Foundry lets the author update the message). */
async function forge(m: DoubleChatMessage, change: (d: TestData, card: CardState) => TestData): Promise<void> {
  const card = structuredClone(stored(m));
  card.data = change(structuredClone(card.data as unknown as TestData), card) as never;
  await asClient("player1", () => rewriteCard(m, card));
}

/** Brune's knife (2 damage, no blade), an item of hers, as her sheet's weapon button reads it. */
async function knife(): Promise<NonNullable<TestSetup["weapon"]>> {
  const [item] = await asClient("player1", () =>
    brune.createEmbeddedDocuments("Item", [{ name: "Couteau", type: "tr-arme", system: { degats: 2 } }]),
  );
  return { ...weaponOf(item as never)!, steps: [], precise: false, nonLethal: false };
}

/** Brune attacks the orc with her knife: a 10 on the die, a success. */
async function attackOrc(deva = [10], targets = [{ uuid: orc.uuid, name: "Orc" }]): Promise<DoubleChatMessage> {
  return post(buildTestCard(testSetup(brune, "player1", { weapon: await knife(), targets }), { deva, archonte: [] }));
}

/** The GM answers for the orc: his reaction card (the GM's own) beats the attack; the GM's client records it. */
async function orcDodges(attack: DoubleChatMessage): Promise<void> {
  const dodge = buildTestCard(
    testSetup(orc, "gm", { skill: "esquive", opposes: { messageId: attack.id, key: orc.uuid } }),
    { deva: [12, 12, 12, 5], archonte: [] },
  );
  const reaction = await post(dodge, "gm");
  await asClient("gm", () =>
    requestCardAction(attack.id, "trinites.opposition", { key: orc.uuid, source: reaction.id }),
  );
}

let world: TrinitesWorld;

beforeEach(async () => {
  // Brune with Rapidité 5: her initiative test's score as her sheet gives it. The orc is the GM's.
  world = await trinitesWorld({ cardActions: true, damage: true, brune: { competences: { rapidite: { base: 5 } } } });
  brune = world.brune;
  orc = await createActor({ name: "Orc", type: "humain" });
});

describe("attack (issue 22): the attacker's player rewrites the confrontation on their card", () => {
  it("the orc's winning dodge rewritten as beaten: the GM's click does not hit him", async () => {
    const attack = await attackOrc();
    await orcDodges(attack);
    const before = vie(orc);
    await forge(attack, (d) => ({ ...d, opposition: d.opposition.map((o) => ({ ...o, winner: "a" as const })) }));
    const r = await asClient("gm", () => requestCardAction(attack.id, "trinites.damage", { key: orc.uuid }));
    expect(r.status).not.toBe("applied");
    expect(vie(orc)).toBe(before);
  });

  it("the orc's dodge struck off the card: the GM's click does not hit him either", async () => {
    const attack = await attackOrc();
    await orcDodges(attack);
    const before = vie(orc);
    await forge(attack, (d) => ({ ...d, opposition: [] }));
    await asClient("gm", () => requestCardAction(attack.id, "trinites.damage", { key: orc.uuid }));
    expect(vie(orc)).toBe(before);
  });

  it("a failed attack rewritten as a success: the GM's click does not hit the orc", async () => {
    const attack = await attackOrc([1]);
    const before = vie(orc);
    await forge(attack, (d) => ({ ...d, result: { ...d.result!, success: true, final: 30, natural: 25 } }));
    await asClient("gm", () => requestCardAction(attack.id, "trinites.damage", { key: orc.uuid }));
    expect(vie(orc)).toBe(before);
  });

  it("an untargeted blow's damage rewritten to 40: the GM's Apply reads the knife's 2", async () => {
    const attack = await attackOrc([10], []);
    await forge(attack, (d) => ({ ...d, setup: { ...d.setup, weapon: { ...d.setup.weapon!, damage: 40 } } }));
    const card = { ...structuredClone(stored(attack)), damage: { amount: 40, weaponDamage: 40 } };
    await asClient("player1", () => rewriteCard(attack, card));
    const before = vie(orc);
    targetsOf("gm").clear();
    targetsOf("gm").add({ actor: orc } as never);
    expect((await asClient("gm", () => requestCardAction(attack.id, "quintette.applyDamage"))).status).toBe("applied");
    expect(before - vie(orc)).toBe(2);
  });

  it("honest path: a beaten dodge lets the knife through, once", async () => {
    const attack = await attackOrc([12, 12, 12, 12, 5]);
    await orcDodges(attack);
    const before = vie(orc);
    expect(
      (await asClient("gm", () => requestCardAction(attack.id, "trinites.damage", { key: orc.uuid }))).status,
    ).toBe("applied");
    expect(before - vie(orc)).toBe(2);
  });
});

describe("attack (issue 22): an initiative card's result rewritten by its roller", () => {
  it("the GM sets the score the dice give, not the card's stated final", async () => {
    const combat = await trinitesFight(world, { fighters: { cB: brune }, machine: false });
    const initiative = { combatId: "fight", combatantId: "cB", surprised: false };
    // Score 5, difficulty 0, a 2 on the die: final 7.
    const m = await post(
      buildTestCard(testSetup(brune, "player1", { skill: "rapidite", initiative }), { deva: [2], archonte: [] }),
    );
    await forge(m, (d) => ({ ...d, result: { ...d.result!, final: 40, natural: 35 } }));
    await asClient("player1", () => requestCardAction(m.id, "trinites.initiative"));
    const seat = combat.combatants.get("cB") as unknown as { initiative: number | null };
    expect(seat.initiative).toBe(initiativeUpdate("cB", 7, false).initiative);
    expect(seat.initiative).not.toBe(initiativeUpdate("cB", 40, false).initiative);
  });

  it("the card's Rapidité score or difficulty rewritten: the GM reads Rapidité on her actor (issue 25)", async () => {
    const combat = await trinitesFight(world, { fighters: { cB: brune }, machine: false });
    const initiative = { combatId: "fight", combatantId: "cB", surprised: false };
    // Written at roll time with a Rapidité of 40: the GM's client reads her sheet's 5, so 2 + 5 = 7 → 4.
    const m = await post(
      buildTestCard(testSetup(brune, "player1", { skill: "rapidite", score: 40, initiative }), {
        deva: [2],
        archonte: [],
      }),
    );
    await asClient("player1", () => requestCardAction(m.id, "trinites.initiative"));
    const seat = combat.combatants.get("cB") as unknown as { initiative: number | null };
    expect(seat.initiative).toBe(initiativeUpdate("cB", 7, false).initiative);
    // A difficulty no condition gives (+30) is refused: the score stays where it was.
    const forged = await post(
      buildTestCard(testSetup(brune, "player1", { skill: "rapidite", difficulty: 30, initiative }), {
        deva: [2],
        archonte: [],
      }),
    );
    const r = await asClient("player1", () => requestCardAction(forged.id, "trinites.initiative"));
    expect(r.status).toBe("invalid");
    expect(seat.initiative).toBe(4);
  });
});
