/// <reference types="mocha" />
/**
 * What every Quintette batch shares: its registration record, and the life of a scenario's sandbox around its tests
 * (`before`: checks who runs it, opens or finds the sandbox, views its scene, chooses the dice; `after`: the dice put
 * back, the view put back, the sandbox closed, also when a test failed). docs/quench.md.
 */
import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { ChosenDice } from "./dice.ts";
import { currentHands, waitFor, type DialogAnswer, type Hands } from "./hands.ts";
import { Sandbox } from "./sandbox.ts";
import { authorIdOf } from "../chat/author.ts";

export type { QuenchBatchContext };
export type BatchKey = `quintette.${string}`;

export interface BatchSpec {
  key: BatchKey;
  /** Shown in Quench's window. */
  displayName: string;
  /** The rule set whose worlds offer it; none: every world. */
  ruleset?: string;
  /** Who runs it: a GM's client, or a player's while a GM is connected. */
  runAs: "gm" | "player";
  register(context: QuenchBatchContext): void;
}

/** How long a Mocha test or hook of ours may take in a live world (a relayed action waits for the GM's client). */
export const TIMEOUT = 60_000;

/** A scenario's run: filled in its `before`, emptied in its `after`. */
export interface Run {
  sandbox: Sandbox;
  dice: ChosenDice;
  hands: Hands;
}

export interface ScenarioOptions {
  ruleset: string;
  /**
   * "gm": a sandbox of its own, built by `build` and closed at the end; "prepare": a player sandbox built by `build`
   * and left for the players (closed by the clean-up batch, or here if building fails); "player": the prepared sandbox.
   */
  mode: "gm" | "prepare" | "player";
  build?(sandbox: Sandbox): Promise<void>;
}

interface CombatClock {
  turnTime: number;
  roundTime: number;
}

/**
 * Stops Next turn and Next round from moving world time (fvtt-types `CONFIG.time.turnTime`/`roundTime`: "The number of
 * seconds which automatically elapse at the end of a Combat turn/round", 0 by default, a world may set them) on this
 * client, whose combat updates compute the delta; returns what puts them back. World time is not a setting the sandbox
 * could restore without undoing what others did meanwhile, so a batch never advances it.
 */
function stopCombatClock(): () => void {
  const time = (CONFIG as { time?: CombatClock }).time;
  if (!time) return () => undefined;
  const before = { turnTime: time.turnTime, roundTime: time.roundTime };
  Object.assign(time, { turnTime: 0, roundTime: 0 });
  return () => Object.assign(time, before);
}

/**
 * Registers the scenario's `before` and `after` in the current suite and returns its run (read it in tests only).
 */
export function scenario(context: QuenchBatchContext, options: ScenarioOptions): Run {
  const run = {} as Run;
  let previousScene: Scene.Implementation | null = null;
  let opened: Sandbox | null = null;
  let restartClock: (() => void) | null = null;
  context.before(async function (this: Mocha.Context) {
    this.timeout(TIMEOUT);
    const isGM = game.user?.isGM ?? false;
    if (options.mode === "player") {
      if (isGM) throw new Error("Run this batch in a player's browser, a GM connected");
      if (!game.users?.activeGM) throw new Error("No GM is connected: the player batch needs the GM's client");
      const found = Sandbox.find(options.ruleset);
      if (!found) throw new Error("No prepared sandbox: a GM runs the prepare batch first");
      run.sandbox = found;
    } else {
      if (!isGM) throw new Error("Run this batch as a GM");
      opened = await Sandbox.open(options.mode === "gm" ? "gm" : "player", options.ruleset);
      run.sandbox = opened;
      await options.build?.(opened);
      if (options.mode === "prepare") opened = null;
    }
    run.hands = currentHands();
    run.dice = new ChosenDice();
    previousScene = game.scenes?.viewed ?? null;
    await run.sandbox.scene.view();
    run.dice.install();
    restartClock = stopCombatClock();
  });
  context.after(async function (this: Mocha.Context) {
    this.timeout(TIMEOUT);
    run.dice?.restore();
    restartClock?.();
    if (previousScene && previousScene !== run.sandbox?.scene) await previousScene.view();
    // A prepare batch that failed half way leaves nothing behind either.
    const failed = options.mode === "prepare" && !run.sandbox;
    if (opened || failed) await (opened ?? Sandbox.find(options.ruleset))?.close();
  });
  return run;
}

/** The last message the sandbox's actors posted, once it is there. */
export async function nextCard(run: Run, before: number, what: string): Promise<ChatMessage.Implementation> {
  await waitFor(what, () => run.sandbox.messages().length > before);
  return run.sandbox.messages().at(-1)!;
}

/** The stored card of a message: its `system` (a typed card). */
export function cardData(message: ChatMessage.Implementation): Record<string, unknown> {
  return (message.toObject() as { system?: Record<string, unknown> }).system ?? {};
}

