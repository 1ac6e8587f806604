/**
 * The card's `done` list read as state (chat/actions.ts): it is a display copy the executing client writes after
 * the effects, and the card's author may rewrite it. An author who writes there in advance the token of an action
 * someone else takes on their card (the opponent's free attack after their fumble, the GM's roll of their fumble
 * check) must not make that action answer "already". Played from the author's client of the double.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DoubleActor } from "../double/index.ts";
import type { DoubleChatMessage } from "../double/shared-core.ts";
import { asClient } from "../double/shared-core.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { performAttack } from "../../src/foundry/oeilnoir/launch.ts";
import { recordOf } from "../../src/foundry/oeilnoir/duel-store.ts";
import { rewriteCard } from "../cards.ts";
import { SWORD, dice, duel, setupWorld, stored, teardownWorld } from "../worlds/oeilnoir.ts";

let alrik: DoubleActor;
let orc: DoubleActor;

beforeEach(async () => {
  ({ alrik, orc } = await setupWorld({ alrik: { items: [SWORD] } }));
});

afterEach(teardownWorld);

/** The author marks tokens done on their own card from the console (Foundry lets the author update it). */
async function markDone(m: DoubleChatMessage, ...tokens: string[]): Promise<void> {
  const card = structuredClone(stored(m));
  await asClient("player1", () => rewriteCard(m, { ...card, done: [...card.done, ...tokens] }));
}

describe("attack: the author marks someone else's action done before it is taken", () => {
  it("the fumbler's player cannot spare Alrik the orc's free attack", async () => {
    // Alrik fumbles (a 20, then a 2 on the fumble table): the orc gets a free attack.
    dice([20], [2]);
    const m = (await asClient("player1", () =>
      performAttack(alrik as never, { weaponId: "epee", target: orc as never }),
    )) as unknown as DoubleChatMessage;
    expect(duel(m)?.fumble?.freeAttack).toBeTruthy();
    const count = game.messages?.size ?? 0;
    await markDone(m, "oeilnoir.freeAttack");
    dice([8]);
    const result = await asClient("gm", () => requestCardAction(m.id, "oeilnoir.freeAttack"));
    expect(result.status).toBe("applied");
    expect(game.messages?.size ?? 0).toBe(count + 1);
    expect(duel(m)?.fumble?.freeAttack?.messageId).toBeTruthy();
    expect(recordOf(m.id)).toBe("done");
  });

  it("the GM's double click on the free attack still posts one card (the GM's own record stops the second)", async () => {
    dice([20], [2]);
    const m = (await asClient("player1", () =>
      performAttack(alrik as never, { weaponId: "epee", target: orc as never }),
    )) as unknown as DoubleChatMessage;
    const count = game.messages?.size ?? 0;
    dice([8], [8]);
    const [a, b] = await Promise.all([
      asClient("gm", () => requestCardAction(m.id, "oeilnoir.freeAttack")),
      asClient("gm", () => requestCardAction(m.id, "oeilnoir.freeAttack")),
    ]);
    expect([a.status, b.status].sort()).toEqual(["already", "applied"]);
    expect(game.messages?.size ?? 0).toBe(count + 1);
  });
});
