/**
 * Jetons at a whole table (issue 21): a GM and two players on their own clients with latency. The players create
 * their archetypes from the sidebar, the GM drops them on the scene and runs two rounds of a scene in the tracker
 * (Jetons has no initiative: rolling places each combatant after the others, the GM orders); a player asks a question
 * from her sheet and the card is played through its own forms, each side filling and clicking what its viewer is
 * shown (the other player shown nothing, and refused); every card and sheet reads the same when built again from
 * stored data. The question card is the GM's client's (its author is the GM), so it has no private modes to play.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { asClient } from "../double/shared-core.ts";
import { readCard } from "../../src/foundry/chat/flags.ts";
import { readQuestionData, RECORD_ACTION, type QuestionCardData } from "../../src/foundry/jetons/question-data.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { collectiveTokens } from "../../src/foundry/jetons/settings.ts";
import { sendQuestionEvent } from "../../src/foundry/jetons/client.ts";
import type { DoubleActor } from "../double/index.ts";
import type { DoubleChatMessage, DoubleCombat } from "../double/shared-core.ts";
import type { DoubleToken } from "../double/tokens.ts";
import {
  cardTree,
  editSheet,
  tableStill,
  type UserId,
  clickSheet,
  createCast,
  dropCast,
  expectCardsSameFromStore,
  expectSheetsSameFromStore,
  lastMessage,
  openSheet,
  openTable,
  startEncounter,
  tracker,
  turnOrder,
  type Cast,
  type OpenSheet,
  type Table,
  USERS,
} from "./table.ts";
import { fillAndClick } from "./jetons-cards.ts";
import { gmReloadsMidFight, switchWorld } from "./reload.ts";

let table: Table;
let cast: Cast;
let nila: DoubleActor;
let oren: DoubleActor;
const tokens: Record<string, DoubleToken> = {};
const sheets: Record<string, OpenSheet> = {};
let combat: DoubleCombat;

const data = (m: DoubleChatMessage): QuestionCardData => {
  const d = readQuestionData(readCard(m as never));
  if (!d) throw new Error("no question card");
  return d;
};

/** The question card's controls each user is shown: the CSS hides `[data-jetons-only]` of a side not theirs. */
async function controlsByUser(message: DoubleChatMessage): Promise<Record<UserId, string[]>> {
  const out = {} as Record<UserId, string[]>;
  for (const user of USERS) {
    const card = await cardTree(user, message);
    const shown = (side: string | undefined) => !side || card.element.classList.contains(`jetons-viewer-${side}`);
    out[user] = card.tree
      .querySelectorAll("[data-jetons-action]")
      .filter((n) => shown(n.closest("[data-jetons-only]")?.dataset.jetonsOnly))
      .map((n) => `${n.dataset.jetonsAction}:${n.dataset.jetonsSide}`);
  }
  return out;
}

beforeAll(async () => {
  table = await openTable("jetons");
});

