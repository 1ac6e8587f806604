/**
 * Jetons from the ready actors (issue 37): Rose and Jack against a syndicate heavy and Madame Irina, one round of a
 * scene. Jetons has no initiative (the tracker places everyone, the GM gives the floor); the opponents roll nothing:
 * on each character's turn the player asks a question from the sheet and the GM opposes it with the scene's
 * conditions and the opponents' traits as negative traits, in the card's own forms. Rose wins hers and the GM writes
 * her advantage on the sheet; Jack loses his and the GM writes a condition.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { readCard } from "../../src/foundry/chat/flags.ts";
import { readQuestionData, type QuestionCardData } from "../../src/foundry/jetons/question-data.ts";
import { collectiveTokens } from "../../src/foundry/jetons/settings.ts";
import type { DoubleChatMessage } from "../double/shared-core.ts";
import { clickSheet, GM, lastMessage, tracker, turnOrder } from "./table.ts";
import { fillAndClick } from "./jetons-cards.ts";
import { playRound, readyTable, type ReadyTable } from "./ready-table.ts";

const data = (m: DoubleChatMessage): QuestionCardData => {
  const d = readQuestionData(readCard(m as never));
  if (!d) throw new Error("no question card");
  return d;
};

const system = (actor: unknown) => (actor as { toObject(): { system: Record<string, unknown> } }).toObject().system;

let t: ReadyTable;

beforeAll(async () => {
  t = await readyTable(
    "jetons",
    ["Rose Calloway", "Jack « Tonnerre » Maddox"],
    ["Homme de main du syndicat", "Madame Irina"],
  );
});

describe.sequential("Jetons: a first round with the ready actors", { timeout: 120_000 }, () => {
  it("the GM opens the scene: no initiative, everyone placed", async () => {
    await tracker(t.combat, "rollAll");
    await tracker(t.combat, "startCombat");
    expect(turnOrder(t.combat).order).toHaveLength(4);
  });

  it("one round: each character's question is opposed by the scene and the opponents' traits, and settled", async () => {
    const questions: Record<string, DoubleChatMessage> = {};
    const acted = await playRound(t, async (name) => {
      const user = t.players[name]!;
      // The opponents roll nothing: their traits are the GM's opposition on the characters' questions.
      if (user === GM) return;
      await clickSheet(t.sheets[name]!, "askQuestion");
      const question = (questions[name] = lastMessage());
      if (name === "Rose Calloway") {
        // Flair (2) and Obstinée (1) against a dark night and the heavies' "En nombre": pivot 1 for Rose.
        await fillAndClick(user, question, "ask", { text: "Est-ce que je le rattrape ?", trait: ["0", "3"] });
        await fillAndClick(GM, question, "oppose", { extraConditions: "1", extraNegative: "1" });
        expect(data(question).question).toMatchObject({ playerBase: 3, oppositionBase: 2, pivot: 1 });
        await fillAndClick(user, question, "seal", { bid: "2" });
        await fillAndClick(GM, question, "seal", { bid: "0" });
        expect(data(question).question).toMatchObject({
          status: "resolved",
          outcome: { winner: "joueur", playerTotal: 3, gmTotal: 0, toCollective: 2, returnedToPlayer: 0 },
        });
        await fillAndClick(GM, question, "recordAdvantage", { advantage: "Il est acculé contre une grille" });
      } else {
        // Pilotage (2) against Jack's weakness and Madame Irina's "Hypnose": pivot 0; the GM outbids him.
        await fillAndClick(user, question, "ask", { text: "Est-ce que je passe sous le pont ?", trait: ["0"] });
        await fillAndClick(GM, question, "oppose", { weakness: true, extraNegative: "1" });
        expect(data(question).question).toMatchObject({ playerBase: 2, oppositionBase: 2, pivot: 0 });
        await fillAndClick(user, question, "seal", { bid: "1" });
        await fillAndClick(GM, question, "seal", { bid: "2" });
        expect(data(question).question).toMatchObject({ status: "resolved", outcome: { winner: "mj" } });
        await fillAndClick(GM, question, "recordCondition", { condition: "Blessé au bras" });
      }
    });
    expect([...acted].sort()).toEqual([
      "Homme de main du syndicat",
      "Jack « Tonnerre » Maddox",
      "Madame Irina",
      "Rose Calloway",
    ]);
    expect(turnOrder(t.combat).round).toBe(2);
    expect(Object.keys(questions)).toHaveLength(2);
    // Rose paid her 2 tokens to the collective reserve and keeps her advantage; Jack lost his bid of 1 and carries a
    // condition.
    expect(system(t.actors["Rose Calloway"])).toMatchObject({
      tokens: 3,
      advantage: { active: true, label: "Il est acculé contre une grille" },
    });
    expect(system(t.actors["Jack « Tonnerre » Maddox"])).toMatchObject({
      tokens: 4,
      conditions: [{ name: "Blessé au bras" }],
    });
    expect(collectiveTokens()).toBe(3);
  });
});
