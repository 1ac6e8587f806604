/**
 * What a table feels, on the test double with the real templates (bench/world.ts): each rule set's main sheet
 * (context of every part, then its HTML), each kind of chat card (the render hook: read, context, HTML), the GM's
 * handling of one relayed card action, and the Trinités tracker with 20 combatants during a busy turn.
 */
import type { Bench } from "tinybench";
import { addUser, asClient, asGM, DoubleCombat, messageElement } from "../test/double/shared-core.ts";
import { doubleState } from "../test/double/index.ts";
import { allRulesets } from "../src/foundry/ruleset.ts";
import { enhanceCard } from "../src/foundry/chat/render.ts";
import { postCard } from "../src/foundry/chat/post.ts";
import { cardTypeFor } from "../src/foundry/chat/card-model.ts";
import { requestCardAction } from "../src/foundry/chat/actions.ts";
import type { CardState } from "../src/foundry/chat/types.ts";
import { buildTestCard, type TestSetup } from "../src/foundry/trinites/card.ts";
import { combatBehaviour, PLACES_PART } from "../src/foundry/trinites/combat.ts";
import type { GalleryFixture } from "../gallery/types.ts";
import { render, table } from "./world.ts";

type Doc = { id: string; uuid: string; type: string };
type Sheet = {
  render(): Promise<unknown>;
  renderedParts: Record<string, Record<string, unknown>>;
  _configureRenderParts(options: object): Record<string, { template: string }>;
};
type SheetClass = new (options: { document: unknown }) => Sheet;
type ActorClass = { create(data: object): Promise<Doc> };

const fixtureModules = import.meta.glob<{ fixtures: GalleryFixture[] }>("../gallery/fixtures/**/*.fixtures.ts", {
  eager: true,
});

const game = () => doubleState().game as unknown as { messages: Map<string, unknown> & { contents: unknown[] } };

async function actorOf(type: string, items: string[], owner = "player1"): Promise<Doc> {
  const cls = doubleState().CONFIG.Actor.documentClass as unknown as ActorClass;
  return asGM(() =>
    cls.create({
      name: `Bench ${type}`,
      type,
      ownership: { default: 0, [owner]: 3 },
      items: items.map((t) => ({ name: `Bench ${t}`, type: t })),
    }),
  );
}

/** A sheet's render as Foundry does it: every part's context, then every part's HTML. */
async function renderSheet(sheet: Sheet): Promise<number> {
  await sheet.render();
  const parts = sheet._configureRenderParts({});
  let length = 0;
  for (const [id, context] of Object.entries(sheet.renderedParts))
    length += render(parts[id]!.template, context).length;
  return length;
}

function trinitesSetup(actor: Doc, over: Partial<TestSetup> = {}): TestSetup {
  return {
    rollerId: "player1",
    actorUuid: actor.uuid,
    actorName: "Bench",
    img: null,
    trinite: true,
    adamKarma: "lumiere",
    skill: "melee",
    speciality: "",
    score: 6,
    difficulty: 0,
    freeActions: 1,
    previousFailures: 0,
    modifier: 0,
    breakdown: [],
    prime: null,
    penalties: [],
    weapon: null,
    targets: [],
    opposes: null,
    initiative: null,
    ...over,
  };
}

