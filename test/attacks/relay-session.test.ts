/**
 * One GM session serves (issue 22, attack 9): a GM connected twice must not serve every request twice. The double
 * runs every client in one process, so it cannot connect one user twice; it models what it can: a second GM user,
 * and the same GM's other page through what that page leaves where every page sees it, its claim of the service
 * (the world setting `quintette.servingSession`). Played from a player's client with server latency.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asGM, resetFoundryDouble } from "../double/index.ts";
import { addUser, asClient, installClients, setLatency, settle } from "../double/shared-core.ts";
import {
  registerRelay,
  registerRelayHandler,
  relayToGM,
  setAliveTimeout,
  setTakeoverDelay,
} from "../../src/foundry/relay/index.ts";
import {
  claimServing,
  currentSession,
  isServingSession,
  registerServingSession,
  SETTING_SESSION,
} from "../../src/foundry/relay/session.ts";

let runs = 0;
beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "en" }));
  setLatency(10);
  registerRelay();
  runs = 0;
  registerRelayHandler("attack.count", async () => {
    runs += 1;
    return { status: "applied" };
  });
  // Before taking over, a page asks the serving one whether it lives (`quintette.alive`): no answer here.
  setAliveTimeout(100);
});

afterEach(() => setAliveTimeout(undefined));

/** The GM's other page claimed the service (its own session id): what this page sees of it. */
async function otherPageClaims(): Promise<void> {
  registerServingSession();
  await asGM(() =>
    game.settings?.set("quintette", SETTING_SESSION, JSON.stringify({ userId: "gm", session: "otherpage", at: 1 })),
  );
  await settle();
}

describe("attack: a request served by every session of the GM", () => {
  it("two GMs connected: a player's request runs once, on the active GM's client", async () => {
    addUser("gm2", true);
    const result = await asClient("player1", () => relayToGM("attack.count", {}));
    await settle();
    expect(result.status).toBe("applied");
    expect(runs).toBe(1);
  });

  it("the same GM on two pages: the page that does not hold the service serves nothing, then takes over", async () => {
    await otherPageClaims();
    expect(asClient("gm", () => isServingSession())).toBe(false);
    setTakeoverDelay(200);
    const unanswered = await asClient("player1", () => relayToGM("attack.count", {}, { timeout: 100 }));
    expect(unanswered.status).toBe("error");
    expect(runs).toBe(0);
    // The other page never answered (closed, crashed): this page takes the service and serves what waits, once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await settle();
    expect(runs).toBe(1);
    expect(asClient("gm", () => isServingSession())).toBe(true);
    expect(JSON.parse(String(game.settings?.get("quintette", SETTING_SESSION)))).toMatchObject({
      userId: "gm",
      session: currentSession(),
    });
    expect((await asClient("player1", () => relayToGM("attack.count", {}))).status).toBe("applied");
    expect(runs).toBe(2);
  });

  it("honest path: the active GM's page claims the service at ready and serves; a click of its own runs there", async () => {
    await asClient("gm", () => claimServing());
    await settle();
    expect(asClient("gm", () => isServingSession())).toBe(true);
    expect((await asClient("player1", () => relayToGM("attack.count", {}))).status).toBe("applied");
    expect((await asClient("gm", () => relayToGM("attack.count", {}))).status).toBe("applied");
    expect(runs).toBe(2);
  });
});
