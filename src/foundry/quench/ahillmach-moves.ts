/**
 * The Ahill-Mach moves the first steps leave out (ahillmach.ts), each rolled from the sheet's button with chosen dice
 * and every button its card offers clicked: Défendre (the initiative taken back, three consequences held, the level's
 * damage, a blow on the protected one drawn onto the defender and undone), Discerner la réalité (three questions, the
 * +1 held for the next action) and Salve (the +1 used, several tries spending one piece of ammunition, the damage
 * taking the opponent out and its side's morale rolled from the damage card; with none left, several tries refused). The player's steps roll the same moves
 * on their own character, the damage through the relay on the GM's client.
 */
import { authorIdOf } from "../chat/author.ts";
import { waitFor } from "./hands.ts";
import {
  cardData,
  expectPrivateModes,
  expectSoon,
  gmIds,
  nextCard,
  PRIVATE_MODES,
  rollFromSheet,
  shownActions,
  type QuenchBatchContext,
  type Run,
} from "./kit.ts";
import { A, D10, hp, markers, moveKey } from "./ahillmach-kit.ts";

interface Option {
  id: string;
  chosen: boolean;
  times: number;
}
interface MoveData {
  moveId: string;
  kept: number[];
  total: number;
  band: string;
  parts: { label: string; value: number; signed: string }[];
  options: Option[];
  picks: number;
  chosenCount: number;
  damageRolled: boolean;
  protects?: { uuid: string } | null;
  targets?: { uuid: string }[];
  outcomeDetail?: string | null;
}
interface Line {
  id: string;
  targetUuid: string;
  undone: boolean;
  undo?: unknown;
  followUp?: { action: string; done: boolean } | null;
}
interface Card {
  kind: string;
  rollerId: string;
  actorUuid: string | null;
  done: string[];
  data: MoveData & { formula?: string; amount?: number };
  damage?: { amount: number };
  applied?: Line[];
}

const card = (message: ChatMessage.Implementation) => cardData(message) as unknown as Card;
const lines = (message: ChatMessage.Implementation) => card(message).applied ?? [];
const picked = (message: ChatMessage.Implementation) =>
  Object.fromEntries(card(message).data.options.map((o) => [o.id, o.times]));
/** The Discerner card whose +1 the character holds (edge.ts), read like every other flag. */
const edgeOf = (actor: Actor.Implementation) =>
  (actor as unknown as { getFlag(scope: string, key: string): unknown }).getFlag("quintette", "amEdge.discerner");

/** Clicks the card's pick buttons in turn, each once the last one is on the card. */
async function pickEach(context: QuenchBatchContext, run: Run, move: ChatMessage.Implementation, keys: string[]) {
  for (const [i, key] of keys.entries()) {
    await waitFor(`the pick ${key}`, async () => (await shownActions(run, move)).includes(A.pick));
    await run.hands.clickCard(move, A.pick, { key });
    await expectSoon(context, `${key} picked`, () => card(move).data.chosenCount, i + 1);
  }
}

/** The character's bow (a D6) and arrows (ammunition, `quantity` of them), as a person adds them on the sheet. */
async function arm(actor: Actor.Implementation, quantity: number): Promise<Item.Implementation> {
  const created = await actor.createEmbeddedDocuments("Item", [
    { name: "Arc", type: "am-equipement", system: { kind: "arme", equipped: true, damageDie: "6" } },
    { name: "Flèches", type: "am-equipement", system: { kind: "objet", equipped: true, tags: "munitions", quantity } },
  ] as never);
  const arrows = (created ?? []).find((i) => i.name === "Flèches") as Item.Implementation | undefined;
  if (!arrows) throw new Error(`${actor.name}'s arrows were not created`);
  return arrows;
}
const quantity = (item: Item.Implementation) => (item.system as unknown as { quantity: number }).quantity;

/**
 * `actor` discerns reality: 9 and 7 on Mystique 0, a total success; three questions asked on the card (then none
 * left), the +1 held for the next action. Resolves with the card.
 */
async function discern(context: QuenchBatchContext, run: Run, actor: Actor.Implementation) {
  const { expect } = context;
  run.dice.choose(D10, 9, 7);
  const move = await rollFromSheet(run, actor, "roll", { roll: moveKey(actor, "discernerLaRealite") });
  expect(authorIdOf(move)).to.equal(game.user?.id);
  const data = card(move).data;
  expect([data.moveId, data.kept, data.total, data.band, data.picks]).to.deep.equal([
    "discernerLaRealite",
    [9, 7],
    16,
    "totale",
    3,
  ]);
  await expectSoon(context, "the +1 held", () => edgeOf(actor), move.id);
  await pickEach(context, run, move, ["passe", "avenir", "faux"]);
  expect(picked(move)).to.deep.equal({ passe: 1, avenir: 1, attention: 0, utile: 0, maitre: 0, faux: 1 });
  // A fourth question is not offered.
  expect(await shownActions(run, move)).to.not.include(A.pick);
  expect(run.dice.left).to.equal(0);
  return move;
}

