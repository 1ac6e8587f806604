/**
 * Jetons tokens on a synthetic actor (issue 36, attack 2), played from a player's client with latency: the GM drops
 * the player's character as an unlinked token (Foundry's default), and its owner writes tokens on the token's delta
 * (an owner may). The token's actor is in the GM's ledger like a world actor: entered at the token's creation,
 * reconciled at the GM's load, its copy put back from the ledger; a purchase and a bid count the ledger's tokens.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asClient, asGM, setGMsConnected, settle } from "../double/shared-core.ts";
import { createScene, dropToken } from "../double/scenes.ts";
import type { DoubleTokenDocument } from "../double/tokens.ts";
import { buyAdvantage } from "../../src/foundry/jetons/actions.ts";
import { autoReveal, sealBid } from "../../src/foundry/jetons/client.ts";
import { collectiveTokens } from "../../src/foundry/jetons/settings.ts";
import { character, gmReady, jetonsWorld, questionData, toBidding } from "../worlds/jetons.ts";

type Sys = { tokens: number; bidLock: string };
const sys = (a: { system: unknown }) => a.system as Sys;
const LATENCY = 10;
let hero: DoubleActor;
let token: DoubleTokenDocument;
const synthetic = () => token.actor as unknown as DoubleActor;
/** The owner writes the token's delta from their console (no preUpdateActor check on their side). */
const forge = (tokens: number) =>
  asClient("player1", () => token.update({ delta: { system: { tokens } } }) as Promise<unknown>);

beforeEach(async () => {
  jetonsWorld({ latency: LATENCY, ledgerWatch: true });
  hero = await character("Nila", "player1");
  await gmReady();
  const scene = createScene();
  token = (await asGM(() => dropToken(scene, hero))).document;
  await settle();
  expect(token.actorLink).toBe(false);
  expect(sys(synthetic()).tokens).toBe(5);
});

describe("attack: tokens written on an unlinked token's actor", () => {
  it("the GM's client puts the token's copy back from the ledger", async () => {
    await forge(50);
    await settle();
    expect(sys(synthetic()).tokens).toBe(5);
    expect(sys(hero).tokens).toBe(5);
  });

  it("a purchase right after the forged write costs one of the ledger's tokens, made from nothing never", async () => {
    await forge(50);
    expect((await asClient("player1", () => buyAdvantage(synthetic() as never, "Une corde"))).status).toBe("applied");
    await settle();
    expect([sys(synthetic()).tokens, collectiveTokens()]).toEqual([4, 1]);
  });

  it("tokens written on the delta while no GM is connected are not kept at the GM's load", async () => {
    setGMsConnected(false);
    await forge(50);
    await settle();
    expect(sys(synthetic()).tokens).toBe(50);
    setGMsConnected(true);
    await gmReady();
    await settle();
    expect(sys(synthetic()).tokens).toBe(5);
  });

  it("a bid of 40 the ledger never held does not win a question", async () => {
    const m = await toBidding(synthetic(), "player1");
    await forge(50);
    // The player's own client checks the bid against its copy; a script sends the seal whatever it says.
    await asClient("player1", () => sealBid(m.id, "joueur", 40));
    await asClient("gm", () => sealBid(m.id, "mj", 0));
    await asClient("player1", () => autoReveal(m as never));
    await settle();
    const q = questionData(m).question;
    expect(q.status).not.toBe("resolved");
    expect(sys(synthetic()).tokens).toBe(5);
    expect(collectiveTokens()).toBe(0);
  });
});
