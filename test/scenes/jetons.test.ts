/**
 * Jetons at a whole table (issue 21): a GM and two players on their own clients with latency. The players create
 * their archetypes from the sidebar, the GM drops them on the scene and runs two rounds of a scene in the tracker
 * (Jetons has no initiative: rolling places each combatant after the others, the GM orders), and every sheet reads
 * the same when built again from stored data. The question card is answered in its own forms (todo below).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import type { DoubleCombat } from "../double/shared-core.ts";
import type { DoubleToken } from "../double/tokens.ts";
import {
  createFromSidebar,
  dropOnScene,
  expectSheetsSameFromStore,
  openSheet,
  openTable,
  startEncounter,
  tracker,
  turnOrder,
  type OpenSheet,
  type Table,
} from "./table.ts";

let table: Table;
let nila: DoubleActor;
let oren: DoubleActor;
const tokens: Record<string, DoubleToken> = {};
const sheets: Record<string, OpenSheet> = {};
let combat: DoubleCombat;

beforeAll(async () => {
  table = await openTable("jetons");
});

describe.sequential("Jetons at a whole table", { timeout: 60_000 }, () => {
  it("the players create their archetypes from the sidebar", async () => {
    nila = await createFromSidebar("player1", { name: "Nila", type: "archetype" });
    oren = await createFromSidebar("player2", { name: "Oren", type: "archetype" });
    for (const [actor, owner] of [
      [nila, "player1"],
      [oren, "player2"],
    ] as const)
      expect(actor.toObject()).toMatchObject({
        ownership: { default: 0, [owner]: 3 },
        prototypeToken: { actorLink: true },
      });
    expect(nila.toObject()).toMatchObject({ system: { tokens: 5, bidLock: "" } });
  });

  it("the GM drops their tokens: linked to the sheets", async () => {
    for (const actor of [nila, oren]) tokens[actor.name] = await dropOnScene(table, actor);
    expect(tokens.Nila!.actor).toBe(nila);
    expect(tokens.Oren!.actor).toBe(oren);
    sheets.nila = await openSheet("player1", nila);
    sheets.oren = await openSheet("player2", oren);
  });

  it("two rounds in the tracker: Roll all never throws, each is placed after the others, Next turn and Next round", async () => {
    combat = await startEncounter([tokens.Nila!, tokens.Oren!]);
    await tracker(combat, "rollAll");
    expect(combat.combatants.contents.map((c) => [c.name, c.initiative])).toEqual([
      ["Nila", 2],
      ["Oren", 1],
    ]);
    await tracker(combat, "startCombat");
    expect(turnOrder(combat)).toEqual({ order: ["Nila", "Oren"], round: 1, current: "Nila" });
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Oren" });
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Nila" });
    await tracker(combat, "nextRound");
    expect(turnOrder(combat)).toMatchObject({ round: 3, current: "Nila" });
  });

  it.todo(
    "a question from a player's sheet, both bids sealed in the card's forms and revealed, the reserve settled, one " +
      "question in each private mode: the question card is answered in forms the table helper's HTML reader does " +
      "not submit yet (test/unit/jetons/question.test.ts plays it through the client functions)",
  );

  it("every sheet reads the same when built again from stored data", async () => {
    await expectSheetsSameFromStore([sheets.nila!, sheets.oren!]);
  });
});
