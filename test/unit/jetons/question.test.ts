/**
 * A full Jetons question between a player's client and the GM's, on the double: the player asks, the GM sets the
 * opposition, both seal bids (only hashes travel), both reveal once locked, the GM's client settles the tokens.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor, DoubleState } from "../../double/index.ts";
import { relayRequests } from "../../double/permissions.ts";
import { asClient, messageElement, setGMsConnected, type DoubleChatMessage } from "../../double/shared-core.ts";
import { jetons as J } from "../../../src/rules/index.ts";
import { character, jetonsWorld, questionData as data, toBidding as worldToBidding } from "../../worlds/jetons.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import {
  askQuestion,
  autoReveal,
  commitmentTampered,
  formArgs,
  noteLock,
  onRenderQuestion,
  onUpdateQuestion,
  recordOutcome,
  revealBid,
  sealBid,
  sendQuestionEvent,
} from "../../../src/foundry/jetons/client.ts";
import { loadLockSeen, loadSecret, makeNonce } from "../../../src/foundry/jetons/secrets.ts";
import { collectiveTokens } from "../../../src/foundry/jetons/settings.ts";
import { reserveOf } from "../../../src/foundry/jetons/ledger.ts";
import { onReadyLedger } from "../../../src/foundry/jetons/hooks.ts";
import { readCard } from "../../../src/foundry/chat/flags.ts";
import { cardOf } from "../../cards.ts";

let state: DoubleState;
let hero: DoubleActor;

type Sys = { tokens: number; bidLock: string; advantage: { active: boolean; label: string }; conditions: unknown[] };
const sys = () => hero.system as unknown as Sys;
const deepCopy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
/** Requests relayed to the GM (written by a player on their own User). */
const gmQueries = () => relayRequests();

async function ask(): Promise<DoubleChatMessage> {
  const message = await asClient("player1", () => askQuestion(hero as never));
  return message as unknown as DoubleChatMessage; // the double's ChatMessage stands in for Foundry's
}

/** Player asks with traits 0 (2 pts) and 1 (1 pt); GM ticks the weakness and one extra condition: pivot +1. */
const toBidding = () => worldToBidding(hero, "player1");

beforeEach(async () => {
  state = jetonsWorld({ realTemplates: true });
  hero = await character("Nila", "player1", {
    traits: [
      { name: "Escrime", points: 2 },
      { name: "Acrobaties", points: 1 },
      { name: "Mémoire", points: 2 },
    ],
    weakness: "Sujet au vertige",
  });
});

