/**
 * Attacks on identity: the GM's client must take the requester from what Foundry's server attests (the writer of
 * the request on their own User document), never from a field the player's client filled.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asClient } from "../double/shared-core.ts";
import { registerRelayHandler, relayToGM } from "../../src/foundry/relay/index.ts";
import { CARD_ACTION_KIND } from "../../src/foundry/chat/actions.ts";
import { GM_ONLY, hp, makeWorld, postDamageCard, settle, type World } from "./world.ts";

let world: World;
/** Requesters a relayed handler was told about. */
let requesters: string[];

beforeEach(async () => {
  world = await makeWorld();
  requesters = [];
  registerRelayHandler("attack.whoami", async (_payload, requester) => {
    requesters.push(requester.id ?? "?");
    return { status: "applied" };
  });
});

const player = () => world.state.game.users.get("player1");
const gm = () => world.state.game.users.get("gm");

/** What a console can do: call the GM's query with any data (the old transport), swallowing whatever it answers. */
async function queryAsIfGM(data: unknown): Promise<void> {
  await asClient("player1", async () => {
    try {
      await gm()?.query("quintette.relay", data);
    } catch {
      // No handler (or a refusal): the attack must simply have no effect.
    }
  });
  await settle();
}

describe("spoofed identity", () => {
  it("a query sent straight to the GM naming the GM as its user is never run as the GM", async () => {
    await queryAsIfGM({ kind: "attack.whoami", userId: "gm", payload: {} });
    expect(requesters).not.toContain("gm");
  });

  it("a request on the player's own User with the GM's id in its payload is run for the player", async () => {
    const message = await postDamageCard();
    await asClient("player1", () =>
      player()!.update({
        "flags.quintette.relay.forged000000001": {
          kind: CARD_ACTION_KIND,
          payload: JSON.stringify({ messageId: message.id, action: GM_ONLY, args: {}, userId: "gm" }),
        },
      }),
    );
    await settle();
    expect(hp(world.villain)).toBe(10);
    expect(player()!.getFlag("quintette", "relayResult.forged000000001")).toMatchObject({ status: "denied" });
    // And a player cannot write a request into the GM's User (Foundry refuses the write).
    await expect(
      asClient("player1", () =>
        gm()!.update({ "flags.quintette.relay.forged000000002": { kind: "attack.whoami", payload: "{}" } }),
      ),
    ).rejects.toThrow(/lacks permission/);
    await settle();
    expect(requesters).toEqual([]);
  });
});

describe("forged GM-only action", () => {
  it("a GM-only card action sent by a player (straight query naming the GM) changes nothing", async () => {
    const message = await postDamageCard();
    await queryAsIfGM({
      kind: CARD_ACTION_KIND,
      userId: "gm",
      payload: { messageId: message.id, action: GM_ONLY, args: {} },
    });
    expect(hp(world.villain)).toBe(10);
  });

  it("through the honest path it is refused for the player and applied for the GM", async () => {
    const message = await postDamageCard();
    const refused = await asClient("player1", () =>
      relayToGM(CARD_ACTION_KIND, { messageId: message.id, action: GM_ONLY, args: {} }),
    );
    expect(refused.status).toBe("denied");
    expect(hp(world.villain)).toBe(10);
    const applied = await asClient("gm", () =>
      relayToGM(CARD_ACTION_KIND, { messageId: message.id, action: GM_ONLY, args: {} }),
    );
    expect(applied.status).toBe("applied");
    expect(hp(world.villain)).toBe(0);
  });
});
