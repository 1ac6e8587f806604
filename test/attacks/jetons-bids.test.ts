/**
 * Attacks 4 and 5 of issue 22 on Jetons, each played by a player's client of the double against the real code, with
 * server latency where it matters (a player's write reaches the GM's client 30 ms after it is stored):
 * - sealed bids: one side reading the other's opened bid before both are open (the GM's local reveal landing first),
 *   a side that will not reveal, a record planted on the player's own character to make the settlement "already";
 * - the ledger: tokens written while no GM is connected, a forged write just before a purchase.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { userWrites } from "../double/permissions.ts";
import { asClient, setGMsConnected, settle } from "../double/shared-core.ts";
import { effectKey } from "../../src/foundry/trust/effects.ts";
import { buyAdvantage } from "../../src/foundry/jetons/actions.ts";
import { autoReveal, sealBid, sendQuestionEvent } from "../../src/foundry/jetons/client.ts";
import { onReadyLedger } from "../../src/foundry/jetons/hooks.ts";
import { collectiveTokens } from "../../src/foundry/jetons/settings.ts";
import { otherPageServes } from "./pages.ts";
import {
  character as worldCharacter,
  jetonsWorld,
  questionData as data,
  toBidding as worldToBidding,
} from "../worlds/jetons.ts";

let hero: DoubleActor;
let other: DoubleActor;

type Sys = { tokens: number; bidLock: string };
const sys = (a: DoubleActor) => a.system as unknown as Sys;
const total = () => sys(hero).tokens + sys(other).tokens + collectiveTokens();
const LATENCY = 30;

/** The GM creates the character (ACTOR_CREATE is an Assistant's right) and gives it to its player. */
const character = (name: string, owner: string) =>
  worldCharacter(name, owner, { archetype: "Elfe", traits: [{ name: "Escrime", points: 2 }] });

/** Player asks (trait 0, 2 points), the GM opposes with one condition: pivot +1, bidding. */
const toBidding = () => worldToBidding(hero, "player1", { traits: "0", weakness: false });

beforeEach(async () => {
  // The server broadcasts every write to every connected client (the GM's only when a GM is connected).
  jetonsWorld({ player2: true, latency: LATENCY, ledgerWatch: true });
  hero = await character("Nila", "player1");
  other = await character("Brann", "player2");
  await asClient("gm", async () => onReadyLedger());
  await settle();
});

describe("attack: one sealed bid opened before the other (issue 22, attack 4)", () => {
  it("every client runs its reveal hook, the GM's first: no bid is open until both open in one write", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 3));
    await asClient("gm", () => sealBid(m.id, "mj", 2));
    expect(data(m).question.status).toBe("bothLocked");
    // The card's update reaches every client; the GM's client reacts first.
    await asClient("gm", () => autoReveal(m as never));
    await asClient("player2", () => autoReveal(m as never));
    expect(data(m).question.bids).toEqual({ joueur: null, mj: null });
    const writesBefore = m.updates.length;
    await asClient("player1", () => autoReveal(m as never));
    // One card write opened both and settled: player 3 + pivot 1 = 4 against 2.
    expect(m.updates.length).toBe(writesBefore + 1);
    expect(data(m).question).toMatchObject({ status: "resolved", bids: { joueur: 3, mj: 2 } });
    expect([sys(hero).tokens, collectiveTokens(), total()]).toEqual([3, 2, 10]);
    // The player's opening never travelled where other players read (their User documents).
    expect(JSON.stringify(userWrites.map((w) => w.changes))).not.toMatch(/"bid"\s*:\s*3|\\"bid\\":3/u);
  });

  it("a player who will not reveal forfeits: the GM ends the question as a failure, no token moves", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 3));
    await asClient("gm", () => sealBid(m.id, "mj", 2));
    await asClient("gm", () => autoReveal(m as never));
    // The player's client never sends its opening. The GM's bid stays sealed: the player learned nothing.
    expect(data(m).question.bids.mj).toBeNull();
    expect(data(m).view?.canForfeit).toBe(true);
    expect((await asClient("player1", () => sendQuestionEvent(m.id, "mj", { event: "forfeit" }))).status).toBe(
      "denied",
    );
    expect((await asClient("gm", () => sendQuestionEvent(m.id, "mj", { event: "forfeit" }))).status).toBe("applied");
    expect(data(m).question).toMatchObject({ status: "resolved", outcome: { winner: "mj", forfeit: true } });
    expect(data(m).view?.offer.condition).toBe(true);
    await settle();
    expect([sys(hero).tokens, sys(hero).bidLock, collectiveTokens(), total()]).toEqual([5, "", 0, 10]);
  });

  it("a record planted on the player's own character does not make the GM's settling reveal answer \"already\"", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 3));
    await asClient("gm", () => sealBid(m.id, "mj", 2));
    // Records for every token the settlement could carry, written by the player on their own character.
    const record = {
      messageId: m.id,
      action: "jetons.question",
      userId: "gm",
      at: 0,
      delta: [],
      set: [],
      undone: false,
    };
    const tokens = ["joueur", "mj"].map((s) => `jetons.question:reveal:${s}:1`).concat("jetons.question:reveal:1");
    const effects = Object.fromEntries(tokens.map((t) => [effectKey(m.id, t), record]));
    await asClient("player1", () => hero.update({ flags: { quintette: { effects } } }));
    await asClient("gm", () => autoReveal(m as never));
    await asClient("player1", () => autoReveal(m as never));
    await settle();
    expect(data(m).question.status).toBe("resolved");
    expect([sys(hero).tokens, sys(hero).bidLock, collectiveTokens(), total()]).toEqual([3, "", 2, 10]);
  });
});