describe("a question between the player's client and the GM's", () => {
  it("goes from the question to the pivot, relaying the player's steps through the GM", async () => {
    const m = await toBidding();
    const q = data(m).question;
    expect(q.status).toBe("bidding");
    expect(q.text).toBe("Do I escape?");
    expect([q.playerBase, q.oppositionBase, q.pivot]).toEqual([3, 2, 1]);
    expect(gmQueries().length).toBeGreaterThan(0); // the player's "ask" went through the relay
    expect(m.updates.every((u) => u.userId === "gm")).toBe(true); // only the GM's client wrote the card
  });

  it("seals, reveals automatically once both are locked, and settles the tokens on a success", async () => {
    const m = await toBidding();
    expect((await asClient("player1", () => sealBid(m.id, "joueur", 3))).status).toBe("applied");
    expect(sys().bidLock).toBe(m.id); // reserve frozen while the bid is sealed
    expect(data(m).question.status).toBe("bidding");
    expect((await asClient("gm", () => sealBid(m.id, "mj", 2))).status).toBe("applied");
    expect(data(m).question.status).toBe("bothLocked");
    // The GM's client opens nothing by itself; the player's client sends its opening to the GM, whose client opens
    // both bids in one write (the updateChatMessage hook calls autoReveal on every client).
    expect(await asClient("gm", () => autoReveal(m as never))).toEqual([]);
    expect(data(m).question.status).toBe("bothLocked");
    expect(await asClient("player1", () => autoReveal(m as never))).toEqual(["joueur"]);
    const d = data(m);
    // player 3 + pivot 1 = 4 against GM 2: success, differential 2 to the collective reserve, 1 back.
    expect(d.question.status).toBe("resolved");
    expect(d.question.outcome).toMatchObject({
      winner: "joueur",
      playerTotal: 4,
      gmTotal: 2,
      toCollective: 2,
      returnedToPlayer: 1,
    });
    expect(d.movement).toEqual({ bid: 3, toCollective: 2, returnedToPlayer: 1, reserveAfter: 3, collectiveAfter: 2 });
    expect(sys().tokens).toBe(3);
    expect(collectiveTokens()).toBe(2);
    expect(sys().bidLock).toBe("");
    expect(sys().tokens + collectiveTokens()).toBe(5); // conserved
    // The card offers the advantage; the GM records it on the sheet, once.
    expect(d.view?.offer).toEqual({ advantage: true, condition: false });
    expect((await asClient("gm", () => recordOutcome(m.id, "advantage", "High ground"))).status).toBe("applied");
    expect((await asClient("gm", () => recordOutcome(m.id, "advantage", "Other"))).status).toBe("already");
    expect(sys().advantage).toEqual({ active: true, label: "High ground" });
  });

  it("a failure sends the whole bid to the collective reserve and lets the GM give a condition", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 1));
    await asClient("gm", () => sealBid(m.id, "mj", 4));
    await asClient("player1", () => autoReveal(m as never));
    await asClient("gm", () => autoReveal(m as never));
    expect(data(m).question.outcome).toMatchObject({ winner: "mj", toCollective: 1, returnedToPlayer: 0 });
    expect([sys().tokens, collectiveTokens()]).toEqual([4, 1]);
    expect((await asClient("player1", () => recordOutcome(m.id, "condition", "Winded"))).status).toBe("denied");
    expect((await asClient("gm", () => recordOutcome(m.id, "condition", "Winded", true))).status).toBe("applied");
    expect(sys().conditions).toEqual([{ name: "Winded", permanent: true }]);
  });

  it("a tie returns the bids; a new round needs new seals, and old ones cannot be replayed", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 2));
    await asClient("gm", () => sealBid(m.id, "mj", 3));
    const round1 = data(m).question.commitments.joueur;
    await asClient("player1", () => autoReveal(m as never));
    await asClient("gm", () => autoReveal(m as never));
    expect(data(m).question.status).toBe("tie");
    expect([sys().tokens, collectiveTokens(), sys().bidLock]).toEqual([5, 0, ""]);
    expect(data(m).view?.canRebid).toBe(true);
    expect((await asClient("player1", () => sendQuestionEvent(m.id, "joueur", { event: "rebid" }))).status).toBe(
      "applied",
    );
    const q = data(m).question;
    expect([q.status, q.round, q.commitments]).toEqual(["bidding", 2, { joueur: null, mj: null }]);
    // Replaying round 1's commitment is refused: commitments are bound to their round.
    const replay = await asClient("player1", () =>
      sendQuestionEvent(m.id, "joueur", { event: "commit", hash: round1 ?? "" }),
    );
    expect(replay.status).toBe("invalid");
    await asClient("player1", () => sealBid(m.id, "joueur", 0));
    await asClient("gm", () => sealBid(m.id, "mj", 0));
    await asClient("player1", () => autoReveal(m as never));
    await asClient("gm", () => autoReveal(m as never));
    expect(data(m).question.outcome).toMatchObject({ winner: "joueur", toCollective: 0 }); // won on the pivot alone
  });

  it("renders each step from the stored state, with each viewer's side", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 3));
    const { html, content } = messageElement();
    expect(await asClient("gm", () => enhanceCard(m as never, html as never))).toBe(true);
    expect(content.innerHTML).toContain("jetons-question status-bidding");
    expect(content.innerHTML).toContain('data-jetons-action="seal" data-jetons-side="mj"');
    expect(content.innerHTML).not.toContain('data-jetons-action="seal" data-jetons-side="joueur"');
    expect(content.innerHTML).toContain("Bid sealed");
  });
});