/**
 * `actor` shoots at `foe` with a bow, holding Discerner's +1: 5 and 4 on DEX 1 with the +1, a partial success
 * (11: odd, the initiative kept); "several tries" picked uses up one arrow of the `count` added. Resolves with the
 * card.
 */
async function volley(
  context: QuenchBatchContext,
  run: Run,
  actor: Actor.Implementation,
  foe: TokenDocument.Implementation,
  count: number,
) {
  const { expect } = context;
  const arrows = await arm(actor, count);
  await run.hands.target([foe]);
  run.dice.choose(D10, 5, 4);
  const move = await rollFromSheet(run, actor, "roll", { roll: moveKey(actor, "salve") });
  await run.hands.target([]);
  const data = card(move).data;
  expect([data.moveId, data.kept, data.total, data.band, data.picks]).to.deep.equal([
    "salve",
    [5, 4],
    11,
    "partielle",
    1,
  ]);
  expect(data.parts).to.deep.include({ label: "QUINTETTE.AhillMach.Dialog.Edge", value: 1, signed: "+1" });
  expect(data.targets?.map((t) => t.uuid)).to.deep.equal([foe.actor?.uuid]);
  // The roll took the +1 (the dialog's box ticked for it): none held any more.
  await expectSoon(context, "the +1 used", () => edgeOf(actor) || null, null);
  expect(await shownActions(run, move)).to.include.members([A.pick, A.rollDamage]);
  await pickEach(context, run, move, ["munition"]);
  await expectSoon(context, "an arrow used up", () => quantity(arrows), count - 1);
  expect(picked(move)).to.deep.equal({ danger: 0, moins1d6: 0, munition: 1 });
  expect(await shownActions(run, move)).to.not.include(A.pick);
  expect(run.dice.left).to.equal(0);
  return move;
}

/**
 * `actor` discerns reality in each private mode (kit `expectPrivateModes`): 11 each time, a partial success keeping the
 * initiative (the +1 each leaves for the next unticked in the dialog, kept); one question asked on each card the roller
 * reads (a player does not read their blind roll's card), the +1 held from the newest.
 */
async function discernPrivately(context: QuenchBatchContext, run: Run, actor: Actor.Implementation) {
  const { expect } = context;
  const faces = { gmroll: [6, 5], blindroll: [7, 4], selfroll: [8, 3] };
  const cards = await expectPrivateModes(context, run, (mode) => {
    run.dice.choose(D10, ...faces[mode]);
    return rollFromSheet(
      run,
      actor,
      "roll",
      { roll: moveKey(actor, "discernerLaRealite") },
      {
        rollMode: mode,
        // The +1 the last one left is kept for later: the box unticked.
        values: { edge: false },
      },
    );
  });
  for (const mode of PRIVATE_MODES) {
    const move = cards[mode];
    expect([card(move).data.kept, card(move).data.band, card(move).data.picks], mode).to.deep.equal([
      faces[mode],
      "partielle",
      1,
    ]);
    if (!(await run.hands.cardHtml(move)).includes("quintette-card")) continue;
    await pickEach(context, run, move, ["attention"]);
  }
  await expectSoon(context, "the +1 of the newest", () => edgeOf(actor), cards.selfroll.id);
  expect(run.dice.left).to.equal(0);
}

