/**
 * SYSTEMJ in a live world, from the table scene's steps (test/scenes/systemj.test.ts): a GM batch (Aude and Bertil,
 * personnages, and a bear, a créature, on the sandbox's scene; a FOR test at its bare score, a critical success, and a
 * 00, a critical failure; each initiative a Rapidité test, ordered successes first; Begin, Next turn and Next round;
 * Aude's blow on the bear, dodged in vain, its damage rolled, applied to the bear's token and undone; Bertil's thrown
 * object the bear does not see coming; round 3's hidden Action/Movement choice clicked in the tracker and revealed
 * (systemj-choice.ts); a test in each private mode; every card the same rendered again from its stored
 * data). The players' batches (prepare, player, and the GM's answer to a player's shot) are in systemj-players.ts.
 * Dice: a test is one d100 (a face of 100 reads 00), bare hands' damage a d3. World time is never advanced here (kit.ts):
 * the Chronoste, which moves it, has its own batch (systemj-chronoste.ts).
 */
import type { Sandbox } from "./sandbox.ts";
import {
  cardData,
  expectSoon,
  nextCard,
  scenario,
  TIMEOUT,
  type BatchSpec,
  type QuenchBatchContext,
  sameFromStore,
} from "./kit.ts";
import {
  ACTION,
  answerStep,
  appliedOf,
  D100,
  D3,
  exchangeOf,
  phaseOf,
  points,
  privateModes,
  RULESET,
  shownSoon,
  testAt,
  testOf,
  turn,
} from "./systemj-steps.ts";
import { answerBatch, playerBatch, prepareBatch } from "./systemj-players.ts";
import { combatantOf, playHiddenChoice, publicOf } from "./systemj-choice.ts";
import { chronosteBatch } from "./systemj-chronoste.ts";

/** Fresh actors' attributes are all 50: FOR 50, RAP 50, a melee attack in force ((2×FOR+RES+RAP)/5) 40. */
const SCORE = 50;

async function buildGM(sandbox: Sandbox): Promise<void> {
  const aude = await sandbox.createActor({ name: "Aude", type: "sj-personnage" });
  const bertil = await sandbox.createActor({ name: "Bertil", type: "sj-personnage" });
  const ours = await sandbox.createActor({ name: "Ours", type: "creature" });
  for (const [i, actor] of [aude, bertil, ours].entries()) await sandbox.placeToken(actor, 100 * i);
}

