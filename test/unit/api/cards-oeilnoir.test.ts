/**
 * A macro acting on L'Œil Noir's duel card without any sheet (issue 24): at a whole table (test/scenes/table.ts),
 * Alrik's player attacks the orc through `quintette.roll` and rolls the damage through `quintette.cards.act`, the GM
 * answers the orc's side the same way; then the orc attacks Alrik and his player dodges through the API. The GM's
 * relay writes each step, every client reads the rules core's outcome; another player, and forged args (a GM's
 * adjustment sent by a player), are refused with nothing written.
 */
import { describe, expect, it } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import { asClient, settle, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { cardOf } from "../../cards.ts";
import { chooseDice, facesLeft } from "../../scenes/dice.ts";
import { answering, createFromSidebar, dropOnScene, lastMessage, openTable, USERS } from "../../scenes/table.ts";
import type { QuintetteApi } from "../../../src/foundry/api/index.ts";
import type { CardActionArgs } from "../../../src/foundry/chat/actions.ts";
import { check } from "../../../src/rules/oeilnoir/index.ts";

const api = (): QuintetteApi => (game.system as unknown as { api: QuintetteApi }).api;
type Duel = { stage: string; parry: { d20: number; value: number; success: boolean } | null };
const duelOf = (m: DoubleChatMessage) => (cardOf(m).data as { duel: Duel }).duel;
const stored = (m: DoubleChatMessage) => JSON.stringify(m.toObject());
/** The actor behind `uuid` as each user's client reads it (its stored data). */
const onEveryClient = (uuid: string) =>
  Object.fromEntries(
    USERS.map((u) => [
      u,
      asClient(u, () =>
        (fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown as DoubleActor | null)?.toObject(),
      ),
    ]),
  );
/** `user` runs a card action through the API, answering the dialog it opens (a defence) with its defaults. */
const act = async (user: string, message: DoubleChatMessage, action: string, args: CardActionArgs = {}) => {
  const result = await answering({}, () => asClient(user, () => api().cards.act(message.id, action, args)));
  await settle();
  return result.status;
};

describe("quintette.cards.act on L'Œil Noir's duel card", { timeout: 60_000 }, () => {
  it("the attacker's damage and the defender's dodge through the API; other players and forged args are refused", async () => {
    const table = await openTable("oeilnoir");
    const alrik = await createFromSidebar("player1", { name: "Alrik", type: "heros" });
    const orc = await createFromSidebar("gm", { name: "Orc", type: "adversaire" });
    const alrikToken = await dropOnScene(table, alrik);
    const orcToken = await dropOnScene(table, orc);
    const orcActor = orcToken.actor!;

    // Alrik's player attacks bare-handed (d20 5); the orc's defence is the GM's alone.
    targetsOf("player1").add(orcToken);
    chooseDice(5);
    const rolled = await asClient("player1", () =>
      api().roll(alrik as unknown as Actor.Implementation, "attack:sansArme", { skipDialog: true }),
    );
    await settle();
    targetsOf("player1").clear();
    const duel = lastMessage();
    expect(rolled?.message?.id).toBe(duel.id);
    expect(cardOf(duel).rollerId).toBe("player1");
    expect(duelOf(duel)).toMatchObject({ stage: "awaitParry", attack: { d20: 5, success: true } });
    let before = stored(duel);
    for (const user of ["player1", "player2"]) expect(await act(user, duel, "oeilnoir.noParry")).toBe("denied");
    expect(stored(duel)).toBe(before);
    expect(await act("gm", duel, "oeilnoir.noParry")).toBe("applied");
    expect(duelOf(duel)).toMatchObject({ stage: "hit" });

    // The damage is the attacker's: another player is refused; Alrik's player rolls it (1d6: 4).
    before = stored(duel);
    expect(await act("player2", duel, "oeilnoir.damage")).toBe("denied");
    expect(stored(duel)).toBe(before);
    chooseDice(4);
    expect(await act("player1", duel, "oeilnoir.damage")).toBe("applied");
    expect(duelOf(duel)).toMatchObject({ stage: "damaged", damage: { faces: [4], pi: 4 } });

    // Applying it to the orc is the GM's: the attacker is refused; the GM's client writes the token's orc.
    const orcBefore = onEveryClient(orcActor.uuid);
    expect(await act("player1", duel, "oeilnoir.applyHit")).toBe("denied");
    expect(onEveryClient(orcActor.uuid)).toEqual(orcBefore);
    expect(await act("gm", duel, "oeilnoir.applyHit")).toBe("applied");
    // Bare hands: PI 4 − PR 1 on the Endurance (3), a quarter of it on the EV.
    expect(duelOf(duel)).toMatchObject({ stage: "applied", hit: { endurance: 3, damage: 1, evAfter: 24 } });
    for (const [user, orcData] of Object.entries(onEveryClient(orcActor.uuid)))
      expect(orcData, user).toMatchObject({ system: { ev: { value: 24 }, endurance: { value: 22 } } });
    expect(orc.toObject()).toMatchObject({ system: { ev: { value: 25 } } });

    // The GM's orc attacks Alrik through the API (d20 3): his dodge is his player's (and the GM's).
    targetsOf("gm").add(alrikToken);
    chooseDice(3);
    await asClient("gm", () => api().roll(orcActor as unknown as Actor.Implementation, "attack", { skipDialog: true }));
    await settle();
    targetsOf("gm").clear();
    const blow = lastMessage();
    expect(duelOf(blow)).toMatchObject({ stage: "awaitParry", attack: { d20: 3, success: true } });
    before = stored(blow);
    const alrikBefore = onEveryClient(alrik.uuid);
    expect(await act("player2", blow, "oeilnoir.dodge")).toBe("denied");
    // A GM's adjustment sent by the defender's player: refused.
    expect(await act("player1", blow, "oeilnoir.dodge", { adjust: -5 })).toBe("invalid");
    expect(stored(blow)).toBe(before);
    expect(onEveryClient(alrik.uuid)).toEqual(alrikBefore);
    chooseDice(2);
    expect(await act("player1", blow, "oeilnoir.dodge")).toBe("applied");
    const dodge = duelOf(blow).parry!;
    expect(dodge).toMatchObject({ d20: 2, dodge: true, success: check({ d20: 2, value: dodge.value }).success });
    expect(duelOf(blow).stage).toBe(dodge.success ? "parried" : "hit");
    expect(onEveryClient(alrik.uuid)).toEqual(alrikBefore);
    expect(facesLeft()).toBe(0);
  });
});
