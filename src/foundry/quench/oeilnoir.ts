/**
 * L'Œil Noir in a live world, from the table scenes' steps (test/scenes/oeilnoir.test.ts, ready-oeilnoir.test.ts): a
 * GM batch (two héros and an orc on the sandbox's scene; initiative rolled, Begin, Next turn and Next round; Alrik's
 * sword at the orc from his sheet, the orc's parry failed on the card, the damage rolled, applied to the orc's token
 * and undone; the orc's blow parried by Alrik from the card; rounds 3 to 8 in oeilnoir-rounds.ts: every other step
 * of the cards and sheets; a CO check in each private mode; every card the same rendered again from its stored data)
 * and a player batch (the prepared sandbox: the player's attack at the GM's orc, whose parry is the GM's; the orc's
 * blow the GM let through and rolled, applied and undone by the player through the relay, the EV written by the GM's
 * client; the orc's second blow parried by the player, the parry rolled and recorded by the GM's client; the orc's
 * critical blow applied by the player and the Volonté check it asks, relayed and rolled by the GM's client; private
 * rolls; the cards from stored data). Dice: D20 for attacks, parries and checks, D6 for
 * damage and initiative. In a player's browser only the player's own rolls are chosen: a relayed step rolls on the
 * GM's client, with the world's dice, and the batch checks its result against the rule.
 */
import type { Sandbox } from "./sandbox.ts";
import { authorIdOf } from "../chat/author.ts";
import { waitFor } from "./hands.ts";
import {
  cardData,
  expectSoon,
  rollFromSheet,
  scenario,
  shownActions,
  TIMEOUT,
  type BatchSpec,
  type QuenchBatchContext,
  type Run,
  expectPrivateModes,
  PRIVATE_MODES,
  sameFromStore,
} from "./kit.ts";
import {
  A,
  applied,
  attackWith,
  BOW,
  D20,
  D6,
  DEFENCES,
  defend,
  duelOf,
  ev,
  HEROS,
  ORC,
  RULESET,
  shown,
  stageOf,
  step,
  SWORD,
  swordOf,
  swordParry,
  turn,
} from "./oeilnoir-kit.ts";
import { registerLaterRounds } from "./oeilnoir-rounds.ts";

/** A CO check in each private mode, from the sheet (kit `expectPrivateModes`), each showing the face planned. */
async function privateModes(context: QuenchBatchContext, run: Run, actor: Actor.Implementation): Promise<void> {
  const faces = { gmroll: 4, blindroll: 11, selfroll: 18 };
  const cards = await expectPrivateModes(context, run, (mode) => {
    run.dice.choose(D20, faces[mode]);
    return rollFromSheet(run, actor, "roll", { roll: "check:CO" }, { rollMode: mode });
  });
  for (const mode of PRIVATE_MODES) {
    const dice = (cardData(cards[mode]).dice as { value: number }[] | undefined) ?? [];
    context
      .expect(
        dice.map((d) => d.value),
        mode,
      )
      .to.deep.equal([faces[mode]]);
  }
}

/** A héros with the sword, owned by `owner` when given. */
async function createHeros(sandbox: Sandbox, name: string, owner?: string): Promise<Actor.Implementation> {
  const actor = await sandbox.createActor({ name, type: "heros", system: HEROS, ...(owner ? { owner } : {}) });
  await actor.createEmbeddedDocuments("Item", [SWORD] as never);
  return actor;
}

async function buildGM(sandbox: Sandbox): Promise<void> {
  const alrik = await createHeros(sandbox, "Alrik");
  await alrik.createEmbeddedDocuments("Item", [BOW] as never);
  const nadja = await sandbox.createActor({ name: "Nadja", type: "heros", system: HEROS });
  const orc = await sandbox.createActor({ name: "Orc", type: "adversaire", system: ORC });
  for (const [i, actor] of [alrik, nadja, orc].entries()) await sandbox.placeToken(actor, 100 * i);
}

