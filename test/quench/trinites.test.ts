/**
 * The Trinités batches on the double, as Quench runs them in a world (docs/quench.md): the boot batch and the GM batch
 * on the GM's client; then the GM prepares the players' sandbox, player1 runs the player batch on their own client with
 * the GM's client connected (their card actions relayed to it), and the GM cleans up. Nothing of the runs is left.
 */
import { afterAll, expect } from "vitest";
import { openTable } from "../scenes/table.ts";
import { installQuench, registeredBatches, runBatch } from "../double/quench.ts";
import { useHands } from "../../src/foundry/quench/hands.ts";
import { doubleHands } from "./hands.ts";
import { doubleState } from "../double/index.ts";

const table = await openTable("trinites");
useHands(doubleHands);
installQuench();
const actorsBefore = table.state.game.actors.size;

expect(registeredBatches()).toEqual([
  "quintette.boot",
  "quintette.cleanup",
  "quintette.trinites.gm",
  "quintette.trinites.prepare",
  "quintette.trinites.player",
]);
runBatch("quintette.boot", "gm");
runBatch("quintette.trinites.gm", "gm");
runBatch("quintette.trinites.prepare", "gm");
runBatch("quintette.trinites.player", "player1");
runBatch("quintette.cleanup", "gm");

afterAll(() => {
  const game = doubleState().game as unknown as { folders?: Map<string, unknown>; scenes?: Map<string, unknown> };
  expect(table.state.game.actors.size, "actors left").toBe(actorsBefore);
  expect(game.folders?.size ?? 0, "folders left").toBe(0);
  expect(game.scenes?.size, "scenes left").toBe(1);
  expect(table.state.game.messages.size, "messages left").toBe(0);
});
