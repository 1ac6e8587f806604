/**
 * Attacks by rewriting card state: a card lives in flags of a message its roller authored, so the roller can
 * rewrite it from the console. The GM's client must never execute what the card says as it stands: an undo reads
 * the effect record on the target; "applied once" is recorded on the target, not on the card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asClient, type DoubleChatMessage } from "../double/shared-core.ts";
import { UNDO } from "../../src/foundry/damage/index.ts";
import type { AppliedEntry, CardState } from "../../src/foundry/chat/types.ts";
import { applyDamage, hp, makeWorld, postDamageCard, stored, target, undo, type World } from "./world.ts";
import { rewriteCard } from "../cards.ts";

let world: World;
beforeEach(async () => {
  world = await makeWorld();
});

/** The roller rewrites their own card (Foundry lets the author update their message). */
async function rewrite(message: DoubleChatMessage, change: (card: CardState) => CardState): Promise<void> {
  const card = change(stored(message));
  await asClient("player1", () => rewriteCard(message, card));
}

function forgedEntry(targetUuid: string, undoObject: AppliedEntry["undo"], effect?: string | null): AppliedEntry {
  return {
    id: "forged",
    action: "quintette.applyDamage",
    targetUuid,
    targetName: "Morn",
    summary: { key: "QUINTETTE.Damage.Summary", name: "Morn", value: 4 },
    undo: undoObject,
    undone: false,
    userId: "player1",
    effect: effect ?? null,
  };
}

describe("rewritten card state", () => {
  it("a forged undo entry aimed at the player's own User cannot change its role", async () => {
    const message = await postDamageCard();
    await rewrite(message, (card) => ({ ...card, applied: [forgedEntry("User.player1", { role: 4 })] }));
    await undo("player1", message, "forged");
    const user = world.state.game.users.get("player1");
    expect(user?.role).toBe(1);
    expect(user?.isGM).toBe(false);
  });

  it("a forged undo entry aimed at another actor does nothing, even when the GM clicks it", async () => {
    const message = await postDamageCard();
    await rewrite(message, (card) => ({
      ...card,
      applied: [forgedEntry(world.villain.uuid, { "system.hp.value": 0, name: "Pwned" })],
    }));
    await undo("gm", message, "forged");
    expect(hp(world.villain)).toBe(10);
    expect(world.villain.name).toBe("Morn");
  });

  it("an entry pointing at another card's effect record cannot undo it", async () => {
    // The GM hits the villain from the GM's own card: a real record on the villain.
    const gmCard = await postDamageCard("gm");
    target("gm", world.villain);
    await applyDamage("gm", gmCard);
    expect(hp(world.villain)).toBe(6);
    const real = stored(gmCard).applied[0];
    // The player copies that entry (with its record key) into their own card, then asks the GM to undo it.
    const message = await postDamageCard();
    await rewrite(message, (card) => ({
      ...card,
      applied: [forgedEntry(world.villain.uuid, { "system.hp.value": 10 }, real?.effect)],
    }));
    await undo("gm", message, "forged");
    expect(hp(world.villain)).toBe(6);
  });

  it("clearing done and applied does not let an effect apply again (replay)", async () => {
    const message = await postDamageCard();
    target("gm", world.villain);
    expect((await applyDamage("gm", message)).status).toBe("applied");
    expect(hp(world.villain)).toBe(6);
    await rewrite(message, (card) => ({ ...card, applied: [], done: [], revision: 0 }));
    await applyDamage("gm", message);
    expect(hp(world.villain)).toBe(6);
    // A forged entry cannot undo either: the record on the villain belongs to this card but the undo is real only
    // once, and only for its owner or a GM.
    expect((await undo("player1", message, `${world.villain.uuid}#0`)).status).not.toBe("applied");
    expect(hp(world.villain)).toBe(6);
  });

  it("the honest undo still works for the target's owner, once", async () => {
    const message = await postDamageCard();
    target("player1", world.hero);
    await applyDamage("player1", message);
    expect(hp(world.hero)).toBe(6);
    const entry = stored(message).applied[0];
    if (!entry) throw new Error("no entry");
    expect(entry.action).toBe("quintette.applyDamage");
    expect((await undo("player1", message, entry.id)).status).toBe("applied");
    expect(hp(world.hero)).toBe(10);
    expect((await undo("player1", message, entry.id)).status).toBe("already");
    expect(hp(world.hero)).toBe(10);
    expect(UNDO).toBe("quintette.undo");
  });
});
