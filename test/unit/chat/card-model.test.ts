/**
 * Cards as Foundry data: a card is a ChatMessage of a card sub-type whose `system` is a `CardModel`; older cards in
 * `flags.quintette.card` are read through the same model (`migrateData`, then strict validation).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { asClient, installClients, type DoubleChatMessage } from "../../double/shared-core.ts";
import { DoubleChatMessage as Message } from "../../double/chat.ts";
import {
  CardModel,
  createCardState,
  postCard,
  registerCardModel,
  registerChatHooks,
} from "../../../src/foundry/chat/index.ts";
import { readCard, writeCard } from "../../../src/foundry/chat/flags.ts";
import { isDone, withDone } from "../../../src/foundry/chat/card-state.ts";
import { storedToken } from "../../../src/foundry/trust/hash.ts";
import { cardOf, rewriteCard } from "../../cards.ts";

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "en" }));
  registerChatHooks();
});

const honest = () =>
  createCardState({ ruleset: "test", kind: "attack", rollerId: "player1", title: { key: "QUINTETTE.Card.Test" } });

describe("cards as ChatMessage sub-types", () => {
  it("posts a typed card whose system is the card model, read back by readCard and written by writeCard", async () => {
    const m = (await asClient("player1", () => postCard(honest()))) as unknown as DoubleChatMessage;
    expect((m as unknown as { type: string }).type).toBe("card");
    expect(m.system).toBeInstanceOf(CardModel);
    expect(m.getFlag("quintette", "card")).toBeUndefined();
    const card = await asClient("gm", async () => readCard(m as never));
    expect(card?.rollerId).toBe("player1");
    await asClient("gm", () => writeCard(m as never, { ...card!, revision: 3 }));
    expect(cardOf(m).revision).toBe(3);
  });

  it("refuses a card write that breaks the schema: the stored card stays as it was", async () => {
    const m = (await asClient("player1", () => postCard(honest()))) as unknown as DoubleChatMessage;
    const bad = [
      { ...honest(), actorName: "x".repeat(2000) },
      { ...honest(), done: Array.from({ length: 600 }, (_, i) => `t${i}`) },
      { ...honest(), body: "../../../etc/passwd" },
      {
        ...honest(),
        buttons: [{ action: "x", label: { key: "k" }, icon: "", args: { deep: { a: 1 } }, audience: "gm" }],
      },
    ];
    for (const card of bad) {
      await expect(asClient("player1", () => rewriteCard(m, card))).rejects.toThrow();
      expect(cardOf(m).actorName).toBe("");
    }
  });

  it("reads an older card from flags through migrateData: done tokens in their bounded form, version 1", async () => {
    const long = `quintette.applyDamage:r0:${"Actor.x|".repeat(100)}`;
    const legacy = { ...honest(), done: ["test.pick", long] } as Record<string, unknown>;
    delete legacy.version;
    const m = await asClient("player1", () => Message.create({ flags: { quintette: { card: legacy } } }));
    const card = await asClient("gm", async () => readCard(m as never));
    expect(card?.version).toBe(1);
    expect(card?.done).toEqual(["test.pick", storedToken(long)]);
    expect(isDone(card!, long)).toBe(true);
    // Written back where it lives (flags), in the migrated form.
    await asClient("gm", () => writeCard(m as never, withDone(card!, "other")));
    expect((m.getFlag("quintette", "card") as { done: string[] }).done).toEqual([
      "test.pick",
      storedToken(long),
      "other",
    ]);
  });

  it("stores any token in a bounded form, whatever its arguments", () => {
    const padded = `jetons.reveal:${"9".repeat(100_000)}`;
    const done = withDone(honest(), padded).done;
    expect(done[0]!.length).toBeLessThanOrEqual(64);
    expect(storedToken("trinites.pick")).toBe("trinites.pick");
    expect(storedToken(storedToken(padded))).toBe(storedToken(padded));
  });

  it("a rule set's card model gives its cards' data a schema and a sub-type", async () => {
    class TestCard extends CardModel {
      static override defineData() {
        const f = foundry.data.fields;
        return new f.SchemaField({
          picked: new f.NumberField({ required: true, nullable: true, integer: true, initial: null }),
        });
      }
    }
    registerCardModel("test-card", TestCard, { ruleset: "test" });
    const m = (await asClient("player1", () =>
      postCard({ ...honest(), data: { picked: 1 } }),
    )) as unknown as DoubleChatMessage;
    expect((m as unknown as { type: string }).type).toBe("test-card");
    expect(cardOf(m).data).toEqual({ picked: 1 });
    await expect(asClient("player1", () => rewriteCard(m, { ...honest(), data: { picked: "x" } }))).rejects.toThrow();
  });
});
