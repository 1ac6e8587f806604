/**
 * Jetons counts tokens in real plurals (issue 33), in French and English: a question settled at the table says
 * "1 jeton revient" / "2 jetons vont" ("1 token comes back" / "2 tokens go"), the GM's hand-back card "2 jetons",
 * as every user's chat log shows them, and the same after a reload in the other language (the card
 * stores counts, the reader's language words them).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { handBack } from "../../src/foundry/jetons/actions.ts";
import { doubleState, type DoubleActor } from "../double/index.ts";
import { asClient, type DoubleChatMessage } from "../double/shared-core.ts";
import {
  clickSheet,
  createCast,
  editSheet,
  lastMessage,
  messages,
  openSheet,
  openTable,
  reloadTable,
  seeCard,
  USERS,
} from "./table.ts";
import { fillAndClick } from "./jetons-cards.ts";

/** The card's text in each user's chat log, tags stripped and spaces joined. */
async function textByUser(message: DoubleChatMessage): Promise<string[]> {
  const out: string[] = [];
  for (const user of USERS) {
    const { html } = await seeCard(user, message);
    out.push(
      html
        .replace(/<[^>]*>/g, " ")
        .replace(/&#x27;/g, "'")
        .replace(/\s+/g, " "),
    );
  }
  return out;
}

const WORDS = {
  fr: {
    pivot: "1 jeton de pivot du côté du joueur",
    collective: "2 jetons vont à la réserve collective.",
    returned: "1 jeton revient au joueur.",
    two: "Le MJ rend 2 jetons de la réserve collective à Nila.",
  },
  en: {
    pivot: "1 pivot token on the player's side",
    collective: "2 tokens go to the collective reserve.",
    returned: "1 token comes back to the player.",
    two: "The GM hands 2 tokens from the collective reserve back to Nila.",
  },
} as const;

/** The table's Nila (the actor object is new after a reload). */
const nilaNow = () =>
  (doubleState().game.actors.contents as unknown as DoubleActor[]).find((a) => a.name === "Nila") ??
  expect.fail("no Nila");

/**
 * Nila's player asks a question: two traits against the weakness and one more condition (a pivot of 1 on the
 * player's side), she bids 3, the GM 2: 2 tokens go to the collective reserve, 1 comes back. Then the GM hands the 2
 * collected tokens back (what the reserve window's button calls). The question card and the hand-back card.
 */
async function playQuestionAndHandBack(): Promise<[DoubleChatMessage, DoubleChatMessage]> {
  const sheet = await openSheet("player1", nilaNow());
  await clickSheet(sheet, "askQuestion");
  const question = lastMessage();
  await fillAndClick("player1", question, "ask", { text: "?", trait: ["0", "1"] });
  await fillAndClick("gm", question, "oppose", { weakness: true, extraConditions: "1" });
  await fillAndClick("player1", question, "seal", { bid: "3" });
  await fillAndClick("gm", question, "seal", { bid: "2" });
  expect((await asClient("gm", () => handBack(nilaNow() as never, 2))).status).toBe("applied");
  return [question, lastMessage()];
}

async function expectWords([question, handed]: DoubleChatMessage[], lang: "fr" | "en"): Promise<void> {
  for (const text of await textByUser(question!)) {
    expect(text).toContain(WORDS[lang].pivot);
    expect(text).toContain(WORDS[lang].collective);
    expect(text).toContain(WORDS[lang].returned);
  }
  for (const text of await textByUser(handed!)) expect(text).toContain(WORDS[lang].two);
}

const again = (cards: DoubleChatMessage[]) => cards.map((c) => messages().find((m) => m.id === c.id)!);

describe.sequential("Jetons counts tokens in real plurals, in French and English", { timeout: 60_000 }, () => {
  let playedInFrench: DoubleChatMessage[];
  let playedInEnglish: DoubleChatMessage[];

  beforeAll(async () => {
    await openTable("jetons", { lang: "fr" });
    const cast = await createCast({ characters: { type: "archetype", names: ["Nila", "Oren"] } });
    await editSheet(await openSheet("player1", cast.characters[0]), {
      "system.weakness": "Vertige",
      "system.traits": [
        { name: "Escrime", points: 2 },
        { name: "Acrobaties", points: 1 },
      ],
    });
  });

  it("in French: 1 jeton de pivot, 2 jetons vont à la réserve, 1 jeton revient, le MJ rend 2 jetons", async () => {
    playedInFrench = await playQuestionAndHandBack();
    await expectWords(playedInFrench, "fr");
  });

  it("the table reloads in English: the same cards read 1 token and 2 tokens", async () => {
    await reloadTable("jetons", { lang: "en" });
    await expectWords(again(playedInFrench), "en");
  });

  it("in English: 1 pivot token, 2 tokens go to the reserve, 1 token comes back, the GM hands 2 tokens", async () => {
    playedInEnglish = await playQuestionAndHandBack();
    await expectWords(playedInEnglish, "en");
  });

  it("the table reloads in French: the English table's cards read 1 jeton and 2 jetons", async () => {
    await reloadTable("jetons", { lang: "fr" });
    await expectWords(again(playedInEnglish), "fr");
  });
});
