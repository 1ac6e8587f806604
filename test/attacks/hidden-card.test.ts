/**
 * A card the player may not read (the GM's private or blind card, whispered to the GMs only), acted on by its id: the
 * GM's client found the message in its own log and ran the action, so a player applying its damage to their own
 * character read the hidden roll off their hit points. Played from the player's client of the double.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asClient } from "../double/shared-core.ts";
import { CARD_ACTION_KIND } from "../../src/foundry/chat/actions.ts";
import { createCardState, postCard } from "../../src/foundry/chat/index.ts";
import { APPLY_DAMAGE } from "../../src/foundry/damage/index.ts";
import { relayToGM } from "../../src/foundry/relay/index.ts";
import { hp, makeWorld, settle, stored, type World } from "./world.ts";

let world: World;

beforeEach(async () => {
  world = await makeWorld();
});

/** The GM's damage card, for the GMs' eyes only. */
async function gmPrivateCard(visibility: "gm" | "blind") {
  const card = createCardState({
    ruleset: "test",
    kind: "attack",
    rollerId: "gm",
    title: { key: "QUINTETTE.Card.Test", name: "Piège" },
    damage: { amount: 7 },
  });
  return asClient("gm", () => postCard(card, { visibility }));
}

describe("attack: a player acts on a card they may not read", () => {
  it.each(["gm", "blind"] as const)(
    "a %s card of the GM: its damage on the player's own hero is refused",
    async (v) => {
      const m = await gmPrivateCard(v);
      expect(m?.whisper).not.toContain("player1");
      const before = JSON.stringify(stored(m as never));
      const result = await asClient("player1", () =>
        relayToGM(CARD_ACTION_KIND, {
          messageId: m?.id ?? "",
          action: APPLY_DAMAGE,
          args: { targets: world.hero.uuid },
        }),
      );
      await settle();
      expect(result).toMatchObject({ status: "denied", reason: "QUINTETTE.Card.NotAllowed" });
      expect(hp(world.hero)).toBe(10);
      expect(JSON.stringify(stored(m as never))).toBe(before);
      // Honest path: the GM applies it.
      const gm = await asClient("gm", () =>
        relayToGM(CARD_ACTION_KIND, {
          messageId: m?.id ?? "",
          action: APPLY_DAMAGE,
          args: { targets: world.hero.uuid },
        }),
      );
      expect(gm.status).toBe("applied");
      expect(hp(world.hero)).toBe(3);
    },
  );
});