export async function register(bench: Bench): Promise<void> {
  await table();
  // Each rule set's main sheet (its first actor type), owned by the player who opens it, one item of each type.
  for (const ruleset of allRulesets()) {
    const main = ruleset.actorTypes[0]!;
    const actor = await actorOf(
      main.type,
      ruleset.itemTypes.map((t) => t.type),
    );
    const sheet = new (main.sheet as unknown as SheetClass)({ document: actor });
    if ((await asClient("player1", () => renderSheet(sheet))) < 500) throw new Error(`${main.type}: empty sheet`);
    bench.add(`table: ${ruleset.id} main sheet (${main.type}), context and render`, () =>
      asClient("player1", () => renderSheet(sheet)),
    );
  }

  // Each kind of card the gallery shows (its richest state), rendered by the chat hook for the GM.
  const kinds = new Map<string, CardState>();
  for (const mod of Object.values(fixtureModules)) {
    for (const f of mod.fixtures) {
      const state = (f.context as { state?: CardState }).state;
      if (f.frame !== "chat" || !state?.ruleset) continue;
      const key = `${state.ruleset} ${state.kind}`;
      const known = kinds.get(key);
      if (!known || JSON.stringify(state).length > JSON.stringify(known).length) kinds.set(key, state);
    }
  }
  const { DoubleChatMessage } = await import("../test/double/chat.ts");
  for (const [key, state] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
    const message = asGM(() => new DoubleChatMessage({ author: "gm", type: cardTypeFor(state), system: state }));
    const show = () => asGM(() => enhanceCard(message as never, messageElement().html as never));
    if (!(await show())) throw new Error(`${key}: card not rendered`);
    bench.add(`table: card ${key}, context and render`, show);
  }

  // The GM's client runs a player's Trinités pick (the player may not write the GM-posted card): request, relay,
  // rights, rules core, writes, answer. A new pending card before each run, by the next of 50 players: the relay
  // serves each user at most 100 requests per 10 s, more than a table asks and fewer than the bench runs.
  // Only the asking player of the 50 is connected: a broadcast reaches the table's clients (the GM, two players and
  // the asker), not fifty, whose own hooks would run on their own machines.
  const players = Array.from({ length: 50 }, (_, i) => `bench${i}`);
  for (const id of players) addUser(id).active = false;
  const aelis = await actorOf("trinite", []);
  await asGM(() => (aelis as unknown as { update(c: object): Promise<unknown> }).update({ ownership: { default: 3 } }));
  let pending = "";
  let turn = 0;
  let player = players[0]!;
  const fresh = async () => {
    const user = (id: string) => doubleState().game.users.get(id) as unknown as { active: boolean };
    user(player).active = false;
    player = players[turn++ % players.length]!;
    user(player).active = true;
    const card = buildTestCard(trinitesSetup(aelis, { rollerId: player }), { deva: [9], archonte: [4] });
    const message = (await asGM(() => postCard(card))) as unknown as Doc;
    pending = message.id;
  };
  await fresh();
  const first = await asClient(player, () => requestCardAction(pending, "trinites.pick", { spirit: "deva" }));
  if (first.status !== "applied") throw new Error(`relayed pick: ${first.status}`);
  bench.add(
    "table: GM's handling of one relayed request (a player's Trinités pick)",
    async () => {
      const result = await asClient(player, () => requestCardAction(pending, "trinites.pick", { spirit: "deva" }));
      if (result.status !== "applied") throw new Error(`relayed pick: ${result.status}`);
    },
    // The relayed cards leave the log: the tracker below reads a log of a known length.
    { beforeEach: fresh, afterEach: () => void game().messages.delete(pending) },
  );
  game().messages.delete(pending);

  // The Trinités tracker part with 20 combatants during a turn whose 20 cards move initiatives at its end, in a
  // chat log of 500 messages (480 earlier cards of the session).
  const earlier = buildTestCard(trinitesSetup(aelis, { rollerId: "gm" }), { deva: [7], archonte: [5] });
  for (let i = 0; i < 480; i++) {
    const m = new DoubleChatMessage({ author: "gm", type: cardTypeFor(earlier), system: earlier }) as unknown as Doc;
    game().messages.set(m.id, m);
  }
  const combat = await asGM(async () => {
    const fighters = await Promise.all(Array.from({ length: 20 }, () => actorOf("humain", [])));
    const c = (await DoubleCombat.create({ _id: "benchfight000001" })) as unknown as DoubleCombat & Doc;
    await c.createEmbeddedDocuments(
      "Combatant",
      fighters.map((a, i) => ({ name: `F${i}`, actorId: a.id, initiative: (i % 12) + 1 })),
    );
    Object.assign(c, { round: 1 });
    for (let i = 0; i < 20; i++) {
      const turn = { combatId: c.id, round: 1, combatantId: c.combatants.contents[0]!.id };
      const target = fighters[(i % 19) + 1]!;
      const setup = trinitesSetup(fighters[0]!, {
        trinite: false,
        adamKarma: "aucun",
        skill: "commandement",
        action: i % 2 ? "encourager" : "intimider",
        targets: [{ uuid: target.uuid, name: "B" }],
        rollerId: "gm",
        turn,
      });
      await postCard(buildTestCard(setup, { deva: [(i % 11) + 1], archonte: [] }));
    }
    return c;
  });
  if (game().messages.size !== 500) throw new Error(`tracker: ${game().messages.size} messages, not 500`);
  const tracker = async () => {
    const part = (await combatBehaviour.tracker!.partContext!("trinites", combat as never, {})) as { trinites: object };
    return render(PLACES_PART, part);
  };
  if (!(await asGM(tracker)).includes("F19")) throw new Error("tracker: combatants missing");
  bench.add("table: Trinités tracker, 20 combatants, 20 cards due in a log of 500, context and render", () =>
    asGM(tracker),
  );
}
