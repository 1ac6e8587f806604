/**
 * Cards of a game the world no longer plays (issue 23): a world that switched from Trinités to Ahill-Mach still shows
 * the Trinités cards of its chat log, read only, with a localized note; the GM's client refuses any action on them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, doubleState, resetFoundryDouble, settle } from "../../double/index.ts";
import { asClient, installClients, messageElement, useRealTemplates } from "../../double/shared-core.ts";
import { initQuintette } from "../../../src/index.ts";
import { clearRulesets, type RulesetId } from "../../../src/foundry/ruleset.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";
import { postCard } from "../../../src/foundry/chat/post.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { readCard } from "../../../src/foundry/chat/flags.ts";
import { buildTestCard } from "../../../src/foundry/trinites/card.ts";
import { BODY } from "../../../src/foundry/trinites/card-data.ts";
import { testSetup } from "../trinites/setup-fixture.ts";

/** A world playing `id`, with the whole system initialized. */
async function world(id: RulesetId): Promise<void> {
  installClients(resetFoundryDouble({ lang: "fr" }));
  useRealTemplates("fr");
  clearRulesets();
  registerCoreSettings();
  await asGM(() => doubleState().game.settings.set("quintette", "ruleset", id));
  initQuintette();
  await settle();
}

/** A Trinités test card with its two "keep" buttons, rolled by player1 and posted by the GM. */
async function trinitesCard() {
  const card = buildTestCard(
    testSetup({ uuid: "Actor.aelis", name: "Aelis", type: "trinite" }, "player1", { score: 6 }),
    { deva: [9], archonte: [4] },
  );
  expect(card.buttons.map((b) => b.action)).toEqual(["trinites.pick", "trinites.pick"]);
  // Posted as the world that played Trinités posted it: with its body template loaded there.
  await foundry.applications.handlebars.loadTemplates([BODY]);
  const message = (await asGM(() => postCard(card))) as unknown as ChatMessage.Implementation & { id: string };
  // Its own card type in every world: Trinités' card models are registered whatever the world plays.
  expect(message.type).toBe("trinites-test");
  return message;
}

async function rendered(message: ChatMessage.Implementation, userId: string): Promise<string> {
  const { html, content } = messageElement();
  expect(await asClient(userId, () => enhanceCard(message, html as never))).toBe(true);
  return content.innerHTML;
}

describe("a card of a game the world no longer plays", () => {
  beforeEach(() => clearRulesets());

  it("renders read only, with a note in the reader's language, for the roller and the GM", async () => {
    await world("ahillmach");
    const message = await trinitesCard();
    for (const user of ["player1", "gm"]) {
      const html = await rendered(message, user);
      expect(html, user).not.toContain("data-action");
      expect(html, user).not.toContain("card-body");
      expect(html, user).toContain("Carte de Trinités, un jeu que ce monde ne joue plus : en lecture seule.");
      // The shared frame stays: its title and dice.
      expect(html, user).toContain("card-title");
      expect(html, user).toContain("card-dice");
    }
  });

  it("is refused on the GM's client, whoever asks and whatever the action", async () => {
    await world("ahillmach");
    const message = await trinitesCard();
    const before = JSON.stringify(readCard(message));
    for (const [user, action] of [
      ["player1", "trinites.pick"],
      ["gm", "trinites.pick"],
      ["gm", "quintette.undo"],
    ] as const) {
      const result = await asClient(user, () => requestCardAction(message.id, action, { spirit: "deva", key: "x" }));
      expect(result, `${user} ${action}`).toEqual({
        status: "invalid",
        reason: "QUINTETTE.Card.InactiveRulesetAction",
      });
    }
    expect(JSON.stringify(readCard(message))).toBe(before);
  });
  // Last: a world that played Trinités keeps its card actions registered for the rest of this file (a real world
  // registers only its own game's).
  it("shows its buttons in the world that plays it", async () => {
    await world("trinites");
    const html = await rendered(await trinitesCard(), "player1");
    expect(html).toContain('data-action="trinites.pick"');
    expect(html).not.toContain("card-inactive");
  });
});
