/**
 * A table under load (issue 36), shared by `table-load.test.ts` and the bench (`bench/load.bench.ts`): players each
 * click buttons of their own card without waiting for the answers, while the GM applies damage on cards of their own,
 * all relayed to and served by the GM's client. With `pages`, the second half of the clicks is sent while another
 * page of the GM holds the service and is gone: the `gm` client's page takes it over (relay takeover) and serves what
 * waits. The figures count what the GM's side did, never time: requests served, per card and in order, and the
 * writes each click cost.
 */
import { addUser, asClient, settle } from "../double/shared-core.ts";
import { createCardState, postCard, registerCardAction, type CardAction } from "../../src/foundry/chat/index.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { queueBusy } from "../../src/foundry/trust/queue.ts";
import {
  RELAY_TIMEOUT_MS,
  setAliveTimeout,
  setTakeoverDelay,
  type RelayResult,
} from "../../src/foundry/relay/index.ts";
import { readCard } from "../../src/foundry/chat/flags.ts";
import type { DoubleChatMessage } from "../double/shared-core.ts";
import { applyDamage, hp, postDamageCard, target, type World } from "./world.ts";
import { otherPageServes } from "./pages.ts";

export const CLICK = "load.click";

/** A button any player may press on their own card: the GM's client appends its number to the card's list. */
const clickAction: CardAction = {
  name: CLICK,
  audience: "roller",
  token: (args) => `${CLICK}:${String(args.n)}`,
  execute: ({ card, args }) => {
    const clicks = Array.isArray(card.data.clicks) ? card.data.clicks : [];
    return { status: "applied", card: { ...card, data: { ...card.data, clicks: [...clicks, Number(args.n)] } } };
  },
};

export interface LoadOptions {
  players: number;
  clicks: number;
  /** GM's own damage applications during the load. */
  gmHits: number;
  /** The second half of the clicks sent while the GM's other page holds the service and is gone. */
  pages: boolean;
  /** The GM clicks a card of their own too. */
  gmClicks?: boolean;
}

export interface LoadFigures {
  /** Clicks sent, and answered "applied". */
  sent: number;
  applied: number;
  /** Each card's list of served clicks (its numbers in the order the GM's client served them). */
  perCard: number[][];
  /** Writes the server stored during the load (every document kind), and of those the GM's client wrote. */
  writes: number;
  gmWrites: number;
  /** Whether the GM's queue is idle and no request waits on a User once every click is answered. */
  drained: boolean;
  villainHp: number;
}

const players = (n: number) => Array.from({ length: n }, (_, i) => `player${i + 1}`);

const WRITE_HOOKS = ["createChatMessage", "updateChatMessage", "updateUser", "updateActor", "updateSetting"] as const;

/** Counts every write the server stores (each client receives it once; the GM's client counts) until stopped. */
function countWrites(): { total: () => number; byGM: () => number; stop: () => void } {
  let total = 0;
  let byGM = 0;
  const hooks: Array<[(typeof WRITE_HOOKS)[number], number]> = [];
  const count = (...args: unknown[]) => {
    if (game.user?.id !== "gm") return;
    total += 1;
    if (args.at(-1) === "gm") byGM += 1;
  };
  for (const hook of WRITE_HOOKS) hooks.push([hook, Hooks.on(hook, count as never)]);
  return { total: () => total, byGM: () => byGM, stop: () => hooks.forEach(([hook, id]) => Hooks.off(hook, id)) };
}

/** The cards of a load, posted before it starts. */
export interface Load {
  options: LoadOptions;
  world: World | null;
  /** Who clicks (the players, and the GM when it clicks too) and their cards. */
  cards: Map<string, DoubleChatMessage>;
  gmCards: DoubleChatMessage[];
}

/** Posts every clicker's card (and the GM's damage cards on `world`'s villain). */
export async function prepareLoad(world: World | null, options: LoadOptions): Promise<Load> {
  registerCardAction(clickAction);
  const ids = players(options.players);
  for (const id of ids) if (!game.users?.get(id)) addUser(id);
  if (options.gmClicks) ids.push("gm");
  const cards = new Map<string, DoubleChatMessage>();
  for (const id of ids) {
    const card = createCardState({
      ruleset: "test",
      kind: "load",
      rollerId: id,
      title: { key: "QUINTETTE.Card.Test" },
    });
    cards.set(id, (await asClient(id, () => postCard(card))) as unknown as DoubleChatMessage);
  }
  const gmCards: DoubleChatMessage[] = [];
  if (world) {
    target("gm", world.villain);
    for (let i = 0; i < options.gmHits; i++) gmCards.push(await postDamageCard("gm", 1));
  }
  await settle();
  return { options, world, cards, gmCards };
}

/** Plays a prepared load: every clicker clicks without waiting for an answer, the GM plays meanwhile. */
export async function runLoad(load: Load): Promise<LoadFigures> {
  const { options, cards } = load;
  const ids = [...cards.keys()];
  const writes = countWrites();
  const answers: Promise<RelayResult>[] = [];
  const click = (id: string, n: number) =>
    answers.push(asClient(id, () => requestCardAction(cards.get(id)!.id, CLICK, { n })));
  const half = options.pages ? Math.ceil(options.clicks / 2) : options.clicks;
  for (let n = 0; n < half; n++) for (const id of ids) click(id, n);
  const gm = load.gmCards.map((m) => applyDamage("gm", m));
  await Promise.all([...answers, ...gm]);
  if (options.pages) {
    // The GM's other page takes the service, then closes: this page takes it over and serves what waits.
    setTakeoverDelay(50);
    setAliveTimeout(50);
    await otherPageServes();
    for (let n = half; n < options.clicks; n++) for (const id of ids) click(id, n);
  }
  const results = await Promise.all(answers);
  await settle();
  writes.stop();
  if (options.pages) {
    setTakeoverDelay(RELAY_TIMEOUT_MS + 2_000);
    setAliveTimeout(undefined);
  }
  const waiting = ids.some((id) => {
    const relay = game.users?.get(id)?.getFlag("quintette", "relay" as never) as Record<string, unknown> | undefined;
    return Object.values(relay ?? {}).some((r) => r !== null && r !== undefined);
  });
  return {
    sent: results.length,
    applied: results.filter((r) => r.status === "applied").length,
    perCard: ids.map((id) => {
      const clicks = readCard(cards.get(id) as never)?.data.clicks;
      return Array.isArray(clicks) ? clicks.map(Number) : [];
    }),
    writes: writes.total(),
    gmWrites: writes.byGM(),
    drained: !queueBusy() && !waiting,
    villainHp: load.world ? hp(load.world.villain) : 0,
  };
}

/** Prepares and plays a load on a world of `makeWorld()` (its villain takes the GM's hits). */
export async function playLoad(world: World, options: LoadOptions): Promise<LoadFigures> {
  return runLoad(await prepareLoad(world, options));
}
