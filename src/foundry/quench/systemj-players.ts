/// <reference types="mocha" />
/**
 * SYSTEMJ's player batches (docs/quench.md "Players"): the GM prepares the players' sandbox (a personnage and a
 * companion créature for each player, theirs alone, the GM's bear, their tokens, a combat); each player, in their own
 * browser with the GM's client connected, rolls a test at 00, spars with their companion (they answer its defence
 * themselves; each step goes through the relay and the GM's client writes it: the hit, the damage it rolls, the
 * companion's hit points, their undo), throws an object at the bear (the shot waits for the GM's word on sight, whose buttons they do
 * not see), clicks their personnage's hidden choice in the tracker (the GM's client records that they chose, never
 * what), rolls in each private mode and reads every card the same from its stored data. Then the GM answers the
 * players' shots (`quintette.systemj.answer`): the bear does not see them coming, the damage rolled, applied, undone;
 * and reveals the round in the tracker.
 * The GM's client rolls the relayed steps' dice with its own dice: the player's batch never plans them.
 */
import { Sandbox } from "./sandbox.ts";
import { ChosenDice } from "./dice.ts";
import { currentHands, waitFor } from "./hands.ts";
import {
  expectSoon,
  shownActions,
  scenario,
  TIMEOUT,
  type BatchSpec,
  type QuenchBatchContext,
  type Run,
  sameFromStore,
} from "./kit.ts";
import {
  ACTION,
  answerStep,
  appliedOf,
  D3,
  exchangeOf,
  phaseOf,
  points,
  privateModes,
  RULESET,
  shownSoon,
  testAt,
  testOf,
} from "./systemj-steps.ts";
import { choose, combatantOf, publicOf, reveal, revealShown } from "./systemj-choice.ts";

const players = () => (game.users?.contents ?? []).filter((u) => !u.isGM).slice(0, 8);

/** The players' sandbox: for each player a personnage and a companion créature, theirs alone; the GM's bear. */
async function buildForPlayers(sandbox: Sandbox): Promise<void> {
  if (!players().length) throw new Error("The world has no player to prepare for");
  for (const [i, user] of players().entries()) {
    const owner = user.id ?? "";
    const character = await sandbox.createActor({ name: `Quench ${user.name}`, type: "sj-personnage", owner });
    const companion = await sandbox.createActor({ name: `Quench ${user.name} companion`, type: "creature", owner });
    await sandbox.placeToken(character, 200 * i);
    await sandbox.placeToken(companion, 200 * i + 100);
  }
  await sandbox.placeToken(await sandbox.createActor({ name: "Ours", type: "creature" }), 2000);
  await sandbox.startCombat(sandbox.tokens);
}

/** The actor of `type` this user owns in the prepared sandbox. */
function own(run: Run, type: "sj-personnage" | "creature"): Actor.Implementation {
  const user = game.user;
  const found =
    user && run.sandbox.actors.find((a) => (a.type as string) === type && a.testUserPermission(user, "OWNER"));
  if (!found) throw new Error(`The sandbox holds no ${type} of ${user?.name ?? "nobody"}`);
  return found;
}

/** The combatant of this user's personnage in the prepared combat. */
function myCombatant(run: Run): Combatant.Implementation {
  const actor = own(run, "sj-personnage");
  const found = run.sandbox.combat?.combatants.contents.find((c) => c.actorId === actor.id);
  if (!found) throw new Error(`${actor.name} is not in the sandbox's combat`);
  return found;
}

/** The token of an actor on the sandbox's scene (a créature's is synthetic). */
function tokenOf(run: Run, actor: Actor.Implementation): TokenDocument.Implementation {
  const token = run.sandbox.tokens.find((t) => t.actorId === actor.id);
  if (!token) throw new Error(`${actor.name} has no token on the sandbox's scene`);
  return token;
}

function registerPrepare(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("SYSTEMJ: the players' sandbox, prepared by the GM", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "prepare", build: buildForPlayers });
    it("holds a personnage and a companion for each player, theirs alone, and a combat with every token", () => {
      for (const user of players())
        for (const type of ["sj-personnage", "creature"])
          expect(
            run.sandbox.actors.filter((a) => a.type === type && a.testUserPermission(user, "OWNER")).length,
            `${user.name}'s ${type}`,
          ).to.equal(1);
      expect(run.sandbox.combat?.combatants.size).to.equal(run.sandbox.tokens.length);
    });
  });
}

