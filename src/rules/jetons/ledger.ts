// Token ledger: each player's reserve, the collective reserve and bids held in escrow.
// Every operation returns a new ledger, moves tokens without creating or destroying any, and refuses
// (RangeError) anything that would leave an account below zero. Only createLedger and addPlayer bring
// tokens into play: they are setup, not moves.
import { assertTokens } from "./checks";
import { AUTOMATIC_ADVANTAGE_COST, DEFAULT_COLLECTIVE_TOKENS, DEFAULT_STARTING_TOKENS } from "./tables";

export interface EscrowedBid {
  player: string;
  tokens: number;
}

export interface Ledger {
  readonly players: Readonly<Record<string, number>>;
  readonly collective: number;
  /** Player bids set aside while a question is revealed, keyed by question id. */
  readonly escrow: Readonly<Record<string, EscrowedBid>>;
}

export type Account = { kind: "player"; id: string } | { kind: "collective" };
export const COLLECTIVE: Account = { kind: "collective" };
export const playerAccount = (id: string): Account => ({ kind: "player", id });

export function createLedger(
  players: Readonly<Record<string, number>> = {},
  collective: number = DEFAULT_COLLECTIVE_TOKENS,
): Ledger {
  assertTokens(collective, "collective reserve");
  for (const [id, tokens] of Object.entries(players)) {
    assertId(id);
    assertTokens(tokens, `reserve of ${id}`);
  }
  // fromEntries defines own properties, so no id (even "__proto__") can reach the prototype.
  return { players: Object.fromEntries(Object.entries(players)), collective, escrow: {} };
}

/** Setup: a new character joins with J tokens. */
export function addPlayer(ledger: Ledger, id: string, tokens: number = DEFAULT_STARTING_TOKENS): Ledger {
  assertId(id);
  assertTokens(tokens, `reserve of ${id}`);
  if (Object.hasOwn(ledger.players, id)) throw new RangeError(`player ${id} already has a reserve`);
  return { ...ledger, players: { ...ledger.players, [id]: tokens } };
}

/** Every token in play: reserves, collective reserve and escrow. */
export function totalTokens(ledger: Ledger): number {
  let total = ledger.collective;
  for (const t of Object.values(ledger.players)) total += t;
  for (const e of Object.values(ledger.escrow)) total += e.tokens;
  return total;
}

export function reserveOf(ledger: Ledger, id: string): number {
  const tokens = ledger.players[id];
  if (tokens === undefined || !Object.hasOwn(ledger.players, id)) throw new RangeError(`unknown player ${id}`);
  return tokens;
}

function balance(ledger: Ledger, account: Account): number {
  return account.kind === "collective" ? ledger.collective : reserveOf(ledger, account.id);
}

function credit(ledger: Ledger, account: Account, delta: number): Ledger {
  const next = balance(ledger, account) + delta;
  if (next < 0) {
    const name = account.kind === "collective" ? "the collective reserve" : `the reserve of ${account.id}`;
    throw new RangeError(`${name} holds ${next - delta} token(s); ${-delta} needed`);
  }
  if (account.kind === "collective") return { ...ledger, collective: next };
  return { ...ledger, players: { ...ledger.players, [account.id]: next } };
}

/** Moves `amount` tokens between two accounts. */
export function transfer(ledger: Ledger, from: Account, to: Account, amount: number): Ledger {
  assertTokens(amount, "amount");
  balance(ledger, to);
  return credit(credit(ledger, from, -amount), to, amount);
}

/** An advantage on an automatic action: one token from the player to the collective reserve. */
export function buyAdvantage(ledger: Ledger, id: string): Ledger {
  return transfer(ledger, playerAccount(id), COLLECTIVE, AUTOMATIC_ADVANTAGE_COST);
}

/** The GM hands tokens from the collective reserve back to a player. */
export function handBack(ledger: Ledger, id: string, amount: number): Ledger {
  return transfer(ledger, COLLECTIVE, playerAccount(id), amount);
}

/** Sets a revealed player bid aside until the question is settled. */
export function escrowBid(ledger: Ledger, questionId: string, id: string, bid: number): Ledger {
  assertTokens(bid, "bid");
  if (questionId.length === 0) throw new RangeError("questionId is empty");
  if (Object.hasOwn(ledger.escrow, questionId)) throw new RangeError(`question ${questionId} already holds a bid`);
  const debited = credit(ledger, playerAccount(id), -bid);
  return { ...debited, escrow: { ...ledger.escrow, [questionId]: { player: id, tokens: bid } } };
}

function takeEscrow(ledger: Ledger, questionId: string): [EscrowedBid, Ledger] {
  const held = Object.hasOwn(ledger.escrow, questionId) ? ledger.escrow[questionId] : undefined;
  if (held === undefined) throw new RangeError(`no bid held for question ${questionId}`);
  const escrow = { ...ledger.escrow };
  delete escrow[questionId];
  return [held, { ...ledger, escrow }];
}

/** Pays out an escrowed bid as resolveBids decided: part to the collective reserve, the rest back. */
export function settleBid(
  ledger: Ledger,
  questionId: string,
  split: { toCollective: number; returnedToPlayer: number },
): Ledger {
  assertTokens(split.toCollective, "toCollective");
  assertTokens(split.returnedToPlayer, "returnedToPlayer");
  const [held, rest] = takeEscrow(ledger, questionId);
  if (split.toCollective + split.returnedToPlayer !== held.tokens) {
    throw new RangeError(
      `split ${split.toCollective} + ${split.returnedToPlayer} does not match the ${held.tokens} token(s) held`,
    );
  }
  return credit(credit(rest, COLLECTIVE, split.toCollective), playerAccount(held.player), split.returnedToPlayer);
}

/** A tie (or a cancelled question): the whole bid goes back to the player. */
export function returnBid(ledger: Ledger, questionId: string): Ledger {
  const [held, rest] = takeEscrow(ledger, questionId);
  return credit(rest, playerAccount(held.player), held.tokens);
}

function assertId(id: string): void {
  if (id.length === 0) throw new RangeError("player id is empty");
}
