/**
 * Trinités at a whole table (issue 21): a GM and two players on their own clients with latency. The players create
 * their Trinités from the sidebar, the GM drops them and a humain on the scene, a test rolled from a sheet is picked
 * on its card by the roller (and refused to the others), each player rolls and picks their own initiative and the
 * tracker runs two rounds through Next turn and Next round, one test goes in each private mode, and every card and
 * sheet reads the same when built again from stored data.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asClient, settle, targetsOf, type DoubleCombat } from "../double/shared-core.ts";
import type { DoubleToken } from "../double/tokens.ts";
import { cardOf } from "../cards.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import {
  buttonsByUser,
  cardTree,
  clickCard,
  clickInCard,
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
  rollInitiativeAs,
  startEncounter,
  tracker,
  turnOrder,
  rollInEachPrivateMode,
  seeCard,
  sheetButton,
  type Cast,
  type OpenSheet,
  type Table,
  type UserId,
} from "./table.ts";
import { gmReloadsMidFight, switchWorld } from "./reload.ts";

let table: Table;
let cast: Cast;
let ysolde: DoubleActor;
let aymeric: DoubleActor;
let combat: DoubleCombat;
const tokens: Record<string, DoubleToken> = {};
const sheets: Record<string, OpenSheet> = {};

beforeAll(async () => {
  table = await openTable("trinites");
});

describe.sequential("Trinités at a whole table", { timeout: 60_000 }, () => {
  it("the players create their Trinités from the sidebar; the GM a humain", async () => {
    cast = await createCast({
      characters: { type: "trinite", names: ["Ysolde", "Aymeric"] },
      npc: { type: "humain", name: "Brute" },
    });
    [ysolde, aymeric] = cast.characters;
  });

  it("the GM drops their tokens: the Trinités linked, the humain a synthetic actor", async () => {
    Object.assign(tokens, await dropCast(table, cast));
  });

  it("Ysolde's player rolls Mêlée at the Brute from the sheet: the pick is hers (and the GM's), refused to Aymeric's", async () => {
    sheets.ysolde = await openSheet("player1", ysolde);
    sheets.aymeric = await openSheet("player2", aymeric);
    expect(sheetButton(sheets.aymeric, "roll", { roll: "skill:melee" }).disabled).toBe(false);
    targetsOf("player1").add(tokens.Brute!);
    // The Deva die explodes (12, then 4); the Archonte shows 3.
    chooseDice(12, 4, 3);
    await clickSheet(sheets.ysolde, "roll", { roll: "skill:melee" });
    targetsOf("player1").clear();
    const test = lastMessage();
    expect(test.author?.id).toBe("player1");
    expect(cardOf(test)).toMatchObject({
      rollerId: "player1",
      dice: [{ value: 16, chain: [12, 4] }, { value: 3 }],
      data: { setup: { skill: "melee", targets: [{ uuid: tokens.Brute!.actor!.uuid }] } },
    });
    expect(await buttonsByUser(test)).toEqual({
      gm: ["trinites.pick", "trinites.pick"],
      player1: ["trinites.pick", "trinites.pick"],
      player2: [],
    });
    expect(await forceCardAction("player2", test, "trinites.pick", { spirit: "archonte" })).toBe("denied");
    expect(cardOf(test).done).toEqual([]);
    await clickCard("player1", test, "trinites.pick", { spirit: "deva" });
    expect(cardOf(test)).toMatchObject({
      done: ["trinites.pick"],
      dice: [{ kept: true }, { kept: false }],
      outcome: { tone: "success" },
    });
    expect(await buttonsByUser(test)).toEqual({ gm: [], player1: [], player2: [] });
    expect(await forceCardAction("player1", test, "trinites.pick", { spirit: "archonte" })).not.toBe("applied");
    expect(facesLeft()).toBe(0);
  });

  it("two rounds in the tracker: each player rolls and picks their own initiative, the GM the Brute's; Next turn and Next round", async () => {
    combat = await startEncounter(Object.values(tokens));
    const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)!.id;
    const seats = () =>
      Object.fromEntries(
        combat.combatants.contents.map((c) => {
          const seat = c.system as unknown as { phase: string; marker: boolean; score: number | null };
          return [c.name, [c.initiative, seat.score, seat.phase, seat.marker]];
        }),
      );
    // Each player clicks the die on their own row: a Rapidité test whose card waits for the pick.
    chooseDice(9, 2);
    await rollInitiativeAs("player1", combat, id("Ysolde"));
    const ysoldeInit = lastMessage();
    chooseDice(3, 7);
    await rollInitiativeAs("player2", combat, id("Aymeric"));
    const aymericInit = lastMessage();
    // The GM's "Roll NPCs": the Brute's single die sets its score at once.
    chooseDice(5);
    await tracker(combat, "rollNPC");
    const bruteInit = lastMessage();
    expect([ysoldeInit, aymericInit, bruteInit].map((m) => [m.author?.id, cardOf(m).kind, cardOf(m).done])).toEqual([
      ["player1", "initiative", []],
      ["player2", "initiative", []],
      ["gm", "initiative", ["trinites.initiative"]],
    ]);
    expect(seats()).toEqual({
      Ysolde: [null, null, "", false],
      Aymeric: [null, null, "", false],
      Brute: [3, 3, "garde", false],
    });
    // Each pick is its roller's (and the GM's); the other player is refused, and nothing is written.
    expect(await buttonsByUser(ysoldeInit)).toEqual({
      gm: ["trinites.pick", "trinites.pick"],
      player1: ["trinites.pick", "trinites.pick"],
      player2: [],
    });
    expect(await buttonsByUser(aymericInit)).toEqual({
      gm: ["trinites.pick", "trinites.pick"],
      player1: [],
      player2: ["trinites.pick", "trinites.pick"],
    });
    expect(await forceCardAction("player2", ysoldeInit, "trinites.pick", { spirit: "archonte" })).toBe("denied");
    expect(await forceCardAction("player2", ysoldeInit, "trinites.initiative")).toBe("denied");
    expect(cardOf(ysoldeInit).done).toEqual([]);
    expect(seats().Ysolde).toEqual([null, null, "", false]);
    // The picks: the roller's client then asks the GM to seat the score (the GM's client writes the combatant).
    await clickCard("player1", ysoldeInit, "trinites.pick", { spirit: "deva" });
    await clickCard("player2", aymericInit, "trinites.pick", { spirit: "archonte" });
    for (const m of [ysoldeInit, aymericInit]) expect(cardOf(m).done).toEqual(["trinites.pick", "trinites.initiative"]);
    expect(seats()).toEqual({
      Ysolde: [5, 5, "garde", false],
      Aymeric: [4, 4, "garde", false],
      Brute: [3, 3, "garde", false],
    });
    expect(await buttonsByUser(ysoldeInit)).toEqual({ gm: [], player1: [], player2: [] });

    // Begin: every die goes into the fire and the highest acts at once, its die back en garde.
    await tracker(combat, "startCombat");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Ysolde" });
    expect(seats()).toEqual({
      Ysolde: [5, 5, "garde", true],
      Aymeric: [4, 4, "feu", false],
      Brute: [3, 3, "feu", false],
    });
    // Each player ends their own turn with Next turn; the GM ends the Brute's, which ends the round.
    await tracker(combat, "nextTurn", {}, "player1");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Aymeric" });
    expect(seats()).toEqual({
      Ysolde: [5, 5, "garde", false],
      Aymeric: [4, 4, "garde", true],
      Brute: [3, 3, "feu", false],
    });
    await tracker(combat, "nextTurn", {}, "player2");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Brute" });
    expect(seats().Brute).toEqual([3, 3, "garde", true]);
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Ysolde" });
    expect(seats()).toEqual({
      Ysolde: [5, 5, "garde", true],
      Aymeric: [4, 4, "feu", false],
      Brute: [3, 3, "feu", false],
    });
    await tracker(combat, "nextTurn", {}, "player1");
    expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Aymeric" });
    // The GM cuts the round short: Next round puts every die back in the fire, Ysolde acting first again.
    await tracker(combat, "nextRound");
    expect(turnOrder(combat)).toMatchObject({ round: 3, current: "Ysolde" });
    expect(seats()).toEqual({
      Ysolde: [5, 5, "garde", true],
      Aymeric: [4, 4, "feu", false],
      Brute: [3, 3, "feu", false],
    });
    expect(facesLeft()).toBe(0);
  });

  it("Aymeric's player rolls once in each private mode: the card reaches exactly its readers, a self roll none but its roller", async () => {
    await rollInEachPrivateMode(
      sheets.aymeric!,
      { roll: "skill:vigilance" },
      { gmroll: [5, 6], blindroll: [7, 8], selfroll: [9, 10] },
      (message, [deva, archonte]) =>
        expect(cardOf(message)).toMatchObject({
          rollerId: "player2",
          dice: [{ value: deva }, { value: archonte }],
        }),
    );
    expect(facesLeft()).toBe(0);
  });

  it("Ysolde's player feints, then disarms, from her sword's Attaquer button: no weapon damage is offered; Frapper offers it", async () => {
    const [sword] = await asClient("player1", () =>
      ysolde.createEmbeddedDocuments("Item", [
        { name: "Épée", type: "tr-arme", system: { degats: 3, competence: "melee" } },
      ] as never),
    );
    await settle();
    const weaponRoll = { roll: `weapon:${(sword as { id: string }).id}` };
    const brute = tokens.Brute!.actor!.uuid;
    const attack = async (combatAction: string, values: Record<string, unknown> = {}) => {
      targetsOf("player1").add(tokens.Brute!);
      // The Deva die explodes (12, then 6): a success whatever the action.
      chooseDice(12, 6, 2);
      await rerender(sheets.ysolde!);
      await clickSheet(sheets.ysolde!, "roll", weaponRoll, { values: { combatAction, ...values } });
      targetsOf("player1").clear();
      const m = lastMessage();
      await clickCard("player1", m, "trinites.pick", { spirit: "deva" });
      return m;
    };
    for (const [action, values] of [
      ["feinter", {}],
      ["desarmer", { penalty2: "difficulte" }],
    ] as const) {
      const m = await attack(action, values);
      expect(cardOf(m)).toMatchObject({ data: { setup: { combatAction: action, weapon: null } } });
      const buttons = await buttonsByUser(m);
      for (const user of ["gm", "player1", "player2"] as const) expect(buttons[user]).not.toContain("trinites.damage");
      expect(await forceCardAction("player1", m, "trinites.damage", { key: brute })).not.toBe("applied");
    }
    const strike = await attack("frapper");
    expect(cardOf(strike)).toMatchObject({
      outcome: { tone: "success" },
      data: { setup: { combatAction: "frapper", weapon: { name: "Épée" } } },
    });
    expect((await buttonsByUser(strike)).gm).toContain("trinites.damage");
    expect(facesLeft()).toBe(0);
  });

  it("Ysolde strikes Aymeric: each user's card offers only what they may click; Aymeric's player clicks React on it; the damage waits for his pick, the same after a reload", async () => {
    const sword = ysolde.items.contents.find((i) => i.name === "Épée")!;
    const target = tokens.Aymeric!.actor!.uuid;
    const life = () => (aymeric.system as unknown as { vie: { value: number } }).vie.value;
    const hp = life();
    targetsOf("player1").add(tokens.Aymeric!);
    // The Deva die explodes (12, then 6): a hit.
    chooseDice(12, 6, 2);
    await rerender(sheets.ysolde!);
    await clickSheet(sheets.ysolde!, "roll", { roll: `weapon:${sword.id}` }, { values: { combatAction: "frapper" } });
    targetsOf("player1").clear();
    const strike = lastMessage();
    await clickCard("player1", strike, "trinites.pick", { spirit: "deva" });
    // The world's message now (a reload builds new ones), its damage button's tooltip and React as each user sees them.
    const world = (m: { id: string }) => messages().find((x) => x.id === m.id)!;
    const tooltipOf = async (user: UserId) =>
      /<button[^>]*data-action="trinites\.damage"[^>]*data-tooltip="([^"]*)"/.exec(
        (await seeCard(user, world(strike))).html,
      )?.[1] ?? null;
    const reactOffered = async (user: UserId) =>
      (await seeCard(user, world(strike))).html.includes("data-trinites-react");
    // The damage is Aymeric's owner's and the GM's to apply: greyed out for Ysolde's player, with why.
    expect(await buttonsByUser(strike)).toEqual({ gm: ["trinites.damage"], player1: [], player2: ["trinites.damage"] });
    expect(await tooltipOf("player1")).toBe("Réservé au propriétaire de la cible (et au MJ).");
    expect(await tooltipOf("player2")).toBeNull();
    expect([await reactOffered("gm"), await reactOffered("player1"), await reactOffered("player2")]).toEqual([
      true,
      false,
      true,
    ]);
    // The GM's side refuses whatever the page shows.
    expect(await forceCardAction("player1", strike, "trinites.damage", { key: target })).toBe("denied");
    expect(life()).toBe(hp);

    // Aymeric's player clicks React on the card in his chat log: an Esquive whose card waits for his pick.
    const card = await cardTree("player2", strike);
    const react = card.tree.querySelector(`[data-trinites-react="${target}"]`)!;
    chooseDice(3, 2);
    await clickInCard("player2", card, react);
    const reaction = lastMessage();
    expect(reaction.author?.id).toBe("player2");
    expect(cardOf(reaction)).toMatchObject({
      kind: "reaction",
      data: { setup: { skill: "esquive", opposes: { messageId: strike.id, key: target } }, pick: null },
    });
    // While it waits, nobody may apply the damage (the tooltip says why), and nobody is offered React again.
    expect(await buttonsByUser(strike)).toEqual({ gm: [], player1: [], player2: [] });
    for (const user of ["gm", "player2"] as const)
      expect(await tooltipOf(user)).toBe("La réaction attend encore son choix de dé.");
    expect([await reactOffered("gm"), await reactOffered("player2")]).toEqual([false, false]);
    expect(await forceCardAction("gm", strike, "trinites.damage", { key: target })).toBe("invalid");
    expect(life()).toBe(hp);
    await expectCardsSameFromStore([strike, reaction]);
    expect(await buttonsByUser(world(strike))).toEqual({ gm: [], player1: [], player2: [] });

    // His pick: the dodge fails, the damage is the GM's and his to apply again; React is not offered again.
    await clickCard("player2", world(reaction), "trinites.pick", { spirit: "deva" });
    expect(cardOf(world(strike))).toMatchObject({ data: { opposition: [{ key: target, winner: "a" }] } });
    expect(await buttonsByUser(world(strike))).toEqual({
      gm: ["trinites.damage"],
      player1: [],
      player2: ["trinites.damage"],
    });
    expect([await reactOffered("gm"), await reactOffered("player2")]).toEqual([false, false]);
    await expectCardsSameFromStore([world(strike), world(reaction)]);
    expect(await buttonsByUser(world(strike))).toEqual({
      gm: ["trinites.damage"],
      player1: [],
      player2: ["trinites.damage"],
    });
    expect(facesLeft()).toBe(0);
  });

  it("every card and sheet reads the same when built again from stored data", async () => {
    await expectCardsSameFromStore(messages());
    await expectSheetsSameFromStore([sheets.ysolde!, sheets.aymeric!]);
  });

  it("round 3, two tests wait for their picks: the GM reloads as Ysolde's player picks, Aymeric's joins late and picks", async () => {
    const seats = (c: DoubleCombat) => Object.fromEntries(c.combatants.contents.map((x) => [x.name, x.toObject()]));
    const before = seats(combat);
    targetsOf("player1").add(tokens.Brute!);
    chooseDice(12, 4, 3);
    await clickSheet(sheets.ysolde!, "roll", { roll: "skill:melee" });
    targetsOf("player1").clear();
    const melee = lastMessage();
    chooseDice(5, 6);
    await clickSheet(sheets.aymeric!, "roll", { roll: "skill:vigilance" });
    const vigilance = lastMessage();
    const world = await gmReloadsMidFight("trinites", table, {
      waiting: { user: "player1", message: melee, action: "trinites.pick", args: { spirit: "deva" } },
    });
    expect(seats(world.combat!), "every seat after the reload").toEqual(before);
    expect(cardOf(world.message(melee.id))).toMatchObject({ done: ["trinites.pick"], outcome: { tone: "success" } });
    const late = world.message(vigilance.id);
    expect(await buttonsByUser(late)).toEqual({
      gm: ["trinites.pick", "trinites.pick"],
      player1: [],
      player2: ["trinites.pick", "trinites.pick"],
    });
    await clickCard("player2", late, "trinites.pick", { spirit: "archonte" });
    expect(cardOf(late)).toMatchObject({ done: ["trinites.pick"], dice: [{ kept: false }, { kept: true }] });
    await tracker(world.combat!, "nextTurn", {}, "player1");
    expect(turnOrder(world.combat!)).toMatchObject({ round: 3, current: "Aymeric" });
    // A test left waiting for the switch.
    const sheet = await openSheet("player1", world.actor(ysolde.id));
    chooseDice(2, 3);
    await clickSheet(sheet, "roll", { roll: "skill:melee" });
    expect(facesLeft()).toBe(0);
  });

  it("the world switched to Jetons: Trinités' cards read only, the GM's picks refused", async () => {
    await switchWorld("trinites", "jetons");
  });
});
