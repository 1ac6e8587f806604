/**
 * Reloading a whole table mid-game (issue 32), shared by the five scenes: what each client loads is only what the
 * world stored (`storedWorld()`), booted again on a fresh double as Foundry boots (test/double/boot.ts). Whatever a
 * client kept only in memory is gone, so a scene that goes on playing after a reload proves the product keeps its
 * state in documents: the cards waiting in the log, the combat's order and current turn, linked and unlinked tokens,
 * and a player's request sent while no GM was connected.
 */
import { expect, vi } from "vitest";
import { doubleState, type DoubleActor } from "../double/index.ts";
import {
  asClient,
  chatLogOf,
  setGMsConnected,
  setUserConnected,
  settle,
  type DoubleChatMessage,
  type DoubleCombat,
} from "../double/shared-core.ts";
import { joinWorld, storedWorld } from "../double/boot.ts";
import { DoubleToken, type DoubleTokenDocument } from "../double/tokens.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import type { RulesetId } from "../../src/foundry/ruleset.ts";
import { cardOf } from "../cards.ts";
import {
  answering,
  forceCardAction,
  openTable,
  seeCard,
  turnOrder,
  USERS,
  GM,
  type Table,
  type UserId,
} from "./table.ts";

/** A click a player makes on a card while the GM's page is reloading: it waits on the player's User. */
export interface WaitingRequest {
  user: UserId;
  message: DoubleChatMessage;
  action: string;
  args?: Record<string, unknown>;
  /** What the click sends on the player's client, when not the card action `action` (a rule set's own form). */
  send?: () => Promise<unknown>;
  /** The tokens whose actor the request changes once served (checked by the scene). */
  changes?: string[];
}

/** The reloaded table, and the world's documents as the clients built them again (the old objects are gone). */
export interface Reloaded {
  table: Table;
  message(id: string): DoubleChatMessage;
  actor(id: string): DoubleActor;
  token(name: string): DoubleToken;
  /** The active combat as every client built it from its stored data. */
  combat: DoubleCombat | null;
}

const worldMessages = () => doubleState().game.messages.contents as unknown as DoubleChatMessage[];

/** Each user's chat log: every message's content as it reads there ("" when absent or hidden). */
function logs(users: readonly UserId[]): Record<string, Record<string, string>> {
  return Object.fromEntries(
    users.map((user) => [
      user,
      Object.fromEntries(
        worldMessages().map((m) => [
          m.id,
          chatLogOf(user).get(m.id)?.querySelector(".message-content")?.innerHTML ?? "",
        ]),
      ),
    ]),
  );
}

function tokensOf(table: Table): DoubleTokenDocument[] {
  return [...table.scene.tokens.values()];
}

/** Each token: whether it is linked, its actor, and what its actor holds (a synthetic actor's own data). */
function tokenState(table: Table) {
  return Object.fromEntries(
    tokensOf(table).map((token) => {
      const actor = token.actor as (DoubleActor & { isToken?: boolean }) | null;
      const source = token.toObject() as { actorLink?: boolean; actorId?: string };
      return [
        token.name,
        {
          actorLink: source.actorLink,
          actorId: source.actorId,
          synthetic: actor?.isToken ?? false,
          system: (actor?.toObject() as { system?: unknown } | undefined)?.system,
        },
      ];
    }),
  );
}

function fightState() {
  const combat = (doubleState().game as unknown as { combat?: DoubleCombat | null }).combat ?? null;
  return combat && { ...turnOrder(combat), turn: combat.turn, ids: combat.turns.map((c) => c.id) };
}

function reloaded(table: Table): Reloaded {
  const game = doubleState().game;
  return {
    table,
    message: (id) => worldMessages().find((m) => m.id === id) ?? expect.fail(`no message ${id} after the reload`),
    actor: (id) => (game.actors.get(id) as DoubleActor | undefined) ?? expect.fail(`no actor ${id} after the reload`),
    token: (name) =>
      DoubleToken.of(tokensOf(table).find((t) => t.name === name) ?? expect.fail(`no token ${name} after the reload`)),
    combat: (game as unknown as { combat?: DoubleCombat | null }).combat ?? null,
  };
}

/**
 * The GM reloads their page mid-fight, and `late` joins only afterwards:
 * 1. the GM's page goes away as `waiting` (a player's click on a card) is on its way: it waits on the player's User;
 * 2. every client that is there loads the stored world again (the GM's and the other player's pages, `late`'s not);
 *    at the GM's `ready` the waiting request is served;
 * 3. `late` loads the world.
 * `dice` are the faces the served request rolls (the reload's double starts with an empty tray).
 * Checked on the way: the combat's turns, round and current turn, each token's link and actor data, and every
 * user's chat log read as they did before the reload (the waiting request's card apart, which the request changed).
 */
