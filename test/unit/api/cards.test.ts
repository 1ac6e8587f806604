/**
 * `quintette.cards` at a whole table (test/scenes/table.ts): in each rule set's world `cards.actions()` lists that
 * rule set's card actions and no other's; in a Trinités world a card rolled through `quintette.roll` is picked through
 * `quintette.cards.act` as its button would: refused to another player, applied for the roller through the GM.
 */
import { describe, expect, it } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import type { DoubleChatMessage } from "../../double/shared-core.ts";
import { asClient, settle } from "../../double/shared-core.ts";
import { cardOf } from "../../cards.ts";
import { chooseDice, facesLeft } from "../../scenes/dice.ts";
import { createFromSidebar, openTable } from "../../scenes/table.ts";
import { RULESET_IDS } from "../../../src/foundry/ruleset.ts";
import type { QuintetteApi } from "../../../src/foundry/api/index.ts";

const api = (): QuintetteApi => (game.system as unknown as { api: QuintetteApi }).api;

/** One card action each rule set's cards answer. */
const OWN_ACTION = {
  trinites: "trinites.pick",
  ahillmach: "ahillmach.pick",
  oeilnoir: "oeilnoir.parry",
  jetons: "jetons.question",
  systemj: "systemj.defend",
};

describe("quintette.cards", { timeout: 60_000 }, () => {
  it.each(RULESET_IDS)("lists the card actions of a %s world, none of another rule set's", async (ruleset) => {
    await openTable(ruleset);
    const actions = api().cards.actions();
    expect(actions).toContain(OWN_ACTION[ruleset]);
    // The shared steps every world's cards answer are listed too.
    expect(actions).toEqual(expect.arrayContaining(["quintette.undo", "quintette.applyDamage"]));
    for (const other of RULESET_IDS.filter((id) => id !== ruleset))
      expect(
        actions.filter((a) => a.startsWith(`${other}.`)),
        other,
      ).toEqual([]);
  });

  it("acts on a card as its button does: the roller's pick applied through the GM, another player's refused", async () => {
    const table = await openTable("trinites");
    const ysolde: DoubleActor = await createFromSidebar("player1", { name: "Ysolde", type: "trinite" });
    // The Deva die explodes (12, then 4); the Archonte shows 3.
    chooseDice(12, 4, 3);
    const rolled = await asClient("player1", () =>
      api().roll(ysolde as unknown as Actor.Implementation, "skill:rapidite", { skipDialog: true }),
    );
    await settle();
    const card = (table.state.game.messages.contents as unknown as DoubleChatMessage[]).at(-1)!;
    // The roll resolves with the card it posted: what a macro takes the next step on.
    expect(rolled?.message?.id).toBe(card.id);
    expect(cardOf(card)).toMatchObject({ rollerId: "player1", done: [] });
    const act = (user: string, spirit: string) =>
      asClient(user, () => api().cards.act(card.id, "trinites.pick", { spirit }));
    expect((await act("player2", "archonte")).status).toBe("denied");
    await settle();
    expect(cardOf(card).done).toEqual([]);
    expect((await act("player1", "deva")).status).toBe("applied");
    await settle();
    expect(cardOf(card)).toMatchObject({ done: ["trinites.pick"], dice: [{ kept: true }, { kept: false }] });
    expect(facesLeft()).toBe(0);
  });
});
