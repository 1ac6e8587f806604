/**
 * Trinités in a live world, from the table scene's steps (test/scenes/trinites.test.ts): a GM batch (two Trinités and a
 * humain on the sandbox's scene; a Mêlée test picked on its card; initiative picked and seated, then two rounds of Next
 * turn and Next round; the tracker's ±3 and hourglass clicked; a test in each private mode; a sword's strike, its
 * damage and its undo; React, the shared Apply, an Encourager's option and the regeneration card clicked
 * (trinites-cards.ts); every card the same rendered again from its stored data) and a player batch (the prepared
 * sandbox: the player's own test and pick, their initiative picked on their card and seated by the GM's client through
 * the relay, their tracker without the GM's controls, their Intimider's option stored on the GM's Brute, their private
 * rolls, their cards from stored data). Dice: every die is a d12.
 */
import type { Sandbox } from "./sandbox.ts";
import { authorIdOf } from "../chat/author.ts";
import { waitFor } from "./hands.ts";
import {
  cardData,
  expectSoon,
  nextCard,
  rollFromSheet,
  scenario,
  shownActions,
  TIMEOUT,
  type BatchSpec,
  type QuenchBatchContext,
  type Run,
  expectPrivateModes,
  sameFromStore,
} from "./kit.ts";
import {
  D12,
  PICK,
  RULESET,
  type Seat,
  done,
  picksShown,
  rowControls,
  SHIFT,
  seats,
  trackerAsGM,
  turn,
  WAIT,
} from "./trinites-steps.ts";
import { encouraged, intimidated, regenerated, sharedApply, strikeReacted } from "./trinites-cards.ts";

/** `actor` tests `key` at the Brute: the Deva die explodes (12, 4), the Archonte shows 3; picked Deva on the card. */
async function meleeAtTheBrute(
  context: QuenchBatchContext,
  run: Run,
  actor: Actor.Implementation,
): Promise<ChatMessage.Implementation> {
  const { expect } = context;
  const brute = run.sandbox.token("Brute");
  await run.hands.target([brute]);
  run.dice.choose(D12, 12, 4, 3);
  const card = await rollFromSheet(run, actor, "roll", { roll: "skill:melee" });
  await run.hands.target([]);
  expect(authorIdOf(card)).to.equal(game.user?.id);
  expect(cardData(card)).to.deep.include({ rollerId: game.user?.id });
  const data = cardData(card) as { dice: { value: number }[]; data: { setup: { targets: { uuid: string }[] } } };
  expect(data.dice.map((d) => d.value)).to.deep.equal([16, 3]);
  expect(data.data.setup.targets.map((t) => t.uuid)).to.deep.equal([brute.actor?.uuid]);
  expect(await picksShown(run, card)).to.deep.equal([PICK, PICK]);
  await run.hands.clickCard(card, PICK, { spirit: "deva" });
  await expectSoon(context, "the pick recorded", () => done(card), [PICK]);
  const after = cardData(card) as { dice: { kept: boolean }[]; outcome: { tone: string } };
  expect(after.dice.map((d) => d.kept)).to.deep.equal([true, false]);
  expect(after.outcome.tone).to.equal("success");
  expect(await shownActions(run, card)).to.not.include(PICK);
  expect(run.dice.left).to.equal(0);
  return card;
}

/** Vigilance in each private mode, from the sheet (kit `expectPrivateModes`). */
function privateModes(context: QuenchBatchContext, run: Run, actor: Actor.Implementation) {
  return expectPrivateModes(context, run, (mode) => {
    run.dice.choose(D12, 5, 6);
    return rollFromSheet(run, actor, "roll", { roll: "skill:vigilance" }, { rollMode: mode });
  });
}

async function buildGM(sandbox: Sandbox): Promise<void> {
  const ysolde = await sandbox.createActor({ name: "Ysolde", type: "trinite" });
  const aymeric = await sandbox.createActor({ name: "Aymeric", type: "trinite" });
  const brute = await sandbox.createActor({ name: "Brute", type: "humain" });
  for (const [i, actor] of [ysolde, aymeric, brute].entries()) await sandbox.placeToken(actor, 100 * i);
}

