// Sealed bids: a bid is published only as a hash of (bid, secret nonce, question, side) until both are locked.
import { assertTokens } from "./checks";
import { SIDES, type Side } from "./tables";

/** A hash function from a string to a hex digest (sha256Hex here, or WebCrypto's SHA-256 in the adapter). */
export type HashFunction = (text: string) => string;

export interface BidOpening {
  bid: number;
  nonce: string;
  questionId: string;
  side: Side;
}

export const COMMITMENT_PREFIX = "jetons-bid:v1";
/** Bids are tiny numbers, so the nonce alone hides them: at least 128 random bits, as lowercase hex. */
export const NONCE_PATTERN = /^[0-9a-f]{32,128}$/u;
/** Question ids may not hold the field separator, so the string decodes one way only. */
const QUESTION_ID_PATTERN = /^[^|\s]{1,200}$/u;

export function isValidNonce(nonce: string): boolean {
  return NONCE_PATTERN.test(nonce);
}

/** Id under which a round's bids are committed: a rebid after a tie can never reuse a revealed commitment. */
export function roundQuestionId(questionId: string, round: number): string {
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError(`round must be ≥ 1, got ${String(round)}`);
  return `${questionId}#${round}`;
}

/**
 * The exact string to hash. Each field is validated so that distinct openings give distinct strings
 * (no field can hold the separator), which makes the commitment binding once hashed.
 */
export function commitmentString(bid: number, nonce: string, questionId: string, side: Side): string {
  assertTokens(bid, "bid");
  if (!isValidNonce(nonce)) throw new RangeError("nonce must be 32 to 128 lowercase hex digits (≥ 128 random bits)");
  if (!QUESTION_ID_PATTERN.test(questionId)) {
    throw new RangeError("questionId must be 1 to 200 characters without '|' or spaces");
  }
  if (!SIDES.includes(side)) throw new RangeError(`side must be "joueur" or "mj", got ${String(side)}`);
  return `${COMMITMENT_PREFIX}|${questionId}|${side}|${bid}|${nonce}`;
}

/** Hash to publish when locking a bid. */
export function commitBid(opening: BidOpening, hash: HashFunction): string {
  return hash(commitmentString(opening.bid, opening.nonce, opening.questionId, opening.side)).toLowerCase();
}

/** True when the revealed opening is well formed and hashes to the published commitment. */
export function verifyCommitment(commitment: string, opening: BidOpening, hash: HashFunction): boolean {
  let text: string;
  try {
    text = commitmentString(opening.bid, opening.nonce, opening.questionId, opening.side);
  } catch (e) {
    if (e instanceof RangeError) return false;
    throw e;
  }
  return commitment.length > 0 && hash(text).toLowerCase() === commitment.toLowerCase();
}
