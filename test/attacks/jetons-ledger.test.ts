/**
 * Attacks on the Jetons token ledger, each made by a player's client of the double against the real code (issue
 * 12): double clicks on "Buy advantage", a purchase racing a question's pay-out, token writes from a player's
 * console, and a question stuck on a GM's lost sealed bid. The honest paths run beside them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor, DoubleState } from "../double/index.ts";
import { asClient, settle, type DoubleChatMessage } from "../double/shared-core.ts";
import { relayToGM } from "../../src/foundry/relay/index.ts";
import { readCard } from "../../src/foundry/chat/flags.ts";
import { ASK_KIND, BUY_ADVANTAGE_KIND, buyAdvantage, handBack } from "../../src/foundry/jetons/actions.ts";
import { autoReveal, formArgs, sealBid, sendQuestionEvent } from "../../src/foundry/jetons/client.ts";
import { onReadyLedger } from "../../src/foundry/jetons/hooks.ts";
import { forgetSecret, loadSecret } from "../../src/foundry/jetons/secrets.ts";
import { collectiveTokens } from "../../src/foundry/jetons/settings.ts";
import { character as worldCharacter, jetonsWorld, questionData as data, toBidding } from "../worlds/jetons.ts";

let state: DoubleState;
let hero: DoubleActor;
let other: DoubleActor;

type Sys = { tokens: number; bidLock: string };
const sys = (a: DoubleActor) => a.system as unknown as Sys;
/** Tokens in play: every character's reserve and the collective reserve. */
const total = () => sys(hero).tokens + sys(other).tokens + collectiveTokens();
const boughtNotices = () =>
  state.game.messages.contents.filter((m) => readCard(m as never)?.title.key === "QUINTETTE.Jetons.Tokens.Bought")
    .length;

/** The GM creates the character (ACTOR_CREATE is an Assistant's right) and gives it to its player. */
const character = (name: string, owner: string) => worldCharacter(name, owner, { archetype: "Elfe" });

/** The socket's one-way delay: the server broadcasts every write to every connected client after it (server.ts). */
const LATENCY = 10;

beforeEach(async () => {
  // The server broadcasts every write to every connected client (the GM's only when a GM is connected).
  state = jetonsWorld({ player2: true, latency: LATENCY, ledgerWatch: true, realTemplates: true });
  hero = await character("Nila", "player1");
  other = await character("Brann", "player2");
  await asClient("gm", async () => onReadyLedger());
  await settle();
});

describe("attack: double click on Buy advantage", () => {
  it("two clicks at once buy one advantage for one token; the ledger stays whole", async () => {
    const clicks = await asClient("player1", () =>
      Promise.all([buyAdvantage(hero as never, "Une corde"), buyAdvantage(hero as never, "Une corde")]),
    );
    expect(clicks.map((r) => r.status).sort()).toEqual(["already", "applied"]);
    expect([sys(hero).tokens, collectiveTokens()]).toEqual([4, 1]);
    expect(boughtNotices()).toBe(1);
    expect(total()).toBe(10);
  });

  it("a script bypassing the button (two requests with two ids) pays one token per advantage", async () => {
    // Two clients of the same player (two tabs): each its own request; the GM serves them one after the other.
    const script = () => asClient("player1", () => buyAdvantage(hero as never, "Une corde"));
    const results = await Promise.all([script(), script(), script()]);
    const bought = results.filter((r) => r.status === "applied").length;
    expect(5 - sys(hero).tokens).toBe(bought);
    expect(collectiveTokens()).toBe(bought);
    expect(boughtNotices()).toBe(bought);
    expect(total()).toBe(10);
  });

  it("honest path: two clicks one after the other buy two advantages for two tokens", async () => {
    expect((await asClient("player1", () => buyAdvantage(hero as never, "Une corde"))).status).toBe("applied");
    expect((await asClient("player1", () => buyAdvantage(hero as never, "Une corde"))).status).toBe("applied");
    expect([sys(hero).tokens, collectiveTokens()]).toEqual([3, 2]);
  });
});