function registerGM(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("Trinités, a GM alone at the table", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "gm", build: buildGM });

    it("the Trinités' tokens are their actors, the humain's a synthetic one", () => {
      const { sandbox } = run;
      expect(sandbox.token("Ysolde").actor).to.equal(sandbox.actor("Ysolde"));
      expect(sandbox.token("Brute").actor?.isToken).to.equal(true);
    });

    it("Ysolde's Mêlée test at the Brute: the Deva die explodes, picked on the card, a success", async () => {
      await meleeAtTheBrute(context, run, run.sandbox.actor("Ysolde"));
    });

    it("initiative picked on each card and seated; Begin, Next turn and Next round over two rounds", async () => {
      const { sandbox, hands, dice } = run;
      const combat = await sandbox.startCombat(sandbox.tokens);
      const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
      for (const [name, faces, spirit] of [
        ["Ysolde", [9, 2], "deva"],
        ["Aymeric", [3, 7], "archonte"],
      ] as const) {
        const before = sandbox.messages().length;
        dice.choose(D12, ...faces);
        await hands.answering({}, () => combat.rollInitiative([id(name)]));
        const card = await nextCard(run, before, `${name}'s initiative card`);
        await picksShown(run, card);
        await hands.clickCard(card, PICK, { spirit });
        await expectSoon(context, `${name}'s pick and seat`, () => done(card), [PICK, "trinites.initiative"]);
      }
      dice.choose(D12, 5);
      await hands.answering({}, () => combat.rollNPC());
      await expectSoon(context, "every seat", () => seats(run), {
        Ysolde: [5, 5, "garde", false],
        Aymeric: [4, 4, "garde", false],
        Brute: [3, 3, "garde", false],
      });
      await combat.startCombat();
      await expectSoon(context, "round 1", () => turn(run), { round: 1, current: "Ysolde" });
      await expectSoon(context, "the dice in the fire", () => seats(run), {
        Ysolde: [5, 5, "garde", true],
        Aymeric: [4, 4, "feu", false],
        Brute: [3, 3, "feu", false],
      });
      for (const next of [
        { round: 1, current: "Aymeric" },
        { round: 1, current: "Brute" },
        { round: 2, current: "Ysolde" },
        { round: 2, current: "Aymeric" },
      ]) {
        await combat.nextTurn();
        await expectSoon(context, `Next turn to ${next.current}`, () => turn(run), next);
        // The turn's start (its die en garde) is the GM's client's, after the turn changed: wait for it.
        await waitFor(`${next.current}'s turn started`, () => seats(run)[next.current]?.[3] === true);
      }
      await combat.nextRound();
      await expectSoon(context, "Next round", () => turn(run), { round: 3, current: "Ysolde" });
      await expectSoon(context, "every die back in the fire", () => seats(run), {
        Ysolde: [5, 5, "garde", true],
        Aymeric: [4, 4, "feu", false],
        Brute: [3, 3, "feu", false],
      });
      expect(dice.left).to.equal(0);
    });

    it("the tracker's controls: ±3 in every row, the hourglass in the acting row; clicked, the seats move", async () => {
      await trackerAsGM(context, run);
    });

    it("Aymeric's Vigilance in each private mode: whispered as the mode says", async () => {
      await privateModes(context, run, run.sandbox.actor("Aymeric"));
    });

    it("Ysolde strikes the Brute with her sword: the damage applied, then undone", async () => {
      const { sandbox, hands, dice } = run;
      const ysolde = sandbox.actor("Ysolde");
      const items = await ysolde.createEmbeddedDocuments("Item", [
        { name: "Épée", type: "tr-arme", system: { degats: 3, competence: "melee" } },
      ] as never);
      const sword = items?.[0];
      const brute = sandbox.token("Brute");
      const life = () => (brute.actor?.system as unknown as { vie: { value: number } }).vie.value;
      const before = life();
      await hands.target([brute]);
      dice.choose(D12, 12, 6, 2);
      const card = await rollFromSheet(
        run,
        ysolde,
        "roll",
        { roll: `weapon:${sword?.id ?? ""}` },
        { values: { combatAction: "frapper" } },
      );
      await hands.target([]);
      await picksShown(run, card);
      await hands.clickCard(card, PICK, { spirit: "deva" });
      const key = brute.actor?.uuid ?? "";
      await waitFor("the damage button", async () => (await shownActions(run, card)).includes("trinites.damage"));
      await hands.clickCard(card, "trinites.damage", { key });
      await waitFor("the damage applied", () => life() < before);
      const applied = (cardData(card).applied as { id: string; undone: boolean }[] | undefined) ?? [];
      expect(applied.map((a) => a.undone)).to.deep.equal([false]);
      await waitFor("the undo button", async () => (await shownActions(run, card)).includes("quintette.undo"));
      await hands.clickCard(card, "quintette.undo", { key: applied[0]?.id ?? "" });
      await expectSoon(context, "the life after the undo", life, before);
      expect(dice.left).to.equal(0);
    });

    it("Ysolde strikes Aymeric, who reacts from the card (React): his Esquive picked fails, his damage applied", async () => {
      await strikeReacted(context, run);
    });

    it("Ysolde's strike at nobody: the card's shared Apply on the Brute's token, then undone", async () => {
      await sharedApply(context, run);
    });

    it("Ysolde encourages Aymeric: the option for his next action picked on the card, stored on him", async () => {
      await encouraged(context, run);
    });

    it("Aymeric out cold at the round's end: the GM's regeneration card, clicked, heals 4 for an Archonte point", async () => {
      await regenerated(context, run);
    });

    it("every card reads the same rendered again from its stored data", async () => {
      await sameFromStore(context, run);
    });
  });
}