describe("sealed bids cannot be read or changed before the reveal", () => {
  it("nothing outside the bidder's client holds the bid or the nonce until both are locked", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 4));
    const secret = loadSecret("player1", m.id, 1, "joueur");
    expect(secret?.nonce).toMatch(/^[0-9a-f]{64}$/);
    const wire = JSON.stringify(gmQueries());
    const stored = JSON.stringify(m.toObject());
    for (const text of [wire, stored]) {
      expect(text).not.toContain(secret?.nonce);
      expect(text).not.toMatch(/"bid":4/);
    }
    expect(stored).toContain(secret?.hash);
    // The hash does not give the bid away: a second seal of the same bid, with this client's fresh nonce, hashes
    // to something else, so equal bids never show as equal hashes and guessing the bid alone finds nothing.
    const id = J.roundQuestionId(data(m).question.id, 1);
    const again = J.commitBid({ bid: 4, nonce: makeNonce(), questionId: id, side: "joueur" }, J.sha256Hex);
    expect(again).toMatch(/^[0-9a-f]{64}$/);
    expect(again).not.toBe(secret?.hash);
    // The stored card holds the hash only: no bid, no nonce.
    expect(data(m).question.bids).toEqual({ joueur: null, mj: null });
    expect(stored).not.toMatch(/nonce/i);
    // The GM's view of the card shows "sealed", never an amount.
    expect(data(m).view?.sides.find((s) => s.side === "joueur")).toMatchObject({ sealed: true, bid: null });
  });

  it("a sealed bid cannot be replaced, revealed early, or revealed as another amount", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 1));
    const again = await asClient("player1", () =>
      sendQuestionEvent(m.id, "joueur", { event: "commit", hash: "a".repeat(64) }),
    );
    expect(again.status).toBe("already");
    const secret = loadSecret("player1", m.id, 1, "joueur");
    const early = await asClient("player1", () =>
      sendQuestionEvent(m.id, "joueur", { event: "reveal", bid: 1, nonce: secret?.nonce ?? "" }),
    );
    expect(early.status).toBe("invalid"); // the GM has not sealed yet
    await asClient("gm", () => sealBid(m.id, "mj", 1));
    const forged = await asClient("player1", () =>
      sendQuestionEvent(m.id, "joueur", { event: "reveal", bid: 3, nonce: secret?.nonce ?? "" }),
    );
    expect(forged.status).toBe("invalid");
    expect(data(m).question.bids.joueur).toBeNull();
    expect((await asClient("player1", () => revealBid(m.id, "joueur"))).status).toBe("applied");
    expect(data(m).question.bids.joueur).toBe(1);
  });

  it("only the right side acts: the GM cannot bid for the player, nor a player for the GM", async () => {
    const m = await toBidding();
    const gmAsPlayer = await asClient("gm", () =>
      sendQuestionEvent(m.id, "joueur", { event: "commit", hash: "b".repeat(64) }),
    );
    expect(gmAsPlayer.status).toBe("denied");
    const playerAsGM = await asClient("player1", () =>
      sendQuestionEvent(m.id, "mj", { event: "commit", hash: "c".repeat(64) }),
    );
    expect(playerAsGM.status).toBe("denied");
    const overReserve = await asClient("player1", () => sealBid(m.id, "joueur", 6));
    expect(overReserve.status).toBe("invalid");
  });

  it("the GM may cancel until both bids open, and both open together with the player's reveal", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 2));
    await asClient("gm", () => sealBid(m.id, "mj", 1));
    expect(data(m).view?.canCancel).toBe(true); // both locked, nothing open yet
    await asClient("player1", () => autoReveal(m as never));
    expect(data(m).question.bids).toEqual({ joueur: 2, mj: 1 });
    expect(data(m).question.outcome).toMatchObject({ winner: "joueur" });
    expect(data(m).view?.canCancel).toBe(false);
    expect((await asClient("gm", () => sendQuestionEvent(m.id, "mj", { event: "cancel" }))).status).not.toBe("applied");
    expect(sys().bidLock).toBe("");
  });

  it("when the player's sealed bid is lost (nothing opens), the GM may cancel and free the reserve", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 2));
    await asClient("gm", () => sealBid(m.id, "mj", 1));
    expect(await asClient("gm", () => autoReveal(m as never))).toEqual([]);
    expect(data(m).question.bids).toEqual({ joueur: null, mj: null });
    expect(data(m).view?.canCancel).toBe(true);
    expect(data(m).view?.canForfeit).toBe(true);
    expect((await asClient("gm", () => sendQuestionEvent(m.id, "mj", { event: "cancel" }))).status).toBe("applied");
    expect([sys().tokens, sys().bidLock, collectiveTokens()]).toEqual([5, "", 0]);
  });

  it("the GM may still cancel before any reveal, which releases the reserve", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 2));
    expect((await asClient("gm", () => sendQuestionEvent(m.id, "mj", { event: "cancel" }))).status).toBe("applied");
    expect(data(m).question.status).toBe("cancelled");
    expect(data(m).view?.cancelledAfterPlayerReveal).toBe(false);
    expect([sys().tokens, sys().bidLock, collectiveTokens()]).toEqual([5, "", 0]);
  });
});

