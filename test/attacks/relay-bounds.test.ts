/**
 * Bounded input (issue 22, attacks 7, 8 and the relay's part of 9), played from a player's client: a padded
 * argument, a flood of requests in one User write, a cleared answer replayed, and a deletion in v14's operator form
 * written where requests go.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asClient, setGMsConnected, setLatency } from "../double/shared-core.ts";
import {
  registerRelayHandler,
  relayToGM,
  REQUESTS_PER_WRITE,
  serveWaitingRequests,
} from "../../src/foundry/relay/index.ts";
import { CARD_ACTION_KIND } from "../../src/foundry/chat/actions.ts";
import { APPLY_DAMAGE } from "../../src/foundry/damage/index.ts";
import { readCard } from "../../src/foundry/chat/flags.ts";
import { applyDamage, hp, makeWorld, postDamageCard, settle, stored, target, undo, type World } from "./world.ts";

let world: World;
let runs: number;

beforeEach(async () => {
  world = await makeWorld();
  runs = 0;
  registerRelayHandler("attack.count", async () => {
    runs += 1;
    return { status: "applied" };
  });
});

const player = () => world.state.game.users.get("player1")!;
const request = { kind: "attack.count", payload: "{}" };

describe("attack: one User write floods the GM", () => {
  it("sixty requests in one write: the GM's client serves a few and drops the rest", async () => {
    const flood = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`flags.quintette.relay.flood${String(i).padStart(11, "0")}`, request]),
    );
    await asClient("player1", () => player().update(flood));
    await settle();
    expect(runs).toBe(REQUESTS_PER_WRITE);
    const left = player().getFlag("quintette", "relay") as Record<string, unknown> | undefined;
    expect(Object.values(left ?? {}).filter((r) => r !== null && r !== undefined)).toEqual([]);
  });

  it("three hundred requests stored while no GM is connected: the arriving GM serves as few as from a live write", async () => {
    setLatency(5);
    try {
      setGMsConnected(false);
      const flood = Object.fromEntries(
        Array.from({ length: 300 }, (_, i) => [
          `flags.quintette.relay.stored${String(i).padStart(10, "0")}`,
          { ...request, sentAt: i },
        ]),
      );
      await asClient("player1", () => player().update(flood));
      await settle();
      expect(runs).toBe(0);
      let writes = 0;
      Hooks.on("updateUser", (_user: unknown, _changed: unknown, _options: unknown, userId: string) => {
        if (userId === "gm" && game.user?.id === "gm") writes += 1;
      });
      // The GM arrives: its page serves what waits (as at its ready).
      setGMsConnected(true);
      await asClient("gm", () => serveWaitingRequests());
      await settle();
      // Was 100 handlers (the rate's window) and 300 writes: now the cap of one write, and one cleanup write.
      expect(runs).toBe(REQUESTS_PER_WRITE);
      expect(writes).toBeLessThanOrEqual(REQUESTS_PER_WRITE + 1);
      const served = (player().getFlag("quintette", "relayResult") ?? {}) as Record<string, unknown>;
      expect(Object.keys(served).sort()).toEqual(
        Array.from({ length: REQUESTS_PER_WRITE }, (_, i) => `stored${String(i).padStart(10, "0")}`),
      );
      const left = player().getFlag("quintette", "relay") as Record<string, unknown> | undefined;
      expect(Object.values(left ?? {}).filter((r) => r !== null && r !== undefined)).toEqual([]);
    } finally {
      setLatency(0);
    }
  });

  it("an answer cleared from the player's own User does not make the GM serve the request again", async () => {
    expect(
      (await asClient("player1", () => relayToGM("attack.count", {}, { requestId: "replay000000001" }))).status,
    ).toBe("applied");
    expect(runs).toBe(1);
    // The player writes the same request again (its answer already gone from their User).
    await asClient("player1", () => player().update({ "flags.quintette.relay.replay000000001": request }));
    await settle();
    expect(runs).toBe(1);
    expect(player().getFlag("quintette", "relayResult.replay000000001")).toMatchObject({ status: "already" });
  });

  it("a deletion in v14's operator form is not read as a new request", async () => {
    await asClient("player1", () =>
      player().update({ "flags.quintette.relay.deleted00000001": { __$OPERATOR$__: "ForcedDeletion" } }),
    );
    await settle();
    expect(player().getFlag("quintette", "relayResult.deleted00000001")).toBeUndefined();
  });
});

describe("attack: an over-long argument in a stored token", () => {
  it("padded apply-damage targets neither break the card nor the GM's undo of an earlier hit", async () => {
    const message = await postDamageCard();
    target("gm", world.villain);
    await applyDamage("gm", message);
    expect(hp(world.villain)).toBe(6);
    const hit = stored(message).applied[0]!;
    // The player pads the targets argument (a script can send any string) to hit their own hero.
    const targets = `${world.hero.uuid}${"|".repeat(20_000)}`;
    await asClient("player1", () =>
      relayToGM(CARD_ACTION_KIND, { messageId: message.id, action: APPLY_DAMAGE, args: { targets } }),
    );
    expect(hp(world.hero)).toBe(6);
    // The card is still a card on every client, and the GM's undo of the first hit works.
    for (const user of ["gm", "player1"])
      expect(await asClient(user, async () => readCard(message as never))).not.toBeNull();
    expect(stored(message).done.every((t) => t.length <= 64)).toBe(true);
    expect((await undo("gm", message, hit.id)).status).toBe("applied");
    expect(hp(world.villain)).toBe(10);
  });
});