export async function gmReloadsMidFight(
  ruleset: RulesetId,
  table: Table,
  { waiting, late = "player2", dice = [] }: { waiting?: WaitingRequest; late?: UserId; dice?: number[] } = {},
): Promise<Reloaded> {
  await settle();
  const fight = fightState();
  const tokens = tokenState(table);
  const before = logs(USERS);
  if (waiting) {
    // The GM's page goes away as the player's request is on its way: the player's client writes it on its User
    // (the relay's mailbox) while a GM is there, and no GM is connected by the time it lands. (A click once the
    // player's client knows no GM is there is answered at once: no GM.)
    const card = waiting.message.toObject();
    const { user, message, action, args = {} } = waiting;
    const player = doubleState().game.users.get(user) as unknown as { update(...args: unknown[]): Promise<unknown> };
    const write = player.update;
    const spy = vi.spyOn(player, "update").mockImplementationOnce((...data: unknown[]) => {
      setGMsConnected(false);
      return write.apply(player, data);
    });
    const send = waiting.send ?? (() => requestCardAction(message.id, action, args as never));
    void answering({}, () => asClient(user, send));
    await settle();
    spy.mockRestore();
    expect(doubleState().game.users.activeGM, "the request was written on the player's User").toBeNull();
    expect(waiting.message.toObject(), "a request no GM is there to serve").toEqual(card);
  } else setGMsConnected(false);

  const next = await openTable(ruleset, { world: storedWorld(), late: [late], dice });
  await settle();
  expect(fightState(), "the combat after the reload").toEqual(fight);
  const changes = new Set(waiting?.changes);
  const unchanged = (state: typeof tokens) =>
    Object.fromEntries(
      Object.entries(state).map(([name, t]) => [name, changes.has(name) ? { ...t, system: null } : t]),
    );
  expect(unchanged(tokenState(next)), "the tokens after the reload").toEqual(unchanged(tokens));
  // The cards that were there, but the one the waiting request changed (what it posts is new, and checked by the scene).
  const kept = (log: Record<string, string>) =>
    Object.fromEntries(Object.entries(log).filter(([id]) => id in before[GM]! && id !== waiting?.message.id));
  const changed = kept;
  const present = USERS.filter((user) => user !== late);
  const after = logs(present);
  for (const user of present)
    expect(changed(after[user]!), `${user}'s chat log after the reload`).toEqual(changed(before[user]!));
  if (waiting) {
    const served = reloaded(next).message(waiting.message.id);
    expect(served.toObject(), "the waiting request, served at the GM's ready").not.toEqual(waiting.message.toObject());
  }

  setUserConnected(late, true);
  await joinWorld(late);
  await settle();
  const joined = logs([late])[late]!;
  expect(changed(joined), `${late}'s chat log as they join late`).toEqual(changed(before[late]!));
  return reloaded(next);
}

/**
 * The world switches from `from` to `to` (the GM's setting, at the next start): every card `from` posted keeps its
 * type and reads read only for every user who sees it (the note naming the game, no button), and every action the
 * GM could click on them before is refused when sent anyway, the card left as it was (`refused` sends what a rule
 * set's own forms send, and checks it is refused).
 */
export async function switchWorld(
  from: RulesetId,
  to: RulesetId,
  { refused }: { refused?: (world: Reloaded) => Promise<void> } = {},
): Promise<Reloaded> {
  await settle();
  const cards = worldMessages().filter((m) => cardOf(m)?.ruleset === from);
  expect(cards.length, `${from}'s cards in the log`).toBeGreaterThan(0);
  const live: { id: string; type: string; action: string; args: Record<string, unknown> }[] = [];
  for (const message of cards)
    for (const button of (await seeCard(GM, message)).buttons.filter((b) => !b.disabled))
      live.push({ id: message.id, type: message.type, action: button.action, args: JSON.parse(button.args || "{}") });
  // The scene leaves a card waiting: refusing nothing would prove nothing (`refused` sends a rule set's own forms).
  expect(live.length + (refused ? 1 : 0), `${from}'s live buttons before the switch`).toBeGreaterThan(0);

  const table = await openTable(to, { world: storedWorld() });
  const next = reloaded(table);
  for (const old of cards) {
    const message = next.message(old.id);
    expect(message.type).toBe(old.type);
    for (const user of USERS) {
      const { html } = await seeCard(user, message);
      if (!html.includes("quintette-card")) continue;
      expect(html, `${user} reads ${from}'s card read only`).toContain("card-inactive");
      expect(html, `${user} sees no button on ${from}'s card`).not.toMatch(/data-[a-z-]*action=/);
    }
  }
  for (const { id, action, args } of live) {
    const message = next.message(id);
    const stored = message.toObject();
    expect(await forceCardAction(GM, message, action, args), `${action} on ${from}'s card`).toBe("invalid");
    expect(message.toObject()).toEqual(stored);
  }
  await refused?.(next);
  return next;
}
