/**
 * Names of any length (issue 36, attacks 1 and 3), played from a player's client with latency: a player renames
 * their own character (Foundry lets an owner write its name, of any length) and has the GM's side copy it into
 * cards, effect records and the L'Œil Noir duel store. Every copy is bounded where it is made (trust/bound.ts), the
 * GM's effect records are bounded in size as well as count (trust/records.ts), and no write of the card fails.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asClient, asGM, setLatency } from "../double/shared-core.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { TEXT_MAX } from "../../src/foundry/trust/bound.ts";
import {
  readStore,
  recordCharsOfUser,
  RECORD_MAX_CHARS,
  setRecordSizeBounds,
} from "../../src/foundry/trust/records.ts";
import { applyDamage, hp, makeWorld, postDamageCard, settle, stored, target, undo, type World } from "./world.ts";
import { attack, dice, duel, setupWorld, teardownWorld } from "../worlds/oeilnoir.ts";

const LATENCY = 5;
const setting = () => String(game.settings?.get("quintette", "effectRecords"));

afterEach(() => {
  setLatency(0);
  setRecordSizeBounds();
});

describe("attack: a player's character renamed to 200,000 characters", () => {
  let world: World;
  beforeEach(async () => {
    world = await makeWorld();
    setLatency(LATENCY);
  });

  it("five of their own cards applied to it keep the GM's records small, and the cards writable", async () => {
    await asClient("player1", () => world.hero.update({ name: "A".repeat(200_000) }));
    await settle();
    expect(world.hero.name).toHaveLength(200_000);
    target("player1", world.hero);
    for (let i = 0; i < 5; i++) {
      const m = await postDamageCard("player1", 1);
      expect((await applyDamage("player1", m)).status).toBe("applied");
      const line = stored(m).applied[0]!;
      expect(line.targetName.length).toBeLessThanOrEqual(TEXT_MAX);
      // The card takes later writes: its undo.
      expect((await undo("player1", m, line.id)).status).toBe("applied");
      expect((await applyDamage("player1", m)).status).toBe("applied");
    }
    await settle();
    expect(hp(world.hero)).toBe(5);
    // Was over 1,000,000 characters: five records, each with its name bounded.
    expect(setting().length).toBeLessThan(5 * RECORD_MAX_CHARS);
    for (const record of Object.values(readStore()))
      for (const line of record.applied?.lines ?? []) expect(line.targetName.length).toBeLessThanOrEqual(TEXT_MAX);
  });

  it("a player's records are bounded in size: past it their next effect is refused, nothing written", async () => {
    target("player1", world.hero);
    const first = await postDamageCard("player1", 1);
    expect((await applyDamage("player1", first)).status).toBe("applied");
    const one = recordCharsOfUser("player1");
    setRecordSizeBounds({ user: one * 2 + 10 });
    expect((await applyDamage("player1", await postDamageCard("player1", 1))).status).toBe("applied");
    const before = setting();
    const refused = await applyDamage("player1", await postDamageCard("player1", 1));
    await settle();
    expect(refused).toMatchObject({ status: "denied", reason: "QUINTETTE.Card.TooManyRecords" });
    expect(hp(world.hero)).toBe(8);
    expect(setting()).toBe(before);
  });

  it("past the store's size, undone records are evicted and live ones kept: every undo still works", async () => {
    target("gm", world.villain);
    const live = await postDamageCard("gm", 1);
    expect((await applyDamage("gm", live)).status).toBe("applied");
    const undone = await postDamageCard("gm", 1);
    expect((await applyDamage("gm", undone)).status).toBe("applied");
    expect((await undo("gm", undone, stored(undone).applied[0]!.id)).status).toBe("applied");
    expect(Object.keys(readStore())).toHaveLength(2);
    // The store is full: the next record makes room by evicting the undone one, never the live one.
    setRecordSizeBounds({ store: setting().length + 300 });
    const next = await postDamageCard("gm", 1);
    expect((await applyDamage("gm", next)).status).toBe("applied");
    const messages = Object.values(readStore()).map((r) => r.messageId);
    expect(messages).toEqual(expect.arrayContaining([live.id, next.id]));
    expect(messages).not.toContain(undone.id);
    expect(hp(world.villain)).toBe(8);
    expect((await undo("gm", live, stored(live).applied[0]!.id)).status).toBe("applied");
    expect((await undo("gm", next, stored(next).applied[0]!.id)).status).toBe("applied");
    expect(hp(world.villain)).toBe(10);
    // Full of live records: a new one is refused, not written over them.
    setRecordSizeBounds({ store: 10 });
    const refused = await applyDamage("gm", await postDamageCard("gm", 1));
    expect(refused).toMatchObject({ status: "denied", reason: "QUINTETTE.Card.TooManyRecords" });
    expect(hp(world.villain)).toBe(10);
  });
});

describe("attack: a 301-character name breaks no GM card", () => {
  it("the GM's hit lands on it, and the card's later writes (its undo, after a rename back) work", async () => {
    const world = await makeWorld();
    setLatency(LATENCY);
    await asClient("player1", () => world.hero.update({ name: "B".repeat(301) }));
    target("gm", world.hero);
    const m = await postDamageCard("gm", 3);
    expect((await applyDamage("gm", m)).status).toBe("applied");
    expect(hp(world.hero)).toBe(7);
    await asClient("player1", () => world.hero.update({ name: "Aelis" }));
    await settle();
    expect((await undo("gm", m, stored(m).applied[0]!.id)).status).toBe("applied");
    expect(hp(world.hero)).toBe(10);
  });

  it("L'Œil Noir: the GM's attack on a hero with a 301-character name is posted", async () => {
    const { alrik, orc } = await setupWorld();
    setLatency(LATENCY);
    try {
      await asGM(() => alrik.update({ ownership: { default: 0, player1: 3 } }));
      await asClient("player1", () => alrik.update({ name: "C".repeat(301) }));
      await settle();
      dice([2]);
      const m = await attack(orc, alrik, "gm");
      expect(m).toBeTruthy();
      expect(duel(m)?.defender?.name.length).toBeLessThanOrEqual(TEXT_MAX);
      // The hero's player answers: the card takes the step.
      expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"))).status).toBe("applied");
    } finally {
      teardownWorld();
    }
  });
});
