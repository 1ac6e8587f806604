/**
 * Trinités test cards as a ChatMessage sub-type (issue 22): the `data` schema refuses a card its author's console
 * rewrites out of shape; honest cards post and read back as typed messages; an older flag card, from before the
 * fields added since the first version, is read through the model.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { asClient, DoubleChatMessage, installClients } from "../../double/shared-core.ts";
import { postCard, registerChatHooks } from "../../../src/foundry/chat/index.ts";
import { readCard } from "../../../src/foundry/chat/flags.ts";
import { applyPick, buildTestCard, type TestData } from "../../../src/foundry/trinites/card.ts";
import { registerTrinitesCardModels, TEST_CARD_TYPE } from "../../../src/foundry/trinites/card-model.ts";
import { cardOf, rewriteCard } from "../../cards.ts";
import { testSetup } from "./setup-fixture.ts";

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "en" }));
  registerChatHooks();
  registerTrinitesCardModels();
});

const aelis = { uuid: "Actor.aelis", name: "Aelis", type: "trinite" } as never;
const encourage = () =>
  buildTestCard(
    testSetup(aelis, "player1", {
      skill: "commandement",
      action: "encourager",
      selfShift: { always: 0, onSuccess: 3 },
      targets: [{ uuid: "Actor.brune", name: "Brune", kind: "humain", protection: 2 }],
      turn: { combatId: "fight", round: 1, combatantId: "cA" },
    }),
    { deva: [9], archonte: [4] },
  );

describe("typed Trinités test cards", () => {
  const BAD: [string, (d: TestData) => unknown][] = [
    ["a pick of both dice", (d) => ({ ...d, pick: "both" })],
    ["a die that is no d12", (d) => ({ ...d, chains: { deva: ["x"], archonte: [4] } })],
    ["another Adam karma", (d) => ({ ...d, setup: { ...d.setup, adamKarma: "gris" } })],
    ["a combat action that moves no initiative", (d) => ({ ...d, setup: { ...d.setup, action: "menacer" } })],
    ["a shift as a string", (d) => ({ ...d, setup: { ...d.setup, selfShift: "+99" } })],
    ["targets as a string", (d) => ({ ...d, setup: { ...d.setup, targets: "everyone" } })],
    ["a 400-character name", (d) => ({ ...d, setup: { ...d.setup, actorName: "x".repeat(400) } })],
    ["influence as a number", (d) => ({ ...d, influence: 7 })],
    [
      "an opposition nobody can win",
      (d) => ({ ...d, opposition: [{ key: "k", name: "n", messageId: "m", final: 3, success: true, winner: "me" }] }),
    ],
  ];

  it("a test card posts as its sub-type and reads back", async () => {
    const card = applyPick(encourage(), "deva").card;
    const m = (await asClient("player1", () => postCard(card))) as unknown as DoubleChatMessage;
    expect((m as unknown as { type: string }).type).toBe(TEST_CARD_TYPE);
    expect(readCard(m as never)?.data).toMatchObject({ pick: "deva", setup: { action: "encourager" } });
  });

  it.each(BAD)("its author's rewrite out of shape is refused: %s", async (_, change) => {
    const m = (await asClient("player1", () =>
      postCard(applyPick(encourage(), "deva").card),
    )) as unknown as DoubleChatMessage;
    const honest = cardOf(m);
    const data = change(structuredClone(honest.data) as unknown as TestData);
    await expect(asClient("player1", () => rewriteCard(m, { ...honest, data }))).rejects.toThrow();
    expect(cardOf(m)).toEqual(honest);
  });

  it("an older flag card, without the fields added since the first version, reads through the model", async () => {
    const card = encourage();
    const data = card.data as Record<string, unknown>;
    const setup = data.setup as Record<string, unknown>;
    for (const key of ["combatAction", "action", "selfShift", "targetReaction", "nextReaction", "turn"])
      delete setup[key];
    setup.targets = [{ uuid: "Actor.brune", name: "Brune" }];
    for (const key of ["turnEnd", "turnEndApplied", "influence", "influenceView", "influenceChoose", "reactable"])
      delete data[key];
    const m = await asClient("player1", () =>
      DoubleChatMessage.create({ author: "player1", content: "<p>x</p>", flags: { quintette: { card } } }),
    );
    expect(readCard(m as never)?.data).toMatchObject({ setup: { targets: [{ uuid: "Actor.brune" }] }, pick: null });
    // The same older card with a field out of shape is ignored by every reader.
    const bad = structuredClone(card);
    (bad.data as Record<string, unknown>).pick = "both";
    const n = await asClient("player1", () =>
      DoubleChatMessage.create({ author: "player1", content: "<p>x</p>", flags: { quintette: { card: bad } } }),
    );
    expect(readCard(n as never)).toBeNull();
  });
});