/** The GM batch's moves, at round 3 with the Brute holding the initiative (ahillmach.ts); `blow` is Kael's damage card. */
export function gmMoveSteps(context: QuenchBatchContext, run: Run, blow: () => ChatMessage.Implementation): void {
  const { it, expect } = context;

  it("Mira defends Kael: a total success takes the initiative back, three held, her level's damage, a blow drawn onto her", async () => {
    const { sandbox, hands, dice } = run;
    const [kael, mira, brute] = [sandbox.actor("Kael"), sandbox.actor("Mira"), sandbox.token("Brute")];
    expect(markers(run)).to.deep.equal({ Kael: false, Mira: false, Brute: true });
    // Whom she protects: the token she targets when rolling.
    await hands.target([sandbox.token("Kael")]);
    dice.choose(D10, 8, 7);
    const move = await rollFromSheet(run, mira, "roll", { roll: moveKey(mira, "defendre") });
    await hands.target([]);
    const data = card(move).data;
    expect([data.moveId, data.kept, data.total, data.band, data.picks]).to.deep.equal([
      "defendre",
      [8, 7],
      16,
      "totale",
      3,
    ]);
    expect(data.protects?.uuid).to.equal(kael.uuid);
    // Défendre may be rolled without the initiative; its total success takes it back for the characters.
    await expectSoon(context, "the initiative taken back", () => markers(run), {
      Kael: true,
      Mira: true,
      Brute: false,
    });
    await pickEach(context, run, move, ["rediriger", "moitie", "niveau"]);
    expect(picked(move)).to.deep.equal({ rediriger: 1, moitie: 1, allie: 0, niveau: 1 });
    expect(await shownActions(run, move)).to.not.include(A.pick);
    // The level's damage: no die, exactly her level.
    const before = sandbox.messages().length;
    await hands.clickCard(move, A.rollDamage);
    const level = await nextCard(run, before, "the level's damage card");
    expect([card(level).kind, card(level).data.formula, card(level).damage?.amount]).to.deep.equal(["damage", "1", 1]);
    await expectSoon(context, "the damage rolled", () => card(move).data.damageRolled, true);
    await hands.target([brute]);
    await hands.clickCard(level, A.apply);
    await hands.target([]);
    await expectSoon(context, "the Brute hit by her level", () => hp(brute.actor), 5);
    // Kael's 6 on Kael: drawn onto Mira by a held "redirect", then undone, Kael untouched throughout.
    const damage = blow();
    const [kaelHp, miraHp] = [hp(kael), hp(mira)];
    const count = lines(damage).length;
    await hands.target([sandbox.token("Kael")]);
    await hands.clickCard(damage, A.apply);
    await hands.target([]);
    await expectSoon(context, "Mira takes the blow meant for Kael", () => hp(mira), (miraHp ?? 0) - 6);
    expect(hp(kael)).to.equal(kaelHp);
    const added = lines(damage).slice(count);
    expect(added.map((l) => l.targetUuid)).to.include(mira.uuid);
    for (const line of added.filter((l) => l.undo !== undefined && l.undo !== null)) {
      await waitFor("the undo on the card", async () => (await shownActions(run, damage)).includes(A.undo));
      await hands.clickCard(damage, A.undo, { key: line.id });
      await expectSoon(
        context,
        `line ${line.id} undone`,
        () => lines(damage).find((l) => l.id === line.id)?.undone,
        true,
      );
    }
    expect([hp(kael), hp(mira)]).to.deep.equal([kaelHp, miraHp]);
    expect([dice.left, dice.unplanned]).to.deep.equal([0, 0]);
  });

  it("Kael discerns reality: a total success, three questions asked on the card, his +1 held", async () => {
    await discern(context, run, run.sandbox.actor("Kael"));
    expect(markers(run)).to.deep.equal({ Kael: true, Mira: true, Brute: false });
  });

  it("Kael's Salve takes his +1: several tries spend an arrow, the damage takes the Brute out, its morale rolled", async () => {
    const { sandbox, hands, dice } = run;
    const brute = sandbox.token("Brute");
    const move = await volley(context, run, sandbox.actor("Kael"), brute, 1);
    // A partial success on an odd total keeps the initiative.
    await expectSoon(context, "the initiative kept", () => markers(run), { Kael: true, Mira: true, Brute: false });
    const before = sandbox.messages().length;
    dice.choose(6, 5);
    await hands.clickCard(move, A.rollDamage);
    const damage = await nextCard(run, before, "the bow's damage card");
    expect([card(damage).data.formula, card(damage).damage?.amount]).to.deep.equal(["1d6", 5]);
    await waitFor("Apply to targets", async () => (await shownActions(run, damage)).includes(A.toTargets));
    await hands.clickCard(damage, A.toTargets);
    await expectSoon(context, "the Brute out", () => hp(brute.actor), 0);
    const line = lines(damage)[0]!;
    expect([line.targetUuid, line.followUp?.action, line.followUp?.done]).to.deep.equal([
      brute.actor?.uuid,
      A.morale,
      false,
    ]);
    // The fallen Brute's side tests its morale: 3 and 2 on Mystique 0, a failure, it flees.
    await waitFor("the morale on the card", async () => (await shownActions(run, damage)).includes(A.morale));
    const count = sandbox.messages().length;
    dice.choose(D10, 3, 2);
    const morale = await hands.answering({}, async () => {
      await hands.clickCard(damage, A.morale, { key: line.id });
      return nextCard(run, count, "the morale card");
    });
    const data = card(morale);
    expect([data.kind, data.actorUuid, data.data.kept, data.data.band, data.data.outcomeDetail]).to.deep.equal([
      "morale",
      brute.actor?.uuid,
      [3, 2],
      "echec",
      "QUINTETTE.AhillMach.Card.Flees",
    ]);
    await expectSoon(context, "the morale done", () => lines(damage)[0]?.followUp?.done, true);
    expect(await shownActions(run, damage)).to.not.include(A.morale);
    expect([dice.left, dice.unplanned]).to.deep.equal([0, 0]);
  });

  it("Kael's next Salve, his last arrow gone: several tries greyed out, nothing spent; another option picked", async () => {
    const { sandbox, hands, dice } = run;
    const kael = sandbox.actor("Kael");
    const arrows = kael.items.contents.find((i) => i.name === "Flèches")!;
    expect(quantity(arrows)).to.equal(0);
    // 6 and 4 on DEX 1, no +1 held: 11, a partial success keeping the initiative.
    await hands.target([sandbox.token("Brute")]);
    dice.choose(D10, 6, 4);
    const move = await rollFromSheet(run, kael, "roll", { roll: moveKey(kael, "salve") });
    await hands.target([]);
    expect([card(move).data.total, card(move).data.band, card(move).data.picks]).to.deep.equal([11, "partielle", 1]);
    await waitFor("the picks", async () => (await shownActions(run, move)).includes(A.pick));
    const several = (await hands.cardButtons(move)).find((b) => b.action === A.pick && b.args.key === "munition");
    expect(several?.disabled, "several tries offered with no arrow").to.equal(true);
    expect([card(move).data.chosenCount, quantity(arrows)]).to.deep.equal([0, 0]);
    await pickEach(context, run, move, ["danger"]);
    expect(picked(move)).to.deep.equal({ danger: 1, moins1d6: 0, munition: 0 });
    await expectSoon(context, "the initiative kept", () => markers(run), { Kael: true, Mira: true, Brute: false });
    expect([dice.left, dice.unplanned]).to.deep.equal([0, 0]);
  });

  it("Kael discerns reality in each private mode: whispered as the mode says, a question asked on each card", async () => {
    await discernPrivately(context, run, run.sandbox.actor("Kael"));
    expect(markers(run)).to.deep.equal({ Kael: true, Mira: true, Brute: false });
  });
}

