/**
 * A player floods the GM's effect records (trust/records.ts): every card action with writes adds a record to one
 * world setting, which every client receives whole on each of its writes. A player may post cards without end and
 * apply each to their own character, so without a bound the setting (and every GM write of it) grows as fast as the
 * relay serves them. Played from the player's client of the double, the bound lowered for the test.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asGM } from "../double/index.ts";
import { readStore, recordsOfUser, setRecordsPerUser } from "../../src/foundry/trust/records.ts";
import { applyDamage, hp, makeWorld, postDamageCard, settle, target, type World } from "./world.ts";

let world: World;

beforeEach(async () => {
  world = await makeWorld();
  setRecordsPerUser(3);
});

afterEach(() => setRecordsPerUser(undefined));

describe("attack: one player's effects fill the GM's records without end", () => {
  it("past the bound, the player's next effect is refused and nothing is written", async () => {
    target("player1", world.hero);
    for (let i = 0; i < 3; i++) {
      const m = await postDamageCard("player1", 1);
      expect((await applyDamage("player1", m)).status).toBe("applied");
    }
    expect(hp(world.hero)).toBe(7);
    const size = Object.keys(readStore()).length;
    const setting = String(game.settings?.get("quintette", "effectRecords"));
    const m = await postDamageCard("player1", 1);
    const result = await applyDamage("player1", m);
    await settle();
    expect(result).toMatchObject({ status: "denied", reason: "QUINTETTE.Card.TooManyRecords" });
    expect(hp(world.hero)).toBe(7);
    expect(Object.keys(readStore())).toHaveLength(size);
    expect(String(game.settings?.get("quintette", "effectRecords"))).toBe(setting);
    expect(recordsOfUser("player1")).toBe(3);

    // The GM is not bound; a card deleted drops its records and frees the player's room.
    target("gm", world.hero);
    expect((await applyDamage("gm", await postDamageCard("gm", 1))).status).toBe("applied");
    const first = game.messages?.contents[0];
    await asGM(() => first?.delete());
    await settle();
    expect(recordsOfUser("player1")).toBe(2);
    expect((await applyDamage("player1", m)).status).toBe("applied");
    expect(hp(world.hero)).toBe(5);
  });
});