/** The ids of the world's GMs (a GM roll is whispered to them). */
export function gmIds(): string[] {
  return (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id ?? "");
}

/** What every actor's model offers (data/models.ts): the roll entry point sheets and macros call. */
interface Rolling {
  roll(
    key: string,
    options?: { skipDialog?: boolean; rollMode?: string; values?: Record<string, number | string | boolean> },
  ): Promise<{ message: ChatMessage.Implementation | null } | null>;
}

/** Rolls a key through the actor's own method (`actor.system.roll`), without the dialog; resolves with its card. */
export async function rollCard(
  actor: Actor.Implementation,
  key: string,
  options: { rollMode?: string; values?: Record<string, number | string | boolean> } = {},
): Promise<ChatMessage.Implementation> {
  const result = await (actor.system as unknown as Rolling).roll(key, { skipDialog: true, ...options });
  if (!result?.message) throw new Error(`${actor.name}'s ${key} posted no card`);
  return result.message;
}

/**
 * Rolls as a person does: the actor's sheet opened, its button for `action` (with `data`, e.g. `{ roll: "skill:melee" }`)
 * clicked, the roll dialog answered and confirmed; resolves with the card it posts, then closes the sheet.
 */
export async function rollFromSheet(
  run: Run,
  actor: Actor.Implementation,
  action: string,
  data: Record<string, string> = {},
  answer: DialogAnswer = {},
): Promise<ChatMessage.Implementation> {
  const before = run.sandbox.messages().length;
  // The dialog opens after the click returns: keep answering until the card is there.
  const card = await run.hands.answering(answer, async () => {
    await run.hands.clickSheet(actor, action, data);
    return nextCard(run, before, `${actor.name}'s card from the sheet's ${action} ${JSON.stringify(data)}`);
  });
  await (actor.sheet as unknown as { close(): Promise<unknown> } | null)?.close();
  return card;
}

/** Waits until `read()` deep-equals `expected`; then asserts it, so a failure shows what was read. */
export async function expectSoon(
  context: QuenchBatchContext,
  what: string,
  read: () => unknown,
  expected: unknown,
): Promise<void> {
  const same = () => JSON.stringify(read()) === JSON.stringify(expected);
  await waitFor(what, same).catch(() => undefined);
  context.expect(read(), what).to.deep.equal(expected);
}

/** The actions of the card's enabled buttons, as this client's chat log shows them. */
export async function shownActions(run: Run, message: ChatMessage.Implementation): Promise<string[]> {
  return (await run.hands.cardButtons(message)).filter((b) => !b.disabled).map((b) => b.action);
}

/** The modes a roll can be kept from the table in (either generation's names work in `rollMode`). */
export const PRIVATE_MODES = ["gmroll", "blindroll", "selfroll"] as const;
export type PrivateMode = (typeof PRIVATE_MODES)[number];

/**
 * Rolls once in each private mode (`roll` plans the dice and rolls) and asserts what Foundry makes of it: the author,
 * the whisper (the GMs, or the roller alone for a self roll), the blind flag, and whether the card reaches this user (a
 * blind roll's only a GM's). Resolves with the cards, by mode, for what a game checks on top (kept dice, faces).
 */
export async function expectPrivateModes(
  context: QuenchBatchContext,
  run: Run,
  roll: (mode: PrivateMode) => Promise<ChatMessage.Implementation>,
): Promise<Record<PrivateMode, ChatMessage.Implementation>> {
  const cards = {} as Record<PrivateMode, ChatMessage.Implementation>;
  const seen: Record<string, unknown> = {};
  for (const mode of PRIVATE_MODES) {
    const card = await roll(mode);
    await run.hands.idle();
    cards[mode] = card;
    seen[mode] = {
      author: authorIdOf(card),
      whisper: [...card.whisper].sort(),
      blind: card.blind,
      shown: (await run.hands.cardHtml(card)).includes("quintette-card"),
    };
  }
  const me = game.user?.id ?? "";
  const gms = gmIds().sort();
  const isGM = game.user?.isGM ?? false;
  context.expect(seen).to.deep.equal({
    gmroll: { author: me, whisper: gms, blind: false, shown: true },
    blindroll: { author: me, whisper: gms, blind: true, shown: isGM },
    selfroll: { author: me, whisper: [me], blind: false, shown: true },
  });
  context.expect(run.dice.left).to.equal(0);
  return cards;
}

/** Every card of the run this user reads reads the same rendered again from its stored source. */
export async function sameFromStore(context: QuenchBatchContext, run: Run): Promise<void> {
  let compared = 0;
  for (const message of run.sandbox.messages()) {
    const live = await run.hands.cardHtml(message);
    if (!live.includes("quintette-card")) continue;
    context.expect(await run.hands.storedCardHtml(message), `card ${message.id}`).to.equal(live);
    compared += 1;
  }
  context.expect(compared).to.be.greaterThan(0);
}
