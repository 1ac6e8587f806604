/**
 * A world that already exists (issue 32): every client loads it as Foundry boots (test/double/boot.ts), so its
 * documents and chat log are built right after `setup`, before anything a listener left running. Cards waiting in the
 * log must read enhanced, their bodies' partials loaded, their buttons live; a request a player sent while the GM's
 * page reloaded is served at the GM's `ready` with the rule set's handlers; a world that switched game shows the old
 * game's cards read only, as their own card type.
 */
import { describe, expect, it } from "vitest";
import { asClient, setGMsConnected, settle } from "../../double/shared-core.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { cardOf } from "../../cards.ts";
import { chooseDice } from "../../scenes/dice.ts";
import {
  answering,
  buttonsByUser,
  clickCard,
  clickSheet,
  createCast,
  lastMessage,
  messages,
  openSheet,
  openTable,
  reloadTable,
  seeCard,
} from "../../scenes/table.ts";

const PICK = "trinites.pick";

/** A Trinités world where Ysolde's player rolled Mêlée: its card waits in the log for a pick. Returns its id. */
async function trinitesWorldWithCard(): Promise<string> {
  await openTable("trinites");
  const cast = await createCast({ characters: { type: "trinite", names: ["Ysolde", "Aymeric"] } });
  const sheet = await openSheet("player1", cast.characters[0]);
  chooseDice(12, 4, 3);
  await clickSheet(sheet, "roll", { roll: "skill:melee" });
  const card = lastMessage();
  expect(card.type).toBe("trinites-test");
  return card.id;
}

const byId = (id: string) => messages().find((m) => m.id === id)!;

describe("a world loaded again with a card waiting in the log", { timeout: 60_000 }, () => {
  it("Trinités: every client's log shows the card enhanced, its body rendered and the roller's picks live", async () => {
    const id = await trinitesWorldWithCard();
    await reloadTable("trinites");
    const card = byId(id);
    expect(card.type).toBe("trinites-test");
    for (const user of ["gm", "player1", "player2"] as const) {
      const seen = await seeCard(user, card);
      expect(seen.html, user).toContain("quintette-card");
      expect(seen.html, user).toContain("card-body");
    }
    expect(await buttonsByUser(card)).toEqual({ gm: [PICK, PICK], player1: [PICK, PICK], player2: [] });
    await clickCard("player1", card, PICK, { spirit: "deva" });
    expect(cardOf(card).done).toEqual([PICK]);
  });

  it("Trinités: a pick sent while the GM's page reloaded is applied by the GM's client at ready", async () => {
    const id = await trinitesWorldWithCard();
    // The GM's page goes away as the player's request is on its way: it reaches no GM and waits on the player's User.
    void answering({}, () => asClient("player1", () => requestCardAction(id, PICK, { spirit: "deva" })));
    setGMsConnected(false);
    await settle();
    expect(cardOf(byId(id)).done).toEqual([]);
    // The GM's page loads the world again (every page here); at ready it serves what waits.
    await reloadTable("trinites");
    await settle();
    expect(cardOf(byId(id)).done).toEqual([PICK]);
  });

  it("a world switched from Trinités to Ahill-Mach: the old card keeps its type and reads read only", async () => {
    const id = await trinitesWorldWithCard();
    await reloadTable("ahillmach");
    const card = byId(id);
    expect(card.type).toBe("trinites-test");
    for (const user of ["gm", "player1"] as const) {
      const seen = await seeCard(user, card);
      expect(seen.html, user).toContain("card-inactive");
      expect(seen.html, user).not.toContain("data-action");
    }
  });
});
