/**
 * The L'Œil Noir batches on the double, as Quench runs them in a world (docs/quench.md): the boot batch and the GM batch
 * on the GM's client; then the GM prepares the players' sandbox, player1 runs the player batch on their own client with
 * the GM's client connected (their card actions relayed to it, its steps rolled with its own dice), and the GM cleans
 * up. Nothing of the runs is left.
 */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { neverRandom } from "../double/dice.ts";
import { openTable } from "../scenes/table.ts";
import { installQuench, registeredBatches, runBatch } from "../double/quench.ts";
import { asClient } from "../double/clients.ts";
import { useHands } from "../../src/foundry/quench/hands.ts";
import { doubleHands } from "./hands.ts";
import { doubleState } from "../double/index.ts";
import { installEffectsDouble } from "../double/effects.ts";

const table = await openTable("oeilnoir");
// Status effects on actors (a fall's prone): the double's effects; the statuses are the ones the system configured at
// setup, as in Foundry (the boot batch checks them).
installEffectsDouble();
useHands(doubleHands);
installQuench();
const actorsBefore = table.state.game.actors.size;

expect(registeredBatches()).toEqual([
  "quintette.boot",
  "quintette.cleanup",
  "quintette.oeilnoir.gm",
  "quintette.oeilnoir.prepare",
  "quintette.oeilnoir.player",
]);
runBatch("quintette.boot", "gm");
runBatch("quintette.oeilnoir.gm", "gm");
runBatch("quintette.oeilnoir.prepare", "gm");
describe("the GM's client draws the world's dice while player1 plays", () => {
  // A world's own random source on the GM's page (its CONFIG, not the player's): a fixed cycle, so the run repeats.
  let draws = 0;
  beforeAll(() =>
    asClient("gm", () => {
      CONFIG.Dice.randomUniform = () => [0.42, 0.77, 0.13][draws++ % 3]!;
    }),
  );
  runBatch("quintette.oeilnoir.player", "player1");
  afterAll(() =>
    asClient("gm", () => {
      CONFIG.Dice.randomUniform = neverRandom;
    }),
  );
});
runBatch("quintette.cleanup", "gm");

afterAll(() => {
  const game = doubleState().game as unknown as { folders?: Map<string, unknown>; scenes?: Map<string, unknown> };
  expect(table.state.game.actors.size, "actors left").toBe(actorsBefore);
  expect(game.folders?.size ?? 0, "folders left").toBe(0);
  expect(game.scenes?.size, "scenes left").toBe(1);
  expect(table.state.game.messages.size, "messages left").toBe(0);
});
