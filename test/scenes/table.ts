/**
 * A whole table on the double, shared by the scenes (issue 21): a world of one rule set with the system's own init
 * and ready, a GM and two players each on their own client with a non-zero latency, a scene for the tokens, the
 * dice tray, and what each user does with their hands: create a character from the sidebar, open a sheet and click
 * one of its buttons (found in the sheet's rendered HTML), answer the roll dialog, look at a card in their chat log
 * and click one of its buttons, run the tracker. Every click runs on the clicking user's client; nothing here writes
 * a document for the product or fires a document hook.
 */
import { expect, vi } from "vitest";
import { doubleState, resetFoundryDouble, type DoubleActor, type DoubleState } from "../double/index.ts";
import {
  addUser,
  asClient,
  buttonsIn,
  click,
  installClients,
  chatLogOf,
  loadChatLog,
  setPermission,
  setUserConnected,
  settle,
  useRealTemplates,
  USER_ROLES,
  type DoubleChatMessage,
  type DoubleCombat,
  type FakeElement,
} from "../double/shared-core.ts";
import { sheetsFor } from "../double/index.ts";
import { createScene, dropToken, type DoubleScene } from "../double/scenes.ts";
import type { DoubleToken } from "../double/tokens.ts";
import { registerSystemHooks } from "../../src/index.ts";
import { clearRulesets, type RulesetId } from "../../src/foundry/ruleset.ts";
import { bootWorld, storedWorld, type StoredWorld } from "../double/boot.ts";
import { RollDialog } from "../../src/foundry/dialog/roll-dialog.ts";
import type { RollDialogConfig, RollDialogResult } from "../../src/foundry/dialog/inputs.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { chooseDice } from "./dice.ts";
import { actionElements, htmlTree, type HtmlButton, type HtmlNode } from "./html.ts";

export const GM = "gm";
export const PLAYERS = ["player1", "player2"] as const;
export const USERS = [GM, ...PLAYERS] as const;
export type UserId = (typeof USERS)[number];

/** One-way latency of the table's socket, in milliseconds (several clients: never zero). */
export const LATENCY = 3;

export interface Table {
  state: DoubleState;
  scene: DoubleScene;
}

/**
 * Opens a world playing `ruleset` (its stored `world`, else a new one): every client loads it as Foundry boots
 * (test/double/boot.ts: the system's module, init, setup, the world's documents, each client's chat log and tracker,
 * ready; the `late` users' clients do not load it yet; `dice` in the tray for what the boot rolls), players are granted ACTOR_CREATE (a table whose players make their characters does so: Foundry gives it to
 * Assistants by default), the GM has a scene (the stored world's first, else a new one).
 */
export async function openTable(
  ruleset: RulesetId,
  {
    lang = "fr",
    world = {},
    late = [],
    dice = [],
  }: { lang?: string; world?: StoredWorld; late?: readonly UserId[]; dice?: readonly number[] } = {},
): Promise<Table> {
  const state = installClients(resetFoundryDouble({ lang }), { latency: LATENCY, chatLog: true });
  addUser("player2");
  useRealTemplates(lang);
  clearRulesets();
  // The dice of what the boot runs (a request served at the GM's ready), in the fresh double's tray.
  chooseDice(...dice);
  const settings = { ...world.settings, "quintette.ruleset": ruleset };
  // A user who joins late is not connected while the others load the world (test/scenes/reload.ts joins them).
  for (const user of late) setUserConnected(user, false);
  const users = USERS.filter((user) => !late.includes(user));
  await bootWorld({ evaluate: registerSystemHooks, users, world: { ...world, settings } });
  await settle();
  setPermission("ACTOR_CREATE", [USER_ROLES.PLAYER, USER_ROLES.TRUSTED, USER_ROLES.ASSISTANT]);
  const scenes = (state.game as unknown as { scenes?: Map<string, DoubleScene> }).scenes;
  const scene = scenes?.values().next().value ?? asClient(GM, () => createScene("Table"));
  return { state, scene };
}

/**
 * Every client loads the table's world again from what is stored (a reload of every page; `ruleset` switches the
 * world's game first, as the GM's setting would at the next start).
 */
