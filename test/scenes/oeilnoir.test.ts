/**
 * L'Œil Noir at a whole table (issue 21): a GM and two players on their own clients with latency. The players
 * create their héros from the sidebar, the GM drops them and an orc on the scene, everyone rolls their initiative
 * from the tracker, the duel card's buttons are clicked by whoever sees them (and refused to whoever does not), two
 * rounds run in the tracker, one roll goes in each private mode, and every card and sheet reads the same when built
 * again from stored data.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asClient, settle, targetsOf, type DoubleChatMessage, type DoubleCombat } from "../double/shared-core.ts";
import type { DoubleToken } from "../double/tokens.ts";
import { cardOf } from "../cards.ts";
import { configureStatusEffects } from "../../src/foundry/conditions/index.ts";
import { installEffectsDouble } from "../double/effects.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import {
  buttonsByUser,
  clickCard,
  clickSheet,
  createCast,
  dropCast,
  expectCardsSameFromStore,
  expectSheetsSameFromStore,
  forceCardAction,
  lastMessage,
  messages,
  openSheet,
  openTable,
  rerender,
  rollInEachPrivateMode,
  sheetButton,
  editSheet,
  startEncounter,
  tracker,
  turnOrder,
  type Cast,
  type OpenSheet,
  type Table,
} from "./table.ts";
import { gmReloadsMidFight, switchWorld } from "./reload.ts";

let table: Table;
let cast: Cast;
let alrik: DoubleActor;
let nadja: DoubleActor;
let orc: DoubleActor;
const tokens: Record<string, DoubleToken> = {};
const sheets: Record<string, OpenSheet> = {};
let combat: DoubleCombat;

const isProne = (a: DoubleActor) => (a as unknown as { statuses: Set<string> }).statuses.has("prone");
const duelOf = (m: DoubleChatMessage) => (cardOf(m).data as { duel: Record<string, unknown> }).duel;

beforeAll(async () => {
  table = await openTable("oeilnoir");
  // Status effects (prone for a fall): the double's effects, and the conditions the system gives CONFIG at setup.
  installEffectsDouble();
  configureStatusEffects("oeilnoir");
});

describe.sequential("L'Œil Noir at a whole table", { timeout: 60_000 }, () => {
  it("the players create their héros from the sidebar; the GM an orc", async () => {
    cast = await createCast({
      characters: { type: "heros", names: ["Alrik", "Nadja"] },
      fresh: { prototypeToken: { bar1: { attribute: "ev" } }, system: { ev: { value: 30, max: 30 } } },
      npc: { type: "adversaire", name: "Orc" },
    });
    [alrik, nadja] = cast.characters;
    orc = cast.npc!;
    // The GM sets the orc's stat block before dropping it (INI base 9).
    sheets.orc = await openSheet("gm", orc);
    await editSheet(sheets.orc, { "system.iniBase": 9 });
    expect(orc.toObject()).toMatchObject({ system: { iniBase: 9 } });
  });

  it("the GM drops their tokens: the héros linked, the orc a synthetic actor", async () => {
    Object.assign(tokens, await dropCast(table, cast));
  });

  it("each player opens their sheet: the checks and the attack are there and enabled", async () => {
    sheets.alrik = await openSheet("player1", alrik);
    sheets.nadja = await openSheet("player2", nadja);
    sheets.orc = await openSheet("gm", tokens.Orc!.actor!);
    for (const sheet of [sheets.alrik, sheets.nadja]) {
      expect(sheetButton(sheet, "roll", { roll: "check:CO" }).disabled).toBe(false);
      expect(sheetButton(sheet, "roll", { roll: "attack:sansArme" }).disabled).toBe(false);
    }
    expect(sheetButton(sheets.orc, "roll", { roll: "attack" }).disabled).toBe(false);
  });

  it("the GM opens the fight; each player rolls their own initiative in the tracker, the GM the orc's", async () => {
    // Nadja's player raises her qualities on the sheet (INI base 11).
    await editSheet(sheets.nadja!, { "system.qualities.CO": 15, "system.qualities.AG": 14, "system.qualities.IN": 13 });
    combat = await startEncounter(Object.values(tokens));
    const formula = (name: string) =>
      combat.combatants.contents.find((c) => c.name === name)!.getInitiativeRoll().formula;
    expect([formula("Alrik"), formula("Nadja"), formula("Orc")]).toEqual(["1d6 + 10", "1d6 + 11", "1d6 + 9"]);
    // Alrik, Nadja, then the Orc roll their d6: 4, 2 and 3.
    chooseDice(4, 2, 3);
    for (const [user, name] of [
      ["player1", "Alrik"],
      ["player2", "Nadja"],
    ] as const) {
      const id = combat.combatants.contents.find((c) => c.name === name)!.id;
      await asClient(user, () => combat.rollInitiative([id]));
      await settle();
    }
    await tracker(combat, "rollNPC");
    expect(combat.combatants.contents.map((c) => [c.name, c.initiative])).toEqual([
      ["Alrik", 14],
      ["Nadja", 13],
      ["Orc", 12],
    ]);
    await tracker(combat, "startCombat");
    // One row each: a second action at INI − 8 is a trade a fighter takes (issue 25, RULES.md "Per round").
    expect(turnOrder(combat)).toEqual({
      order: ["Alrik", "Nadja", "Orc"],
      round: 1,
      current: "Alrik",
    });
  });

  it("Alrik's player attacks the orc from the sheet; the orc's parry is the GM's, the damage the roller's", async () => {
    targetsOf("player1").add(tokens.Orc!);
    chooseDice(5);
    await clickSheet(sheets.alrik!, "roll", { roll: "attack:sansArme" });
    const duel = lastMessage();
    expect(duel.author?.id).toBe("player1");
    expect(duelOf(duel)).toMatchObject({
      stage: "awaitParry",
      attack: { d20: 5, success: true },
      defender: { uuid: tokens.Orc!.actor!.uuid, name: "Orc" },
    });
    expect(await buttonsByUser(duel)).toEqual({
      // The GM's "Close the duel" (issue 33) on every card with a step left.
      gm: ["oeilnoir.parry", "oeilnoir.dodge", "oeilnoir.noParry", "oeilnoir.close"],
      player1: [],
      player2: [],
    });
    for (const user of ["player1", "player2"] as const)
      for (const action of ["oeilnoir.parry", "oeilnoir.dodge", "oeilnoir.noParry"])
        expect(await forceCardAction(user, duel, action)).toBe("denied");
    expect(duelOf(duel)).toMatchObject({ stage: "awaitParry", parry: null });
    chooseDice(15);
    await clickCard("gm", duel, "oeilnoir.parry");
    expect(duelOf(duel)).toMatchObject({ stage: "hit", parry: { d20: 15, success: false } });
    expect(await buttonsByUser(duel)).toEqual({
      gm: ["oeilnoir.damage", "oeilnoir.close"],
      player1: ["oeilnoir.damage"],
      player2: [],
    });
    expect(await forceCardAction("player2", duel, "oeilnoir.damage")).toBe("denied");
    chooseDice(4);
    await clickCard("player1", duel, "oeilnoir.damage");
    expect(duelOf(duel)).toMatchObject({ stage: "damaged", damage: { faces: [4], pi: 4 } });
    expect(await buttonsByUser(duel)).toEqual({
      gm: ["oeilnoir.applyHit", "oeilnoir.close"],
      player1: [],
      player2: [],
    });
    for (const user of ["player1", "player2"] as const)
      expect(await forceCardAction(user, duel, "oeilnoir.applyHit")).toBe("denied");
    await clickCard("gm", duel, "oeilnoir.applyHit");
    // Bare hands: PI 4 − PR 1 on the Endurance (3), a quarter of it on the EV; the token's orc, not the sidebar's.
    expect(duelOf(duel)).toMatchObject({ stage: "applied", hit: { endurance: 3, damage: 1, evAfter: 24 } });
    expect(tokens.Orc!.actor!.toObject()).toMatchObject({ system: { ev: { value: 24 }, endurance: { value: 22 } } });
    expect(orc.toObject()).toMatchObject({ system: { ev: { value: 25 }, endurance: { value: 25 } } });
    expect(cardOf(duel).applied).toEqual([
      expect.objectContaining({ targetUuid: tokens.Orc!.actor!.uuid, userId: "gm", undone: false }),
    ]);
    expect(await buttonsByUser(duel)).toEqual({ gm: ["quintette.undo"], player1: [], player2: [] });
    const line = cardOf(duel).applied[0]!;
    expect(await forceCardAction("player1", duel, "quintette.undo", { key: line.id })).toBe("denied");
    await clickCard("gm", duel, "quintette.undo", { key: line.id });
    expect(tokens.Orc!.actor!.toObject()).toMatchObject({ system: { ev: { value: 25 }, endurance: { value: 25 } } });
    expect(cardOf(duel).applied[0]).toMatchObject({ undone: true });
    expect(facesLeft()).toBe(0);
  });

  it("Next turn to Nadja, then the orc, who attacks her: her player dodges; Alrik's player may not", async () => {
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Nadja" });
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Orc" });
    targetsOf("gm").add(tokens.Nadja!);
    chooseDice(3);
    await clickSheet(sheets.orc!, "roll", { roll: "attack" });
    targetsOf("gm").clear();
    const duel = lastMessage();
    expect(duel.author?.id).toBe("gm");
    expect(duelOf(duel)).toMatchObject({
      stage: "awaitParry",
      attack: { d20: 3, success: true },
      defender: { uuid: nadja.uuid },
    });
    // Nadja's defence is her player's (and the GM's, who may answer for anyone).
    const defence = ["oeilnoir.parry", "oeilnoir.dodge", "oeilnoir.noParry"];
    expect(await buttonsByUser(duel)).toEqual({ gm: [...defence, "oeilnoir.close"], player1: [], player2: defence });
    for (const action of defence) expect(await forceCardAction("player1", duel, action)).toBe("denied");
    const before = nadja.toObject();
    chooseDice(2);
    await clickCard("player2", duel, "oeilnoir.dodge");
    expect(duelOf(duel)).toMatchObject({ stage: "parried", parry: { d20: 2, success: true, dodge: true } });
    expect(await buttonsByUser(duel)).toEqual({ gm: [], player1: [], player2: [] });
    expect(nadja.toObject()).toEqual(before);
    expect(facesLeft()).toBe(0);
  });

  it("second actions, then Next turn into round 2 and Next round into round 3", async () => {
    // Alrik attacked this round, fighting normally as declared at its start: his player's plan is locked now.
    await rerender(sheets.alrik!);
    expect(sheetButton(sheets.alrik!, "declarePlan", { plan: "twoActions" }).disabled).toBe(true);
    // The GM allows the change on Alrik's sheet: his second action's row at 14 − 8 = 6, after the orc.
    sheets.gmAlrik = await openSheet("gm", alrik);
    await clickSheet(sheets.gmAlrik, "declarePlan", { plan: "twoActions" });
    expect(turnOrder(combat)).toMatchObject({ order: ["Alrik", "Nadja", "Orc", "Alrik"], round: 1 });
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Alrik" });
    expect(combat.turn).toBe(3);
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Alrik" });
    expect(combat.turn).toBe(0);
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Nadja" });
    await tracker(combat, "nextRound");
    expect(turnOrder(combat)).toMatchObject({ round: 3, current: "Alrik" });
    expect(combat.turn).toBe(0);
  });

  it("Alrik falls (Chute) attacking in round 3; getting up is an action of his own phase, refused until round 4", async () => {
    expect(turnOrder(combat)).toMatchObject({ round: 3, current: "Alrik" });
    // A natural 20, then 9 on the attack fumble table: Chute, INI −2, Alrik on the ground (Foundry's prone).
    chooseDice(20, 9);
    await clickSheet(sheets.alrik!, "roll", { roll: "attack:sansArme" });
    const fall = lastMessage();
    expect(duelOf(fall)).toMatchObject({ fumble: { key: "chute", check: { result: null } } });
    await settle();
    expect(isProne(alrik)).toBe(true);
    expect(combat.combatants.contents.find((c) => c.name === "Alrik")?.initiative).toBe(12);
    expect((await buttonsByUser(fall)).player1).toContain("oeilnoir.fumbleCheck");
    // His turn action went to the attack: getting up (one action) is refused this round, before any die.
    expect(await forceCardAction("player1", fall, "oeilnoir.fumbleCheck")).toBe("invalid");
    expect(isProne(alrik)).toBe(true);
    // Round 4: Nadja (13) acts first; not his phase yet.
    await tracker(combat, "nextRound");
    expect(turnOrder(combat)).toMatchObject({ round: 4, current: "Nadja", order: ["Nadja", "Alrik", "Orc"] });
    expect(await forceCardAction("player1", fall, "oeilnoir.fumbleCheck")).toBe("invalid");
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 4, current: "Alrik" });
    // On his phase: AG check harder by Enc, a 5 passes; he stands, and his turn action is spent.
    chooseDice(5);
    await clickCard("player1", fall, "oeilnoir.fumbleCheck");
    expect(duelOf(fall)).toMatchObject({ fumble: { check: { result: { d20: 5, success: true } } } });
    await settle();
    expect(isProne(alrik)).toBe(false);
    const before = messages().length;
    await clickSheet(sheets.alrik!, "roll", { roll: "attack:sansArme" });
    expect(messages().length).toBe(before);
    expect(facesLeft()).toBe(0);
  });

  it("Nadja's player rolls a CO check once in each private mode: the card reaches exactly its readers, a self roll none but its roller", async () => {
    await rollInEachPrivateMode(
      sheets.nadja!,
      { roll: "check:CO" },
      { gmroll: [4], blindroll: [11], selfroll: [18] },
      (message, [face]) => expect(cardOf(message)).toMatchObject({ rollerId: "player2", dice: [{ value: face }] }),
    );
    expect(facesLeft()).toBe(0);
  });

  it("every card and sheet reads the same when built again from stored data", async () => {
    await expectCardsSameFromStore(messages());
    await expectSheetsSameFromStore([sheets.alrik!, sheets.nadja!]);
  });

  it("mid-round on Alrik's second action, a duel waiting: the GM reloads while Alrik's player asks the damage, Nadja's joins late", async () => {
    // A fresh round, declared at its start: two actions, the second on Alrik's row at INI − 8.
    await tracker(combat, "nextRound");
    const round = combat.round;
    await rerender(sheets.alrik!);
    await clickSheet(sheets.alrik!, "declarePlan", { plan: "twoActions" });
    for (let i = 0; i < 3; i += 1) await tracker(combat, "nextTurn");
    // Since his fall Alrik acts after Nadja; his second row closes the round.
    expect(turnOrder(combat)).toMatchObject({ order: ["Nadja", "Alrik", "Orc", "Alrik"], round, current: "Alrik" });
    expect(combat.turn).toBe(3);
    targetsOf("player1").add(tokens.Orc!);
    chooseDice(5);
    await clickSheet(sheets.alrik!, "roll", { roll: "attack:sansArme" });
    targetsOf("player1").clear();
    const duel = lastMessage();
    chooseDice(15);
    await clickCard("gm", duel, "oeilnoir.parry");
    expect(duelOf(duel)).toMatchObject({ stage: "hit" });
    const world = await gmReloadsMidFight("oeilnoir", table, {
      waiting: { user: "player1", message: duel, action: "oeilnoir.damage" },
      dice: [4],
    });
    const served = world.message(duel.id);
    expect(duelOf(served)).toMatchObject({ stage: "damaged", damage: { faces: [4], pi: 4 } });
    expect(await buttonsByUser(served)).toEqual({
      gm: ["oeilnoir.applyHit", "oeilnoir.close"],
      player1: [],
      player2: [],
    });
    await clickCard("gm", served, "oeilnoir.applyHit");
    expect(duelOf(served)).toMatchObject({ stage: "applied", hit: { evAfter: 24 } });
    expect(world.token("Orc").actor!.toObject()).toMatchObject({ system: { ev: { value: 24 } } });
    expect(world.actor(orc.id).toObject()).toMatchObject({ system: { ev: { value: 25 } } });
    // The tracker goes on from the second action's row into the next round.
    await tracker(world.combat!, "nextTurn");
    expect(turnOrder(world.combat!)).toMatchObject({ round: round + 1, current: "Nadja" });
    expect(facesLeft()).toBe(0);
  });

  it("the world switched to SYSTEMJ: L'Œil Noir's cards read only, the GM's undo refused", async () => {
    await switchWorld("oeilnoir", "systemj");
  });
});