function registerPlayer(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("SYSTEMJ, in a player's browser (the GM connected)", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "player" });

    it("my Rapidité test: 00 is a critical failure", async () => {
      const card = await testAt(context, run, own(run, "sj-personnage"), "attribute.RAP", 100);
      expect(testOf(card)).to.deep.include({ roll: 0, outcome: "echecCritique", critical: true });
      expect(run.dice.left).to.equal(0);
    });

    it("a bout with my companion: I answer its defence; the GM's client writes the hit, its damage roll, the wound, its undo", async () => {
      const { hands, dice } = run;
      const companion = tokenOf(run, own(run, "creature"));
      await hands.target([companion]);
      const fight = await testAt(context, run, own(run, "sj-personnage"), "attack.meleeForce", 30);
      await hands.target([]);
      expect(exchangeOf(fight)).to.deep.include({ phase: "defence", options: ["dodge"] });
      // The defender is mine: its step is mine to answer, through the relay.
      expect(await shownSoon(run, fight, ACTION.noDefence)).to.deep.equal([ACTION.defend, ACTION.noDefence]);
      await answerStep(run, fight, ACTION.noDefence, undefined, () => phaseOf(fight) === "hit");
      expect(exchangeOf(fight)?.hitTarget).to.equal("defender");
      // The damage is rolled on the GM's client, with its own dice: whatever it shows, it is a d3's.
      await answerStep(run, fight, ACTION.damage, undefined, () => exchangeOf(fight)?.damage != null);
      const damage = exchangeOf(fight)?.damage ?? 0;
      expect(damage).to.be.within(1, 3);
      await answerStep(run, fight, ACTION.apply, undefined, () => appliedOf(fight).length === 1);
      await expectSoon(context, "my companion's token wounded", () => points(companion.actor), [10 - damage, 0]);
      expect(points(own(run, "creature")), "my companion in the sidebar").to.deep.equal([10, 0]);
      const line = appliedOf(fight)[0];
      expect(line).to.deep.include({ userId: game.user?.id, undone: false });
      // The wounded is mine: its undo is mine too (a target's owners), done by the GM's client.
      expect(await shownSoon(run, fight, ACTION.undo)).to.deep.equal([ACTION.undo]);
      await hands.clickCard(fight, ACTION.undo, { key: line?.id ?? "" });
      await expectSoon(context, "my companion's token after the undo", () => points(companion.actor), [10, 0]);
      expect(dice.left).to.equal(0);
      // The d3 was the GM's client's: this page drew only the dice it planned.
      expect(dice.unplanned).to.equal(0);
    });

    it("I throw an object at the bear: my shot waits for the GM's word on sight, buttons I do not see", async () => {
      const { hands, sandbox } = run;
      await hands.target([sandbox.token("Ours")]);
      const shot = await testAt(context, run, own(run, "sj-personnage"), "attack.throw", 5);
      await hands.target([]);
      expect(exchangeOf(shot)).to.deep.include({ mode: "ranged", phase: "sight" });
      await waitFor("my shot in my chat log", async () => (await hands.cardHtml(shot)).includes("quintette-card"));
      expect(await shownActions(run, shot)).to.deep.equal([]);
      expect(run.dice.left).to.equal(0);
    });

    it("my hidden choice in the tracker: Movement, then Action; the GM's client records that I chose, never what", async () => {
      const combat = run.sandbox.combat;
      if (!combat) throw new Error("No combat");
      // The reveal is the GM's, the bear's choice too: a player's tracker offers neither.
      expect(await revealShown(run)).to.deep.equal([]);
      expect(await run.hands.trackerControls(combatantOf(combat, "Ours"), "data-sj-phase")).to.deep.equal([]);
      const mine = myCombatant(run);
      // Action last: the GM reveals it after answering my shot (a revealed Movement would refuse it).
      await choose(context, run, mine, ["mouvement", "action"]);
      expect(publicOf(combat)).to.deep.include({ status: "choosing" });
      expect(publicOf(combat).chosen[mine.name ?? ""], "written by the GM's client").to.equal(true);
    });

    it("my FOR test in each private mode: whispered as the mode says, a blind roll's card not mine to read", async () => {
      await privateModes(context, run, own(run, "sj-personnage"), { gmroll: 4, blindroll: 44, selfroll: 77 });
    });

    it("every card I read reads the same rendered again from its stored data", async () => {
      await sameFromStore(context, run);
    });
  });
}

