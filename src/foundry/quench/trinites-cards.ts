/**
 * The Trinités card buttons the GM batch clicks besides the pick, the damage and its undo (trinites.ts): React on a
 * strike (the reaction's dialog answered, its pick, then the damage it let through), the shared Apply of a strike at
 * nobody, an Encourager's option, the GM's regeneration card at a round's end; and the player's Intimider option,
 * stored on the GM's Brute by the GM's client. Each clicked on the card as this user's chat log shows it.
 */
import { waitFor } from "./hands.ts";
import {
  cardData,
  expectSoon,
  gmIds,
  nextCard,
  rollFromSheet,
  shownActions,
  type QuenchBatchContext,
  type Run,
} from "./kit.ts";
import { D12, PICK, done, picksShown } from "./trinites-steps.ts";

export const life = (actor: Actor.Implementation | null | undefined) =>
  (actor?.system as unknown as { vie: { value: number } } | undefined)?.vie.value;
export const REACT = "data-trinites-react";

/** What waits on the token's actor from an Encourager or Intimider: for which roll, from whom. */
function influence(token: TokenDocument.Implementation, kind: "encourager" | "intimider"): [string, string] {
  const slots = (token.actor?.system as unknown as { influences?: Record<string, { sur: string; source: string }> })
    ?.influences;
  return [slots?.[kind]?.sur ?? "", slots?.[kind]?.source ?? ""];
}

/** Ysolde's sword (the strike step gave it to her), as her sheet's roll key. */
export function swordKey(run: Run): string {
  const sword = run.sandbox.actor("Ysolde").items.contents.find((i) => i.name === "Épée");
  if (!sword?.id) throw new Error("Ysolde has no sword");
  return `weapon:${sword.id}`;
}

/** Ysolde strikes `targets` with her sword (12 explodes into 6: 18 on the Deva die, 2 on the Archonte's), picked. */
export async function strike(run: Run, targets: TokenDocument.Implementation[]): Promise<ChatMessage.Implementation> {
  await run.hands.target(targets);
  run.dice.choose(D12, 12, 6, 2);
  const ysolde = run.sandbox.actor("Ysolde");
  const card = await rollFromSheet(
    run,
    ysolde,
    "roll",
    { roll: swordKey(run) },
    { values: { combatAction: "frapper" } },
  );
  await run.hands.target([]);
  await picksShown(run, card);
  await run.hands.clickCard(card, PICK, { spirit: "deva" });
  await waitFor("the strike's pick", () => done(card).includes(PICK));
  return card;
}

/**
 * The GM answers for Aymeric: React on Ysolde's card opens his Esquive (3 and 2, picked Deva: beaten), whose card
 * waits for its pick; the damage button waits with it, then is offered and clicked: Aymeric loses life; undone.
 */
export async function strikeReacted(context: QuenchBatchContext, run: Run): Promise<void> {
  const { expect } = context;
  const { sandbox, hands, dice } = run;
  const aymeric = sandbox.actor("Aymeric");
  const uuid = sandbox.token("Aymeric").actor?.uuid ?? "";
  const card = await strike(run, [sandbox.token("Aymeric")]);
  await waitFor("React on the card", async () => (await hands.cardControls(card, REACT)).length > 0);
  expect(await hands.cardControls(card, REACT)).to.deep.equal([{ [REACT]: uuid }]);
  const before = sandbox.messages().length;
  dice.choose(D12, 3, 2);
  const reaction = await hands.answering({}, async () => {
    await hands.fillAndClick(card, { [REACT]: uuid });
    return nextCard(run, before, "Aymeric's reaction card");
  });
  const answer = cardData(reaction) as { kind: string; data: { setup: { skill: string; opposes: object } } };
  expect([answer.kind, answer.data.setup.skill, answer.data.setup.opposes]).to.deep.equal([
    "reaction",
    "esquive",
    { messageId: card.id, key: uuid },
  ]);
  // While the reaction waits for its pick, no damage is offered, nor React again.
  await waitFor("React withdrawn", async () => !(await hands.cardControls(card, REACT)).length);
  expect(await shownActions(run, card)).to.not.include("trinites.damage");
  await picksShown(run, reaction);
  await hands.clickCard(reaction, PICK, { spirit: "deva" });
  await expectSoon(
    context,
    "the confrontation on the strike's card",
    () =>
      (cardData(card) as { data: { opposition: { key: string; winner: string }[] } }).data.opposition.map((o) => [
        o.key,
        o.winner,
      ]),
    [[uuid, "a"]],
  );
  const hp = life(aymeric);
  await waitFor("the damage button", async () => (await shownActions(run, card)).includes("trinites.damage"));
  await hands.clickCard(card, "trinites.damage", { key: uuid });
  await waitFor("Aymeric's damage applied", () => (life(aymeric) ?? 0) < (hp ?? 0));
  const applied = (cardData(card).applied as { id: string }[] | undefined) ?? [];
  await waitFor("the undo button", async () => (await shownActions(run, card)).includes("quintette.undo"));
  await hands.clickCard(card, "quintette.undo", { key: applied[0]?.id ?? "" });
  await expectSoon(context, "Aymeric's life after the undo", () => life(aymeric), hp);
  expect(await hands.cardControls(card, REACT)).to.deep.equal([]);
  expect(dice.left).to.equal(0);
}