export async function reloadTable(ruleset: RulesetId, { lang = "fr" }: { lang?: string } = {}): Promise<Table> {
  await settle();
  return openTable(ruleset, { lang, world: storedWorld() });
}

// ---- The sidebar and the canvas ------------------------------------------------------------------------------

type Creatable = { create(data: object, options?: object): Promise<DoubleActor> };

/** "Create Actor" in the sidebar, on `user`'s client: Foundry's creation path with the data the dialog gives. */
export async function createFromSidebar(user: UserId, data: { name: string; type: string }): Promise<DoubleActor> {
  const cls = CONFIG.Actor.documentClass as unknown as Creatable;
  const actor = await asClient(user, () => cls.create(data));
  await settle();
  return actor;
}

/** The GM drops an actor from the sidebar on the scene. */
export async function dropOnScene(table: Table, actor: DoubleActor): Promise<DoubleToken> {
  const token = await asClient(GM, () => dropToken(table.scene, actor));
  await settle();
  return token;
}

/** Who sits at the table: the rule set's types and names, and what a freshly created character holds. */
export interface CastSpec {
  /** Each player's character (player1's first): the player character type and their names. */
  characters: { type: string; names: readonly [string, string] };
  /** Fields every fresh character's stored data holds (token bar, starting values), checked after creation. */
  fresh?: Record<string, unknown>;
  /** The GM's non-player character, if the scene has one. */
  npc?: { type: string; name: string };
}

export interface Cast {
  /** player1's character, then player2's. */
  characters: [DoubleActor, DoubleActor];
  npc: DoubleActor | null;
}

/**
 * The players create their characters from the sidebar, each on their own client, and the GM the NPC: each
 * character is its creator's alone and its tokens are linked to it; the NPC is the GM's and its tokens are not.
 */
export async function createCast(spec: CastSpec): Promise<Cast> {
  const characters: DoubleActor[] = [];
  for (const [i, player] of PLAYERS.entries()) {
    const actor = await createFromSidebar(player, { name: spec.characters.names[i]!, type: spec.characters.type });
    const source = actor.toObject() as { ownership: object; prototypeToken: object };
    expect(source.ownership, `${actor.name}'s ownership`).toEqual({ default: 0, [player]: 3 });
    expect(source.prototypeToken, `${actor.name}'s token`).toMatchObject({ actorLink: true });
    if (spec.fresh) expect(source, `${actor.name} as created`).toMatchObject(spec.fresh);
    characters.push(actor);
  }
  const npc = spec.npc ? await createFromSidebar(GM, spec.npc) : null;
  if (npc) {
    const source = npc.toObject() as { ownership: object; prototypeToken: object };
    expect(source.ownership, `${npc.name}'s ownership`).toEqual({ default: 0, [GM]: 3 });
    expect(source.prototypeToken, `${npc.name}'s token`).toMatchObject({ actorLink: false });
  }
  return { characters: characters as [DoubleActor, DoubleActor], npc };
}

/**
 * The GM drops the cast on the scene (the characters first, then the NPC): each character's token is its actor, the
 * NPC's a synthetic actor of its own. The tokens by name, in that order.
 */
export async function dropCast(table: Table, cast: Cast): Promise<Record<string, DoubleToken>> {
  const tokens: Record<string, DoubleToken> = {};
  for (const actor of cast.characters) {
    tokens[actor.name] = await dropOnScene(table, actor);
    expect(tokens[actor.name]!.actor, `${actor.name}'s token`).toBe(actor);
  }
  if (cast.npc) {
    const token = (tokens[cast.npc.name] = await dropOnScene(table, cast.npc));
    const synthetic = token.actor as DoubleActor & { isToken: boolean };
    expect(synthetic.isToken, `${cast.npc.name}'s token`).toBe(true);
    expect(synthetic).not.toBe(cast.npc);
  }
  return tokens;
}

// ---- Sheets ---------------------------------------------------------------------------------------------------

