/**
 * A macro playing a Jetons question card without any sheet or card form (issue 24): at a whole table
 * (test/scenes/table.ts), Nila's player asks through `quintette.act(actor, "jeAsk")`, then every step goes through
 * `quintette.cards.act` as the card's forms send it: the question asked (`jetons.event`), the GM's opposition, both
 * bids sealed (`jetons.seal`: the bid stays on the bidder's client, only its hash is sent) and settled by the GM's
 * client, the won advantage recorded by the GM (`jetons.record`). Every client reads the rules core's outcome;
 * another player, a player on the GM's side, a bid over the reserve and a player's record are refused with nothing
 * written.
 */
import { describe, expect, it } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import { asClient, type DoubleChatMessage } from "../../double/shared-core.ts";
import { createFromSidebar, lastMessage, openTable, tableStill, USERS } from "../../scenes/table.ts";
import type { QuintetteApi } from "../../../src/foundry/api/index.ts";
import type { CardActionArgs } from "../../../src/foundry/chat/actions.ts";
import { readCard } from "../../../src/foundry/chat/flags.ts";
import { readQuestionData, type QuestionCardData } from "../../../src/foundry/jetons/question-data.ts";
import { collectiveTokens } from "../../../src/foundry/jetons/settings.ts";
import { oppositionBase, playerBase, resolveBids } from "../../../src/rules/jetons/index.ts";

const api = (): QuintetteApi => (game.system as unknown as { api: QuintetteApi }).api;
const question = (m: DoubleChatMessage): QuestionCardData["question"] =>
  readQuestionData(readCard(m as never))!.question;
const stored = (m: DoubleChatMessage) => JSON.stringify(m.toObject());
/** Nila's reserve and lock as each user's client reads them. */
const reserveOnEveryClient = (actor: DoubleActor) =>
  Object.fromEntries(
    USERS.map((u) => [
      u,
      asClient(u, () => {
        const { tokens, bidLock } = (
          fromUuidSync(actor.uuid as Parameters<typeof fromUuidSync>[0]) as unknown as DoubleActor
        ).system as unknown as {
          tokens: number;
          bidLock: string;
        };
        return { tokens, bidLock };
      }),
    ]),
  );
const act = async (user: string, message: DoubleChatMessage, action: string, args: CardActionArgs) => {
  const result = await asClient(user, () => api().cards.act(message.id, action, args));
  await tableStill();
  return result.status;
};
const TRAITS = [
  { name: "Escrime", points: 2 },
  { name: "Acrobaties", points: 1 },
];
const OPPOSE = {
  event: "oppose",
  strike: null,
  refuseAdvantage: false,
  conditions: "",
  weakness: false,
  extraConditions: 2,
  extraNegative: 0,
};

describe("quintette.cards.act on a Jetons question card", { timeout: 60_000 }, () => {
  it("lists the client-side steps of the question card among the card actions", async () => {
    await openTable("jetons");
    expect(api().cards.actions()).toEqual(expect.arrayContaining(["jetons.event", "jetons.seal", "jetons.reveal"]));
  });

  it("asked, opposed, bid, settled and recorded through the API; another player, the wrong side and a bid over the reserve refused", async () => {
    await openTable("jetons");
    const nila = await createFromSidebar("player1", { name: "Nila", type: "archetype" });
    await asClient("player1", () => nila.update({ system: { traits: TRAITS } }));
    await tableStill();
    await asClient("player1", () => api().act(nila as unknown as Actor.Implementation, "jeAsk"));
    await tableStill();
    const card = lastMessage();
    expect(card.author?.id).toBe("gm");
    expect(question(card).status).toBe("asking");

    // Another player asks in Nila's place: refused, nothing written.
    let before = stored(card);
    const ask = {
      side: "joueur",
      event: "ask",
      text: "Puis-je franchir le gouffre ?",
      traits: "0,1",
      useAdvantage: false,
    };
    expect(await act("player2", card, "jetons.event", ask)).toBe("denied");
    expect(stored(card)).toBe(before);
    expect(await act("player1", card, "jetons.event", ask)).toBe("applied");
    expect(question(card)).toMatchObject({ status: "traitsChosen", text: ask.text });

    // The opposition is the GM's: Nila's player is refused it.
    before = stored(card);
    expect(await act("player1", card, "jetons.event", { side: "mj", ...OPPOSE })).toBe("denied");
    expect(stored(card)).toBe(before);
    expect(await act("gm", card, "jetons.event", { side: "mj", ...OPPOSE })).toBe("applied");
    const base = {
      playerBase: playerBase({ traits: TRAITS.map((t) => ({ ...t, ticked: true })) }),
      oppositionBase: oppositionBase({ conditions: 2, negativeTraits: 0 }),
    };
    expect(question(card)).toMatchObject({ status: "bidding", ...base });

    // Bids: another player may not seal Nila's, nor Nila's player bid over her reserve (5) or on the GM's side.
    before = stored(card);
    const reserve = reserveOnEveryClient(nila);
    expect(reserve.player2).toEqual({ tokens: 5, bidLock: "" });
    expect(await act("player2", card, "jetons.seal", { side: "joueur", bid: 1 })).not.toBe("applied");
    expect(await act("player1", card, "jetons.seal", { side: "joueur", bid: 6 })).not.toBe("applied");
    expect(await act("player1", card, "jetons.seal", { side: "mj", bid: 0 })).not.toBe("applied");
    expect(stored(card)).toBe(before);
    expect(reserveOnEveryClient(nila)).toEqual(reserve);

    // Nila's player seals 3 (only the hash reaches the card), the GM 2: the GM's client opens and settles both.
    expect(await act("player1", card, "jetons.seal", { side: "joueur", bid: 3 })).toBe("applied");
    expect(question(card)).toMatchObject({ status: "bidding", bids: { joueur: null, mj: null } });
    expect(question(card).commitments.joueur).toMatch(/^[0-9a-f]{64}$/);
    expect(await act("gm", card, "jetons.seal", { side: "mj", bid: 2 })).toBe("applied");
    const outcome = resolveBids({ ...base, playerBid: 3, gmBid: 2 });
    expect(question(card)).toMatchObject({
      status: "resolved",
      bids: { joueur: 3, mj: 2 },
      outcome: {
        playerTotal: outcome.playerTotal,
        gmTotal: outcome.gmTotal,
        toCollective: outcome.toCollective,
        returnedToPlayer: outcome.returnedToPlayer,
      },
    });
    const after = { tokens: 5 - 3 + outcome.returnedToPlayer, bidLock: "" };
    expect(reserveOnEveryClient(nila)).toEqual({ gm: after, player1: after, player2: after });
    for (const user of USERS)
      expect(
        asClient(user, () => collectiveTokens()),
        user,
      ).toBe(outcome.toCollective);

    // The won advantage is the GM's to write: Nila's player is refused; the GM's record reaches every client.
    const record = { what: "advantage", label: "Sur la corniche", permanent: false };
    before = stored(card);
    expect(await act("player1", card, "jetons.record", { ...record, label: "Moi" })).toBe("denied");
    expect(stored(card)).toBe(before);
    expect(await act("gm", card, "jetons.record", record)).toBe("applied");
    for (const user of USERS)
      expect(
        asClient(user, () =>
          (fromUuidSync(nila.uuid as Parameters<typeof fromUuidSync>[0]) as unknown as DoubleActor).toObject(),
        ),
        user,
      ).toMatchObject({ system: { advantage: { active: true, label: "Sur la corniche" } } });
  });
});