function registerGM(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("L'Œil Noir, a GM alone at the table", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "gm", build: buildGM });

    it("the héros' tokens are their actors, the orc's a synthetic one", () => {
      const { sandbox } = run;
      expect(sandbox.token("Alrik").actor).to.equal(sandbox.actor("Alrik"));
      expect(sandbox.token("Orc").actor?.isToken).to.equal(true);
    });

    it("initiative rolled (1D6 + INI base), Begin, Next turn and Next round", async () => {
      const { sandbox, hands, dice } = run;
      const combat = await sandbox.startCombat(sandbox.tokens);
      const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
      // Alrik and Nadja (INI base 10) roll 4 and 3; the orc (9) rolls 1: no tie, so the order is known.
      dice.choose(D6, 4, 3);
      await hands.answering({}, () => combat.rollInitiative([id("Alrik"), id("Nadja")]));
      dice.choose(D6, 1);
      await hands.answering({}, () => combat.rollNPC());
      const initiatives = () => Object.fromEntries(combat.combatants.contents.map((c) => [c.name, c.initiative]));
      await expectSoon(context, "every initiative", initiatives, { Alrik: 14, Nadja: 13, Orc: 10 });
      await combat.startCombat();
      await expectSoon(context, "round 1", () => turn(run), { round: 1, current: "Alrik" });
      await combat.nextTurn();
      await expectSoon(context, "Next turn", () => turn(run).round, 1);
      expect(turn(run).current).to.not.equal("Alrik");
      await combat.nextRound();
      await expectSoon(context, "Next round", () => turn(run), { round: 2, current: "Alrik" });
      expect(dice.left).to.equal(0);
    });

    it("Alrik's sword at the orc: the GM's parry fails, the damage rolled, applied to the token, then undone", async () => {
      const { sandbox, dice } = run;
      const orcToken = sandbox.token("Orc");
      const before = ev(orcToken.actor);
      const alrik = sandbox.actor("Alrik");
      const card = await attackWith(run, alrik, `attack:${swordOf(alrik)}`, orcToken, 5);
      expect(authorIdOf(card)).to.equal(game.user?.id);
      expect(duelOf(card)).to.deep.include({ stage: "awaitParry" });
      expect(duelOf(card).attack).to.deep.include({ d20: 5, success: true });
      expect(duelOf(card).defender).to.deep.include({ uuid: orcToken.actor?.uuid, name: "Orc" });
      expect(await shown(run, card, A.parry)).to.include.members([...DEFENCES, A.close]);
      dice.choose(D20, 15);
      await defend(run, card, A.parry);
      expect(duelOf(card)).to.deep.include({ stage: "hit" });
      expect(duelOf(card).parry).to.deep.include({ d20: 15, success: false });
      await shown(run, card, A.damage);
      dice.choose(D6, 4);
      await step(run, card, A.damage, "damaged");
      // Épée 1D6+3 with a 4: 7 PI.
      expect(duelOf(card).damage).to.deep.include({ faces: [4], pi: 7 });
      await shown(run, card, A.applyHit);
      await step(run, card, A.applyHit, "applied");
      // 7 PI less PR 2 off the token's EV; the sidebar's orc untouched.
      await expectSoon(context, "the orc's EV", () => ev(orcToken.actor), (before ?? 0) - 5);
      expect(ev(sandbox.actor("Orc"))).to.equal(before);
      expect(applied(card).map((a) => [a.targetUuid, a.undone])).to.deep.equal([[orcToken.actor?.uuid, false]]);
      await shown(run, card, A.undo);
      await run.hands.clickCard(card, A.undo, { key: applied(card)[0]?.id ?? "" });
      await expectSoon(context, "the orc's EV after the undo", () => ev(orcToken.actor), before);
      expect(applied(card).map((a) => a.undone)).to.deep.equal([true]);
      expect(dice.left).to.equal(0);
    });

    it("Next turn to the orc, who strikes Alrik: Alrik parries from the card with his sword", async () => {
      const { sandbox, dice } = run;
      const combat = sandbox.combat;
      if (!combat) throw new Error("No combat");
      while (turn(run).current !== "Orc") {
        const at = combat.turn;
        await combat.nextTurn();
        await waitFor("Next turn", () => combat.turn !== at);
      }
      expect(turn(run)).to.deep.equal({ round: 2, current: "Orc" });
      const alrik = sandbox.actor("Alrik");
      const before = ev(alrik);
      const card = await attackWith(run, sandbox.token("Orc").actor!, "attack", sandbox.token("Alrik"), 3);
      expect(duelOf(card).defender).to.deep.include({ uuid: alrik.uuid, name: "Alrik" });
      await shown(run, card, A.parry);
      expect(
        (await run.hands.cardButtons(card)).filter((b) => b.action === A.parry).map((b) => b.args),
      ).to.deep.include(swordParry(alrik));
      dice.choose(D20, 6);
      await defend(run, card, A.parry, swordParry(alrik));
      expect(duelOf(card)).to.deep.include({ stage: "parried" });
      expect(duelOf(card).parry).to.deep.include({ d20: 6, success: true });
      expect(await shownActions(run, card)).to.deep.equal([]);
      expect(ev(alrik)).to.equal(before);
      expect(dice.left).to.equal(0);
    });

    // Rounds 3 to 6: the parry fumbles, a fall and getting up, the sword dropped and picked up, Orientation, the
    // Volonté checks and a rescue (oeilnoir-rounds.ts).
    registerLaterRounds(context, run);

    it("Nadja's CO check in each private mode: whispered as the mode says", async () => {
      await privateModes(context, run, run.sandbox.actor("Nadja"));
    });

    it("every card reads the same rendered again from its stored data", async () => {
      await sameFromStore(context, run);
      expect(run.dice.unplanned).to.equal(0);
    });
  });
}

