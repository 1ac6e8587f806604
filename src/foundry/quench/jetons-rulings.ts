/**
 * The Jetons GM batch's steps for a side that does not reveal (docs/rules/jetons.md "A side that will not reveal"):
 * the GM's forfeit, reveal and void buttons on a question card. The GM alone plays both sides, so a withheld bid is
 * staged as a person loses one: the sealed bid this browser keeps (localStorage, jetons/secrets.ts) removed, as
 * another browser or cleared storage would have it. A player's bid lost: the GM sees reveal and forfeit and declares
 * the forfeit; a player's bid set aside then found again: it is revealed from the card, the GM's own reveal having
 * opened nothing alone; the GM's bid lost: the player's bid opens alone and the GM may only void.
 */
import { waitFor } from "./hands.ts";
import { expectSoon, type QuenchBatchContext, type Run } from "./kit.ts";
import {
  archetype,
  askFromSheet,
  collective,
  controls,
  playWhenShown,
  question,
  questionCard,
  untilStatus,
  type Side,
} from "./jetons-table.ts";

/** This browser's store of sealed bids (secrets.ts); a batch that cannot reach it cannot stage a lost bid. */
function storage(): Storage {
  const store = (globalThis as { localStorage?: Storage }).localStorage;
  if (!store) throw new Error("This browser keeps no localStorage: a lost sealed bid cannot be staged");
  return store;
}

/**
 * Removes the sealed bids this browser keeps for the card's side (secrets.ts keys
 * `quintette.jetons.bid.<user>.<message>.<round>.<side>`), as a person losing them does; returns them, to put back.
 */
function loseSealedBid(card: ChatMessage.Implementation, side: Side): [string, string][] {
  const store = storage();
  const prefix = `quintette.jetons.bid.${game.user?.id ?? ""}.${card.id ?? ""}.`;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(prefix) && key.endsWith(`.${side}`)) keys.push(key);
  }
  const lost = keys.map((key): [string, string] => [key, store.getItem(key) ?? ""]);
  for (const key of keys) store.removeItem(key);
  if (!lost.length) throw new Error(`No sealed ${side} bid kept for the card ${card.id}`);
  return lost;
}

/** Asks, opposes with nothing and seals `first`'s bid: the card bidding, one side sealed. */
async function sealFirst(
  run: Run,
  actor: Actor.Implementation,
  text: string,
  first: [Side, number],
): Promise<ChatMessage.Implementation> {
  const { hands } = run;
  const card = await askFromSheet(run, actor);
  await playWhenShown(hands, card, "ask", "joueur", { text, trait: ["0"] });
  await untilStatus(card, "traitsChosen");
  await playWhenShown(hands, card, "oppose", "mj");
  await untilStatus(card, "bidding");
  await playWhenShown(hands, card, "seal", first[0], { bid: String(first[1]) });
  await waitFor(`the ${first[0]} bid sealed`, () => question(card).commitments[first[0]] !== null);
  return card;
}

/** Registers the steps in the GM batch's suite, on its run (Madame Irina's and Oren's reserves). */
export function registerRulings(context: QuenchBatchContext, run: Run): void {
  const { it, expect } = context;
  const shown = async (card: ChatMessage.Implementation, expected: string[]) => {
    const same = async () => JSON.stringify(await controls(run.hands, card)) === JSON.stringify(expected);
    await waitFor(`the controls ${expected.join(", ")}`, same).catch(() => undefined);
    expect(await controls(run.hands, card), "the question's controls shown").to.deep.equal(expected);
  };

  it("Madame Irina's bid lost: the GM sees reveal and forfeit, declares the forfeit: a failure, no token moves", async () => {
    const { sandbox, hands } = run;
    const irina = sandbox.actor("Madame Irina");
    const [tokens, pool] = [archetype(irina).tokens, collective()];
    const card = await sealFirst(run, irina, "Me cache-t-elle quelque chose ?", ["joueur", 2]);
    loseSealedBid(card, "joueur");
    await playWhenShown(hands, card, "seal", "mj", { bid: "1" });
    await untilStatus(card, "bothLocked");
    await shown(card, ["reveal:joueur", "reveal:mj", "cancel:mj", "forfeit:mj"]);
    expect(question(card).bids, "nothing opened").to.deep.equal({ joueur: null, mj: null });
    await playWhenShown(hands, card, "forfeit", "mj");
    await untilStatus(card, "resolved");
    expect(question(card).outcome).to.deep.include({ forfeit: true, winner: "mj", conditionAllowed: true });
    // The GM's bid stays sealed; the withheld bid was never shown, so nothing of it is paid.
    expect(question(card).bids).to.deep.equal({ joueur: null, mj: null });
    await expectSoon(context, "Irina's reserve, unlocked", () => archetype(irina).bidLock, "");
    expect([archetype(irina).tokens, collective()]).to.deep.equal([tokens, pool]);
    await shown(card, ["recordCondition:mj"]);
  });

  it("Madame Irina's bid set aside then found: the GM's reveal opens nothing alone; hers opens both together", async () => {
    const { sandbox, hands } = run;
    const irina = sandbox.actor("Madame Irina");
    const [tokens, pool] = [archetype(irina).tokens, collective()];
    const card = await sealFirst(run, irina, "Sait-elle où il est ?", ["joueur", 1]);
    const aside = loseSealedBid(card, "joueur");
    await playWhenShown(hands, card, "seal", "mj", { bid: "0" });
    await untilStatus(card, "bothLocked");
    await shown(card, ["reveal:joueur", "reveal:mj", "cancel:mj", "forfeit:mj"]);
    // The GM's reveal waits for the player's opening: no side's bid opens alone.
    await playWhenShown(hands, card, "reveal", "mj");
    await hands.idle();
    expect([question(card).status, question(card).bids]).to.deep.equal(["bothLocked", { joueur: null, mj: null }]);
    for (const [key, value] of aside) storage().setItem(key, value);
    await playWhenShown(hands, card, "reveal", "joueur");
    await untilStatus(card, "resolved");
    expect(question(card).bids).to.deep.equal({ joueur: 1, mj: 0 });
    expect(question(card).outcome).to.deep.include({ winner: "joueur", toCollective: 1 });
    await expectSoon(context, "Irina's reserve settled", () => archetype(irina).tokens, tokens - 1);
    await expectSoon(context, "the collective reserve", collective, pool + 1);
    expect(archetype(irina).bidLock).to.equal("");
  });

  it("the GM's bid lost: Oren's bid opens alone, the GM may only void the question; nothing moves", async () => {
    const { sandbox, hands } = run;
    const oren = sandbox.actor("Oren");
    const [tokens, pool] = [archetype(oren).tokens, collective()];
    const card = await sealFirst(run, oren, "Le moteur tient-il ?", ["mj", 2]);
    loseSealedBid(card, "mj");
    await playWhenShown(hands, card, "seal", "joueur", { bid: "1" });
    // Oren's opening reaches the GM's client, which holds no bid of its own: his alone is opened.
    await waitFor("Oren's bid opened alone", () => question(card).bids.joueur !== null);
    expect([question(card).status, question(card).bids]).to.deep.equal(["bothLocked", { joueur: 1, mj: null }]);
    await shown(card, ["reveal:mj", "void:mj"]);
    await playWhenShown(hands, card, "void", "mj");
    await untilStatus(card, "voided");
    expect(questionCard(card).question.outcome).to.equal(null);
    await expectSoon(context, "Oren's reserve, unlocked", () => archetype(oren).bidLock, "");
    expect([archetype(oren).tokens, collective()]).to.deep.equal([tokens, pool]);
    await shown(card, []);
  });
}