describe("attack: the ledger trusts what it saw (issue 22, attack 5)", () => {
  it("tokens written while no GM is connected are not kept at the GM's next load", async () => {
    setGMsConnected(false);
    await asClient("player1", () => hero.update({ system: { tokens: 99 } }));
    await settle();
    expect(sys(hero).tokens).toBe(99);
    // The GM logs in: a new page (nothing remembered), then its ready hook.
    setGMsConnected(true);
    await asClient("gm", async () => onReadyLedger());
    expect(sys(hero).tokens).toBe(5);
    expect(total()).toBe(10);
  });

  it("a forged write just before a purchase is not what the GM's queue counts (the write reaches it later)", async () => {
    await asClient("player1", () => hero.update({ system: { tokens: 50 } }));
    // The purchase request overtakes the forged write's echo to the GM's client.
    expect((await asClient("player1", () => buyAdvantage(hero as never, "Une corde"))).status).toBe("applied");
    await settle();
    expect([sys(hero).tokens, collectiveTokens()]).toEqual([4, 1]);
    expect(total()).toBe(10);
  });

  it("honest paths: purchases, and the GM's hand edit of a reserve taken as the ledger's value", async () => {
    expect((await asClient("player1", () => buyAdvantage(hero as never, "Une corde"))).status).toBe("applied");
    await asClient("gm", () => hero.update({ "system.tokens": 7 }));
    expect((await asClient("player1", () => buyAdvantage(hero as never, "Une lanterne"))).status).toBe("applied");
    await settle();
    expect([sys(hero).tokens, collectiveTokens()]).toEqual([6, 2]);
  });
});

describe("the ledger watch runs on the serving GM page only (issue 22: one GM session serves)", () => {
  it("a page of the active GM that does not serve neither puts a copy back nor writes the ledger", async () => {
    await otherPageServes();
    const ledgerBefore = game.settings?.get("quintette", "jetonsLedger");
    await asClient("player1", () => hero.update({ system: { tokens: 40 } }));
    await asClient("gm", () => other.update({ "system.tokens": 8 }));
    await settle();
    // The serving page (modelled by its claim only) does the watch; this page wrote nothing.
    expect([sys(hero).tokens, sys(other).tokens]).toEqual([40, 8]);
    expect(game.settings?.get("quintette", "jetonsLedger")).toEqual(ledgerBefore);
  });

  it("honest path: the page that claims the service at its load reconciles, then watches", async () => {
    await otherPageServes();
    await asClient("player1", () => hero.update({ system: { tokens: 40 } }));
    await settle();
    expect(sys(hero).tokens).toBe(40);
    // This page loads again: it claims the service (the other page was closed) and puts the copy back.
    await asClient("gm", () => onReadyLedger());
    expect(sys(hero).tokens).toBe(5);
    await asClient("player1", () => hero.update({ system: { tokens: 41 } }));
    await settle();
    expect(sys(hero).tokens).toBe(5);
    expect(total()).toBe(10);
  });
});
