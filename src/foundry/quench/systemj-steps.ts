/**
 * What the SYSTEMJ batches share (systemj.ts, systemj-players.ts): reading a test card and a fight card's exchange as
 * stored, the fighters' points, the combat's turn, and the steps every table repeats (a test at a chosen face, a card
 * step whose test dialog is answered, one roll in each private mode, every card rendered again from its stored data).
 * Dice: a test is ONE d100 (the system's Roll classes roll "1d100"; a face of 100 reads 00); bare hands' damage a d3.
 */
import { authorIdOf } from "../chat/author.ts";
import { waitFor, type DialogAnswer } from "./hands.ts";
import {
  cardData,
  rollFromSheet,
  shownActions,
  type QuenchBatchContext,
  type Run,
  expectPrivateModes,
  type PrivateMode,
} from "./kit.ts";

export const RULESET = "systemj";
export const D100 = 100;
/** Bare hands (and a thrown object) deal 1d3. */
export const D3 = 3;

export const ACTION = {
  defend: "systemj.defend",
  noDefence: "systemj.noDefence",
  sight: "systemj.sight",
  damage: "systemj.damage",
  apply: "systemj.applyDamage",
  undo: "quintette.undo",
} as const;

/** A test as its card stores it. */
export interface StoredTest {
  roll: number;
  target: number;
  outcome: string;
  success: boolean;
  critical: boolean;
  role?: string;
  by?: string;
}

/** A fight card's exchange as stored on the card (the GM's client writes each answered step there). */
export interface StoredExchange {
  mode: string;
  phase: string;
  options: string[];
  hitTarget: "defender" | "attacker" | null;
  damage: number | null;
  defender: { uuid: string };
  tests: StoredTest[];
}

export const testOf = (card: ChatMessage.Implementation) =>
  (cardData(card).data as { test?: StoredTest } | undefined)?.test ?? null;

export const exchangeOf = (card: ChatMessage.Implementation) =>
  (cardData(card).data as { exchange?: StoredExchange } | undefined)?.exchange ?? null;

export const phaseOf = (card: ChatMessage.Implementation) => exchangeOf(card)?.phase ?? null;

interface AppliedLine {
  id: string;
  targetUuid: string;
  userId: string;
  undone: boolean;
}
export const appliedOf = (card: ChatMessage.Implementation) =>
  (cardData(card).applied as AppliedLine[] | undefined) ?? [];

/** Hit points and armour points of an actor (a token's synthetic actor included). */
export function points(actor: Actor.Implementation | null | undefined): [number, number] | null {
  const s = actor?.system as unknown as { hitPoints?: { value: number }; armourPoints?: { value: number } } | undefined;
  return s?.hitPoints && s.armourPoints ? [s.hitPoints.value, s.armourPoints.value] : null;
}

export const turn = (run: Run) => {
  const combat = run.sandbox.combat;
  return { round: combat?.round ?? 0, current: combat?.combatant?.name ?? null };
};

/**
 * `actor` rolls `key` from their sheet (its "attack" button for an attack, else its "roll" one, found by the key it
 * carries), the dialog answered with `answer`, the d100 showing `face`; resolves with the card, its roller checked.
 */
export async function testAt(
  context: QuenchBatchContext,
  run: Run,
  actor: Actor.Implementation,
  key: string,
  face: number,
  answer: DialogAnswer = {},
): Promise<ChatMessage.Implementation> {
  run.dice.choose(D100, face);
  const action = key.startsWith("attack") ? "attack" : "roll";
  const card = await rollFromSheet(run, actor, action, { roll: key }, answer);
  context.expect(authorIdOf(card)).to.equal(game.user?.id);
  context.expect(cardData(card)).to.deep.include({ rollerId: game.user?.id });
  return card;
}

/** Waits until this user's chat log shows the card with `action` among its enabled buttons. */
export async function shownSoon(run: Run, card: ChatMessage.Implementation, action: string): Promise<string[]> {
  await waitFor(`${action} on the card`, async () => (await shownActions(run, card)).includes(action));
  return shownActions(run, card);
}

/**
 * Clicks a step of the card in this user's log and waits until `done` holds (the step's write, here or on the GM's
 * client). A follow-up test (a defence) opens the test dialog on the clicking client: it is answered with its
 * defaults, and the hands keep answering until the step is written.
 */
export async function answerStep(
  run: Run,
  card: ChatMessage.Implementation,
  action: string,
  args: Record<string, unknown> | undefined,
  done: () => boolean,
): Promise<void> {
  await shownSoon(run, card, action);
  await run.hands.answering({}, async () => {
    await run.hands.clickCard(card, action, args);
    await waitFor(`${action} answered`, done);
  });
}

/** A FOR test in each private mode, from the sheet (kit `expectPrivateModes`). */
export async function privateModes(
  context: QuenchBatchContext,
  run: Run,
  actor: Actor.Implementation,
  faces: Record<PrivateMode, number>,
): Promise<void> {
  await expectPrivateModes(context, run, (mode) =>
    testAt(context, run, actor, "attribute.FOR", faces[mode], { rollMode: mode }),
  );
}
