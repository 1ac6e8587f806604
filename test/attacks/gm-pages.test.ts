/**
 * One GM session serves (issue 22): the GM-only stores of L'Œil Noir's duels and SYSTEMJ's exchanges are written by
 * the serving page of the active GM only. Another page of the same GM writing the same world setting from its own
 * (possibly older) copy could drop a record the serving page just wrote, so the card would be taken afresh. The
 * double cannot connect one user twice: the other page is modelled by its claim of the service (pages.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../double/index.ts";
import { asClient, asGM, installClients, setLatency, settle, DoubleChatMessage } from "../double/shared-core.ts";
import { registerRelay } from "../../src/foundry/relay/index.ts";
import {
  registerDuelRecords,
  registerDuelStore,
  recordOf as duelRecord,
  SETTING_DUELS,
} from "../../src/foundry/oeilnoir/duel-store.ts";
import { recordOf as exchangeRecord, registerExchangeStore } from "../../src/foundry/systemj/exchange-store.ts";
import { registerSystemJSettings, SETTING_EXCHANGES } from "../../src/foundry/systemj/settings.ts";
import { otherPageServes, thisPageServes } from "./pages.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function card(): Promise<DoubleChatMessage> {
  return asClient("player1", () => DoubleChatMessage.create({ author: "player1", content: "<p>card</p>" }));
}

/** Two finished records in each store (tombstones: message id → roller), as the serving page wrote them. */
async function seed(ids: string[]): Promise<void> {
  const store = JSON.stringify({ open: {}, done: Object.fromEntries(ids.map((id) => [id, "player1"])) });
  await asGM(() => game.settings?.set("quintette", SETTING_DUELS, store));
  await asGM(() => game.settings?.set("quintette", SETTING_EXCHANGES, store));
  await settle();
}

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "en" }));
  setLatency(10);
  registerRelay();
  registerDuelStore();
  registerSystemJSettings();
  registerDuelRecords();
  registerExchangeStore();
});

describe("attack: the duel and exchange stores written by every page of the GM", () => {
  const stores = [
    ["L'Œil Noir duel store", duelRecord],
    ["SYSTEMJ exchange store", exchangeRecord],
  ] as const;
  it.each(stores)(
    "%s: a page of the active GM that does not serve leaves a deleted card's record",
    async (_, record) => {
      const [a, b] = [await card(), await card()];
      await seed([a.id, b.id]);
      await otherPageServes();
      await asGM(() => a.delete());
      await wait(50);
      await settle();
      // This page wrote nothing: the record stays for the serving page to drop (modelled by its claim alone).
      expect(asClient("gm", () => record(a.id))).toBe("done");
    },
  );

  it("honest path: the serving page drops a deleted card's records, and only its own", async () => {
    const [a, b] = [await card(), await card()];
    await seed([a.id, b.id]);
    await thisPageServes();
    await asGM(() => a.delete());
    await wait(50);
    await settle();
    expect(asClient("gm", () => [duelRecord(a.id), exchangeRecord(a.id)])).toEqual([null, null]);
    expect(asClient("gm", () => [duelRecord(b.id), exchangeRecord(b.id)])).toEqual(["done", "done"]);
  });
});