/**
 * The players' sandbox: a héros for each player (theirs alone), the GM's orc and their tokens. The combat comes after
 * the orc's blows (prepare batch): in a combat, even one not begun, the orc has one attack a round.
 */
async function buildForPlayers(sandbox: Sandbox): Promise<void> {
  const players = (game.users?.contents ?? []).filter((u) => !u.isGM).slice(0, 8);
  if (!players.length) throw new Error("The world has no player to prepare for");
  for (const [i, user] of players.entries()) {
    const actor = await createHeros(sandbox, `Quench ${user.name}`, user.id ?? "");
    await sandbox.placeToken(actor, 100 * i);
  }
  await sandbox.placeToken(await sandbox.createActor({ name: "Orc", type: "adversaire", system: ORC }), 1000);
}

/**
 * The orc's blows at a player's héros the prepare batch leaves: one let through and rolled, one awaiting a parry, a
 * critical one let through and rolled.
 */
function orcBlows(sandbox: Sandbox, heros: Actor.Implementation) {
  const aimed = sandbox.messages().filter((m) => duelOf(m).defender?.uuid === heros.uuid);
  const critical = (m: ChatMessage.Implementation) => duelOf(m).attack.critical === true;
  return {
    through: aimed.find((m) => stageOf(m) === "damaged" && !critical(m)),
    parry: aimed.find((m) => stageOf(m) === "awaitParry"),
    critical: aimed.find(critical),
  };
}

const wounds = (actor: Actor.Implementation) => (actor.system as unknown as { wounds: number }).wounds;

function registerPrepare(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("L'Œil Noir: the players' sandbox, prepared by the GM", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "prepare", build: buildForPlayers });

    it("holds a héros for each player, theirs alone", () => {
      const players = (game.users?.contents ?? []).filter((u) => !u.isGM);
      for (const user of players.slice(0, 8))
        expect(run.sandbox.actors.some((a) => a.testUserPermission(user, "OWNER"))).to.equal(true);
    });

    it("the orc strikes each héros three times: one blow let through and rolled, one left to parry, a critical one rolled", async () => {
      const { sandbox, dice } = run;
      const orc = sandbox.token("Orc").actor!;
      for (const heros of sandbox.actors.filter((a) => a.type === "heros")) {
        const token = sandbox.tokens.find((t) => t.actorId === heros.id)!;
        const through = await attackWith(run, orc, "attack", token, 2);
        await shown(run, through, A.noParry);
        await step(run, through, A.noParry, "hit");
        dice.choose(D6, 1);
        await step(run, through, A.damage, "damaged");
        // 1D6+4 with a 1: 5 PI, under the héros' first wound threshold (7).
        expect(duelOf(through).damage).to.deep.include({ faces: [1], pi: 5 });
        await attackWith(run, orc, "attack", token, 3);
        // A natural 1: the GM lets it through for the héros (the player applies it and takes the Volonté check).
        const critical = await attackWith(run, orc, "attack", token, 1);
        await step(run, critical, A.noParry, "hit");
        dice.choose(D6, 1);
        await step(run, critical, A.damage, "damaged");
        expect(duelOf(critical).damage).to.deep.include({ faces: [1], pi: 5, critical: true });
        const blows = orcBlows(sandbox, heros);
        expect([blows.through?.id, !!blows.parry, blows.critical?.id]).to.deep.equal([through.id, true, critical.id]);
      }
      expect(dice.left).to.equal(0);
    });

    it("a combat with every token, not begun", async () => {
      const combat = await run.sandbox.startCombat(run.sandbox.tokens);
      expect([combat.combatants.size, combat.started]).to.deep.equal([run.sandbox.tokens.length, false]);
    });
  });
}