describe("attack: forged relayed token moves (Buy advantage, Ask)", () => {
  const questionCards = () => state.game.messages.contents.filter((m) => readCard(m as never)?.kind === "question");

  it("a purchase for another player's character is refused, whatever user the payload names", async () => {
    const r = await asClient("player1", () =>
      relayToGM(BUY_ADVANTAGE_KIND, { actorUuid: other.uuid, requestId: "forged0000000001", text: "x", userId: "gm" }),
    );
    expect(r.status).toBe("denied");
    expect([sys(other).tokens, collectiveTokens()]).toEqual([5, 0]);
  });

  it("the same purchase sent again (same request id, after the answer) buys once", async () => {
    const payload = { actorUuid: hero.uuid, requestId: "replay0000000001", text: "Une corde" };
    const results = await asClient("player1", async () => [
      await relayToGM(BUY_ADVANTAGE_KIND, payload),
      await relayToGM(BUY_ADVANTAGE_KIND, payload),
    ]);
    expect(results.map((r) => r.status)).toEqual(["applied", "already"]);
    expect([sys(hero).tokens, collectiveTokens()]).toEqual([4, 1]);
    expect(boughtNotices()).toBe(1);
  });

  it("another player's request id (read on their User document), sent first, does not cancel the player's purchase", async () => {
    // User documents are sent to every client: a pending request's id is visible to all players.
    const id = "seen000000000001";
    await asClient("player2", () =>
      relayToGM(BUY_ADVANTAGE_KIND, { actorUuid: other.uuid, requestId: id, text: "Une corde" }),
    );
    const mine = await asClient("player1", () =>
      relayToGM(BUY_ADVANTAGE_KIND, { actorUuid: hero.uuid, requestId: id, text: "Une corde" }),
    );
    expect(mine.status).toBe("applied");
    expect([sys(hero).tokens, sys(other).tokens, collectiveTokens()]).toEqual([4, 4, 2]);
  });

  it("the same question asked again (same request id) opens one card; another player's character none", async () => {
    const payload = { actorUuid: hero.uuid, requestId: "askagain00000001" };
    await asClient("player1", () => relayToGM(ASK_KIND, payload));
    await asClient("player1", () => relayToGM(ASK_KIND, payload));
    expect(questionCards()).toHaveLength(1);
    const theirs = await asClient("player1", () =>
      relayToGM(ASK_KIND, { actorUuid: other.uuid, requestId: "askother00000001" }),
    );
    expect(theirs.status).toBe("denied");
    expect(questionCards()).toHaveLength(1);
  });
});

describe("attack: concurrent writes of the collective reserve", () => {
  it("a question's pay-out and another character's purchases at the same moment lose no token", async () => {
    const m = await toBidding(hero, "player1");
    await asClient("player1", () => sealBid(m.id, "joueur", 3));
    await asClient("gm", () => sealBid(m.id, "mj", 2));
    expect(await asClient("gm", () => autoReveal(m as never))).toEqual([]);
    // The player's reveal settles (2 to the collective reserve) while the other player buys twice.
    const [, b1, b2] = await Promise.all([
      asClient("player1", () => autoReveal(m as never)),
      asClient("player2", () => buyAdvantage(other as never, "Une corde")),
      asClient("player2", () => buyAdvantage(other as never, "Une corde")),
    ]);
    expect(data(m).question.status).toBe("resolved");
    const bought = [b1, b2].filter((r) => r.status === "applied").length;
    expect(sys(other).tokens).toBe(5 - bought);
    expect(collectiveTokens()).toBe(data(m).question.outcome!.toCollective + bought);
    expect(total()).toBe(10);
  });

  it("the GM's hand-back waits for a frozen reserve's question instead of being overwritten by its pay-out", async () => {
    const m = await toBidding(hero, "player1");
    await asClient("player1", () => buyAdvantage(hero as never, "Une corde"));
    await asClient("player1", () => sealBid(m.id, "joueur", 2));
    expect((await asClient("gm", () => handBack(hero as never, 1))).status).toBe("denied");
    expect(total()).toBe(10);
  });
});

