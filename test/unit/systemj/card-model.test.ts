/**
 * SYSTEMJ fight cards and Jetons question cards as ChatMessage sub-types (issue 22): their `data` schemas refuse a
 * card a player's console writes out of shape, and the honest cards post and read back as typed messages.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { asClient, installClients, type DoubleChatMessage } from "../../double/shared-core.ts";
import { postCard, registerChatHooks } from "../../../src/foundry/chat/index.ts";
import { readCard } from "../../../src/foundry/chat/flags.ts";
import { exchangeCard } from "../../../src/foundry/systemj/cards.ts";
import { startExchange } from "../../../src/foundry/systemj/exchange.ts";
import { testData } from "../../../src/foundry/systemj/tests.ts";
import { EXCHANGE_CARD_TYPE, registerSystemJCardModels } from "../../../src/foundry/systemj/card-model.ts";
import { QUESTION_CARD_TYPE, registerJetonsCardModels } from "../../../src/foundry/jetons/card-model.ts";
import { newQuestionCard } from "../../../src/foundry/jetons/question-card.ts";
import { cardOf, rewriteCard } from "../../cards.ts";

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "en" }));
  registerSystemJCardModels();
  registerJetonsCardModels();
  registerChatHooks();
});

const fight = () =>
  exchangeCard(
    "player1",
    { uuid: "Actor.aude", name: "Aude", img: null },
    startExchange({
      mode: "meleeForce",
      attacker: { uuid: "Actor.aude", name: "Aude" },
      defender: { uuid: "Actor.ours", name: "Ours" },
      weapon: { name: "Épée", damage: "1d8", family: "corpsACorps" },
      counterWeapon: { name: "", damage: "1d3", family: "corpsACorps" },
      first: testData("QUINTETTE.SystemJ.Mode.meleeForce", 48, 0, 10),
      gear: { canParry: false, canBlock: false },
    }),
  );

describe("typed SYSTEMJ and Jetons cards", () => {
  it("a fight card posts as its sub-type and reads back; a rewrite out of shape is refused", async () => {
    const m = (await asClient("player1", () => postCard(fight()))) as unknown as DoubleChatMessage;
    expect((m as unknown as { type: string }).type).toBe(EXCHANGE_CARD_TYPE);
    expect(readCard(m as never)?.data).toMatchObject({ exchange: { phase: "defence" } });
    const honest = cardOf(m);
    const exchange = (honest.data as { exchange: Record<string, unknown> }).exchange;
    for (const bad of [
      { ...exchange, phase: "teleport" },
      { ...exchange, mode: "magic" },
      { ...exchange, hitTarget: "everyone" },
      { ...exchange, options: ["dodge", "dodge", "dodge", "dodge"] },
      { ...exchange, tests: Array.from({ length: 11 }, () => (exchange.tests as object[])[0]) },
    ]) {
      await expect(
        asClient("player1", () => rewriteCard(m, { ...honest, data: { ...honest.data, exchange: bad } })),
      ).rejects.toThrow();
    }
    expect(cardOf(m)).toEqual(honest);
  });

  it("a question card posts as its sub-type", async () => {
    const card = newQuestionCard(
      {
        uuid: "Actor.nila",
        name: "Nila",
        img: null,
        traits: [{ name: "Escrime", points: 2 }],
        weakness: "Vertige",
        conditions: [],
        advantage: { active: false, label: "" },
        tokens: 5,
      },
      "player1",
      "q1",
    );
    const m = (await asClient("gm", () => postCard(card))) as unknown as DoubleChatMessage;
    expect((m as unknown as { type: string }).type).toBe(QUESTION_CARD_TYPE);
    expect(readCard(m as never)?.data).toMatchObject({ question: { status: "asking", round: 1 } });
  });
});
