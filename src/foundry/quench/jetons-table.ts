/**
 * What the Jetons batches share (jetons.ts): a question card read from its stored data, its form controls as a user is
 * shown them and played as a user fills them (`run.hands`), the reserves as the GM's ledger mirrors them on the
 * characters and in the world's setting, the archetype's sheet buttons (asking a question; buying an advantage, its
 * text typed in the field beside the button), and the GM at the table for
 * the player batch: a listener the prepare batch leaves on the GM's page that answers the players' questions in the
 * card's forms, as a GM does (opposes, seals the GM's bid, writes the outcome on the sheet).
 */
import { authorIdOf } from "../chat/author.ts";
import type { FieldValue, Hands } from "./hands.ts";
import { currentHands, waitFor } from "./hands.ts";
import { cardData, rollFromSheet, type Run } from "./kit.ts";
import { Sandbox } from "./sandbox.ts";

export const RULESET = "jetons";
/** The question card's controls: `data-jetons-action` with the side they belong to (`data-jetons-side`). */
const ACTION = "data-jetons-action";
const SIDE = "data-jetons-side";
export type Side = "joueur" | "mj";

export interface Question {
  id: string;
  status: string;
  text: string;
  round: number;
  traits: { name: string; points: number; ticked: boolean; struck: boolean }[];
  conditions: number;
  negativeTraits: number;
  playerBase: number | null;
  oppositionBase: number | null;
  pivot: number | null;
  commitments: { joueur: string | null; mj: string | null };
  bids: { joueur: number | null; mj: number | null };
  outcome: {
    winner: string;
    playerTotal: number;
    gmTotal: number;
    toCollective: number;
    returnedToPlayer: number;
    advantageGained: boolean;
    conditionAllowed: boolean;
    forfeit?: boolean;
  } | null;
}

export interface QuestionCard {
  question: Question;
  movement: Record<string, number> | null;
  recorded: { advantage?: string | null; condition?: string | null };
}

/** The question as the card stores it (its `system.data`). */
export function questionCard(message: ChatMessage.Implementation): QuestionCard {
  const data = (cardData(message).data ?? null) as QuestionCard | null;
  if (!data?.question) throw new Error(`The message ${message.id} holds no Jetons question`);
  return data;
}

export const question = (message: ChatMessage.Implementation): Question => questionCard(message).question;

/** The character's reserve as the GM's ledger mirrors it on the sheet, its advantage, conditions and purchases. */
export interface Archetype {
  tokens: number;
  bidLock: string;
  advantage: { active: boolean; label: string };
  conditions: { name: string; permanent: boolean }[];
  purchases: { text: string; lapsed: boolean }[];
}
export const archetype = (actor: Actor.Implementation): Archetype =>
  (actor.toObject() as unknown as { system: Archetype }).system;

/** The world's collective reserve (a world setting every client reads; only a GM's client writes it). */
export function collective(): number {
  return Number(
    (game.settings as unknown as { get(ns: string, key: string): unknown }).get("quintette", "jetonsCollective"),
  );
}

/**
 * Asks a question from the character's sheet, as a person does (its "Ask" button clicked): the card the GM's client
 * posted for it.
 */
export function askFromSheet(run: Run, actor: Actor.Implementation): Promise<ChatMessage.Implementation> {
  return rollFromSheet(run, actor, "askQuestion");
}

/** Buys an advantage from the character's sheet, as a person does: its text typed beside the button, then clicked. */
export function buyFromSheet(hands: Hands, actor: Actor.Implementation, text: string): Promise<void> {
  return hands.clickSheet(actor, "buyAdvantage", {}, { buyText: text });
}

/** The question's controls this user is shown, as `action:side`. */
export async function controls(hands: Hands, message: ChatMessage.Implementation): Promise<string[]> {
  return (await hands.cardControls(message, ACTION)).map((c) => `${c[ACTION] ?? ""}:${c[SIDE] ?? ""}`);
}

