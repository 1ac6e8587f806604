import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import { asClient, installClients, setGMsConnected } from "../../double/shared-core.ts";
import {
  handleRelayRequest,
  registerRelay,
  registerRelayHandler,
  relayToGM,
  RELAY_QUERY,
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

describe("GM relay", () => {
  it("registers one prefixed query handler", () => {
    expect(Object.keys(CONFIG.queries)).toContain(RELAY_QUERY);
    expect(RELAY_QUERY.startsWith("quintette.")).toBe(true);
  });

  it("sends a player's request to the active GM, whose client runs it for that player", async () => {
    const result = await asClient("player1", () => relayToGM("test.echo", { n: 1 }));
    expect(result.status).toBe("applied");
    expect(gmQueries()).toHaveLength(1);
    expect(gmQueries()[0]?.name).toBe(RELAY_QUERY);
    expect(seen).toEqual([{ client: "gm", requester: "player1", payload: { n: 1 } }]);
    expect(state.notifications).toHaveLength(0);
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

  it("refuses to run a relayed request on a client that is not a GM's", async () => {
    const result = await asClient("player1", () =>
      handleRelayRequest({ kind: "test.echo", userId: "player1", payload: {} }),
    );
    expect(result.status).toBe("denied");
    expect(seen).toHaveLength(0);
  });

  it("answers invalid for an unknown kind or user, and error (not a throw) when a handler fails", async () => {
    registerRelayHandler("test.boom", async () => {
      throw new Error("boom");
    });
    await asClient("gm", async () => {
      expect((await handleRelayRequest({ kind: "nope", userId: "player1", payload: {} })).status).toBe("invalid");
      expect((await handleRelayRequest({ kind: "test.echo", userId: "ghost", payload: {} })).status).toBe("invalid");
      expect((await handleRelayRequest({ kind: "test.boom", userId: "player1", payload: {} })).status).toBe("error");
    });
  });

  it("reports a query that fails in transit as an error the player sees", async () => {
    CONFIG.queries[RELAY_QUERY] = async () => {
      throw new Error("timeout");
    };
    const result = await asClient("player1", () => relayToGM("test.echo", {}));
    expect(result.status).toBe("error");
    expect(state.notifications.map((n) => n.type)).toEqual(["error"]);
  });
});
