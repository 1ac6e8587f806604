import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { commitBid, commitmentString, roundQuestionId, verifyCommitment, type BidOpening } from "./commitment";
import { sha256Hex } from "../shared/sha256";
import type { Side } from "./tables";

/** An injective stand-in for a hash: equal outputs only for equal inputs. */
const fake = (text: string): string => `fake(${text})`;
const NONCE = "0123456789abcdef0123456789abcdef";
const hexNonce = fc.stringMatching(/^[0-9a-f]{32,40}$/);
const side = fc.constantFrom<Side>("joueur", "mj");
const qid = fc.stringMatching(/^[A-Za-z0-9#._-]{1,12}$/);
const opening = fc.record({ bid: fc.nat(50), nonce: hexNonce, questionId: qid, side });

describe("commitmentString", () => {
  it("lays out the fields in a fixed, versioned order", () => {
    expect(commitmentString(3, NONCE, roundQuestionId("q1", 1), "joueur")).toBe(
      "jetons-bid:v1|q1#1|joueur|3|0123456789abcdef0123456789abcdef",
    );
  });
  it("known SHA-256 vector of a commitment", () => {
    expect(commitBid({ bid: 3, nonce: NONCE, questionId: "q1#1", side: "joueur" }, sha256Hex)).toBe(
      "39e81e71a4ab75af6bdd641a2893b4856701b894de4b26db4633f5c7de146038",
    );
  });
  it("rejects weak nonces, separators in ids, bad bids and sides", () => {
    expect(() => commitmentString(3, "abc", "q1", "joueur")).toThrow(/nonce/);
    expect(() => commitmentString(3, NONCE.toUpperCase(), "q1", "joueur")).toThrow(/nonce/);
    expect(() => commitmentString(3, NONCE, "q|1", "joueur")).toThrow(/questionId/);
    expect(() => commitmentString(3, NONCE, "", "joueur")).toThrow(/questionId/);
    expect(() => commitmentString(-1, NONCE, "q1", "joueur")).toThrow(RangeError);
    expect(() => commitmentString(1.5, NONCE, "q1", "joueur")).toThrow(RangeError);
    expect(() => commitmentString(1, NONCE, "q1", "gm" as Side)).toThrow(/side/);
    expect(() => roundQuestionId("q1", 0)).toThrow(RangeError);
  });
  it("property: distinct openings give distinct strings (the format is injective)", () => {
    fc.assert(
      fc.property(opening, opening, (a, b) => {
        const same = a.bid === b.bid && a.nonce === b.nonce && a.questionId === b.questionId && a.side === b.side;
        const sa = commitmentString(a.bid, a.nonce, a.questionId, a.side);
        const sb = commitmentString(b.bid, b.nonce, b.questionId, b.side);
        expect(sa === sb).toBe(same);
      }),
    );
  });
});

describe("verifyCommitment", () => {
  it("accepts the honest reveal with the real hash", () => {
    const o: BidOpening = { bid: 4, nonce: NONCE, questionId: "abc#2", side: "mj" };
    expect(verifyCommitment(commitBid(o, sha256Hex), o, sha256Hex)).toBe(true);
    expect(verifyCommitment(commitBid(o, sha256Hex).toUpperCase(), o, sha256Hex)).toBe(true);
    expect(verifyCommitment(commitBid(o, sha256Hex), { ...o, bid: 5 }, sha256Hex)).toBe(false);
    expect(verifyCommitment("", o, () => "")).toBe(false);
  });
  it("property: the honest opening verifies; changing any field fails", () => {
    fc.assert(
      fc.property(opening, opening, (o, other) => {
        const c = commitBid(o, fake);
        expect(verifyCommitment(c, o, fake)).toBe(true);
        const changed = [
          { ...o, bid: other.bid },
          { ...o, nonce: other.nonce },
          { ...o, questionId: other.questionId },
          { ...o, side: other.side },
        ];
        for (const x of changed) {
          const same = x.bid === o.bid && x.nonce === o.nonce && x.questionId === o.questionId && x.side === o.side;
          expect(verifyCommitment(c, x, fake)).toBe(same);
        }
      }),
    );
  });
  it("a malformed reveal is refused, not thrown", () => {
    const o: BidOpening = { bid: 2, nonce: NONCE, questionId: "q", side: "joueur" };
    const c = commitBid(o, fake);
    expect(verifyCommitment(c, { ...o, bid: -2 }, fake)).toBe(false);
    expect(verifyCommitment(c, { ...o, nonce: "short" }, fake)).toBe(false);
  });
});