function registerPlayer(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("L'Œil Noir, in a player's browser (the GM connected)", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "player" });

    it("my sword at the GM's orc: the card is mine, the orc's parry the GM's", async () => {
      const { sandbox } = run;
      const mine = sandbox.mine();
      const orc = sandbox.token("Orc");
      const card = await attackWith(run, mine, `attack:${swordOf(mine)}`, orc, 5);
      expect(authorIdOf(card)).to.equal(game.user?.id);
      expect(cardData(card)).to.deep.include({ rollerId: game.user?.id });
      expect(duelOf(card)).to.deep.include({ stage: "awaitParry" });
      expect(duelOf(card).attack).to.deep.include({ d20: 5, value: 14, success: true });
      expect(duelOf(card).defender).to.deep.include({ uuid: orc.actor?.uuid, name: "Orc" });
      await run.hands.idle();
      expect(await shownActions(run, card)).to.deep.equal([]);
      expect(run.dice.left).to.equal(0);
    });

    it("the orc's blow the GM rolled: I apply it to my héros and undo it, the GM's client writing my EV each time", async () => {
      const { sandbox } = run;
      const mine = sandbox.mine();
      const card = orcBlows(sandbox, mine).through;
      if (!card) throw new Error("The prepared blow at my héros is missing");
      const before = ev(mine) ?? 0;
      expect(await shown(run, card, A.applyHit)).to.deep.equal([A.applyHit]);
      await step(run, card, A.applyHit, "applied");
      // 5 PI, no armour.
      await expectSoon(context, "my héros' EV, written by the GM's client", () => ev(mine), before - 5);
      expect(duelOf(card).hit).to.deep.include({ evAfter: before - 5 });
      expect(applied(card).map((a) => [a.targetUuid, a.undone])).to.deep.equal([[mine.uuid, false]]);
      // Who applied it undoes it: through the relay again.
      expect(await shown(run, card, A.undo)).to.deep.equal([A.undo]);
      await run.hands.clickCard(card, A.undo, { key: applied(card)[0]?.id ?? "" });
      await expectSoon(context, "my héros' EV after the undo", () => ev(mine), before);
      expect(applied(card).map((a) => a.undone)).to.deep.equal([true]);
    });

    it("the orc's second blow: I parry it with my sword, the GM's client rolls and records the parry", async () => {
      const { sandbox } = run;
      const mine = sandbox.mine();
      const card = orcBlows(sandbox, mine).parry;
      if (!card) throw new Error("The prepared blow to parry is missing");
      expect(await shown(run, card, A.parry)).to.include.members(DEFENCES);
      expect(await shownActions(run, card)).to.not.include(A.close);
      await defend(run, card, A.parry, swordParry(mine));
      // The parry's die is the GM's client's (the world's dice): read from the card, checked against the rule.
      const parry = duelOf(card).parry;
      if (!parry) throw new Error("No parry recorded");
      expect(parry.value).to.equal(12);
      expect(parry.d20).to.be.within(1, 20);
      const success = parry.d20 === 1 || (parry.d20 !== 20 && parry.d20 <= parry.value);
      expect(parry.success).to.equal(success);
      if (success) expect(stageOf(card)).to.equal("parried");
      else if (!parry.fumble) expect(stageOf(card)).to.equal("hit");
    });

    it("the orc's critical blow: I apply it, a serious wound; my Volonté check, relayed, rolled by the GM's client", async () => {
      const { sandbox } = run;
      const mine = sandbox.mine();
      const card = orcBlows(sandbox, mine).critical;
      if (!card) throw new Error("The prepared critical blow is missing");
      const before = ev(mine) ?? 0;
      expect(await shown(run, card, A.applyHit)).to.deep.equal([A.applyHit]);
      await step(run, card, A.applyHit, "applied");
      // 1D6+4 with a 1, doubled: 10, past the first threshold (7), and the critical's serious wound.
      expect(duelOf(card).hit).to.deep.include({ damage: 10, totalWounds: 2, volonteTarget: 2 });
      await expectSoon(context, "my héros' EV and wounds", () => [ev(mine), wounds(mine)], [before - 10, 2]);
      await shown(run, card, A.volonte);
      await run.hands.clickCard(card, A.volonte);
      await waitFor("the Volonté check recorded", () => !!duelOf(card).volonte);
      // Its die is the GM's client's: checked against the rule (Volonté 12 less the 10 points of damage).
      const check = duelOf(card).volonte;
      if (!check) throw new Error("No Volonté check recorded");
      const success = check.d20 === 1 || (check.d20 !== 20 && check.d20 <= 2);
      expect([check.value, check.success]).to.deep.equal([2, success]);
      // Passed: the serious wound shrugged off.
      await expectSoon(context, "my héros' wounds after the check", () => wounds(mine), success ? 1 : 2);
      expect(await shownActions(run, card)).to.not.include(A.volonte);
    });

    it("my CO check in each private mode: whispered as the mode says, a blind roll's card not mine to read", async () => {
      await privateModes(context, run, run.sandbox.mine());
    });

    it("every card I read reads the same rendered again from its stored data", async () => {
      await sameFromStore(context, run);
      expect(run.dice.unplanned).to.equal(0);
    });
  });
}

export const oeilnoirBatches: BatchSpec[] = [
  { key: "quintette.oeilnoir.gm", displayName: "L'Œil Noir (GM)", ruleset: RULESET, runAs: "gm", register: registerGM },
  {
    key: "quintette.oeilnoir.prepare",
    displayName: "L'Œil Noir: prepare the player batch (GM)",
    ruleset: RULESET,
    runAs: "gm",
    register: registerPrepare,
  },
  {
    key: "quintette.oeilnoir.player",
    displayName: "L'Œil Noir (player)",
    ruleset: RULESET,
    runAs: "player",
    register: registerPlayer,
  },
];