/** The player batch's moves, on their own character (ahillmach.ts); `foe` is their Brute's token. */
export function playerMoveSteps(context: QuenchBatchContext, run: Run, foe: () => TokenDocument.Implementation): void {
  const { it, expect } = context;

  it("I defend: a total success, a halving held twice and my level's damage, rolled by the GM's client", async () => {
    const { sandbox, hands, dice } = run;
    const mine = sandbox.mine();
    dice.choose(D10, 8, 7);
    const move = await rollFromSheet(run, mine, "roll", { roll: moveKey(mine, "defendre") });
    expect([card(move).data.band, card(move).data.picks, card(move).data.protects ?? null]).to.deep.equal([
      "totale",
      3,
      null,
    ]);
    // "Halve" may be held more than once: one per attack it will meet.
    await pickEach(context, run, move, ["moitie", "moitie", "niveau"]);
    expect(picked(move)).to.deep.equal({ rediriger: 0, moitie: 2, allie: 0, niveau: 1 });
    const before = sandbox.messages().length;
    await hands.clickCard(move, A.rollDamage);
    const level = await nextCard(run, before, "the level's damage card");
    expect(gmIds()).to.include(authorIdOf(level));
    expect([card(level).rollerId, card(level).data.formula, card(level).damage?.amount]).to.deep.equal([
      game.user?.id,
      "1",
      1,
    ]);
    await expectSoon(context, "the GM's client marks the damage rolled", () => card(move).data.damageRolled, true);
    expect(dice.left).to.equal(0);
  });

  it("I discern reality: three questions on my card, my +1 held on my character", async () => {
    await discern(context, run, run.sandbox.mine());
  });

  it("my Salve takes my +1 and spends one of my arrows; its damage rolled by the GM's client through the relay", async () => {
    const { sandbox, hands, dice } = run;
    const move = await volley(context, run, sandbox.mine(), foe(), 3);
    const before = sandbox.messages().length;
    // The damage dice are the GM's browser's: none chosen here.
    await hands.clickCard(move, A.rollDamage);
    const damage = await nextCard(run, before, "the bow's damage card");
    expect(gmIds()).to.include(authorIdOf(damage));
    const data = card(damage);
    expect([data.rollerId, data.data.formula, data.data.targets?.map((t) => t.uuid)]).to.deep.equal([
      game.user?.id,
      "1d6",
      [foe().actor?.uuid],
    ]);
    expect(data.damage?.amount).to.be.within(1, 6);
    await expectSoon(context, "the GM's client marks the damage rolled", () => card(move).data.damageRolled, true);
    expect(dice.left).to.equal(0);
  });

  it("I discern reality in each private mode: a question asked on each card I read, my blind roll's not mine", async () => {
    await discernPrivately(context, run, run.sandbox.mine());
  });
}
