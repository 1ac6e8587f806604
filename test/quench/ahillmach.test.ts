/**
 * The Ahill-Mach batches on the double, as Quench runs them in a world (docs/quench.md): the boot batch and the GM
 * batch on the GM's client; then the GM prepares the players' sandbox, player1 runs the player batch on their own
 * client with the GM's client connected (their card actions relayed to it), and the GM cleans up. Nothing of the runs
 * is left.
 */
import { afterAll, expect } from "vitest";
import { openTable } from "../scenes/table.ts";
import { installQuench, registeredBatches, runBatch } from "../double/quench.ts";
import { useHands } from "../../src/foundry/quench/hands.ts";
import { doubleHands } from "./hands.ts";
import { doubleState } from "../double/index.ts";
import { asClient } from "../double/shared-core.ts";

const table = await openTable("ahillmach");
useHands(doubleHands);
installQuench();
// The GM's browser draws its own dice (Foundry's PRNG): the player batch's damage, relayed to the GM's client, is
// rolled there, not with the dice the player batch chooses on its own client. Any value does; this one is fixed.
asClient("gm", () => {
  CONFIG.Dice.randomUniform = () => 0.5;
});
const actorsBefore = table.state.game.actors.size;

expect(registeredBatches()).toEqual([
  "quintette.boot",
  "quintette.cleanup",
  "quintette.ahillmach.gm",
  "quintette.ahillmach.prepare",
  "quintette.ahillmach.player",
]);
runBatch("quintette.boot", "gm");
runBatch("quintette.ahillmach.gm", "gm");
runBatch("quintette.ahillmach.prepare", "gm");
runBatch("quintette.ahillmach.player", "player1");
runBatch("quintette.cleanup", "gm");

afterAll(() => {
  const game = doubleState().game as unknown as { folders?: Map<string, unknown>; scenes?: Map<string, unknown> };
  expect(table.state.game.actors.size, "actors left").toBe(actorsBefore);
  expect(game.folders?.size ?? 0, "folders left").toBe(0);
  expect(game.scenes?.size, "scenes left").toBe(1);
  expect(table.state.game.messages.size, "messages left").toBe(0);
});
