import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble, settle, type DoubleState } from "../../double/index.ts";
import { asClient, installClients, setGMsConnected } from "../../double/shared-core.ts";
import {
  handleRelayRequest,
  registerRelay,
  registerRelayHandler,
  relayToGM,
  serveWaitingRequests,
} from "../../../src/foundry/relay/index.ts";

let state: DoubleState;
/** Who ran the handler (the executing client) and for whom (the requester). */
let seen: Array<{ client: string; requester: string; payload: unknown }>;

beforeEach(() => {
  state = installClients(resetFoundryDouble({ lang: "fr" }));
  registerRelay();
  seen = [];
  registerRelayHandler("test.echo", async (payload, requester) => {
    seen.push({ client: game.user?.id ?? "?", requester: requester.id ?? "?", payload });
    return { status: "applied" };
  });
});

const gmQueries = () => state.game.users.get("gm")?.queries ?? [];
const player = () => state.game.users.get("player1") as unknown as User.Implementation;
const relayFlags = () => state.game.users.get("player1")?.flags.quintette as Record<string, unknown> | undefined;

describe("GM relay", () => {
  it("uses no query (a query carries no identity): the request is a write on the player's own User", async () => {
    expect(Object.keys(CONFIG.queries)).toHaveLength(0);
    expect(state.hooks.count("updateUser")).toBe(1);
  });

  it("sends a player's request to the active GM, whose client runs it for that player", async () => {
    const result = await asClient("player1", () => relayToGM("test.echo", { n: 1 }));
    expect(result.status).toBe("applied");
    expect(gmQueries()).toHaveLength(0);
    expect(seen).toEqual([{ client: "gm", requester: "player1", payload: { n: 1 } }]);
    expect(state.notifications).toHaveLength(0);
    // Request and answer are cleaned up from the User's flags.
    expect(relayFlags()?.relay).toEqual({});
    expect(relayFlags()?.relayResult).toEqual({});
  });

  it("answers a retry after a timeout with the stored answer, without running again", async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let runs = 0;
    registerRelayHandler("test.slow", async () => {
      runs += 1;
      await gate;
      return { status: "applied" };
    });
    const id = "retry0000000001";
    const first = await asClient("player1", () => relayToGM("test.slow", {}, { requestId: id, timeout: 20 }));
    expect(first.status).toBe("error");
    open();
    await settle();
    const again = await asClient("player1", () => relayToGM("test.slow", {}, { requestId: id }));
    expect(again.status).toBe("applied");
    expect(runs).toBe(1);
  });

  it("runs at once on the active GM's own client without a query", async () => {
    const result = await asClient("gm", () => relayToGM("test.echo", { n: 2 }));
    expect(result.status).toBe("applied");
    expect(gmQueries()).toHaveLength(0);
    expect(seen).toEqual([{ client: "gm", requester: "gm", payload: { n: 2 } }]);
  });

  it("with no GM connected: a localized warning, nothing sent, nothing run", async () => {
    setGMsConnected(false);
    const result = await asClient("player1", () => relayToGM("test.echo", { n: 3 }));
    expect(result.status).toBe("noGM");
    expect(seen).toHaveLength(0);
    expect(gmQueries()).toHaveLength(0);
    expect(state.notifications).toHaveLength(1);
    expect(state.notifications[0]?.type).toBe("warn");
    expect(state.notifications[0]?.message).toMatch(/Aucun MJ/);
    expect(state.notifications[0]?.message).not.toMatch(/^QUINTETTE\./);
  });

  it("does not let answers nobody reads pile up on the User", async () => {
    const stale: Record<string, unknown> = {};
    for (let i = 0; i < 15; i++) stale[`old${String(i).padStart(13, "0")}`] = { status: "applied" };
    await asClient("player1", () => state.game.users.get("player1")!.update({ "flags.quintette.relayResult": stale }));
    await asClient("player1", () => relayToGM("test.echo", { n: 6 }));
    expect(Object.keys(relayFlags()?.relayResult as object).length).toBeLessThanOrEqual(10);
  });

  it("answers invalid for an unknown kind, and error (not a throw) when a handler fails", async () => {
    registerRelayHandler("test.boom", async () => {
      throw new Error("boom");
    });
    await asClient("gm", async () => {
      expect((await handleRelayRequest("nope", {}, player())).status).toBe("invalid");
      expect((await handleRelayRequest("test.boom", {}, player())).status).toBe("error");
    });
  });

  it("reports a GM that never answers as an error the player sees (timeout)", async () => {
    const gm = state.game.users.get("gm");
    if (gm) gm.active = true;
    // A second GM is the active one, but its client never runs (not connected to the double's hooks).
    state.hooks.reset();
    const result = await asClient("player1", () => relayToGM("test.echo", {}, { timeout: 20 }));
    expect(result.status).toBe("error");
    expect(state.notifications.map((n) => n.type)).toEqual(["error"]);
  });

  it("serves a request no GM saw when a GM's client arrives, for the User it is stored on, once", async () => {
    // Written on the player's own User while no GM's client was connected to see it (the GM had just left).
    setGMsConnected(false);
    const id = "waiting00000001";
    const request = { kind: "test.echo", payload: JSON.stringify({ n: 7 }), sentAt: 1 };
    await asClient("player1", () =>
      state.game.users.get("player1")!.update({ [`flags.quintette.relay.${id}`]: request }),
    );
    expect(seen).toHaveLength(0);
    // The GM's client loads: it is the active GM and finds the request waiting.
    setGMsConnected(true);
    await asClient("gm", () => serveWaitingRequests());
    expect(seen).toEqual([{ client: "gm", requester: "player1", payload: { n: 7 } }]);
    expect(relayFlags()?.relay).toEqual({});
    expect(relayFlags()?.relayResult).toMatchObject({ [id]: { status: "applied" } });
    // Loading again (or another connection) runs nothing twice; a player's client serves nothing.
    await asClient("gm", () => serveWaitingRequests());
    await asClient("player1", () => serveWaitingRequests());
    expect(seen).toHaveLength(1);
    // The player's retry with the same id reads the stored answer.
    expect((await asClient("player1", () => relayToGM("test.echo", { n: 7 }, { requestId: id }))).status).toBe(
      "applied",
    );
    expect(seen).toHaveLength(1);
  });

  it("looks for waiting requests when the GM's client is ready and when users connect or leave", () => {
    expect(state.hooks.count("ready")).toBe(1);
    expect(state.hooks.count("userConnected")).toBe(1);
  });
});