export interface OpenSheet {
  user: UserId;
  app: SheetApp;
  /** The HTML of every part, as the user's client rendered it last. */
  html: string;
}
interface SheetApp {
  id: string;
  render(options?: object): Promise<unknown>;
  runAction(action: string, event: unknown, target: unknown): Promise<unknown>;
  renderedParts: Record<string, Record<string, unknown>>;
  _configureRenderParts(options: object): Record<string, { template: string }>;
}

async function partsHtml(app: SheetApp): Promise<string> {
  const parts = app._configureRenderParts({});
  const out: string[] = [];
  for (const [id, context] of Object.entries(app.renderedParts)) {
    const template = parts[id]?.template;
    if (!template) throw new Error(`No template for part ${id}`);
    const html = await foundry.applications.handlebars.renderTemplate(template, context);
    out.push(`<section data-part="${id}">${html}</section>`);
  }
  // The application's own id is per window: a sheet opened again reads the same once it is set aside.
  const html = out.join("\n");
  return app.id.length >= 8 ? html.split(app.id).join("APP") : html;
}

/** Opens the actor's default sheet on `user`'s client and renders it (context and HTML). */
export async function openSheet(user: UserId, actor: DoubleActor): Promise<OpenSheet> {
  const registration =
    sheetsFor("Actor", actor.type).find((r) => r.options.makeDefault) ?? sheetsFor("Actor", actor.type)[0];
  if (!registration) throw new Error(`No sheet for ${actor.type}`);
  const Sheet = registration.sheetClass as new (options: object) => SheetApp;
  const app = new Sheet({ document: actor });
  const sheet: OpenSheet = { user, app, html: "" };
  await rerender(sheet);
  return sheet;
}

/** Renders the sheet again on its user's client (after a change). */
export async function rerender(sheet: OpenSheet): Promise<string> {
  sheet.html = await asClient(sheet.user, async () => {
    await sheet.app.render({ force: true });
    return partsHtml(sheet.app);
  });
  return sheet.html;
}

/** The sheet's element for an action (and `data-*` it carries, e.g. `{ roll: "char:for" }`); fails when not shown. */
export function sheetButton(sheet: OpenSheet, action: string, data: Record<string, string> = {}): HtmlButton {
  const found = actionElements(sheet.html).find(
    (b) => b.action === action && Object.entries(data).every(([k, v]) => b.dataset[k] === v),
  );
  if (!found) throw new Error(`${sheet.user} sees no ${action} ${JSON.stringify(data)} on the sheet`);
  return found;
}

/** The user edits fields of the sheet and the form is submitted (the form's names and values, as typed). */
export async function editSheet(sheet: OpenSheet, fields: Record<string, unknown>): Promise<void> {
  await asClient(sheet.user, () => (sheet.app as unknown as { submit(o: object): Promise<void> }).submit(fields));
  await settle();
  await rerender(sheet);
}

/** What the user answers in the next roll dialogs: values typed, and the mode chosen (else the dialog's own). */
export interface DialogAnswer {
  values?: Record<string, unknown>;
  rollMode?: string;
}
/** Dialogs the users saw, in order: who opened it, its configuration, its odds as shown. */
export const dialogsSeen: { user: string; config: RollDialogConfig; odds: { id: string; probability: number }[] }[] =
  [];

/**
 * Runs `fn` with the roll dialogs it opens answered as the user would: the real dialog, rendered, its fields set to
 * `answer` as the user types them, then confirmed.
 */
export async function answering<T>(answer: DialogAnswer, fn: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(RollDialog, "prompt").mockImplementation((async (config: RollDialogConfig) => {
    let result: RollDialogResult | null = null;
    const dialog = new RollDialog(config, (r) => (result = r));
    await dialog.render({ force: true });
    for (const [name, value] of Object.entries(answer.values ?? {})) await dialog.changeValue(name, value);
    if (answer.rollMode) await dialog.changeValue("rollMode", answer.rollMode);
    dialogsSeen.push({
      user: game.user?.id ?? "",
      config,
      odds: config.odds(dialog.values).map((o) => ({ id: o.id, probability: o.probability })),
    });
    dialog.confirm();
    return result;
  }) as typeof RollDialog.prompt);
  try {
    return await fn();
  } finally {
    spy.mockRestore();
  }
}

