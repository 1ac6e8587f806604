/**
 * Records and undo (issue 22, attacks 1 and 9): the GM's client keeps its own record of every effect it wrote, in a
 * world setting only a GM writes, and never reads one from the target. Played from a player's client with server
 * latency: a record forged on the player's own documents and undone, an undo past the field's maximum, an owner
 * undoing the GM's hit, a record planted to make the GM's hit "already applied", and a retry after a partial failure.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asGM, DoubleActor } from "../double/index.ts";
import { asClient, DoubleCombat, setLatency, settle, type DoubleChatMessage } from "../double/shared-core.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import type { AppliedEntry, CardState } from "../../src/foundry/chat/types.ts";
import { damageEffect, UNDO } from "../../src/foundry/damage/index.ts";
import { ArchetypeModel } from "../../src/foundry/jetons/models.ts";
import { effectKey } from "../../src/foundry/trust/effects.ts";
import { rewriteCard } from "../cards.ts";
import { applyDamage, hp, makeWorld, postDamageCard, stored, target, undo, type World } from "./world.ts";

const LATENCY = 10;
let world: World;

beforeEach(async () => {
  world = await makeWorld();
  setLatency(LATENCY);
});

/** A record in the shape the GM's client once wrote on a target, forged by the player. */
function forgedRecord(messageId: string, delta: unknown[], set: unknown[]) {
  return { messageId, action: "quintette.applyDamage", userId: "gm", at: Date.now(), delta, set, undone: false };
}

/** The player's own card, rewritten with an "applied" line naming a record on `targetUuid`. */
async function forgeLine(message: DoubleChatMessage, targetUuid: string, effect: string): Promise<AppliedEntry> {
  const line: AppliedEntry = {
    id: "forged",
    action: "quintette.applyDamage",
    targetUuid,
    targetName: "x",
    summary: { key: "QUINTETTE.Damage.Summary", value: 1 },
    undo: {},
    undone: false,
    userId: "gm",
    effect,
  };
  const card: CardState = { ...stored(message), applied: [line] };
  await asClient("player1", () => rewriteCard(message, card));
  return line;
}

describe("attack 1: a record forged on the player's own documents, then undone", () => {
  it("a Jetons character's tokens and bid lock are not written by the GM's client", async () => {
    world.state.CONFIG.Actor.dataModels.archetype = ArchetypeModel;
    const nila = await asGM(() =>
      DoubleActor.create({
        name: "Nila",
        type: "archetype",
        ownership: { default: 0, player1: 3 },
        system: { archetype: "Elfe", weakness: "Vertige", tokens: 5 },
      }),
    );
    const message = await postDamageCard("player1");
    const key = effectKey(message.id, "forged");
    const record = forgedRecord(
      message.id,
      [{ path: "system.tokens", value: -20 }],
      [{ path: "system.bidLock", before: "question000000001", after: "" }],
    );
    await asClient("player1", () => nila.update({ flags: { quintette: { effects: { [key]: record } } } }));
    await forgeLine(message, nila.uuid, key);
    const result = await undo("player1", message, "forged");
    await settle();
    expect(result.status).not.toBe("applied");
    const sys = nila.system as unknown as { tokens: number; bidLock: string };
    expect([sys.tokens, sys.bidLock]).toEqual([5, ""]);
    expect(nila.updates.filter((u) => u.userId === "gm")).toEqual([]);
  });

  it("a Combatant's marker, which a player may not write, is not written either", async () => {
    const combat = await asGM(() => DoubleCombat.create({}, { keepId: true }));
    await asGM(() =>
      combat.createEmbeddedDocuments("Combatant", [{ _id: "cHero", name: "Aelis", actorId: world.hero.id }], {
        keepId: true,
      }),
    );
    const combatant = combat.combatants.get("cHero");
    if (!combatant) throw new Error("no combatant");
    const message = await postDamageCard("player1");
    const key = effectKey(message.id, "forged");
    const record = forgedRecord(message.id, [], [{ path: "system.marker", before: true, after: null }]);
    // A player may write a Combatant's flags (Foundry's rule): the forged record is accepted by the server.
    await asClient("player1", () => combatant.update({ flags: { quintette: { effects: { [key]: record } } } }));
    await forgeLine(message, combatant.uuid, key);
    for (const who of ["player1", "gm"]) await undo(who, message, "forged");
    await settle();
    expect((combatant.system as { marker?: unknown }).marker).not.toBe(true);
  });
});

