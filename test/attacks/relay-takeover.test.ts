/**
 * A player moves the GM's service between its pages (relay/session.ts): a page of the active GM that does not serve
 * takes the service when a request still waits after the takeover delay. A player who can leave a request waiting
 * while the serving page lives (a request it never answers, or a flood that keeps its queue busy) would move the
 * service, and with it what only the serving page holds (a Jetons sealed bid in its browser's storage, awaited
 * openings). Played from a player's client of the double; the GM's other page is modelled by its claim and by the
 * answers it writes on the GM's User (pages.ts), the `gm` client being the page that does not serve.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asGM, resetFoundryDouble } from "../double/index.ts";
import { asClient, installClients, setLatency, settle } from "../double/shared-core.ts";
import {
  ALIVE,
  RELAY_TIMEOUT_MS,
  registerRelay,
  registerRelayHandler,
  relayToGM,
  setAliveTimeout,
  setTakeoverDelay,
} from "../../src/foundry/relay/index.ts";
import { SETTING_SESSION, isServingSession } from "../../src/foundry/relay/session.ts";
import { otherPageServes, thisPageServes } from "./pages.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lease = () => String(game.settings?.get("quintette", SETTING_SESSION));
const player = () => game.users?.get("player1") as User.Implementation;

let runs = 0;
/** Whether the other page is alive (answers what is written on the GM's User); it may be busy for the player. */
let alive = false;
let answered: Set<string>;

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "en" }));
  setLatency(5);
  registerRelay();
  setAliveTimeout(100);
  runs = 0;
  alive = false;
  answered = new Set();
  registerRelayHandler("attack.count", async () => {
    runs += 1;
    return { status: "applied" };
  });
  // The other page's relay, as far as the GM's own User goes: it answers `quintette.alive` at once.
  Hooks.on("updateUser", (user: User.Implementation, changed: unknown) => {
    const relay = (changed as { flags?: { quintette?: { relay?: Record<string, unknown> } } }).flags?.quintette?.relay;
    for (const [id, request] of Object.entries(relay ?? {})) {
      if (!alive || answered.has(id) || (request as { kind?: string } | null)?.kind !== ALIVE) continue;
      answered.add(id);
      void asGM(() =>
        user.update({
          [`flags.quintette.relayResult.${id}`]: { status: "applied" },
          [`flags.quintette.relay.-=${id}`]: null,
        } as User.UpdateData),
      );
    }
  });
});

afterEach(() => {
  alive = false;
  setTakeoverDelay(RELAY_TIMEOUT_MS + 2_000);
  setAliveTimeout(undefined);
});

describe("attack: a player's request moves the service to the GM's other page", () => {
  it("a request under an id the serving page never answers leaves the service where it is", async () => {
    await otherPageServes();
    alive = true;
    const before = lease();
    setTakeoverDelay(100);
    // Ids the relay does not take (a space, a dot-free 65 characters): the serving page answers none of them.
    await asClient("player1", () =>
      player().update({
        "flags.quintette.relay.not an id": { kind: "attack.count", payload: "{}" },
        [`flags.quintette.relay.${"x".repeat(65)}`]: { kind: "attack.count", payload: "{}" },
      } as User.UpdateData),
    );
    await wait(400);
    await settle();
    expect(asClient("gm", () => isServingSession())).toBe(false);
    expect(lease()).toBe(before);
    expect(runs).toBe(0);
  });

  it("a request the serving page is too busy to answer in time leaves the service there while it lives", async () => {
    await otherPageServes();
    // The other page lives (it answers `quintette.alive`) but a flood of the player's requests keeps its queue busy:
    // the request below waits past the takeover delay.
    alive = true;
    const before = lease();
    setTakeoverDelay(100);
    const waiting = asClient("player1", () => relayToGM("attack.count", {}, { timeout: 250, quiet: true }));
    await wait(400);
    await settle();
    expect((await waiting).status).toBe("error");
    expect(asClient("gm", () => isServingSession())).toBe(false);
    expect(lease()).toBe(before);
    expect(runs).toBe(0);
  });

  it("honest path: a serving page that is gone (no answer to `quintette.alive`) is taken over, and the request served once", async () => {
    await otherPageServes();
    setTakeoverDelay(100);
    const waiting = asClient("player1", () => relayToGM("attack.count", {}, { timeout: 100, quiet: true }));
    expect((await waiting).status).toBe("error");
    await wait(600);
    await settle();
    expect(asClient("gm", () => isServingSession())).toBe(true);
    expect(runs).toBe(1);
  });
});

describe("attack: a flood keeps the serving page from answering `quintette.alive`", () => {
  it("the serving page answers `quintette.alive` while a player's slow requests hold its queue", async () => {
    await thisPageServes();
    let release: () => void = () => undefined;
    registerRelayHandler(
      "attack.slow",
      () => new Promise((resolve) => (release = () => resolve({ status: "applied" }))),
    );
    const slow = asClient("player1", () => relayToGM("attack.slow", {}, { timeout: 2_000, quiet: true }));
    await wait(50);
    // The other page of the GM asks whether this one lives, by the request it writes on the GM's User.
    await asGM(() =>
      (game.users?.get("gm") as User.Implementation).update({
        "flags.quintette.relay.aliveAsk0000001": { kind: ALIVE, payload: "{}", sentAt: 1 },
      } as User.UpdateData),
    );
    await wait(100);
    await settle();
    const results = (game.users?.get("gm") as User.Implementation).getFlag("quintette", "relayResult") as
      Record<string, unknown> | undefined;
    const answer = results?.aliveAsk0000001;
    release();
    expect((await slow).status).toBe("applied");
    expect(answer).toMatchObject({ status: "applied" });
  });
});

describe("attack: a player claims the service", () => {
  it("the claim is refused by the server (a world setting) and the player's page serves nothing", async () => {
    await thisPageServes();
    const before = lease();
    const claim = JSON.stringify({ userId: "player1", session: "mine", at: Date.now() });
    await expect(asClient("player1", () => game.settings?.set("quintette", SETTING_SESSION, claim))).rejects.toThrow();
    await settle();
    expect(lease()).toBe(before);
    expect(asClient("player1", () => isServingSession())).toBe(false);
    expect((await asClient("player1", () => relayToGM("attack.count", {}))).status).toBe("applied");
    expect(runs).toBe(1);
  });
});
