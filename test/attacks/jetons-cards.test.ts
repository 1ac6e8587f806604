/**
 * Jetons question cards (issue 36, attacks 6 and 9), played from a player's client with latency: a question card a
 * player authors (a copy of a resolved one, "advantage gained") offered to the GM's Record button, and a question
 * card deleted while a sealed bid freezes the player's reserve.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asClient, asGM, settle, type DoubleChatMessage } from "../double/shared-core.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { readCard } from "../../src/foundry/chat/flags.ts";
import { postCard } from "../../src/foundry/chat/post.ts";
import { buyAdvantage } from "../../src/foundry/jetons/actions.ts";
import { sealBid } from "../../src/foundry/jetons/client.ts";
import { RECORD_ACTION } from "../../src/foundry/jetons/question-data.ts";
import { collectiveTokens } from "../../src/foundry/jetons/settings.ts";
import { bidAndReveal, character, gmReady, jetonsWorld, questionData, toBidding } from "../worlds/jetons.ts";

type Sys = { tokens: number; bidLock: string; advantage: { active: boolean; label: string } };
const sys = (a: DoubleActor) => a.system as unknown as Sys;
const LATENCY = 10;
let hero: DoubleActor;

beforeEach(async () => {
  jetonsWorld({ latency: LATENCY, ledgerWatch: true });
  hero = await character("Nila", "player1");
  await gmReady();
  await settle();
});

const record = (m: DoubleChatMessage, label: string) =>
  asClient("gm", () => requestCardAction(m.id, RECORD_ACTION, { what: "advantage", label }));

describe("attack: a question card the player authors, offered to the GM's Record", () => {
  it("a forged 'resolved, advantage gained' card is refused; the GM's own card records", async () => {
    const honest = await toBidding(hero, "player1");
    const resolved = await bidAndReveal(honest, "player1", 3, 0);
    expect(resolved.question.outcome?.advantageGained).toBe(true);
    // The player posts the resolved card again as their own message, with its Record button.
    const card = readCard(honest as never)!;
    const forged = (await asClient("player1", () => postCard(card))) as unknown as DoubleChatMessage;
    expect(questionData(forged).question.status).toBe("resolved");
    const result = await record(forged, "Des ailes");
    await settle();
    expect(result).toMatchObject({ status: "denied", reason: "QUINTETTE.Jetons.Error.NotGMCard" });
    expect(sys(hero).advantage.active).toBe(false);
    // The GM's own card: the advantage is recorded once.
    expect((await record(honest, "Une cape")).status).toBe("applied");
    expect(sys(hero).advantage).toMatchObject({ active: true, label: "Une cape" });
  });
});

describe("attack: a question card deleted while a sealed bid freezes the reserve", () => {
  it("its lock is released and the bid returned whole (RULES.md: an unsettled question moves no token)", async () => {
    const m = await toBidding(hero, "player1");
    expect((await asClient("player1", () => sealBid(m.id, "joueur", 3))).status).toBe("applied");
    await settle();
    expect(sys(hero).bidLock).toBe(m.id);
    expect((await asClient("player1", () => buyAdvantage(hero as never, "Une corde"))).status).toBe("denied");
    await asGM(() => m.delete());
    await settle();
    expect(sys(hero)).toMatchObject({ tokens: 5, bidLock: "" });
    expect(collectiveTokens()).toBe(0);
    // The reserve is free again.
    expect((await asClient("player1", () => buyAdvantage(hero as never, "Une corde"))).status).toBe("applied");
    expect([sys(hero).tokens, collectiveTokens()]).toEqual([4, 1]);
  });
});