/** Fills the form of one of the question's controls and clicks it, as the user whose side it is. */
function play(
  hands: Hands,
  message: ChatMessage.Implementation,
  action: string,
  side: Side,
  fields: Record<string, FieldValue> = {},
): Promise<void> {
  return hands.fillAndClick(message, { [ACTION]: action, [SIDE]: side }, fields);
}

/**
 * Waits for a control to be shown to this user, then plays it: the card's render in the chat log follows the write,
 * so a step right after the last one's write would find the card as it was.
 */
export async function playWhenShown(
  hands: Hands,
  message: ChatMessage.Implementation,
  action: string,
  side: Side,
  fields: Record<string, FieldValue> = {},
): Promise<void> {
  await waitFor(`${action} shown`, async () => (await controls(hands, message)).includes(`${action}:${side}`));
  await play(hands, message, action, side, fields);
}

/** The card's status once it is `status` (the GM's client writes every step). */
export function untilStatus(message: ChatMessage.Implementation, status: string): Promise<void> {
  return waitFor(`the question ${status}`, () => question(message).status === status);
}

export const isGMCard = (message: ChatMessage.Implementation): boolean =>
  !!game.users?.get(authorIdOf(message) ?? "")?.isGM;

/* The GM at the table, for the player batch ------------------------------------------------------------------------ */

/** What the GM answers to a player's question in the prepared sandbox: no opposition, a bid of 0, the outcome noted. */
export const GM_ANSWER = { bid: "0", advantage: "Quench: avantage", condition: "Quench: condition" } as const;

let answering: number | null = null;
const answered = new Set<string>();

/** The GM's next step on a player's question, if there is one for the GM. */
function nextStep(q: Question, recorded: QuestionCard["recorded"]): [string, Record<string, FieldValue>] | null {
  if (q.status === "traitsChosen") return ["oppose", {}];
  if (q.status === "bidding" && q.commitments.mj === null) return ["seal", { bid: GM_ANSWER.bid }];
  if (q.status !== "resolved" || !q.outcome) return null;
  if (q.outcome.advantageGained && !recorded.advantage) return ["recordAdvantage", { advantage: GM_ANSWER.advantage }];
  if (q.outcome.conditionAllowed && !recorded.condition) return ["recordCondition", { condition: GM_ANSWER.condition }];
  return null;
}

async function answer(hands: Hands, message: ChatMessage.Implementation): Promise<void> {
  const sandbox = Sandbox.find(RULESET);
  if (!sandbox) return stopAnswering();
  const speaker = (message.speaker as { actor?: string | null }).actor;
  if (!game.users?.activeGM?.isSelf || !isGMCard(message) || !sandbox.actors.some((a) => a.id === speaker)) return;
  let data: QuestionCard;
  try {
    data = questionCard(message);
  } catch {
    return;
  }
  const step = nextStep(data.question, data.recorded);
  if (!step) return;
  const key = `${message.id}:${data.question.round}:${step[0]}`;
  if (answered.has(key)) return;
  answered.add(key);
  try {
    await playWhenShown(hands, message, step[0], "mj", step[1]);
  } catch (error) {
    answered.delete(key);
    console.error("quintette | Quench: the GM's answer to a player's question failed", error);
  }
}

/**
 * On the GM's page (the prepare batch): answers each question on the prepared sandbox's characters as it changes,
 * in the card's forms, until that sandbox is gone. The player batch checks what the GM's client wrote.
 */
export function answerPlayers(): void {
  if (answering !== null) return;
  const hands = currentHands();
  answering = Hooks.on("updateChatMessage", (message) => {
    void answer(hands, message as ChatMessage.Implementation);
  });
}

function stopAnswering(): void {
  if (answering !== null) Hooks.off("updateChatMessage", answering);
  answering = null;
  answered.clear();
}

/** Each card of the run: whom it is whispered to and whether it is blind (Jetons has no private mode to play). */
export function everyCardPublic(run: Run): Record<string, { whisper: string[]; blind: boolean }> {
  return Object.fromEntries(
    run.sandbox.messages().map((m) => [m.id ?? "", { whisper: [...m.whisper].map(String), blind: m.blind === true }]),
  );
}
