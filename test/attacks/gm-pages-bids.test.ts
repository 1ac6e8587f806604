/**
 * One GM session serves (issue 22): a Jetons player's opening goes by `User#query` to the active GM user, and Foundry
 * does not say which of that user's pages gets it. A page that does not serve must not reveal from what it holds
 * (without the GM's sealed bid when it was sealed on the other page, the player's bid would be opened alone). It
 * takes nothing; the player keeps their secret and reveals again. The double cannot connect one user twice: the
 * other page is modelled by its claim of the service (pages.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asClient, settle, type DoubleChatMessage } from "../double/shared-core.ts";
import { revealBid, sealBid } from "../../src/foundry/jetons/client.ts";
import { onReadyLedger } from "../../src/foundry/jetons/hooks.ts";
import { character, jetonsWorld, questionData as data, toBidding } from "../worlds/jetons.ts";
import { otherPageServes, thisPageServes } from "./pages.ts";

const LATENCY = 10;
let hero: DoubleActor;

beforeEach(async () => {
  jetonsWorld({ latency: LATENCY, ledgerWatch: true });
  hero = await character("Nila", "player1", { archetype: "Elfe", traits: [{ name: "Escrime", points: 2 }] });
  await asClient("gm", async () => onReadyLedger());
  await settle();
});

/** Both bids sealed (player 3, GM 2) on the serving page: the card waits for the player's opening. */
async function bothLocked(): Promise<DoubleChatMessage> {
  const m = await toBidding(hero, "player1", { traits: "0", weakness: false });
  await asClient("player1", () => sealBid(m.id, "joueur", 3));
  await asClient("gm", () => sealBid(m.id, "mj", 2));
  expect(data(m).question.status).toBe("bothLocked");
  return m;
}

describe("a Jetons bid's opening taken by the serving page of the GM only", () => {
  it("a page that does not serve opens no bid; the player reveals again to the serving page", async () => {
    const m = await bothLocked();
    await otherPageServes();
    const writes = m.updates.length;
    const refused = await asClient("player1", () => revealBid(m.id, "joueur"));
    expect(refused).toMatchObject({ status: "denied", reason: "QUINTETTE.Relay.NotServing" });
    await settle();
    expect(m.updates.length).toBe(writes);
    expect(data(m).question).toMatchObject({ status: "bothLocked", bids: { joueur: null, mj: null } });
    // Nothing was relayed on the page's behalf either (a reveal request waiting on the GM's User).
    expect(game.users?.get("gm")?.getFlag("quintette", "relay" as never) ?? {}).toEqual({});
    // The serving page takes the same opening and opens both bids together.
    await thisPageServes();
    expect((await asClient("player1", () => revealBid(m.id, "joueur"))).status).toBe("applied");
    expect(data(m).question).toMatchObject({ status: "resolved", bids: { joueur: 3, mj: 2 } });
  });
});
