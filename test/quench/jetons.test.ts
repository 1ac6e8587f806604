/**
 * The Jetons batches on the double, as Quench runs them in a world (docs/quench.md): the boot batch and the GM batch
 * on the GM's client; then the GM prepares the players' sandbox, player1 runs the player batch on their own client with
 * the GM's client connected (their card actions relayed to it; the page that prepared answers their question as the GM),
 * and the GM cleans up. Nothing of the runs is left, and the world's settings (the collective reserve, the ledger) are
 * back as they were.
 */
import { afterAll, expect } from "vitest";
import { openTable } from "../scenes/table.ts";
import { installQuench, registeredBatches, runBatch } from "../double/quench.ts";
import { useHands } from "../../src/foundry/quench/hands.ts";
import { doubleHands } from "./hands.ts";
import { doubleState } from "../double/index.ts";
import { asClient } from "../double/shared-core.ts";

/**
 * The browser's localStorage, where a client keeps its sealed bids (jetons/secrets.ts): Node has none, and the GM batch
 * stages a lost sealed bid by removing it there. One store for the process, as one browser's.
 */
const stored = new Map<string, string>();
const localStorageDouble = {
  get length() {
    return stored.size;
  },
  key: (i: number) => [...stored.keys()][i] ?? null,
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
  clear: () => stored.clear(),
};
(globalThis as { localStorage?: unknown }).localStorage = localStorageDouble;

const table = await openTable("jetons");
useHands(doubleHands);
installQuench();
const actorsBefore = table.state.game.actors.size;
/** The world settings the rules change: the collective reserve and the GM's ledger of reserves. */
const jetonsSettings = () =>
  asClient("gm", () =>
    ["jetonsCollective", "jetonsLedger"].map((key) => game.settings?.get("quintette", key as never)),
  );
const settingsBefore = jetonsSettings();

expect(registeredBatches()).toEqual([
  "quintette.boot",
  "quintette.cleanup",
  "quintette.jetons.gm",
  "quintette.jetons.prepare",
  "quintette.jetons.player",
]);
runBatch("quintette.boot", "gm");
runBatch("quintette.jetons.gm", "gm");
runBatch("quintette.jetons.prepare", "gm");
runBatch("quintette.jetons.player", "player1");
runBatch("quintette.cleanup", "gm");

afterAll(() => {
  const game = doubleState().game as unknown as { folders?: Map<string, unknown>; scenes?: Map<string, unknown> };
  expect(table.state.game.actors.size, "actors left").toBe(actorsBefore);
  expect(game.folders?.size ?? 0, "folders left").toBe(0);
  expect(game.scenes?.size, "scenes left").toBe(1);
  expect(table.state.game.messages.size, "messages left").toBe(0);
  expect(jetonsSettings(), "the collective reserve and the ledger put back").toEqual(settingsBefore);
});
