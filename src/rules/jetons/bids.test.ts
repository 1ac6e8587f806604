import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { minimumWinningBid, pivot, pivotSide, resolveBids } from "./bids";

const tokens = fc.integer({ min: 0, max: 40 });

describe("pivot", () => {
  it("is player base minus opposition base", () => {
    expect(pivot(4, 1)).toBe(3);
    expect(pivot(1, 3)).toBe(-2);
    expect(pivot(2, 2)).toBe(0);
  });
  it("places the tokens before the side with the edge, none when zero", () => {
    expect(pivotSide(3)).toBe("joueur");
    expect(pivotSide(-1)).toBe("mj");
    expect(pivotSide(0)).toBe("aucun");
  });
  it("rejects impossible bases", () => {
    expect(() => pivot(-1, 0)).toThrow(RangeError);
    expect(() => pivot(0, 1.5)).toThrow(RangeError);
    expect(() => pivot(Number.NaN, 0)).toThrow(RangeError);
  });
});

describe("resolveBids", () => {
  it("player strictly higher: success, difference to the collective, rest back", () => {
    // pivot +2: player 3 + 2 = 5 against GM 4, difference 1.
    expect(resolveBids({ playerBase: 3, oppositionBase: 1, playerBid: 3, gmBid: 4 })).toMatchObject({
      winner: "joueur",
      playerTotal: 5,
      gmTotal: 4,
      toCollective: 1,
      returnedToPlayer: 2,
    });
  });
  it("the differential never exceeds the player's bid (pivot tokens are not the player's)", () => {
    // pivot +5, player bids 1, GM 0: difference 6 but only 1 token was bid.
    expect(resolveBids({ playerBase: 5, oppositionBase: 0, playerBid: 1, gmBid: 0 })).toMatchObject({
      winner: "joueur",
      playerTotal: 6,
      gmTotal: 0,
      toCollective: 1,
      returnedToPlayer: 0,
    });
    expect(resolveBids({ playerBase: 2, oppositionBase: 0, playerBid: 0, gmBid: 1 })).toMatchObject({
      winner: "joueur",
      toCollective: 0,
      returnedToPlayer: 0,
    });
  });
  it("GM strictly higher: failure, whole player bid to the collective", () => {
    // pivot −2 goes to the GM: player 3 against GM 2 + 2 = 4.
    expect(resolveBids({ playerBase: 1, oppositionBase: 3, playerBid: 3, gmBid: 2 })).toEqual({
      winner: "mj",
      playerTotal: 3,
      gmTotal: 4,
      toCollective: 3,
      returnedToPlayer: 0,
      pivot: -2,
      mayRebid: false,
    });
  });
  it("equal totals: tie, bids returned, rebid allowed", () => {
    expect(resolveBids({ playerBase: 2, oppositionBase: 2, playerBid: 3, gmBid: 3 })).toEqual({
      winner: "egalite",
      playerTotal: 3,
      gmTotal: 3,
      toCollective: 0,
      returnedToPlayer: 3,
      pivot: 0,
      mayRebid: true,
    });
  });
  it("rejects negative or fractional bids and a bid above the reserve", () => {
    expect(() => resolveBids({ playerBase: 0, oppositionBase: 0, playerBid: -1, gmBid: 0 })).toThrow(RangeError);
    expect(() => resolveBids({ playerBase: 0, oppositionBase: 0, playerBid: 0, gmBid: 0.5 })).toThrow(RangeError);
    expect(() => resolveBids({ playerBase: 0, oppositionBase: 0, playerBid: 6, gmBid: 0, playerReserve: 5 })).toThrow(
      /exceeds/,
    );
    expect(resolveBids({ playerBase: 0, oppositionBase: 0, playerBid: 5, gmBid: 0, playerReserve: 5 }).winner).toBe(
      "joueur",
    );
  });

  it("property: the player's bid is split exactly, nothing negative, totals follow the pivot", () => {
    fc.assert(
      fc.property(tokens, tokens, tokens, tokens, (pb, ob, bid, gm) => {
        const r = resolveBids({ playerBase: pb, oppositionBase: ob, playerBid: bid, gmBid: gm });
        expect(r.toCollective + r.returnedToPlayer).toBe(bid);
        expect(r.toCollective).toBeGreaterThanOrEqual(0);
        expect(r.returnedToPlayer).toBeGreaterThanOrEqual(0);
        expect(r.playerTotal - r.gmTotal).toBe(bid - gm + pb - ob);
        expect(Math.min(r.playerTotal - bid, r.gmTotal - gm)).toBe(0);
        const expected = r.playerTotal > r.gmTotal ? "joueur" : r.playerTotal < r.gmTotal ? "mj" : "egalite";
        expect(r.winner).toBe(expected);
        expect(r.mayRebid).toBe(r.winner === "egalite");
      }),
    );
  });
  it("property: bidding one more never turns a win into a loss", () => {
    fc.assert(
      fc.property(tokens, tokens, tokens, tokens, (pb, ob, bid, gm) => {
        const rank = { mj: 0, egalite: 1, joueur: 2 } as const;
        const a = resolveBids({ playerBase: pb, oppositionBase: ob, playerBid: bid, gmBid: gm });
        const b = resolveBids({ playerBase: pb, oppositionBase: ob, playerBid: bid + 1, gmBid: gm });
        expect(rank[b.winner]).toBeGreaterThanOrEqual(rank[a.winner]);
      }),
    );
  });
});

describe("minimumWinningBid", () => {
  it("is the smallest winning bid, checked against every bid", () => {
    for (let p = -6; p <= 6; p++) {
      for (let gm = 0; gm <= 10; gm++) {
        const min = minimumWinningBid(p, gm);
        const pb = Math.max(p, 0);
        const ob = Math.max(-p, 0);
        for (let bid = 0; bid <= 20; bid++) {
          const win =
            resolveBids({ playerBase: pb, oppositionBase: ob, playerBid: bid, gmBid: gm }).winner === "joueur";
          expect(win).toBe(bid >= min);
        }
      }
    }
    expect(minimumWinningBid(2, 3)).toBe(2);
    expect(minimumWinningBid(-2, 3)).toBe(6);
    expect(minimumWinningBid(4, 0)).toBe(0);
  });
});
