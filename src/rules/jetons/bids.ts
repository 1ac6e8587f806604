// Pivot and bid resolution: no dice, only the two bases and two sealed bids.
import { assertTokens } from "./checks";
import type { PivotSide, Winner } from "./tables";

/** Pivot = player base − opposition base; positive favours the player, negative the GM. */
export function pivot(playerBase: number, oppositionBase: number): number {
  assertTokens(playerBase, "playerBase");
  assertTokens(oppositionBase, "oppositionBase");
  return playerBase - oppositionBase;
}

/** Where the |pivot| tokens are placed on the table. */
export function pivotSide(pivotValue: number): PivotSide {
  if (!Number.isSafeInteger(pivotValue)) throw new RangeError(`pivot must be an integer, got ${String(pivotValue)}`);
  return pivotValue > 0 ? "joueur" : pivotValue < 0 ? "mj" : "aucun";
}

export interface BidInput {
  playerBase: number;
  oppositionBase: number;
  playerBid: number;
  gmBid: number;
  /** When given, the player's bid may not exceed it (the player bids from their own reserve). */
  playerReserve?: number;
}

export interface BidResolution {
  winner: Winner;
  playerTotal: number;
  gmTotal: number;
  /** Tokens of the player's bid that go to the collective reserve. */
  toCollective: number;
  /** Tokens of the player's bid that go back to the player's reserve. */
  returnedToPlayer: number;
  pivot: number;
  /** True on a tie: nothing happens and the player may bid again or give up. */
  mayRebid: boolean;
}

/**
 * Reveals both bids. The pivot tokens join the side with the edge. A strict win for the player sends the
 * difference (capped by the player's bid) to the collective reserve; a GM win sends the whole player bid;
 * a tie returns everything. The GM's bid is not drawn from any reserve: it only sets the difficulty.
 */
export function resolveBids(input: BidInput): BidResolution {
  const { playerBase, oppositionBase, playerBid, gmBid, playerReserve } = input;
  const p = pivot(playerBase, oppositionBase);
  assertTokens(playerBid, "playerBid");
  assertTokens(gmBid, "gmBid");
  if (playerReserve !== undefined) {
    assertTokens(playerReserve, "playerReserve");
    if (playerBid > playerReserve) {
      throw new RangeError(`playerBid ${playerBid} exceeds the player's reserve of ${playerReserve}`);
    }
  }
  const playerTotal = playerBid + Math.max(p, 0);
  const gmTotal = gmBid + Math.max(-p, 0);
  if (playerTotal > gmTotal) {
    const toCollective = Math.min(playerTotal - gmTotal, playerBid);
    return {
      winner: "joueur",
      playerTotal,
      gmTotal,
      toCollective,
      returnedToPlayer: playerBid - toCollective,
      pivot: p,
      mayRebid: false,
    };
  }
  if (gmTotal > playerTotal) {
    return {
      winner: "mj",
      playerTotal,
      gmTotal,
      toCollective: playerBid,
      returnedToPlayer: 0,
      pivot: p,
      mayRebid: false,
    };
  }
  return {
    winner: "egalite",
    playerTotal,
    gmTotal,
    toCollective: 0,
    returnedToPlayer: playerBid,
    pivot: p,
    mayRebid: true,
  };
}

/** Smallest player bid that wins outright against `gmBid` with this pivot (helps the player weigh a bid). */
export function minimumWinningBid(pivotValue: number, gmBid: number): number {
  pivotSide(pivotValue);
  assertTokens(gmBid, "gmBid");
  return Math.max(0, gmBid + Math.max(-pivotValue, 0) + 1 - Math.max(pivotValue, 0));
}