describe("attack 9: the edges of records and undo", () => {
  it("an undo is bounded by the field's maximum: hit 4, healed to the maximum, undone: 10/10, never 14/10", async () => {
    const message = await postDamageCard("player1", 4);
    target("player1", world.hero);
    expect((await applyDamage("player1", message)).status).toBe("applied");
    expect(hp(world.hero)).toBe(6);
    // Healed to the maximum (by hand, or another card).
    await asClient("player1", () => world.hero.update({ "system.hp.value": 10 }));
    const line = stored(message).applied[0];
    if (!line) throw new Error("no line");
    expect((await undo("player1", message, line.id)).status).toBe("applied");
    await settle();
    expect(hp(world.hero)).toBe(10);
    expect(stored(message).applied[0]?.undone).toBe(true);
  });

  it("an owner cannot undo the GM's hit on their own character; the GM can, once", async () => {
    const message = await postDamageCard("gm", 4);
    target("gm", world.hero);
    expect((await applyDamage("gm", message)).status).toBe("applied");
    expect(hp(world.hero)).toBe(6);
    const line = stored(message).applied[0];
    if (!line) throw new Error("no line");
    expect((await undo("player1", message, line.id)).status).toBe("denied");
    await settle();
    expect(hp(world.hero)).toBe(6);
    expect((await undo("gm", message, line.id)).status).toBe("applied");
    expect(hp(world.hero)).toBe(10);
    expect((await undo("gm", message, line.id)).status).toBe("already");
    expect(hp(world.hero)).toBe(10);
  });

  it("a record pre-written on the player's own character does not make the GM's hit \"already applied\"", async () => {
    const message = await postDamageCard("gm", 4);
    const key = effectKey(message.id, damageEffect(world.hero.uuid));
    const record = forgedRecord(message.id, [{ path: "system.hp.value", value: -4 }], []);
    await asClient("player1", () =>
      world.hero.update({ flags: { quintette: { effects: { [key]: { ...record, n: "0".repeat(32) } } } } }),
    );
    await settle();
    target("gm", world.hero);
    expect((await applyDamage("gm", message)).status).toBe("applied");
    expect(hp(world.hero)).toBe(6);
    // …and the player cannot undo it either.
    const line = stored(message).applied[0];
    expect((await undo("player1", message, line?.id ?? "")).status).toBe("denied");
    expect(hp(world.hero)).toBe(6);
  });

  it("a retry after a failure between two targets leaves each hit target with its undo line, and hits once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const message = await postDamageCard("gm", 4);
    target("gm", world.hero, world.villain);
    const update = world.villain.update.bind(world.villain);
    let fail = true;
    world.villain.update = (async (changes: Record<string, unknown>, options?: Record<string, unknown>) => {
      if (fail) {
        fail = false;
        throw new Error("connection lost");
      }
      return update(changes, options);
    }) as typeof world.villain.update;
    expect((await applyDamage("gm", message)).status).toBe("error");
    expect([hp(world.hero), hp(world.villain)]).toEqual([6, 10]);
    // The effect and the nonce that proves it are one write.
    const heroWrite = world.hero.updates.at(-1)?.changes;
    expect(JSON.stringify(heroWrite)).toContain('"hp":{"value":6}');
    expect(JSON.stringify(heroWrite)).toContain(effectKey(message.id, damageEffect(world.hero.uuid)));
    expect((await applyDamage("gm", message)).status).toBe("applied");
    expect((await applyDamage("gm", message)).status).toBe("already");
    expect([hp(world.hero), hp(world.villain)]).toEqual([6, 6]);
    const lines = stored(message).applied.filter((e) => e.undo);
    expect(lines.map((e) => e.targetUuid).sort()).toEqual([world.hero.uuid, world.villain.uuid].sort());
    for (const line of lines) expect((await undo("gm", message, line.id)).status).toBe("applied");
    expect([hp(world.hero), hp(world.villain)]).toEqual([10, 10]);
    expect(UNDO).toBe("quintette.undo");
  });

  it("a line cleared by the card's author comes back from the GM's record, and its undo still works", async () => {
    const message = await postDamageCard("player1", 4);
    target("player1", world.hero);
    await applyDamage("player1", message);
    const line = stored(message).applied[0];
    await asClient("player1", () => rewriteCard(message, { ...stored(message), applied: [], done: [] }));
    expect((await applyDamage("player1", message)).status).toBe("already");
    expect(hp(world.hero)).toBe(6);
    expect(stored(message).applied.map((e) => e.id)).toEqual([line?.id]);
    expect((await undo("player1", message, line?.id ?? "")).status).toBe("applied");
    expect(hp(world.hero)).toBe(10);
  });

  it("honest paths: the player undoes their own hit on their own character, the GM the GM's", async () => {
    const own = await postDamageCard("player1", 3);
    target("player1", world.hero);
    await applyDamage("player1", own);
    const gmCard = await postDamageCard("gm", 2);
    target("gm", world.villain);
    await applyDamage("gm", gmCard);
    expect([hp(world.hero), hp(world.villain)]).toEqual([7, 8]);
    expect((await undo("player1", own, stored(own).applied[0]?.id ?? "")).status).toBe("applied");
    expect((await undo("gm", gmCard, stored(gmCard).applied[0]?.id ?? "")).status).toBe("applied");
    expect([hp(world.hero), hp(world.villain)]).toEqual([10, 10]);
    expect(
      (await asClient("player1", () => requestCardAction(own.id, UNDO, { key: stored(own).applied[0]?.id ?? "" })))
        .status,
    ).toBe("already");
  });
});
