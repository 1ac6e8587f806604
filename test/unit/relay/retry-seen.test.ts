/**
 * A relay retry with the same request id reaches the GM (issue 21): the server broadcasts only an update that changes
 * something (fvtt-types `DatabaseUpdateOperation.diff`), so a retry rewriting the very same request would never reach
 * the GM's client. The request carries its send time, so the retry is a change every client receives.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetFoundryDouble, settle } from "../../double/index.ts";
import { asClient, installClients } from "../../double/shared-core.ts";
import { registerRelay, registerRelayHandler, relayToGM } from "../../../src/foundry/relay/index.ts";

const ID = "retryseen000001";
/** The request writes the GM's client received for this id (its `updateUser` hook, as the GM). */
let seenByGM: unknown[];

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "en" }), { latency: 2 });
  registerRelay();
  seenByGM = [];
  Hooks.on("updateUser", (_user: unknown, changed: unknown) => {
    if (game.user?.id !== "gm") return;
    const relay = (changed as { flags?: { quintette?: { relay?: Record<string, unknown> } } }).flags?.quintette?.relay;
    const request = relay?.[ID];
    if (request && typeof request === "object") seenByGM.push(request);
  });
});

describe("relay retry with the same id", () => {
  it("is a write the GM's client sees again while the first is still running, and runs once", async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let runs = 0;
    registerRelayHandler("test.slow", async () => {
      runs += 1;
      await gate;
      return { status: "applied" };
    });
    const first = await asClient("player1", () => relayToGM("test.slow", {}, { requestId: ID, timeout: 20 }));
    expect(first.status).toBe("error");
    // The GM is still on it; the player's retry rewrites the request: a change, so the server broadcasts it.
    const retry = asClient("player1", () => relayToGM("test.slow", {}, { requestId: ID, timeout: 2_000 }));
    // The retry reaches the GM's client after the socket's latency, however busy the machine.
    await vi.waitFor(() => expect(seenByGM).toHaveLength(2), { timeout: 30_000 });
    open();
    const answered = await retry;
    expect(answered, JSON.stringify(answered)).toMatchObject({ status: "applied" });
    expect(runs).toBe(1);
    await settle();
  });
});
