/**
 * Concurrency and partial failure: requests arriving together, two cards hitting one actor, a write failing
 * between two others, and an undo after another card's change. The GM's client serializes its work, computes from
 * current values, writes each effect with its record, and undoes its own delta only.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asClient, type DoubleChatMessage } from "../double/shared-core.ts";
import { registerRelayHandler, relayToGM } from "../../src/foundry/relay/index.ts";
import { registerCardAction, requestCardAction } from "../../src/foundry/chat/actions.ts";
import { applyDamage, hp, makeWorld, postDamageCard, stored, target, undo, type World } from "./world.ts";

let world: World;
beforeEach(async () => {
  world = await makeWorld();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("double click", () => {
  it("the same request sent twice at once (same request id) runs once", async () => {
    let runs = 0;
    registerRelayHandler("attack.count", async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { status: "applied" };
    });
    const payload = { requestId: "click000000000001" };
    const results = await asClient("player1", () =>
      Promise.all([relayToGM("attack.count", payload), relayToGM("attack.count", payload)]),
    );
    expect(results.map((r) => r.status)).toEqual(["applied", "applied"]);
    expect(runs).toBe(1);
  });
});

describe("two cards on one actor at once", () => {
  it("no hit is lost: both damages land", async () => {
    const first = await postDamageCard("player1", 4);
    const second = await postDamageCard("gm", 3);
    target("gm", world.villain);
    const results = await Promise.all([applyDamage("gm", first), applyDamage("gm", second)]);
    expect(results.map((r) => r.status)).toEqual(["applied", "applied"]);
    expect(hp(world.villain)).toBe(3);
  });
});

describe("a failure between two writes", () => {
  it("never leaves an effect without its record, and a retry applies the rest once", async () => {
    const message = await postDamageCard("player1", 4);
    target("gm", world.hero, world.villain);
    // The villain's first update fails (a lost connection, a validation error…).
    const update = world.villain.update.bind(world.villain);
    let fail = true;
    world.villain.update = (async (changes: Record<string, unknown>, options?: Record<string, unknown>) => {
      if (fail) {
        fail = false;
        throw new Error("connection lost");
      }
      return update(changes, options);
    }) as typeof world.villain.update;
    const failed = await applyDamage("gm", message);
    expect(failed.status).toBe("error");
    expect(hp(world.hero)).toBe(6);
    // The hero's effect carries its record in the same write.
    expect(JSON.stringify(world.hero.flags)).toContain(message.id);
    // Retry: the hero is not hit again, the villain is hit once.
    expect((await applyDamage("gm", message)).status).toBe("applied");
    expect([hp(world.hero), hp(world.villain)]).toEqual([6, 6]);
    await applyDamage("gm", message);
    expect([hp(world.hero), hp(world.villain)]).toEqual([6, 6]);
  });

  it("a custom action failing after its first write is not applied twice by a retry", async () => {
    const message = await postDamageCard("player1", 4);
    let boom = true;
    registerCardAction({
      name: "attack.twoWrites",
      audience: "gm",
      execute: ({ card }) => ({
        status: "applied",
        card,
        writes: [
          { uuid: world.hero.uuid, changes: { "system.hp.value": hp(world.hero) - 1 } },
          { uuid: world.villain.uuid, changes: { "system.hp.value": hp(world.villain) - 1 } },
        ],
      }),
    });
    const update = world.villain.update.bind(world.villain);
    world.villain.update = (async (changes: Record<string, unknown>, options?: Record<string, unknown>) => {
      if (boom) {
        boom = false;
        throw new Error("connection lost");
      }
      return update(changes, options);
    }) as typeof world.villain.update;
    await asClient("gm", () => requestCardAction(message.id, "attack.twoWrites"));
    await asClient("gm", () => requestCardAction(message.id, "attack.twoWrites"));
    await asClient("gm", () => requestCardAction(message.id, "attack.twoWrites"));
    expect([hp(world.hero), hp(world.villain)]).toEqual([9, 9]);
  });
});

describe("undo after another card's change", () => {
  it("reverses its own delta and keeps the later change", async () => {
    const first = await postDamageCard("player1", 4);
    const second = await postDamageCard("gm", 3);
    target("gm", world.villain);
    await applyDamage("gm", first);
    await applyDamage("gm", second);
    expect(hp(world.villain)).toBe(3);
    const entry = stored(first).applied[0];
    if (!entry) throw new Error("no entry");
    expect((await undo("gm", first, entry.id)).status).toBe("applied");
    expect(hp(world.villain)).toBe(7);
  });

  it("keeps a hand edit made after the effect", async () => {
    const message: DoubleChatMessage = await postDamageCard("player1", 4);
    target("player1", world.hero);
    await applyDamage("player1", message);
    // The player then marks one more point lost by hand.
    await asClient("player1", () => world.hero.update({ "system.hp.value": 5 }));
    const entry = stored(message).applied[0];
    if (!entry) throw new Error("no entry");
    await undo("player1", message, entry.id);
    expect(hp(world.hero)).toBe(9);
  });
});