/**
 * Clicks a sheet's element on its user's client, answering the roll dialog it opens; every write the click causes
 * has reached every client after.
 */
export async function clickSheet(
  sheet: OpenSheet,
  action: string,
  data: Record<string, string> = {},
  answer: DialogAnswer = {},
): Promise<void> {
  const button = sheetButton(sheet, action, data);
  expect(button.disabled, `${action} is disabled for ${sheet.user}`).toBe(false);
  await answering(answer, () =>
    asClient(sheet.user, () => sheet.app.runAction(action, { shiftKey: false }, button.target)),
  );
  await settle();
}

// ---- The chat log ---------------------------------------------------------------------------------------------

/** The world's messages, oldest first. */
export const messages = () => doubleState().game.messages.contents as unknown as DoubleChatMessage[];
/** The message posted last (the test fails on an empty log when it reads it). */
export const lastMessage = () => messages().at(-1)!;

export interface SeenCard {
  user: UserId;
  message: DoubleChatMessage;
  /** The card as it reads in the user's chat log ("" when it is not there, or its content is hidden from the user). */
  html: string;
  buttons: ReturnType<typeof buttonsIn>;
  /** The message's `.message-content` in the user's log, which the system's listeners were bound to; null if absent. */
  content: FakeElement | null;
}

const contentOf = (element: FakeElement | undefined): FakeElement | null =>
  element?.querySelector(".message-content") ?? null;

/**
 * The message as it stands in `user`'s chat log: each client renders a message into its log when the message reaches
 * it (created or changed) and only if its user may see it, through the `renderChatMessageHTML` render hook the
 * system listens to (test/double/chat-log.ts); the scene only reads the log once every client is idle.
 */
export async function seeCard(user: UserId, message: DoubleChatMessage): Promise<SeenCard> {
  await settle();
  const content = contentOf(chatLogOf(user).get(message.id));
  const html = content?.innerHTML ?? "";
  return { user, message, html, buttons: buttonsIn(html), content };
}

/** The card in `user`'s log as an element tree (its forms, as the user fills them), with the log's element. */
export async function cardTree(
  user: UserId,
  message: DoubleChatMessage,
): Promise<{ element: FakeElement; content: FakeElement; tree: HtmlNode }> {
  await settle();
  const element = chatLogOf(user).get(message.id);
  const content = contentOf(element);
  if (!element || !content) throw new Error(`${user}'s chat log has no card ${message.id}`);
  return { element, content, tree: htmlTree(content.innerHTML) };
}

/**
 * Waits until the table is still: every client idle and no document or setting changing over a few event-loop turns
 * (a click whose listener is not awaited may first hash or read, off the write path, before it writes).
 */
export async function tableStill(): Promise<void> {
  const snapshot = () =>
    JSON.stringify([
      doubleState().game.messages.contents.map((m) => (m as unknown as DoubleChatMessage).toObject()),
      doubleState().game.actors.contents.map((a) => (a as unknown as DoubleActor).toObject()),
    ]);
  for (let i = 0; i < 50; i += 1) {
    const before = snapshot();
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await settle();
    if (snapshot() === before) return;
  }
  throw new Error("The table never came to rest");
}

/**
 * `user` clicks an element of a card in their chat log (found in `tree`, whose inputs they filled): the click bubbles
 * from the message's content to the message, as in the browser, through every listener the system bound there.
 */
export async function clickInCard(
  user: UserId,
  card: { element: FakeElement; content: FakeElement },
  target: HtmlNode,
): Promise<void> {
  const event = { target, preventDefault: () => {}, stopPropagation: () => {} };
  await answering({}, async () => {
    await asClient(user, async () => {
      const pending: unknown[] = [];
      for (const listener of [...card.content.listeners, ...card.element.listeners])
        pending.push(listener(event as never));
      await Promise.all(pending);
    });
    await tableStill();
  });
}

