/**
 * A world that already exists, loaded (issue 32): a Trinités world of 200 actors, a linked token of each on a scene
 * and 2,000 cards in its log (the gallery's Trinités and shared card states in turn), booted on a fresh double as
 * Foundry boots (test/double/boot.ts: the system's module, init, setup, the world's documents, the GM's UI, ready),
 * and the chat log's first render of its last 100 cards (`ChatLog#_renderBatch`, each card enhanced by the system).
 *
 * Each run installs a fresh double (as a page load does): this module sorts last (`world-…`), so its figures run
 * after every other module's, whose tasks use the bench's shared table (bench/world.ts).
 */
import type { Bench } from "tinybench";
import { doubleState, resetFoundryDouble, settle } from "../test/double/index.ts";
import { asClient, installClients, loadChatLog, useRealTemplates } from "../test/double/shared-core.ts";
import { bootWorld, type StoredWorld } from "../test/double/boot.ts";
import { renderChatLog } from "../test/double/chat-log.ts";
import { registerSystemHooks } from "../src/index.ts";
import { clearRulesets } from "../src/foundry/ruleset.ts";
import { cardTypeFor } from "../src/foundry/chat/card-model.ts";
import type { CardState } from "../src/foundry/chat/types.ts";
import type { GalleryFixture } from "../gallery/types.ts";

const ACTORS = 200;
const MESSAGES = 2000;
const BATCH = 100;

const fixtureModules = import.meta.glob<{ fixtures: GalleryFixture[] }>("../gallery/fixtures/**/*.fixtures.ts", {
  eager: true,
});

const id = (prefix: string, i: number) => `${prefix}${String(i).padStart(16 - prefix.length, "0")}`;

/** The stored world: what the server sends a client that loads it. */
function bigWorld(): StoredWorld {
  const states: CardState[] = [];
  for (const mod of Object.values(fixtureModules))
    for (const f of mod.fixtures) {
      const state = (f.context as { state?: CardState }).state;
      if (f.frame === "chat" && (state?.ruleset === "trinites" || state?.ruleset === "quintette")) states.push(state);
    }
  if (!states.length) throw new Error("No Trinités card in the gallery");
  const actors = Array.from({ length: ACTORS }, (_, i) => ({
    _id: id("a", i),
    name: `Trinité ${i}`,
    type: "trinite",
    ownership: { default: 0, [i % 2 ? "player1" : "player2"]: 3 },
    prototypeToken: { actorLink: true },
  }));
  const tokens = actors.map((a, i) => ({ _id: id("t", i), name: a.name, actorId: a._id, actorLink: true }));
  const messages = Array.from({ length: MESSAGES }, (_, i) => {
    const state = states[i % states.length]!;
    return { _id: id("m", i), author: "gm", type: cardTypeFor(state), system: structuredClone(state), timestamp: i };
  });
  return {
    settings: { "quintette.ruleset": "trinites" },
    actors,
    messages,
    scenes: [{ _id: id("s", 0), name: "Table", tokens }],
  };
}

/** A page load: a fresh double with the system's templates, then Foundry's boot through `ready` on the GM's client. */
async function boot(world: StoredWorld): Promise<void> {
  installClients(resetFoundryDouble({ lang: "fr" }), { chatLog: true });
  useRealTemplates("fr");
  clearRulesets();
  await bootWorld({ evaluate: registerSystemHooks, users: ["gm"], world });
}

export function register(bench: Bench): void {
  const world = bigWorld();
  bench.add(
    "boot: Trinités world of 200 actors, their tokens and 2,000 cards, module evaluation to ready",
    () => boot(world),
    { beforeEach: settle, afterEach: settle },
  );
  const last = () => doubleState().game.messages.contents.slice(-BATCH) as Parameters<typeof renderChatLog>[0];
  bench.add(
    "boot: chat log's first render of its last 100 cards (of 2,000), every card enhanced",
    async () => {
      asClient("gm", () => renderChatLog(last()));
      await settle();
    },
    {
      beforeAll: async () => {
        await boot(world);
        await settle();
        // Each card reads enhanced, or the figure would time the double's plain rendering.
        const log = loadChatLog("gm");
        await settle();
        const html = [...log.values()].at(-1)?.querySelector(".message-content")?.innerHTML ?? "";
        if (!html.includes("quintette-card")) throw new Error("The booted world's cards are not enhanced");
      },
    },
  );
}