/** The prepared sandbox, on the GM's page (the players' cards in it): viewed, the GM's dice chosen. */
function preparedForGM(context: QuenchBatchContext): Run {
  const run = {} as Run;
  let previousScene: Scene.Implementation | null = null;
  context.before(async function (this: Mocha.Context) {
    this.timeout(TIMEOUT);
    if (!game.user?.isGM) throw new Error("Run this batch as a GM");
    const found = Sandbox.find(RULESET);
    if (!found) throw new Error("No prepared sandbox: a GM runs the prepare batch, then the players theirs");
    run.sandbox = found;
    run.hands = currentHands();
    run.dice = new ChosenDice();
    previousScene = game.scenes?.viewed ?? null;
    await found.scene.view();
    run.dice.install();
  });
  context.after(async function (this: Mocha.Context) {
    this.timeout(TIMEOUT);
    run.dice?.restore();
    if (previousScene && previousScene !== run.sandbox?.scene) await previousScene.view();
  });
  return run;
}

function registerAnswer(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("SYSTEMJ: the GM answers the players' shots (after the player batch)", function () {
    this.timeout(TIMEOUT);
    const run = preparedForGM(context);

    it("the bear does not see each shot coming: a hit, the damage rolled, applied to the bear's token, undone", async () => {
      const { sandbox, hands, dice } = run;
      const bear = sandbox.token("Ours");
      const shots = sandbox.messages().filter((m) => phaseOf(m) === "sight");
      expect(shots.length, "players' shots waiting for the GM").to.be.greaterThan(0);
      for (const shot of shots) {
        expect(await shownSoon(run, shot, ACTION.sight)).to.deep.equal([ACTION.sight, ACTION.sight]);
        await answerStep(run, shot, ACTION.sight, { aware: false }, () => phaseOf(shot) === "hit");
        expect(exchangeOf(shot)?.hitTarget).to.equal("defender");
        dice.choose(D3, 1);
        await answerStep(run, shot, ACTION.damage, undefined, () => exchangeOf(shot)?.damage === 1);
        await answerStep(run, shot, ACTION.apply, undefined, () => appliedOf(shot).length === 1);
        await expectSoon(context, "the bear's token hit", () => points(bear.actor), [9, 0]);
        await shownSoon(run, shot, ACTION.undo);
        await hands.clickCard(shot, ACTION.undo, { key: appliedOf(shot)[0]?.id ?? "" });
        await expectSoon(context, "the bear's token after the undo", () => points(bear.actor), [10, 0]);
      }
      expect(dice.left).to.equal(0);
    });

    it("the GM reveals the round in the tracker: each player's choice as they made it, the others had not chosen", async () => {
      const combat = run.sandbox.combat;
      if (!combat) throw new Error("No combat");
      const chosen = publicOf(combat).chosen;
      expect(Object.values(chosen), "players' choices waiting for the reveal").to.include(true);
      const found = await reveal(context, run, combat);
      // The players chose Action for their personnage (player batch); nobody chose for the others.
      expect(found.shown).to.deep.equal(
        Object.fromEntries(Object.entries(chosen).map(([name, made]) => [name, made ? "action" : null])),
      );
      expect(found.lines.map(([name]) => name)).to.have.members(Object.keys(chosen));
      expect(await run.hands.trackerControls(null, "data-sj-phase"), "no reveal after the reveal").to.deep.equal([]);
    });
  });
}

export const prepareBatch: BatchSpec = {
  key: "quintette.systemj.prepare",
  displayName: "SYSTEMJ: prepare the player batch (GM)",
  ruleset: RULESET,
  runAs: "gm",
  register: registerPrepare,
};

export const playerBatch: BatchSpec = {
  key: "quintette.systemj.player",
  displayName: "SYSTEMJ (player)",
  ruleset: RULESET,
  runAs: "player",
  register: registerPlayer,
};

export const answerBatch: BatchSpec = {
  key: "quintette.systemj.answer",
  displayName: "SYSTEMJ: answer the players' shots (GM, after the player batch)",
  ruleset: RULESET,
  runAs: "gm",
  register: registerAnswer,
};
