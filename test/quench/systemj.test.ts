/**
 * The SYSTEMJ batches on the double, as Quench runs them in a world (docs/quench.md): the boot batch, the GM batch and
 * the Chronoste's (world time moved from its window, then put back) on the GM's client; then the GM prepares the
 * players' sandbox, player1 runs the player batch on their own client with the GM's client connected (their card
 * actions relayed to it, its dice its own), the GM answers the players' shots, and cleans up. Nothing of the runs is
 * left, and world time is where it was.
 */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { openTable } from "../scenes/table.ts";
import { installQuench, registeredBatches, runBatch } from "../double/quench.ts";
import { asClient } from "../double/clients.ts";
import { neverRandom } from "../double/dice.ts";
import { useHands } from "../../src/foundry/quench/hands.ts";
import { doubleHands } from "./hands.ts";
import { doubleState } from "../double/index.ts";
import { installEffectsDouble } from "../double/effects.ts";

const table = await openTable("systemj");
// The Chronoste batch gives its actor effects that run out.
installEffectsDouble();
useHands(doubleHands);
installQuench();
const actorsBefore = table.state.game.actors.size;
// A world whose combat turns let time run (the batches must not move it).
Object.assign(CONFIG.time, { turnTime: 1, roundTime: 6 });

expect(registeredBatches()).toEqual([
  "quintette.boot",
  "quintette.cleanup",
  "quintette.systemj.gm",
  "quintette.systemj.chronoste",
  "quintette.systemj.prepare",
  "quintette.systemj.player",
  "quintette.systemj.answer",
]);
runBatch("quintette.boot", "gm");
runBatch("quintette.systemj.gm", "gm");
runBatch("quintette.systemj.chronoste", "gm");
runBatch("quintette.systemj.prepare", "gm");
describe("the GM's client rolls the relayed steps with its own dice", () => {
  // In a world the GM's page draws from Foundry's own generator; on the double it shows face 2 of a d3 (0.5).
  const gmUniform = (fn: () => number) => asClient("gm", () => void (CONFIG.Dice.randomUniform = fn));
  beforeAll(() => gmUniform(() => 0.5));
  afterAll(() => gmUniform(neverRandom));
  runBatch("quintette.systemj.player", "player1");
});
runBatch("quintette.systemj.answer", "gm");
runBatch("quintette.cleanup", "gm");

afterAll(() => {
  const game = doubleState().game as unknown as {
    folders?: Map<string, unknown>;
    scenes?: Map<string, unknown>;
    time?: { worldTime: number };
  };
  expect(table.state.game.actors.size, "actors left").toBe(actorsBefore);
  expect(game.folders?.size ?? 0, "folders left").toBe(0);
  expect(game.scenes?.size, "scenes left").toBe(1);
  expect(table.state.game.messages.size, "messages left").toBe(0);
  // The Chronoste batch moved world time and put it back; the others never moved it.
  expect(game.time?.worldTime, "world time").toBe(0);
});