/** No target at the roll: the card offers the shared Apply, to the tokens the clicker targets then. */
export async function sharedApply(context: QuenchBatchContext, run: Run): Promise<void> {
  const { expect } = context;
  const { sandbox, hands, dice } = run;
  const brute = sandbox.token("Brute");
  const card = await strike(run, []);
  await waitFor("the shared Apply", async () => (await shownActions(run, card)).includes("quintette.applyDamage"));
  const hp = life(brute.actor);
  await hands.target([brute]);
  await hands.clickCard(card, "quintette.applyDamage");
  await waitFor("the Brute's damage applied", () => (life(brute.actor) ?? 0) < (hp ?? 0));
  await hands.target([]);
  const applied = (cardData(card).applied as { id: string; targetUuid: string }[] | undefined) ?? [];
  expect(applied.map((a) => a.targetUuid)).to.deep.equal([brute.actor?.uuid]);
  await waitFor("the undo button", async () => (await shownActions(run, card)).includes("quintette.undo"));
  await hands.clickCard(card, "quintette.undo", { key: applied[0]?.id ?? "" });
  await expectSoon(context, "the Brute's life after the undo", () => life(brute.actor), hp);
  expect(dice.left).to.equal(0);
}

/** Encourager at Aymeric from Ysolde's sheet, a success: its options on the card; "next action" picked, stored. */
export async function encouraged(context: QuenchBatchContext, run: Run): Promise<void> {
  const { expect } = context;
  const { sandbox, hands, dice } = run;
  const aymeric = sandbox.token("Aymeric");
  await hands.target([aymeric]);
  dice.choose(D12, 12, 6, 2);
  const card = await rollFromSheet(run, sandbox.actor("Ysolde"), "roll", { roll: "action:encourager" });
  await hands.target([]);
  await picksShown(run, card);
  await hands.clickCard(card, PICK, { spirit: "deva" });
  await waitFor("the options", async () => (await shownActions(run, card)).includes("trinites.influence"));
  await hands.clickCard(card, "trinites.influence", { use: "action" });
  await expectSoon(context, "the encouragement stored on Aymeric", () => influence(aymeric, "encourager"), [
    "action",
    "Ysolde",
  ]);
  expect(await shownActions(run, card)).to.not.include("trinites.influence");
  expect(dice.left).to.equal(0);
}

/**
 * Aymeric's life brought to unconsciousness and his Archonte given 2 points by the GM; Next round ends the round: the
 * GM's whispered regeneration card offers the Archonte's point; clicked, +4 life and one point spent, once.
 */
export async function regenerated(context: QuenchBatchContext, run: Run): Promise<void> {
  const { expect } = context;
  const { sandbox, hands } = run;
  const aymeric = sandbox.actor("Aymeric");
  await aymeric.update({ "system.vie.value": 4, "system.archonte": { value: 2, max: 2 } } as never);
  const karma = () => (aymeric.system as unknown as { archonte: { value: number } }).archonte.value;
  const before = sandbox.messages().length;
  const combat = sandbox.combat!;
  await combat.nextRound();
  const offer = await nextCard(run, before, "the regeneration card");
  expect([cardData(offer).kind, cardData(offer).actorUuid]).to.deep.equal(["regeneration", aymeric.uuid]);
  expect(offer.whisper).to.deep.equal(gmIds());
  await waitFor("the regeneration button", async () =>
    (await shownActions(run, offer)).includes("trinites.regenerate"),
  );
  await hands.clickCard(offer, "trinites.regenerate", { pool: "archonte" });
  await expectSoon(context, "Aymeric's life and Archonte", () => [life(aymeric), karma()], [8, 1]);
  expect(await shownActions(run, offer)).to.not.include("trinites.regenerate");
}

/** The player's Intimider at the GM's Brute, a success: "next reaction" picked on their card, stored on the Brute. */
export async function intimidated(context: QuenchBatchContext, run: Run): Promise<void> {
  const { expect } = context;
  const { sandbox, hands, dice } = run;
  const brute = sandbox.token("Brute");
  await hands.target([brute]);
  dice.choose(D12, 12, 6, 2);
  const card = await rollFromSheet(run, sandbox.mine(), "roll", { roll: "action:intimider" });
  await hands.target([]);
  await picksShown(run, card);
  await hands.clickCard(card, PICK, { spirit: "deva" });
  await waitFor("the options", async () => (await shownActions(run, card)).includes("trinites.influence"));
  await hands.clickCard(card, "trinites.influence", { use: "reaction" });
  await expectSoon(context, "the intimidation stored on the Brute", () => influence(brute, "intimider"), [
    "reaction",
    sandbox.mine().name,
  ]);
  expect(dice.left).to.equal(0);
}