describe("the question card belongs to the GM", () => {
  it("is created by the GM's client for the player's character, and the player cannot rewrite its flags", async () => {
    const m = await toBidding();
    expect(m.author?.id).toBe("gm");
    expect(readCard(m as never)?.rollerId).toBe("player1");
    expect(readCard(m as never)?.actorUuid).toBe(hero.uuid);
    // Both sealed and the GM revealed: the player tries to swap their commitment for a winning bid's, and the pivot.
    await asClient("player1", () => sealBid(m.id, "joueur", 0));
    await asClient("gm", () => sealBid(m.id, "mj", 3));
    await asClient("gm", () => autoReveal(m as never));
    const id = J.roundQuestionId(data(m).question.id, 1);
    const forged = J.commitBid({ bid: 5, nonce: "f".repeat(64), questionId: id, side: "joueur" }, J.sha256Hex);
    await expect(
      asClient("player1", () =>
        m.update({
          "system.data.question.commitments.joueur": forged,
          "system.data.question.pivot": 9,
        }),
      ),
    ).rejects.toThrow(/lacks permission/);
    expect(data(m).question.commitments.joueur).not.toBe(forged);
    expect(data(m).question.pivot).toBe(1);
    const cheat = await asClient("player1", () =>
      sendQuestionEvent(m.id, "joueur", { event: "reveal", bid: 5, nonce: "f".repeat(64) }),
    );
    expect(cheat.status).toBe("invalid");
    // The honest reveal still goes through and settles: 0 + pivot 1 against 3.
    expect(await asClient("player1", () => autoReveal(m as never))).toEqual(["joueur"]);
    expect(data(m).question.outcome).toMatchObject({ winner: "mj", playerTotal: 1, gmTotal: 3 });
    expect(m.updates.every((u) => u.userId === "gm")).toBe(true);
  });

  it("a card a player created is not played by the GM's client", async () => {
    const real = await ask();
    const forged = (await asClient("player1", () =>
      ChatMessage.create({ content: "", type: real.type, system: cardOf(real), flags: deepCopy(real.flags) } as never),
    )) as unknown as DoubleChatMessage;
    expect(forged.author?.id).toBe("player1");
    const r = await asClient("player1", () =>
      sendQuestionEvent(forged.id, "joueur", { event: "ask", text: "?", traits: "0", useAdvantage: false }),
    );
    expect(r).toMatchObject({ status: "denied", reason: "QUINTETTE.Jetons.Error.NotGMCard" });
  });

  it("without a connected GM, asking is refused with a notification and posts nothing", async () => {
    setGMsConnected(false);
    const before = state.game.messages.size;
    expect(await ask()).toBeUndefined();
    expect(state.game.messages.size).toBe(before);
    expect(JSON.stringify(state.notifications)).toContain("A question needs the GM");
  });
});

describe("the player's client notices a commitment changed after the lock", () => {
  /** The GM owns the card: after reading the player's bid it swaps its own commitment for a winning one. */
  async function gmSwapsCommitment(m: DoubleChatMessage, bid: number): Promise<{ nonce: string }> {
    const nonce = "e".repeat(64);
    const hash = J.commitBid(
      { bid, nonce, questionId: J.roundQuestionId(data(m).question.id, 1), side: "mj" },
      J.sha256Hex,
    );
    await asClient("gm", () => m.update({ "system.data.question.commitments.mj": hash }));
    return { nonce };
  }

  it("after the player's reveal: the GM's new reveal is flagged on the player's client", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 2));
    await asClient("gm", () => sealBid(m.id, "mj", 1));
    const locked = data(m).question.commitments;
    expect(await asClient("player1", () => autoReveal(m as never))).toEqual(["joueur"]);
    expect(loadLockSeen("player1", m.id, 1)).toEqual({ joueur: locked.joueur, mj: locked.mj });
    expect(await asClient("player1", async () => commitmentTampered(m as never))).toBe(false);
    // Both bids opened together; the GM's client then rewrites its commitment on the card it owns…
    expect(data(m).question.outcome).toMatchObject({ winner: "joueur" });
    await gmSwapsCommitment(m, 5);
    // …and the player's client, which saw the lock, says so: on the card and once as a notification.
    expect(await asClient("player1", async () => commitmentTampered(m as never))).toBe(true);
    expect(await asClient("gm", async () => commitmentTampered(m as never))).toBe(false); // the GM's client saw no lock
    const { html } = messageElement();
    await asClient("player1", async () => onRenderQuestion(m as never, html as never));
    expect(html.classList.contains("jetons-tampered")).toBe(true);
    const before = state.notifications.length;
    await asClient("player1", async () => onUpdateQuestion(m as never));
    await asClient("player1", async () => onUpdateQuestion(m as never));
    const errors = state.notifications.slice(before).filter((n) => n.type === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain("changed after both bids were locked");
  });

  it("before the player's reveal: the player's client refuses to reveal", async () => {
    const m = await toBidding();
    await asClient("gm", () => sealBid(m.id, "mj", 1));
    await asClient("player1", () => sealBid(m.id, "joueur", 3));
    // The player's client sees both locked and records the two hashes (its reveal has not gone out yet).
    expect(noteLock("player1", m.id, data(m).question)).toBe(true);
    expect(noteLock("player1", m.id, data(m).question)).toBe(false); // the first sight counts
    expect(loadLockSeen("player1", m.id, 1)?.mj).toBe(data(m).question.commitments.mj);
    await gmSwapsCommitment(m, 4);
    expect(await asClient("player1", () => autoReveal(m as never))).toEqual([]);
    const r = await asClient("player1", () => revealBid(m.id, "joueur"));
    expect(r).toMatchObject({ status: "invalid", reason: "QUINTETTE.Jetons.Error.Tampered" });
    expect(data(m).question.bids.joueur).toBeNull();
  });
});