/** The players' sandbox: a Trinité for each player (theirs alone), the GM's humain, their tokens, the combat. */
async function buildForPlayers(sandbox: Sandbox): Promise<void> {
  const players = (game.users?.contents ?? []).filter((u) => !u.isGM).slice(0, 8);
  if (!players.length) throw new Error("The world has no player to prepare for");
  for (const [i, user] of players.entries()) {
    const actor = await sandbox.createActor({ name: `Quench ${user.name}`, type: "trinite", owner: user.id ?? "" });
    await sandbox.placeToken(actor, 100 * i);
  }
  await sandbox.placeToken(await sandbox.createActor({ name: "Brute", type: "humain" }), 1000);
  await sandbox.startCombat(sandbox.tokens);
}

function registerPrepare(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("Trinités: the players' sandbox, prepared by the GM", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "prepare", build: buildForPlayers });
    it("holds a Trinité for each player, theirs alone, and a combat with every token", () => {
      const players = (game.users?.contents ?? []).filter((u) => !u.isGM);
      for (const user of players.slice(0, 8))
        expect(run.sandbox.actors.some((a) => a.testUserPermission(user, "OWNER"))).to.equal(true);
      expect(run.sandbox.combat?.combatants.size).to.equal(run.sandbox.tokens.length);
    });
  });
}

function registerPlayer(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("Trinités, in a player's browser (the GM connected)", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "player" });

    it("a Mêlée test at the Brute from my Trinité, picked on my card", async () => {
      await meleeAtTheBrute(context, run, run.sandbox.mine());
    });

    it("my initiative: picked on my card, then seated by the GM's client through the relay", async () => {
      const { sandbox, hands, dice } = run;
      const combat = sandbox.combat;
      const mine = sandbox.mine();
      const combatant = combat?.combatants.contents.find((c) => c.actor?.id === mine.id);
      if (!combat || !combatant) throw new Error("The prepared combat has no combatant of mine");
      const before = sandbox.messages().length;
      dice.choose(D12, 9, 2);
      await hands.answering({}, () => combat.rollInitiative([combatant.id ?? ""]));
      const card = await nextCard(run, before, "my initiative card");
      expect(authorIdOf(card)).to.equal(game.user?.id);
      await picksShown(run, card);
      await hands.clickCard(card, PICK, { spirit: "deva" });
      await expectSoon(context, "the GM's seat action on my card", () => done(card), [PICK, "trinites.initiative"]);
      const seat = combatant.system as unknown as Seat;
      expect([combatant.initiative, seat.score, seat.phase]).to.deep.equal([5, 5, "garde"]);
      expect(dice.left).to.equal(0);
    });

    it("my tracker: my seated die's row, no ±3 (the GM's) and no hourglass while none of mine acts", async () => {
      const { sandbox, hands } = run;
      const mine = sandbox.combat?.combatants.contents.find((c) => c.actor?.id === sandbox.mine().id);
      if (!mine) throw new Error("The prepared combat has no combatant of mine");
      expect(await hands.trackerControls(mine, "data-combatant-id")).to.have.length(1);
      expect(Object.values(await rowControls(run, SHIFT)).flat()).to.deep.equal([]);
      expect(Object.values(await rowControls(run, WAIT)).flat()).to.deep.equal([]);
    });

    it("my Intimider at the Brute: its option for the Brute's next reaction picked on my card, stored by the GM's client", async () => {
      await intimidated(context, run);
    });

    it("my Vigilance in each private mode: whispered as the mode says, a blind roll's card not mine to read", async () => {
      await privateModes(context, run, run.sandbox.mine());
    });

    it("every card I read reads the same rendered again from its stored data", async () => {
      await sameFromStore(context, run);
    });
  });
}

export const trinitesBatches: BatchSpec[] = [
  { key: "quintette.trinites.gm", displayName: "Trinités (GM)", ruleset: RULESET, runAs: "gm", register: registerGM },
  {
    key: "quintette.trinites.prepare",
    displayName: "Trinités: prepare the player batch (GM)",
    ruleset: RULESET,
    runAs: "gm",
    register: registerPrepare,
  },
  {
    key: "quintette.trinites.player",
    displayName: "Trinités (player)",
    ruleset: RULESET,
    runAs: "player",
    register: registerPlayer,
  },
];