describe.sequential("Jetons at a whole table", { timeout: 60_000 }, () => {
  it("the players create their archetypes from the sidebar", async () => {
    cast = await createCast({
      characters: { type: "archetype", names: ["Nila", "Oren"] },
      fresh: { system: { tokens: 5, bidLock: "" } },
    });
    [nila, oren] = cast.characters;
  });

  it("the GM drops their tokens: linked to the sheets", async () => {
    Object.assign(tokens, await dropCast(table, cast));
    sheets.nila = await openSheet("player1", nila);
    sheets.oren = await openSheet("player2", oren);
  });

  it("two rounds in the tracker: Roll all never throws, each is placed after the others, Next turn and Next round", async () => {
    combat = await startEncounter(Object.values(tokens));
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

  it("Nila's player writes her traits on the sheet", async () => {
    await editSheet(sheets.nila!, {
      "system.archetype": "Elfe éclaireuse",
      "system.weakness": "Sujette au vertige",
      "system.traits": [
        { name: "Escrime", points: 2 },
        { name: "Acrobaties", points: 1 },
      ],
    });
    expect(nila.toObject()).toMatchObject({
      system: {
        traits: [
          { name: "Escrime", points: 2 },
          { name: "Acrobaties", points: 1 },
        ],
        tokens: 5,
      },
    });
  });

  it("a question from Nila's sheet, answered in the card's forms: asked, opposed, both bids sealed, settled", async () => {
    await clickSheet(sheets.nila!, "askQuestion");
    const question = lastMessage();
    // The GM's client posts the card (no player may rewrite it), Nila speaking.
    expect(question.author?.id).toBe("gm");
    expect(data(question).question.status).toBe("asking");
    expect(await controlsByUser(question)).toEqual({
      gm: ["cancel:mj"],
      player1: ["ask:joueur"],
      player2: [],
    });
    // Oren's player is shown none of it; a request sent anyway is refused and changes nothing.
    const forced = await asClient("player2", () =>
      sendQuestionEvent(question.id, "joueur", { event: "ask", text: "?", traits: "0", useAdvantage: false }),
    );
    await tableStill();
    expect(forced.status).toBe("denied");
    expect(data(question).question.status).toBe("asking");

    await fillAndClick("player1", question, "ask", { text: "Puis-je franchir le gouffre ?", trait: ["0", "1"] });
    expect(data(question).question).toMatchObject({
      status: "traitsChosen",
      text: "Puis-je franchir le gouffre ?",
      traits: [{ ticked: true }, { ticked: true }],
    });
    expect(await controlsByUser(question)).toEqual({
      gm: ["oppose:mj", "cancel:mj"],
      player1: ["ask:joueur"],
      player2: [],
    });
    // The opposition is the GM's alone: Nila's player asking for it is refused.
    const grab = await asClient("player1", () =>
      sendQuestionEvent(question.id, "mj", {
        event: "oppose",
        strike: null,
        refuseAdvantage: false,
        conditions: "",
        weakness: false,
        extraConditions: 0,
        extraNegative: 0,
      }),
    );
    await tableStill();
    expect(grab.status).toBe("denied");
    // The GM ticks Nila's weakness and one more condition in the opposition form.
    await fillAndClick("gm", question, "oppose", { weakness: true, extraConditions: "1" });
    expect(data(question).question).toMatchObject({
      status: "bidding",
      conditions: 1,
      negativeTraits: 1,
      playerBase: 3,
      oppositionBase: 2,
      pivot: 1,
    });
    expect(await controlsByUser(question)).toEqual({
      gm: ["seal:mj", "cancel:mj"],
      player1: ["seal:joueur"],
      player2: [],
    });
    // Nila's player seals 3: only the hash reaches the card, and her reserve is frozen while the bid is sealed.
    await fillAndClick("player1", question, "seal", { bid: "3" });
    expect(data(question).question).toMatchObject({ status: "bidding", bids: { joueur: null, mj: null } });
    expect(data(question).question.commitments.joueur).toMatch(/^[0-9a-f]{64}$/);
    expect(nila.toObject()).toMatchObject({ system: { tokens: 5, bidLock: question.id } });
    expect(await controlsByUser(question)).toEqual({ gm: ["seal:mj", "cancel:mj"], player1: [], player2: [] });
    // The GM seals 2: both locked, each client holding a bid opens it, the GM's client settles the reserve.
    await fillAndClick("gm", question, "seal", { bid: "2" });
    expect(data(question).question).toMatchObject({
      status: "resolved",
      bids: { joueur: 3, mj: 2 },
      outcome: { winner: "joueur", playerTotal: 4, gmTotal: 2, toCollective: 2, returnedToPlayer: 1 },
    });
    expect(data(question).movement).toEqual({
      bid: 3,
      toCollective: 2,
      returnedToPlayer: 1,
      reserveAfter: 3,
      collectiveAfter: 2,
    });
    expect(nila.toObject()).toMatchObject({ system: { tokens: 3, bidLock: "" } });
    expect(collectiveTokens()).toBe(2);
    // The won advantage is the GM's to write on the sheet; the player asking for it is refused.
    expect(await controlsByUser(question)).toEqual({ gm: ["recordAdvantage:mj"], player1: [], player2: [] });
    const self = await asClient("player1", () =>
      requestCardAction(question.id, RECORD_ACTION, { what: "advantage", label: "Moi", permanent: false }),
    );
    await tableStill();
    expect(self.status).toBe("denied");
    await fillAndClick("gm", question, "recordAdvantage", { advantage: "Sur la corniche" });
    expect(nila.toObject()).toMatchObject({ system: { advantage: { active: true, label: "Sur la corniche" } } });
    expect(data(question).recorded.advantage).toBe("Sur la corniche");
    expect(await controlsByUser(question)).toEqual({ gm: [], player1: [], player2: [] });
  });

  it("every card and sheet reads the same when built again from stored data", async () => {
    await expectCardsSameFromStore(table.state.game.messages.contents as unknown as DoubleChatMessage[]);
    await expectSheetsSameFromStore([sheets.nila!, sheets.oren!]);
  });

  it("a question waits in the log: the GM reloads as Nila's player asks it, Oren's joins late, the question is settled", async () => {
    await clickSheet(sheets.nila!, "askQuestion");
    const question = lastMessage();
    expect(data(question).question.status).toBe("asking");
    const text = "Puis-je convaincre le passeur ?";
    const world = await gmReloadsMidFight("jetons", table, {
      waiting: {
        user: "player1",
        message: question,
        action: "ask",
        send: () => sendQuestionEvent(question.id, "joueur", { event: "ask", text, traits: "0", useAdvantage: false }),
      },
    });
    const asked = world.message(question.id);
    expect(data(asked).question).toMatchObject({ status: "traitsChosen", text });
    // The reloaded card's forms: the GM opposes, each side seals a bid, the reserve is settled.
    expect(await controlsByUser(asked)).toEqual({
      gm: ["oppose:mj", "cancel:mj"],
      player1: ["ask:joueur"],
      player2: [],
    });
    await fillAndClick("gm", asked, "oppose", {});
    expect(data(asked).question.status).toBe("bidding");
    await fillAndClick("player1", asked, "seal", { bid: "1" });
    await fillAndClick("gm", asked, "seal", { bid: "1" });
    expect(data(asked).question).toMatchObject({ status: "resolved", bids: { joueur: 1, mj: 1 } });
    // A question left waiting for the switch.
    const sheet = await openSheet("player1", world.actor(nila.id));
    await clickSheet(sheet, "askQuestion");
  });

  it("the world switched to Ahill-Mach: Jetons' cards read only, the GM's cancel refused", async () => {
    const waiting = lastMessage();
    await switchWorld("jetons", "ahillmach", {
      refused: async (world) => {
        const card = world.message(waiting.id);
        const stored = card.toObject();
        const result = await asClient("gm", () => sendQuestionEvent(card.id, "mj", { event: "cancel" }));
        await tableStill();
        expect(result.status).not.toBe("applied");
        expect(card.toObject()).toEqual(stored);
      },
    });
  });
});
