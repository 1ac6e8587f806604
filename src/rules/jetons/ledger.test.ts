import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { resolveBids } from "./bids";
import {
  addPlayer,
  buyAdvantage,
  COLLECTIVE,
  createLedger,
  escrowBid,
  handBack,
  type Ledger,
  playerAccount,
  reserveOf,
  returnBid,
  settleBid,
  totalTokens,
  transfer,
} from "./ledger";

const allNonNegative = (l: Ledger): boolean =>
  l.collective >= 0 &&
  Object.values(l.players).every((t) => t >= 0) &&
  Object.values(l.escrow).every((e) => e.tokens >= 0);

describe("ledger", () => {
  it("starts players at J = 5 and the collective reserve empty by default", () => {
    const l = addPlayer(createLedger(), "ana");
    expect(l).toEqual({ players: { ana: 5 }, collective: 0, escrow: {} });
    expect(() => addPlayer(l, "ana")).toThrow(/already/);
    expect(() => createLedger({ bob: -1 })).toThrow(RangeError);
    expect(() => createLedger({}, 1.5)).toThrow(RangeError);
  });
  it("buying an automatic-action advantage moves one token to the collective reserve", () => {
    const l = buyAdvantage(createLedger({ ana: 2 }), "ana");
    expect(l.players).toEqual({ ana: 1 });
    expect(l.collective).toBe(1);
    expect(() => buyAdvantage(createLedger({ ana: 0 }), "ana")).toThrow(/reserve of ana/);
  });
  it("the GM hands tokens back from the collective reserve, never more than it holds", () => {
    const l = handBack(createLedger({ ana: 0 }, 3), "ana", 2);
    expect(l).toEqual({ players: { ana: 2 }, collective: 1, escrow: {} });
    expect(() => handBack(l, "ana", 2)).toThrow(/collective/);
    expect(() => handBack(l, "zoe", 1)).toThrow(/unknown player/);
  });
  it("transfers between players and refuses overdrafts and bad amounts", () => {
    const l = createLedger({ ana: 3, bob: 1 });
    expect(transfer(l, playerAccount("ana"), playerAccount("bob"), 2).players).toEqual({ ana: 1, bob: 3 });
    expect(() => transfer(l, playerAccount("bob"), playerAccount("ana"), 2)).toThrow(RangeError);
    expect(() => transfer(l, playerAccount("ana"), COLLECTIVE, -1)).toThrow(RangeError);
    expect(() => transfer(l, playerAccount("ana"), playerAccount("nobody"), 1)).toThrow(/unknown/);
    expect(l.players).toEqual({ ana: 3, bob: 1 });
  });
  it("escrow then settle a success: differential to the collective, rest back", () => {
    let l = createLedger({ ana: 5 });
    l = escrowBid(l, "q1#1", "ana", 3);
    expect(l).toEqual({ players: { ana: 2 }, collective: 0, escrow: { "q1#1": { player: "ana", tokens: 3 } } });
    expect(() => escrowBid(l, "q1#1", "ana", 1)).toThrow(/already/);
    const r = resolveBids({ playerBase: 3, oppositionBase: 1, playerBid: 3, gmBid: 4 });
    expect(() => settleBid(l, "q1#1", { toCollective: 3, returnedToPlayer: 1 })).toThrow(/does not match/);
    l = settleBid(l, "q1#1", r);
    expect(l).toEqual({ players: { ana: 4 }, collective: 1, escrow: {} });
    expect(() => settleBid(l, "q1#1", r)).toThrow(/no bid held/);
  });
  it("a tie returns the bid; a bid above the reserve is refused", () => {
    let l = escrowBid(createLedger({ ana: 5 }), "q", "ana", 4);
    l = returnBid(l, "q");
    expect(l).toEqual({ players: { ana: 5 }, collective: 0, escrow: {} });
    expect(() => escrowBid(l, "q", "ana", 6)).toThrow(RangeError);
  });
  it("ids that look like object internals stay plain accounts", () => {
    let l = createLedger({ ["__proto__"]: 2, constructor: 1 });
    expect(reserveOf(l, "__proto__")).toBe(2);
    l = buyAdvantage(l, "__proto__");
    expect(reserveOf(l, "__proto__")).toBe(1);
    expect(() => reserveOf(l, "toString")).toThrow(/unknown/);
    expect(totalTokens(l)).toBe(3);
  });

  // Random sequences of every operation: each either succeeds or throws a RangeError leaving the old ledger
  // as it was; after every step no token has appeared or vanished and no account is negative.
  const ids = ["ana", "bob", "__proto__"] as const;
  const id = fc.constantFrom(...ids);
  const q = fc.constantFrom("q1", "q2", "q3");
  const amount = fc.integer({ min: -2, max: 8 });
  const account = fc.oneof(id.map(playerAccount), fc.constant(COLLECTIVE));
  const op = fc.oneof(
    fc.record({ kind: fc.constant("transfer" as const), from: account, to: account, amount }),
    fc.record({ kind: fc.constant("buy" as const), id }),
    fc.record({ kind: fc.constant("handBack" as const), id, amount }),
    fc.record({ kind: fc.constant("escrow" as const), q, id, amount }),
    fc.record({ kind: fc.constant("settle" as const), q, pb: fc.nat(6), ob: fc.nat(6), gm: fc.nat(8) }),
    fc.record({ kind: fc.constant("return" as const), q }),
  );
  type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
  const apply = (l: Ledger, o: Op): Ledger => {
    switch (o.kind) {
      case "transfer":
        return transfer(l, o.from, o.to, o.amount);
      case "buy":
        return buyAdvantage(l, o.id);
      case "handBack":
        return handBack(l, o.id, o.amount);
      case "escrow":
        return escrowBid(l, o.q, o.id, o.amount);
      case "settle": {
        const held = l.escrow[o.q];
        if (held === undefined) return settleBid(l, o.q, { toCollective: 0, returnedToPlayer: 0 });
        const r = resolveBids({ playerBase: o.pb, oppositionBase: o.ob, playerBid: held.tokens, gmBid: o.gm });
        return r.winner === "egalite" ? returnBid(l, o.q) : settleBid(l, o.q, r);
      }
      case "return":
        return returnBid(l, o.q);
    }
  };

  it("property: no operation creates or loses a token, and nothing goes negative", () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.nat(6), fc.nat(6), fc.nat(6)),
        fc.nat(6),
        fc.array(op, { maxLength: 40 }),
        (r, c, ops) => {
          let l = createLedger({ ana: r[0], bob: r[1], ["__proto__"]: r[2] }, c);
          const total = totalTokens(l);
          for (const o of ops) {
            const before = JSON.stringify(l);
            try {
              l = apply(l, o);
            } catch (e) {
              expect(e).toBeInstanceOf(RangeError);
              expect(JSON.stringify(l)).toBe(before);
            }
            expect(totalTokens(l)).toBe(total);
            expect(allNonNegative(l)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
  it("property: an operation is refused only when it would overdraw or is malformed", () => {
    fc.assert(
      fc.property(fc.nat(6), fc.nat(6), fc.integer({ min: -2, max: 8 }), (reserve, collective, n) => {
        const l = createLedger({ ana: reserve }, collective);
        const ok = (f: () => Ledger): boolean => {
          try {
            f();
            return true;
          } catch {
            return false;
          }
        };
        expect(ok(() => handBack(l, "ana", n))).toBe(n >= 0 && n <= collective);
        expect(ok(() => escrowBid(l, "q", "ana", n))).toBe(n >= 0 && n <= reserve);
        expect(ok(() => buyAdvantage(l, "ana"))).toBe(reserve >= 1);
      }),
    );
  });
});