function registerGM(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("SYSTEMJ, a GM alone at the table", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "gm", build: buildGM });
    const worldTime = () => game.time?.worldTime ?? null;
    let timeBefore: number | null = null;

    it("the personnages' tokens are their actors, the bear's a synthetic one", () => {
      const { sandbox } = run;
      timeBefore = worldTime();
      expect(sandbox.token("Aude").actor).to.equal(sandbox.actor("Aude"));
      expect(sandbox.token("Ours").actor?.isToken).to.equal(true);
      expect(points(sandbox.token("Ours").actor)).to.deep.equal([10, 0]);
    });

    it("Aude's FOR test: her bare score rolled is a critical success, 00 a critical failure", async () => {
      const aude = run.sandbox.actor("Aude");
      const best = testOf(await testAt(context, run, aude, "attribute.FOR", SCORE));
      expect(best).to.deep.include({ roll: SCORE, target: SCORE, outcome: "reussiteCritique", critical: true });
      const worst = testOf(await testAt(context, run, aude, "attribute.FOR", 100));
      expect(worst).to.deep.include({ roll: 0, outcome: "echecCritique", success: false, critical: true });
      expect(run.dice.left).to.equal(0);
    });

    it("each initiative is a Rapidité test card; successes first, by decreasing roll; Begin to Bertil", async () => {
      const { sandbox, hands, dice } = run;
      const combat = await sandbox.startCombat(sandbox.tokens);
      const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
      for (const [name, face] of [
        ["Aude", 12],
        ["Bertil", 35],
      ] as const) {
        const before = sandbox.messages().length;
        dice.choose(D100, face);
        await hands.answering({}, () => combat.rollInitiative([id(name)]));
        const card = await nextCard(run, before, `${name}'s initiative card`);
        expect(testOf(card)).to.deep.include({ roll: face, success: true });
      }
      const before = sandbox.messages().length;
      dice.choose(D100, 60);
      await hands.answering({}, () => combat.rollNPC());
      expect(testOf(await nextCard(run, before, "the bear's initiative card"))).to.deep.include({ success: false });
      const initiatives = () => combat.combatants.contents.map((c) => [c.name, c.initiative]);
      await expectSoon(context, "every initiative", initiatives, [
        ["Aude", 12],
        ["Bertil", 35],
        ["Ours", 60],
      ]);
      expect(combat.turns.map((c) => c.name)).to.deep.equal(["Bertil", "Aude", "Ours"]);
      await combat.startCombat();
      await expectSoon(context, "round 1", () => turn(run), { round: 1, current: "Bertil" });
      expect(dice.left).to.equal(0);
    });

    it("Next turn to Aude, whose blow the bear dodges in vain: the damage rolled, applied to its token, undone", async () => {
      const { sandbox, hands, dice } = run;
      await sandbox.combat?.nextTurn();
      await expectSoon(context, "Aude's turn", () => turn(run), { round: 1, current: "Aude" });
      const bear = sandbox.token("Ours");
      await hands.target([bear]);
      const fight = await testAt(context, run, sandbox.actor("Aude"), "attack.meleeForce", 30);
      await hands.target([]);
      expect(exchangeOf(fight)).to.deep.include({ mode: "meleeForce", phase: "defence", options: ["dodge"] });
      expect(exchangeOf(fight)?.defender.uuid).to.equal(bear.actor?.uuid);
      expect(await shownSoon(run, fight, ACTION.defend)).to.deep.equal([ACTION.defend, ACTION.noDefence]);
      dice.choose(D100, 90);
      await answerStep(run, fight, ACTION.defend, { kind: "dodge" }, () => phaseOf(fight) === "hit");
      expect(exchangeOf(fight)?.tests.map((t) => [t.roll, t.success, t.role])).to.deep.equal([
        [30, true, "attack"],
        [90, false, "dodge"],
      ]);
      expect(exchangeOf(fight)?.hitTarget).to.equal("defender");
      dice.choose(D3, 2);
      await answerStep(run, fight, ACTION.damage, undefined, () => exchangeOf(fight)?.damage === 2);
      await answerStep(run, fight, ACTION.apply, undefined, () => appliedOf(fight).length === 1);
      await expectSoon(context, "the bear's token hit", () => points(bear.actor), [8, 0]);
      expect(points(sandbox.actor("Ours")), "the sidebar's bear").to.deep.equal([10, 0]);
      const line = appliedOf(fight)[0];
      expect(line).to.deep.include({ targetUuid: bear.actor?.uuid, userId: game.user?.id, undone: false });
      expect(await shownSoon(run, fight, ACTION.undo)).to.deep.equal([ACTION.undo]);
      await hands.clickCard(fight, ACTION.undo, { key: line?.id ?? "" });
      await expectSoon(context, "the bear's token after the undo", () => points(bear.actor), [10, 0]);
      expect(dice.left).to.equal(0);
    });

    it("Bertil throws an object at the bear: the GM's own dialog says it does not see it coming, a hit", async () => {
      const { sandbox, hands, dice } = run;
      await hands.target([sandbox.token("Ours")]);
      const answer = { values: { targetAware: false } };
      const shot = await testAt(context, run, sandbox.actor("Bertil"), "attack.throw", 5, answer);
      await hands.target([]);
      expect(exchangeOf(shot)).to.deep.include({ mode: "ranged", phase: "hit", hitTarget: "defender" });
      expect(await shownSoon(run, shot, ACTION.damage)).to.deep.equal([ACTION.damage]);
      expect(dice.left).to.equal(0);
    });

    it("Next turn to the bear, Next turn into round 2, Next turn, Next round into round 3", async () => {
      const combat = run.sandbox.combat;
      if (!combat) throw new Error("No combat");
      for (const next of [
        { round: 1, current: "Ours" },
        { round: 2, current: "Bertil" },
        { round: 2, current: "Aude" },
      ]) {
        await combat.nextTurn();
        await expectSoon(context, `Next turn to ${next.current}`, () => turn(run), next);
      }
      await combat.nextRound();
      await expectSoon(context, "Next round", () => turn(run), { round: 3, current: "Bertil" });
      expect(worldTime(), "world time (never advanced by a batch)").to.equal(timeBefore);
    });

    it("round 3's hidden choice in the tracker: chosen unseen, changed, revealed by force; round 4 hides it again", async () => {
      const { sandbox } = run;
      const combat = sandbox.combat;
      if (!combat) throw new Error("No combat");
      // The GM has the bear's token selected, as at play: the reveal card is still the GM's, not the bear's.
      await run.hands.control([sandbox.token("Ours")]);
      const found = await playHiddenChoice(context, run, combat, {
        Aude: ["mouvement", "action"],
        Bertil: ["mouvement"],
      }).finally(() => run.hands.control([]));
      const revealCard = sandbox.messages().find((m) => cardData(m).kind === "reveal");
      const speaker = revealCard?.speaker as { actor?: string | null; token?: string | null; alias?: string };
      expect([speaker.actor ?? null, speaker.token ?? null, speaker.alias], "the reveal's speaker").to.deep.equal([
        null,
        null,
        game.user?.name,
      ]);
      // Two chose, the bear did not: the reveal is forced, and the bear neither acts nor moves (rules: action phase).
      expect(found.shown).to.deep.equal({ Aude: "action", Bertil: "mouvement", Ours: null });
      // One line each, in tracker order (the turns: Bertil's initiative first), not the order they joined (Aude first).
      expect(found.lines, "the reveal card's lines").to.deep.equal([
        ["Bertil", "mouvement"],
        ["Aude", "action"],
        ["Ours", null],
      ]);
      expect(found.counts).to.deep.equal({ value: 1, target: 1, detail: 1 });
      // After the reveal no choice can change: the rows offer none, nor the reveal.
      expect(await run.hands.trackerControls(combatantOf(combat, "Aude"), "data-sj-phase")).to.deep.equal([]);
      expect(await run.hands.trackerControls(null, "data-sj-phase")).to.deep.equal([]);
      await combat.nextRound();
      await expectSoon(context, "round 4 hides every choice", () => publicOf(combat), {
        round: 4,
        status: "choosing",
        chosen: { Aude: false, Bertil: false, Ours: false },
      });
      expect(worldTime(), "world time (never advanced by a batch)").to.equal(timeBefore);
    });

    it("Bertil's FOR test in each private mode: whispered as the mode says", async () => {
      await privateModes(context, run, run.sandbox.actor("Bertil"), { gmroll: 4, blindroll: 44, selfroll: 77 });
    });

    it("every card reads the same rendered again from its stored data", async () => {
      await sameFromStore(context, run);
    });
  });
}

export const systemjBatches: BatchSpec[] = [
  { key: "quintette.systemj.gm", displayName: "SYSTEMJ (GM)", ruleset: RULESET, runAs: "gm", register: registerGM },
  chronosteBatch,
  prepareBatch,
  playerBatch,
  answerBatch,
];
