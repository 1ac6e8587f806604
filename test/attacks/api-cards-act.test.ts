/**
 * The macro API's card path from a player's console (`quintette.cards.act`, src/foundry/api/index.ts): the request a
 * button sends, with any action and arguments a script picks. The GM's side checks it as any relayed request: a
 * GM-only action, a write to an actor the player does not own, an action of no rule set, all refused, nothing
 * written. `quintette.rules()` loads the rules core into the caller's own page only (docs/security.md).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asClient } from "../double/shared-core.ts";
import { API } from "../../src/foundry/api/index.ts";
import { APPLY_DAMAGE } from "../../src/foundry/damage/index.ts";
import { GM_ONLY, hp, makeWorld, postDamageCard, settle, stored, target, type World } from "./world.ts";

let world: World;

beforeEach(async () => {
  world = await makeWorld();
});

describe("attack: a player's console drives quintette.cards.act", () => {
  it("a GM-only action, the GM's villain as a target, an unknown action: refused, nothing written", async () => {
    const m = await postDamageCard("player1", 4);
    const before = JSON.stringify(stored(m));
    expect((await asClient("player1", () => API.cards.act(m.id, GM_ONLY))).status).toBe("denied");
    target("player1", world.villain);
    expect((await asClient("player1", () => API.cards.act(m.id, APPLY_DAMAGE))).status).toBe("denied");
    expect((await asClient("player1", () => API.cards.act(m.id, "attack.nothing", { key: "x" }))).status).toBe(
      "invalid",
    );
    await settle();
    expect(hp(world.villain)).toBe(10);
    expect(hp(world.hero)).toBe(10);
    expect(JSON.stringify(stored(m))).toBe(before);
    // Honest path: the hero, which the player owns, takes the card's damage once.
    target("player1", world.hero);
    expect((await asClient("player1", () => API.cards.act(m.id, APPLY_DAMAGE))).status).toBe("applied");
    expect(hp(world.hero)).toBe(6);
  });
});