describe("a settlement writes the ledger and the collective reserve together", () => {
  it("when the reserve cannot be written, the character and the card stay as they were; a retry settles", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 1));
    await asClient("gm", () => sealBid(m.id, "mj", 4));
    await asClient("gm", () => autoReveal(m as never));
    const settings = state.game.settings;
    const set = settings.set.bind(settings);
    settings.set = () => Promise.reject(new Error("database unavailable"));
    const failed = await asClient("player1", () => revealBid(m.id, "joueur"));
    expect(failed.status).toBe("error");
    expect([sys().tokens, sys().bidLock, collectiveTokens()]).toEqual([5, m.id, 0]);
    expect(data(m).question.status).toBe("bothLocked");
    settings.set = set;
    // The failed reveal kept the sealed bid (only a served reveal forgets it): the player's client tries again.
    expect(await asClient("player1", () => autoReveal(m as never))).toEqual(["joueur"]);
    expect([sys().tokens, sys().bidLock, collectiveTokens()]).toEqual([4, "", 1]);
  });

  it("when the character's copy cannot be written, the ledger still settles once", async () => {
    const m = await toBidding();
    await asClient("player1", () => sealBid(m.id, "joueur", 1));
    await asClient("gm", () => sealBid(m.id, "mj", 4));
    await asClient("gm", () => autoReveal(m as never));
    const update = hero.update.bind(hero);
    hero.update = () => Promise.reject(new Error("database unavailable"));
    // The ledger (a GM-only world setting) and the card hold the settlement; only the character's copy is stale.
    expect((await asClient("player1", () => revealBid(m.id, "joueur"))).status).toBe("applied");
    hero.update = update;
    expect(data(m).question.status).toBe("resolved");
    expect([reserveOf(hero as never), collectiveTokens()]).toEqual([{ tokens: 4, bidLock: "" }, 1]);
    // Nothing settles twice; the GM's next load writes the copy again.
    expect((await asClient("player1", () => revealBid(m.id, "joueur"))).status).not.toBe("applied");
    await asClient("gm", () => onReadyLedger());
    expect([sys().tokens, sys().bidLock, collectiveTokens()]).toEqual([4, "", 1]);
  });
});

describe("card forms", () => {
  it("turn the inputs into event arguments", () => {
    const form = {
      value: (n: string) => ({ text: "Q?", strike: "1", extraConditions: "2", extraNegative: "" })[n] ?? "",
      checked: (n: string) => n === "weakness",
      checkedValues: (n: string) => (n === "trait" ? ["0", "2"] : n === "condition" ? ["1"] : []),
    };
    expect(formArgs("ask", form)).toEqual({ event: "ask", text: "Q?", traits: "0,2", useAdvantage: false });
    expect(formArgs("oppose", form)).toEqual({
      event: "oppose",
      strike: 1,
      refuseAdvantage: false,
      conditions: "1",
      weakness: true,
      extraConditions: 2,
      extraNegative: 0,
    });
    expect(formArgs("seal", form)).toBeNull();
  });
});