describe("attack: token writes from a player's console", () => {
  it("a player giving themselves tokens (their own character) is undone by the GM's client, and the GM is told", async () => {
    await asClient("player1", () => hero.update({ system: { tokens: 99 } }));
    // Foundry lets an owner write their actor; the GM's client, once the server's broadcast reaches it, puts the
    // ledger back.
    await settle();
    expect(hero.updates.map((u) => u.userId)).toEqual(["player1", "gm"]);
    expect(sys(hero).tokens).toBe(5);
    expect(state.notifications.some((n) => n.type === "warn" && n.message.includes("Nila"))).toBe(true);
    expect(total()).toBe(10);
  });

  it("releasing one's own bid lock mid-question is undone too (the reserve stays frozen)", async () => {
    const m = await toBidding(hero, "player1");
    await asClient("player1", () => sealBid(m.id, "joueur", 2));
    expect(sys(hero).bidLock).toBe(m.id);
    await asClient("player1", () => hero.update({ "system.bidLock": "", "system.tokens": 1 }));
    await settle();
    expect([sys(hero).tokens, sys(hero).bidLock]).toEqual([5, m.id]);
    expect((await asClient("player1", () => buyAdvantage(hero as never, "Une corde"))).status).toBe("denied");
  });

  it("honest paths: a player's other edits stay; the GM's own token edits are the new reference", async () => {
    await asClient("player1", () => hero.update({ name: "Nila the Swift" }));
    expect([hero.name, sys(hero).tokens]).toEqual(["Nila the Swift", 5]);
    await asClient("gm", () => hero.update({ "system.tokens": 7 }));
    await asClient("player1", () => hero.update({ "system.tokens": 12 }));
    await settle();
    expect(sys(hero).tokens).toBe(7);
    expect(state.notifications.filter((n) => n.message.includes("Nila"))).toHaveLength(1);
  });
});

describe("attack: a question stuck on the GM's lost sealed bid", () => {
  async function stuck(): Promise<DoubleChatMessage> {
    const m = await toBidding(hero, "player1");
    await asClient("player1", () => sealBid(m.id, "joueur", 3));
    await asClient("gm", () => sealBid(m.id, "mj", 2));
    // The GM's browser loses its sealed bid (another browser, cleared storage); the player reveals.
    forgetSecret("gm", m.id, 1, "mj");
    expect(await asClient("player1", () => autoReveal(m as never))).toEqual(["joueur"]);
    expect(await asClient("gm", () => autoReveal(m as never))).toEqual([]);
    return m;
  }

  it("the GM voids the question from the card: every token returned, the void recorded, nothing locked", async () => {
    const m = await stuck();
    expect(data(m).question.status).toBe("bothLocked");
    expect(sys(hero).bidLock).toBe(m.id);
    expect((await asClient("gm", () => sendQuestionEvent(m.id, "mj", { event: "cancel" }))).status).not.toBe("applied");
    expect(data(m).view?.canVoid).toBe(true);
    const voided = await asClient("gm", () => sendQuestionEvent(m.id, "mj", formArgs("void", noForm)!));
    expect(voided.status).toBe("applied");
    expect(data(m).question.status).toBe("voided");
    expect(readCard(m as never)?.outcome?.label.key).toBe("QUINTETTE.Jetons.Status.voided");
    expect([sys(hero).tokens, sys(hero).bidLock, collectiveTokens()]).toEqual([5, "", 0]);
    // Nothing stays locked: the character buys again.
    expect((await asClient("player1", () => buyAdvantage(hero as never, "Une corde"))).status).toBe("applied");
  });

  it("a player cannot void, and the GM cannot void a question that can still be settled", async () => {
    const m = await stuck();
    expect((await asClient("player1", () => sendQuestionEvent(m.id, "mj", { event: "void" }))).status).toBe("denied");
    expect((await asClient("player1", () => sendQuestionEvent(m.id, "joueur", { event: "void" }))).status).not.toBe(
      "applied",
    );
    const fresh = await toBidding(other, "player2");
    await asClient("player2", () => sealBid(fresh.id, "joueur", 1));
    await asClient("gm", () => sealBid(fresh.id, "mj", 1));
    expect((await asClient("gm", () => sendQuestionEvent(fresh.id, "mj", { event: "void" }))).status).toBe("invalid");
    expect(data(fresh).question.status).toBe("bothLocked");
  });

  it("the in-memory fallback of sealed bids warns the user", async () => {
    // Node has no localStorage: this client falls back to memory, and says so.
    const m = await toBidding(hero, "player1");
    await asClient("player1", () => sealBid(m.id, "joueur", 1));
    expect(loadSecret("player1", m.id, 1, "joueur")).not.toBeNull();
    expect(state.notifications.some((n) => n.type === "warn" && /does not keep data/.test(n.message))).toBe(true);
  });
});

const noForm = { value: () => "", checked: () => false, checkedValues: () => [] };
