/**
 * SYSTEMJ at a whole table (issue 21): a GM and two players on their own clients with latency. The players create
 * their characters from the sidebar, the GM drops them and a bear on the scene, each player rolls their initiative
 * (a Rapidité test) from the tracker, a fight card's steps are answered by whoever may answer them (and refused to
 * the others), two rounds run in the tracker, one test goes in each private mode, and every card and sheet reads the
 * same when built again from stored data.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import {
  asClient,
  loadChatLog,
  settle,
  targetsOf,
  useRealTemplates,
  type DoubleChatMessage,
  type DoubleCombat,
} from "../double/shared-core.ts";
import { doubleState } from "../double/index.ts";
import type { DoubleToken } from "../double/tokens.ts";
import { cardOf } from "../cards.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import {
  answering,
  buttonsByUser,
  clickCard,
  clickSheet,
  createCast,
  dialogsSeen,
  dropCast,
  expectCardsSameFromStore,
  expectSheetsSameFromStore,
  forceCardAction,
  lastMessage,
  messages,
  openSheet,
  openTable,
  rollInEachPrivateMode,
  seeCard,
  sheetButton,
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
let aude: DoubleActor;
let bertil: DoubleActor;
let ours: DoubleActor;
const tokens: Record<string, DoubleToken> = {};
const sheets: Record<string, OpenSheet> = {};
let combat: DoubleCombat;

const hp = (a: DoubleActor | null | undefined) =>
  (a?.system as unknown as { hitPoints: { value: number } } | undefined)?.hitPoints.value;
const exchangeOf = (m: DoubleChatMessage) => (cardOf(m).data as { exchange: Record<string, unknown> }).exchange;

beforeAll(async () => {
  table = await openTable("systemj");
});

describe.sequential("SYSTEMJ at a whole table", { timeout: 60_000 }, () => {
  it("the players create their characters from the sidebar; the GM a bear", async () => {
    cast = await createCast({
      characters: { type: "sj-personnage", names: ["Aude", "Bertil"] },
      fresh: { prototypeToken: { bar1: { attribute: "hitPoints" } }, system: { hitPoints: { value: 10, max: 10 } } },
      npc: { type: "creature", name: "Ours" },
    });
    [aude, bertil] = cast.characters;
    ours = cast.npc!;
  });

  it("the GM drops their tokens: the characters linked, the bear a synthetic actor", async () => {
    Object.assign(tokens, await dropCast(table, cast));
  });

  it("each player opens their sheet: tests and attacks are there and enabled", async () => {
    sheets.aude = await openSheet("player1", aude);
    sheets.bertil = await openSheet("player2", bertil);
    for (const sheet of [sheets.aude, sheets.bertil]) {
      expect(sheetButton(sheet, "roll", { roll: "attribute.FOR" }).disabled).toBe(false);
      expect(sheetButton(sheet, "attack", { mode: "meleeForce" }).disabled).toBe(false);
    }
  });

  it("the GM opens the fight; each player rolls their initiative (a Rapidité test card), the GM the bear's", async () => {
    combat = await startEncounter(Object.values(tokens));
    const count = messages().length;
    for (const [user, name, face] of [
      ["player1", "Aude", 12],
      ["player2", "Bertil", 35],
    ] as const) {
      const id = combat.combatants.contents.find((c) => c.name === name)!.id;
      chooseDice(face);
      await answering({}, () => asClient(user, () => combat.rollInitiative([id])));
      await settle();
    }
    chooseDice(60);
    await tracker(combat, "rollNPC");
    // Each roll posted its test card; the order is the rules core's: successes by decreasing roll, then failures.
    expect(
      messages()
        .slice(count)
        .map((m) => [m.author?.id, cardOf(m).rollerId]),
    ).toEqual([
      ["player1", "player1"],
      ["player2", "player2"],
      ["gm", "gm"],
    ]);
    expect(combat.combatants.contents.map((c) => [c.name, c.initiative])).toEqual([
      ["Aude", 12],
      ["Bertil", 35],
      ["Ours", 60],
    ]);
    expect(turnOrder(combat).order).toEqual(["Bertil", "Aude", "Ours"]);
    await tracker(combat, "startCombat");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Bertil" });
    expect(facesLeft()).toBe(0);
  });

  it("Next turn to Aude, whose player attacks the bear: its defence is the GM's alone, the damage the attacker's", async () => {
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Aude" });
    targetsOf("player1").add(tokens.Ours!);
    chooseDice(30);
    await clickSheet(sheets.aude!, "attack", { mode: "meleeForce" });
    targetsOf("player1").clear();
    const fight = lastMessage();
    expect(fight.author?.id).toBe("player1");
    expect(exchangeOf(fight)).toMatchObject({
      phase: "defence",
      defender: { uuid: tokens.Ours!.actor!.uuid },
      tests: [{ roll: 30, success: true, role: "attack" }],
    });
    expect(await buttonsByUser(fight)).toEqual({
      gm: ["systemj.defend", "systemj.noDefence"],
      player1: [],
      player2: [],
    });
    for (const user of ["player1", "player2"] as const) {
      expect(await forceCardAction(user, fight, "systemj.defend", { kind: "dodge" })).toBe("denied");
      expect(await forceCardAction(user, fight, "systemj.noDefence")).toBe("denied");
    }
    expect(exchangeOf(fight)).toMatchObject({ phase: "defence" });
    chooseDice(90);
    await clickCard("gm", fight, "systemj.defend", { kind: "dodge" });
    expect(exchangeOf(fight)).toMatchObject({
      phase: "hit",
      hitTarget: "defender",
      tests: [{ roll: 30 }, { roll: 90, success: false, role: "dodge", by: "defender" }],
    });
    // The hit's damage and its application belong to the attacker's side or the defender's (and the GM): Bertil's
    // player is refused both and shown neither (each client renders the card for its own user).
    const dealer = async (action: string, shownToBystander: boolean) => {
      expect(await buttonsByUser(fight)).toEqual({
        gm: [action],
        player1: [action],
        player2: shownToBystander ? [action] : [],
      });
      expect(await forceCardAction("player2", fight, action)).toBe("denied");
    };
    await dealer("systemj.damage", false);
    chooseDice(2);
    await clickCard("player1", fight, "systemj.damage");
    expect(exchangeOf(fight)).toMatchObject({ phase: "hit", damage: 2 });
    await dealer("systemj.applyDamage", false);
    await clickCard("player1", fight, "systemj.applyDamage");
    expect(hp(tokens.Ours!.actor)).toBe(8);
    expect(hp(ours)).toBe(10);
    const line = cardOf(fight).applied[0]!;
    expect(line).toMatchObject({ targetUuid: tokens.Ours!.actor!.uuid, userId: "player1", undone: false });
    expect(await buttonsByUser(fight)).toEqual({ gm: ["quintette.undo"], player1: [], player2: [] });
    expect(await forceCardAction("player1", fight, "quintette.undo", { key: line.id })).toBe("denied");
    await clickCard("gm", fight, "quintette.undo", { key: line.id });
    expect(hp(tokens.Ours!.actor)).toBe(10);
    expect(facesLeft()).toBe(0);
  });

  it("Bertil's player throws an object at the bear: whether it sees the shot coming is the GM's call (issue 33)", async () => {
    targetsOf("player2").add(tokens.Ours!);
    chooseDice(5);
    await clickSheet(sheets.bertil!, "attack", { mode: "throw" });
    targetsOf("player2").clear();
    // His dialog no longer asks it; the card waits for the GM, whose buttons the players do not see.
    expect(dialogsSeen.at(-1)?.config.inputs.map((i) => i.name)).not.toContain("targetAware");
    const shot = lastMessage();
    expect(exchangeOf(shot)).toMatchObject({ mode: "ranged", phase: "sight" });
    expect(await buttonsByUser(shot)).toEqual({
      gm: ["systemj.sight", "systemj.sight"],
      player1: [],
      player2: [],
    });
    expect((await seeCard("player2", shot)).html).toContain("Le MJ décide si Ours voit venir le tir");
    // The same card in English on the GM's client.
    const speak = (lang: string) => {
      doubleState().game.i18n.setLanguage(lang);
      useRealTemplates(lang);
      loadChatLog("gm");
    };
    speak("en");
    const english = (await seeCard("gm", shot)).html;
    speak("fr");
    expect(english).toContain("The GM decides whether Ours sees the shot coming");
    expect(english).toContain("Ours does not see it coming");
    for (const user of ["player1", "player2"] as const)
      expect(await forceCardAction(user, shot, "systemj.sight", { aware: false })).toBe("denied");
    expect(exchangeOf(shot)).toMatchObject({ phase: "sight" });
    // The GM says the bear does not see it: it is hit, and only the thrower's side rolls the damage.
    await clickCard("gm", shot, "systemj.sight", { aware: false });
    expect(exchangeOf(shot)).toMatchObject({ phase: "hit", hitTarget: "defender" });
    expect(await buttonsByUser(shot)).toEqual({ gm: ["systemj.damage"], player1: [], player2: ["systemj.damage"] });
    expect(facesLeft()).toBe(0);
  });

  it("Next turn to the bear, Next turn into round 2, Next round into round 3", async () => {
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Ours" });
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Bertil" });
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Aude" });
    await tracker(combat, "nextRound");
    expect(turnOrder(combat)).toMatchObject({ round: 3, current: "Bertil" });
  });

  it("Bertil's player rolls a FOR test once in each private mode: the card reaches exactly its readers, a self roll none but its roller", async () => {
    await rollInEachPrivateMode(
      sheets.bertil!,
      { roll: "attribute.FOR" },
      { gmroll: [4], blindroll: [44], selfroll: [77] },
      (message) => expect(cardOf(message)).toMatchObject({ rollerId: "player2" }),
    );
    expect(facesLeft()).toBe(0);
  });

  it("every card and sheet reads the same when built again from stored data", async () => {
    await expectCardsSameFromStore(messages());
    await expectSheetsSameFromStore([sheets.aude!, sheets.bertil!]);
  });

  it("round 3, Aude's blow hits the bear: the GM reloads as her player asks the damage, Bertil's joins late, the fight goes on", async () => {
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 3, current: "Aude" });
    targetsOf("player1").add(tokens.Ours!);
    chooseDice(30);
    await clickSheet(sheets.aude!, "attack", { mode: "meleeForce" });
    targetsOf("player1").clear();
    const fight = lastMessage();
    chooseDice(90);
    await clickCard("gm", fight, "systemj.defend", { kind: "dodge" });
    expect(exchangeOf(fight)).toMatchObject({ phase: "hit" });
    const world = await gmReloadsMidFight("systemj", table, {
      waiting: { user: "player1", message: fight, action: "systemj.damage" },
      dice: [2],
    });
    const served = world.message(fight.id);
    expect(exchangeOf(served)).toMatchObject({ phase: "hit", damage: 2 });
    expect(await buttonsByUser(served)).toEqual({
      gm: ["systemj.applyDamage"],
      player1: ["systemj.applyDamage"],
      player2: [],
    });
    await clickCard("player1", served, "systemj.applyDamage");
    expect(hp(world.token("Ours").actor)).toBe(8);
    expect(hp(world.actor(ours.id))).toBe(10);
    expect(await buttonsByUser(served)).toEqual({ gm: ["quintette.undo"], player1: [], player2: [] });
    await tracker(world.combat!, "nextTurn");
    expect(turnOrder(world.combat!)).toMatchObject({ round: 3, current: "Ours" });
    expect(facesLeft()).toBe(0);
  });

  it("the world switched to Trinités: SYSTEMJ's cards read only, the GM's undo refused", async () => {
    await switchWorld("systemj", "trinites");
  });
});
