/**
 * A macro acting on a SYSTEMJ fight card without any sheet (issue 24): at a whole table (test/scenes/table.ts), Aude's
 * player attacks the bear through `quintette.roll`, the GM answers its defence through `quintette.cards.act`, and
 * Aude's player rolls and applies the damage the same way, as the card's buttons do. The GM's relay writes each step,
 * every client reads the rules core's outcome; another player, and a player answering the bear's defence, are
 * refused with nothing written.
 */
import { describe, expect, it } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import { asClient, settle, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { cardOf } from "../../cards.ts";
import { chooseDice, facesLeft } from "../../scenes/dice.ts";
import { answering, createFromSidebar, dropOnScene, lastMessage, openTable, USERS } from "../../scenes/table.ts";
import type { QuintetteApi } from "../../../src/foundry/api/index.ts";
import type { CardActionArgs } from "../../../src/foundry/chat/actions.ts";
import { resolveTest } from "../../../src/rules/systemj/index.ts";

const api = (): QuintetteApi => (game.system as unknown as { api: QuintetteApi }).api;
type Test = { roll: number; score: number; modifier: number | string; success: boolean; outcome: string; role: string };
type Exchange = { phase: string; hitTarget?: string; damage?: number; tests: Test[] };
const exchangeOf = (m: DoubleChatMessage) => (cardOf(m).data as { exchange: Exchange }).exchange;
const stored = (m: DoubleChatMessage) => JSON.stringify(m.toObject());
/** The hit points of the actor behind `uuid` as each user's client reads them. */
const hpOnEveryClient = (uuid: string) =>
  Object.fromEntries(
    USERS.map((u) => [
      u,
      asClient(
        u,
        () =>
          (
            (fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown as DoubleActor | null)
              ?.system as unknown as { hitPoints: { value: number } }
          ).hitPoints.value,
      ),
    ]),
  );
/** `user` runs a card action through the API, answering the dialog it opens (a defence test) with its defaults. */
const act = async (user: string, message: DoubleChatMessage, action: string, args: CardActionArgs = {}) => {
  const result = await answering({}, () => asClient(user, () => api().cards.act(message.id, action, args)));
  await settle();
  return result.status;
};

describe("quintette.cards.act on a SYSTEMJ fight card", { timeout: 60_000 }, () => {
  it("the defence answered by the GM, the damage rolled and applied by the attacker through the API; others refused", async () => {
    const table = await openTable("systemj");
    const aude = await createFromSidebar("player1", { name: "Aude", type: "sj-personnage" });
    const ours = await createFromSidebar("gm", { name: "Ours", type: "creature" });
    await dropOnScene(table, aude);
    const oursToken = await dropOnScene(table, ours);
    const bear = oursToken.actor!;

    // Aude's player attacks the bear bare-handed (force melee, D100 30), no sheet open.
    targetsOf("player1").add(oursToken);
    chooseDice(30);
    const rolled = await asClient("player1", () =>
      api().roll(aude as unknown as Actor.Implementation, "attack.meleeForce", { skipDialog: true }),
    );
    await settle();
    targetsOf("player1").clear();
    const fight = lastMessage();
    expect(rolled?.message?.id).toBe(fight.id);
    expect(fight.author?.id).toBe("player1");
    const attack = exchangeOf(fight).tests[0]!;
    expect(attack).toMatchObject({ roll: 30, role: "attack" });
    expect(attack.success).toBe(resolveTest({ roll: 30, score: attack.score, modifier: 0 }).success);
    expect(exchangeOf(fight)).toMatchObject({ phase: "defence" });

    // The bear's defence is the GM's: both players are refused, nothing written.
    let before = stored(fight);
    for (const user of ["player1", "player2"]) {
      expect(await act(user, fight, "systemj.defend", { kind: "dodge" })).toBe("denied");
      expect(await act(user, fight, "systemj.noDefence")).toBe("denied");
    }
    expect(stored(fight)).toBe(before);
    chooseDice(90);
    expect(await act("gm", fight, "systemj.defend", { kind: "dodge" })).toBe("applied");
    const dodge = exchangeOf(fight).tests[1]!;
    expect(dodge).toMatchObject({ roll: 90, role: "dodge", by: "defender" });
    expect(dodge.success).toBe(resolveTest({ roll: 90, score: dodge.score }).success);
    expect(exchangeOf(fight)).toMatchObject({ phase: "hit", hitTarget: "defender" });

    // The damage is the attacker's side's: another player is refused; Aude's player rolls 2.
    before = stored(fight);
    expect(await act("player2", fight, "systemj.damage")).toBe("denied");
    expect(stored(fight)).toBe(before);
    chooseDice(2);
    expect(await act("player1", fight, "systemj.damage")).toBe("applied");
    expect(exchangeOf(fight)).toMatchObject({ phase: "hit", damage: 2 });

    const hpBefore = hpOnEveryClient(bear.uuid);
    before = stored(fight);
    expect(await act("player2", fight, "systemj.applyDamage")).toBe("denied");
    expect(stored(fight)).toBe(before);
    expect(hpOnEveryClient(bear.uuid)).toEqual(hpBefore);
    expect(await act("player1", fight, "systemj.applyDamage")).toBe("applied");
    // The token's bear loses 2 on every client; the bear of the sidebar does not.
    const after = hpBefore.gm! - 2;
    expect(hpOnEveryClient(bear.uuid)).toEqual({ gm: after, player1: after, player2: after });
    expect((ours.system as unknown as { hitPoints: { value: number } }).hitPoints.value).toBe(hpBefore.gm);
    expect(cardOf(fight).applied).toEqual([
      expect.objectContaining({ targetUuid: bear.uuid, userId: "player1", undone: false }),
    ]);
    expect(facesLeft()).toBe(0);
  });
});
