/**
 * A macro acting on an Ahill-Mach card without any sheet (issue 24): at a whole table (test/scenes/table.ts), Kael's
 * player uses his move through `quintette.useItem`, then takes the card's steps through `quintette.cards.act` as its
 * buttons do (an option picked, the damage rolled, applied to the targeted opponent): the GM's relay writes each,
 * every client reads the rules core's outcome; another player, and forged args, are refused with nothing written.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import { asClient, settle, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { controlledTokens } from "../../double/clients.ts";
import { cardOf } from "../../cards.ts";
import { chooseDice, facesLeft } from "../../scenes/dice.ts";
import { createFromSidebar, dropOnScene, lastMessage, openTable, USERS } from "../../scenes/table.ts";
import type { QuintetteApi } from "../../../src/foundry/api/index.ts";
import { resolveMove } from "../../../src/rules/ahillmach/index.ts";

const api = (): QuintetteApi => (game.system as unknown as { api: QuintetteApi }).api;
type Hp = { hp: { value: number; max: number } };
/** The HP of the actor behind `uuid` as each user's client reads it. */
const hpOnEveryClient = (uuid: string) =>
  Object.fromEntries(
    USERS.map((u) => [
      u,
      asClient(
        u,
        () =>
          (
            (fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown as DoubleActor | null)
              ?.system as unknown as Hp
          ).hp.value,
      ),
    ]),
  );
const stored = (m: DoubleChatMessage) => JSON.stringify(m.toObject());

/** Kael (player1's) and the GM's Brute on the scene. */
async function kaelAndBrute() {
  const table = await openTable("ahillmach");
  const kael = await createFromSidebar("player1", { name: "Kael", type: "personnage" });
  const brute = await createFromSidebar("gm", { name: "Brute", type: "opposant" });
  const kaelToken = await dropOnScene(table, kael);
  const bruteToken = await dropOnScene(table, brute);
  return { kael, brute, kaelToken, bruteToken, target: bruteToken.actor! };
}

/** The Ahill-Mach macro of docs/api.md's "Card actions per rule set". */
function documentedMacro(): string {
  const doc = readFileSync(new URL("../../../docs/api.md", import.meta.url), "utf8");
  const found = doc.split("An Ahill-Mach macro:")[1]?.match(/```js\n([\s\S]*?)```/)?.[1];
  if (!found) throw new Error("docs/api.md has no Ahill-Mach card macro");
  return found;
}

describe("quintette.cards.act on an Ahill-Mach move card", { timeout: 60_000 }, () => {
  it("the documented macro rolls the selected character's move and applies its damage to the target", async () => {
    const { kaelToken, bruteToken, target } = await kaelAndBrute();
    const full = (target.system as unknown as Hp).hp.max;
    controlledTokens().length = 0;
    controlledTokens().push(kaelToken);
    targetsOf("player1").add(bruteToken);
    // The move's dice (9, 8: a total success), then its damage die (3).
    chooseDice(9, 8, 3);
    try {
      await asClient(
        "player1",
        () => new Function(`return (async () => {\n${documentedMacro()}\n})();`)() as Promise<void>,
      );
      await settle();
    } finally {
      controlledTokens().length = 0;
    }
    expect(cardOf(lastMessage())).toMatchObject({ kind: "damage", rollerId: "player1", damage: { amount: 3 } });
    expect(hpOnEveryClient(target.uuid)).toEqual({ gm: full - 3, player1: full - 3, player2: full - 3 });
    expect(facesLeft()).toBe(0);
  });

  it("the roller picks, rolls the damage and applies it through the API; another player and forged args are refused", async () => {
    const { kael, brute, bruteToken, target } = await kaelAndBrute();
    const move = kael.items.find((i) => i.name === "Tailler en pièces")!;
    targetsOf("player1").add(bruteToken);
    chooseDice(9, 8);
    const used = await asClient("player1", () =>
      api().useItem(move as unknown as Item.Implementation, { skipDialog: true }),
    );
    await settle();
    const card = lastMessage();
    expect(used?.message?.id).toBe(card.id);
    const outcome = resolveMove({ dice: [9, 8], bonus: (cardOf(card).data as { bonus: number }).bonus });
    expect(cardOf(card)).toMatchObject({
      rollerId: "player1",
      data: { kept: [9, 8], total: outcome.total, band: outcome.band, targets: [{ uuid: target.uuid }] },
    });

    // Another player, and the roller with an option the card does not offer: refused, nothing written.
    const before = stored(card);
    const act = (user: string, action: string, args = {}) =>
      asClient(user, () => api().cards.act(card.id, action, args)).then(async (r) => (await settle(), r.status));
    expect(await act("player2", "ahillmach.pick", { key: "plus1d6" })).toBe("denied");
    expect(await act("player2", "ahillmach.rollDamage")).toBe("denied");
    expect(await act("player1", "ahillmach.pick", { key: "noSuchOption" })).toBe("invalid");
    expect(stored(card)).toBe(before);

    expect(await act("player1", "ahillmach.pick", { key: "plus1d6" })).toBe("applied");
    expect(cardOf(card).data).toMatchObject({ chosenCount: 1 });
    chooseDice(1, 2);
    const rolled = await asClient("player1", () => api().cards.act(card.id, "ahillmach.rollDamage"));
    await settle();
    expect(rolled.status).toBe("applied");
    const damage = lastMessage();
    // The answer names the card the GM's client posted: what a macro takes the next step on.
    expect(rolled.id).toBe(damage.id);
    expect(damage.author?.id).toBe("gm");
    expect(cardOf(damage)).toMatchObject({ kind: "damage", rollerId: "player1", damage: { amount: 3 } });

    const hpBefore = hpOnEveryClient(target.uuid);
    const damageBefore = stored(damage);
    expect(await asClient("player2", () => api().cards.act(damage.id, "ahillmach.applyToTargets"))).toMatchObject({
      status: "denied",
    });
    await settle();
    expect(stored(damage)).toBe(damageBefore);
    expect(hpOnEveryClient(target.uuid)).toEqual(hpBefore);

    expect((await asClient("player1", () => api().cards.act(damage.id, "ahillmach.applyToTargets"))).status).toBe(
      "applied",
    );
    await settle();
    // The opponent's token takes the 3 points on every client; the Brute of the sidebar does not.
    const full = (target.system as unknown as Hp).hp.max;
    expect(hpOnEveryClient(target.uuid)).toEqual({ gm: full - 3, player1: full - 3, player2: full - 3 });
    expect((brute.system as unknown as Hp).hp.value).toBe(full);
    expect(cardOf(damage).applied).toEqual([
      expect.objectContaining({ targetUuid: target.uuid, userId: "player1", undone: false }),
    ]);
    expect(facesLeft()).toBe(0);
  });
});