/** Actions of the card's enabled buttons for each user. */
export async function buttonsByUser(message: DoubleChatMessage): Promise<Record<UserId, string[]>> {
  const out = {} as Record<UserId, string[]>;
  for (const user of USERS)
    out[user] = (await seeCard(user, message)).buttons.filter((b) => !b.disabled).map((b) => b.action);
  return out;
}

/** Clicks a card button in `user`'s chat log; fails when the user does not see it enabled. */
export async function clickCard(
  user: UserId,
  message: DoubleChatMessage,
  action: string,
  args: Record<string, unknown> | null = null,
  answer: DialogAnswer = {},
): Promise<void> {
  const seen = await seeCard(user, message);
  const button = seen.buttons.find(
    (b) => b.action === action && !b.disabled && (args === null || sameArgs(b.args, args)),
  );
  if (!button || !seen.content)
    throw new Error(`${user} sees no enabled ${action} ${JSON.stringify(args)} on the card`);
  const content = seen.content;
  await answering(answer, () => asClient(user, () => click(content, button)));
  await settle();
}
function sameArgs(raw: string, args: Record<string, unknown>): boolean {
  try {
    return JSON.stringify(JSON.parse(raw || "{}")) === JSON.stringify(args);
  } catch {
    return false;
  }
}

/**
 * A user who is not shown a button sends its request anyway (a console, a stale chat log): the answer, once every
 * write it caused (none, when refused) has reached every client.
 */
export async function forceCardAction(
  user: UserId,
  message: DoubleChatMessage,
  action: string,
  args: Record<string, unknown> = {},
): Promise<string> {
  // A dialog the action opens first on the user's client (a test's modifier) is answered with its defaults.
  const result = await answering({}, () => asClient(user, () => requestCardAction(message.id, action, args as never)));
  await settle();
  return result.status;
}

// ---- Private modes -----------------------------------------------------------------------------------------

export const PRIVATE_MODES = ["gmroll", "blindroll", "selfroll"] as const;
export type PrivateMode = (typeof PRIVATE_MODES)[number];

/**
 * The sheet's user rolls `data` once in each private mode (the mode picked in the roll dialog, `faces[mode]` in the
 * tray): each card is written by the roller, whispered as Foundry's modes say, and reaches exactly its readers in
 * the chat logs: a GM roll the GMs and the roller, a blind roll the GMs only, a self roll the roller only (the GM's
 * log shows that a roll was made, never its card). `check` asserts each card's own data.
 */
export async function rollInEachPrivateMode(
  sheet: OpenSheet,
  data: Record<string, string>,
  faces: Record<PrivateMode, number[]>,
  check: (message: DoubleChatMessage, faces: number[]) => void,
): Promise<void> {
  const roller = sheet.user;
  const written: Record<string, { author: string; whisper: string[]; blind: boolean }> = {};
  const readers: Record<string, string[]> = {};
  for (const mode of PRIVATE_MODES) {
    chooseDice(...faces[mode]);
    const before = doubleState().game.messages.size;
    await clickSheet(sheet, "roll", data, { rollMode: mode });
    expect(doubleState().game.messages.size, `one card for the ${mode}`).toBe(before + 1);
    const message = doubleState().game.messages.contents.at(-1) as unknown as DoubleChatMessage;
    check(message, faces[mode]);
    written[mode] = { author: message.author?.id ?? "", whisper: [...message.whisper], blind: message.blind };
    readers[mode] = [];
    for (const user of USERS)
      if ((await seeCard(user, message)).html.includes("quintette-card")) readers[mode].push(user);
  }
  expect(written).toEqual({
    gmroll: { author: roller, whisper: [GM], blind: false },
    blindroll: { author: roller, whisper: [GM], blind: true },
    selfroll: { author: roller, whisper: [roller], blind: false },
  });
  expect(readers).toEqual({ gmroll: [GM, roller], blindroll: [GM], selfroll: [roller] });
}

// ---- Stored data ----------------------------------------------------------------------------------------------

/** A message as a client that just loaded the world builds it: from its stored source. */
export function storedMessage(message: DoubleChatMessage): DoubleChatMessage {
  const Cls = message.constructor as new (data: object) => DoubleChatMessage;
  return new Cls(message.toObject());
}

