/**
 * A table under load (issue 36), the scenario of `test/attacks/table-load.test.ts` on the bench's world: eight players
 * and the GM each click ten buttons of their own card without waiting, relayed and served by the GM's client until
 * every answer is back and the queue drained (no latency, one page: the test counts the takeover and the writes).
 */
// The world first: it installs the double before any module of the system loads.
import { table } from "./world.ts";
import type { Bench } from "tinybench";
import { resetRelayMemory } from "../src/foundry/relay/index.ts";
import { prepareLoad, runLoad, type Load } from "../test/attacks/load.ts";

const OPTIONS = { players: 8, clicks: 10, gmHits: 0, pages: false, gmClicks: true };

export async function register(bench: Bench): Promise<void> {
  await table();
  let load: Load | null = null;
  bench.add(
    "table: 8 players and the GM each click 10 card buttons at once, relayed and served until the GM's queue drains",
    async () => {
      const figures = await runLoad(load!);
      if (figures.applied !== figures.sent || !figures.drained) throw new Error(`load: ${JSON.stringify(figures)}`);
    },
    {
      // Fresh cards, and a fresh relay window (it serves each user 100 requests per 10 s, fewer than the bench runs).
      beforeEach: async () => {
        resetRelayMemory();
        load = await prepareLoad(null, OPTIONS);
      },
      afterEach: () => {
        for (const m of load?.cards.values() ?? []) game.messages?.delete(m.id);
      },
    },
  );
}
