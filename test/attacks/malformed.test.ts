/**
 * Malformed cards: any player can post a message whose card flags hold anything. A bad card is ignored (and
 * logged), never thrown into a tracker, the chat render hook or any reader on any client.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { asGM, DoubleCombat, asClient, messageElement } from "../double/shared-core.ts";
import { DoubleChatMessage } from "../double/shared-core.ts";
import { createCardState } from "../../src/foundry/chat/index.ts";
import { enhanceCard } from "../../src/foundry/chat/render.ts";
import { readCard } from "../../src/foundry/chat/flags.ts";
import { combatBehaviour } from "../../src/foundry/trinites/combat.ts";
import type { CardState } from "../../src/foundry/chat/types.ts";
import { makeWorld } from "./world.ts";
import { useSystemTemplates } from "../worlds/templates.ts";

beforeEach(async () => {
  await makeWorld();
  useSystemTemplates("en");
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const honest = (): CardState =>
  createCardState({ ruleset: "trinites", kind: "test", rollerId: "player1", title: { key: "QUINTETTE.Card.Test" } });

/** A message the player creates with whatever card flags they like (Foundry accepts any flags from the author). */
async function forged(card: unknown): Promise<DoubleChatMessage> {
  return asClient("player1", () => DoubleChatMessage.create({ content: "<p>x</p>", flags: { quintette: { card } } }));
}

const BAD: Record<string, unknown> = {
  "data: null": { ...honest(), data: null },
  "dice of the wrong type": { ...honest(), dice: [null, "x"] },
  "a button without label": { ...honest(), buttons: [{ action: "quintette.applyDamage", args: {}, audience: "gm" }] },
  "a body outside the system": { ...honest(), body: "../../../etc/passwd" },
  "an absurd revision": { ...honest(), revision: -1 },
};

describe("malformed card", () => {
  for (const [name, card] of Object.entries(BAD)) {
    it(`${name}: the chat render hook leaves the message alone on every client, without throwing`, async () => {
      const message = await forged(card);
      for (const userId of ["gm", "player1"]) {
        const { html, content } = messageElement("<p>x</p>");
        await expect(asClient(userId, () => enhanceCard(message as never, html as never))).resolves.toBe(false);
        expect(content.innerHTML).toBe("<p>x</p>");
      }
      expect(await asClient("gm", async () => readCard(message as never))).toBeNull();
    });
  }

  it("data: null does not break the Trinités combat tracker on any client", async () => {
    await forged({ ...honest(), data: null });
    const combat = await asGM(() => DoubleCombat.create({ _id: "fight" }, { keepId: true }));
    Object.assign(combat, { round: 1 });
    for (const userId of ["gm", "player1"]) {
      const part = await asClient(userId, async () =>
        combatBehaviour.tracker?.partContext?.("trinites", combat as never, {}),
      );
      expect(part).toHaveProperty("trinites");
    }
  });

  it("a card naming another roller than its (non-GM) author is ignored", async () => {
    const message = await forged({ ...honest(), rollerId: "gm" });
    expect(await asClient("gm", async () => readCard(message as never))).toBeNull();
    const own = await forged(honest());
    expect((await asClient("gm", async () => readCard(own as never)))?.rollerId).toBe("player1");
  });
});