/** An actor as a client that just loaded the world builds it: from its stored source. */
export function storedActor(actor: DoubleActor): DoubleActor {
  const Cls = actor.constructor as new (data: object) => DoubleActor;
  return new Cls(actor.toObject());
}

/**
 * Every card reads the same for every user after a reload: each user's log as the table left it, then the world's
 * messages built again from their stored source and every client loading its chat log (`ChatLog#_renderBatch`).
 * The world keeps the reloaded messages afterwards.
 */
export async function expectCardsSameFromStore(messages: DoubleChatMessage[]): Promise<void> {
  await settle();
  const read = (user: UserId) =>
    Object.fromEntries(messages.map((m) => [m.id, contentOf(chatLogOf(user).get(m.id))?.innerHTML ?? null]));
  const live = Object.fromEntries(USERS.map((user) => [user, read(user)]));
  // Each scene posts cards: a log with none read would prove nothing.
  expect(Object.values(live.gm ?? {}).filter((html) => html?.includes("quintette-card")).length).toBeGreaterThan(0);
  const world = doubleState().game.messages;
  for (const message of messages) world.set(message.id, storedMessage(message));
  for (const user of USERS) loadChatLog(user);
  await settle();
  for (const user of USERS) expect(read(user), `${user}'s chat log after a reload`).toEqual(live[user]);
}

/** Every sheet reads the same for its user when its actor is built again from stored data. */
export async function expectSheetsSameFromStore(sheets: OpenSheet[]): Promise<void> {
  for (const sheet of sheets) {
    const live = await rerender(sheet);
    const actor = (sheet.app as unknown as { document: DoubleActor }).document;
    const again = await openSheet(sheet.user, storedActor(actor));
    expect(again.html, `${actor.name}'s sheet for ${sheet.user}`).toBe(live);
  }
}

// ---- Combat ---------------------------------------------------------------------------------------------------

/** The GM creates the encounter on the scene and adds the tokens to it (the tracker's "toggle combat state"). */
export async function startEncounter(tokens: DoubleToken[]): Promise<DoubleCombat> {
  const Combat = CONFIG.Combat.documentClass as unknown as { create(data: object): Promise<DoubleCombat> };
  const combat = await asClient(GM, () => Combat.create({ scene: null, active: true }));
  await asClient(GM, () =>
    combat.createEmbeddedDocuments(
      "Combatant",
      tokens.map((t) => ({ tokenId: t.id, actorId: t.actor?.id ?? null, name: t.name })),
    ),
  );
  doubleState().game.combats.set(combat.id, combat);
  Object.assign(doubleState().game, { combat });
  await settle();
  return combat;
}

/**
 * A tracker control clicked by the GM (or by `user`: Foundry's tracker shows a player "Next turn" when the current
 * combatant is theirs): "Roll all", "Roll NPCs", "Begin", "Next turn", "Next round"; a roll dialog it opens is
 * answered with `answer` (its defaults unless said).
 */
export async function tracker(
  combat: DoubleCombat,
  control: "rollAll" | "rollNPC" | "startCombat" | "nextTurn" | "nextRound",
  answer: DialogAnswer = {},
  user: UserId = GM,
): Promise<void> {
  await answering(answer, () => asClient(user, () => combat[control]()));
  await settle();
}

/**
 * A user clicks the die on a combatant's row of the tracker (Foundry's tracker calls `Combat#rollInitiative` with that
 * combatant's id) on their own client; the roll dialog it opens is answered with `answer`.
 */
export async function rollInitiativeAs(
  user: UserId,
  combat: DoubleCombat,
  combatantId: string,
  answer: DialogAnswer = {},
): Promise<void> {
  await answering(answer, () => asClient(user, () => combat.rollInitiative([combatantId])));
  await settle();
}

/** The ids of the combat's turns, in order, and the current turn's name. */
export function turnOrder(combat: DoubleCombat): { order: string[]; round: number; current: string | undefined } {
  return { order: combat.turns.map((c) => c.name), round: combat.round, current: combat.combatant?.name };
}
