/**
 * Jetons in a live world, from the table scenes' steps (test/scenes/jetons.test.ts, ready-jetons.test.ts). Jetons is
 * diceless: no die is planned and none may be drawn. A GM batch (two archetypes and an opponent on the sandbox's
 * scene; a scene in the tracker placed by "Roll all", then Next turn and Next round; a question from Nila's sheet
 * played in the card's forms: asked, opposed, both bids sealed and opened together, the reserves settled, the
 * advantage written on the sheet; a tie bid again then lost, the condition written; a tie given up; a question
 * cancelled; an advantage bought from the sheet, its text typed; a bid withheld, forfeited; a bid found again,
 * revealed from the card; the GM's bid lost, the question voided (jetons-rulings.ts); every card public and the same rendered again from its stored data) and a player
 * batch (the prepared sandbox: the player's question from their sheet, its steps relayed to the GM's client, which
 * posts the card, opposes and seals on the GM's page, opens both bids when the player's arrives by query and settles
 * the reserves; an advantage bought through the GM's client; the GM's steps refused to the player).
 *
 * The GM alone plays both sides: no player owns the GM's characters, so the GM is their "joueur" side too. Jetons has
 * no damage and no undo (its effects are the GM's writes on the sheet: an advantage, a condition), and no private mode:
 * its cards are the GM's client's and public.
 */
import type { Sandbox } from "./sandbox.ts";
import { authorIdOf } from "../chat/author.ts";
import { waitFor } from "./hands.ts";
import {
  expectSoon,
  gmIds,
  scenario,
  TIMEOUT,
  type BatchSpec,
  type QuenchBatchContext,
  type Run,
  sameFromStore,
} from "./kit.ts";
import {
  answerPlayers,
  archetype,
  askFromSheet,
  buyFromSheet,
  collective,
  controls,
  everyCardPublic,
  GM_ANSWER,
  playWhenShown,
  question,
  questionCard,
  RULESET,
  untilStatus,
} from "./jetons-table.ts";
import { registerRulings } from "./jetons-rulings.ts";

const HASH = /^[0-9a-f]{64}$/;

/** A character of the sandbox: traits, weakness and a reserve of 5. */
const archetypeData = (traits: [string, number][], weakness: string) => ({
  archetype: "Quench témoin",
  traits: traits.map(([name, points]) => ({ name, points })),
  weakness,
  tokens: 5,
});

const turn = (run: Run) => {
  const combat = run.sandbox.combat;
  return { round: combat?.round ?? 0, current: combat?.combatant?.name ?? null };
};

const places = (run: Run) =>
  Object.fromEntries((run.sandbox.combat?.combatants.contents ?? []).map((c) => [c.name, c.initiative]));

/** The question's controls this user is shown, once its render in the log caught up with its last write. */
async function controlsSoon(
  context: QuenchBatchContext,
  run: Run,
  card: ChatMessage.Implementation,
  expected: string[],
): Promise<void> {
  const same = async () => JSON.stringify(await controls(run.hands, card)) === JSON.stringify(expected);
  await waitFor(`the controls ${expected.join(", ")}`, same).catch(() => undefined);
  context.expect(await controls(run.hands, card), "the question's controls shown").to.deep.equal(expected);
}

/** No die is drawn in a Jetons scenario: none planned, none drawn unplanned. */
function diceless(context: QuenchBatchContext, run: Run): void {
  context.expect([run.dice.left, run.dice.unplanned], "dice planned left, dice drawn unplanned").to.deep.equal([0, 0]);
}

async function buildGM(sandbox: Sandbox): Promise<void> {
  const nila = await sandbox.createActor({
    name: "Nila",
    type: "archetype",
    system: archetypeData(
      [
        ["Escrime", 2],
        ["Acrobaties", 1],
      ],
      "Sujette au vertige",
    ),
  });
  const oren = await sandbox.createActor({
    name: "Oren",
    type: "archetype",
    system: archetypeData(
      [
        ["Pilotage", 2],
        ["Bagou", 1],
      ],
      "Tête brûlée",
    ),
  });
  const irina = await sandbox.createActor({
    name: "Madame Irina",
    type: "archetype",
    system: archetypeData(
      [
        ["Hypnose", 2],
        ["Divination", 1],
      ],
      "Cupide",
    ),
  });
  for (const [i, actor] of [nila, oren, irina].entries()) await sandbox.placeToken(actor, 100 * i);
}

function registerGM(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("Jetons, a GM alone at the table", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "gm", build: buildGM });

    it("the archetypes' tokens are their actors, linked", () => {
      const { sandbox } = run;
      for (const name of ["Nila", "Oren", "Madame Irina"])
        expect(sandbox.token(name).actor, name).to.equal(sandbox.actor(name));
    });

    it("a scene in the tracker: Roll all places everyone after the others; Begin, Next turn and Next round", async () => {
      const { sandbox, hands } = run;
      const combat = await sandbox.startCombat(sandbox.tokens);
      await hands.answering({}, () => combat.rollAll());
      await expectSoon(context, "everyone placed, in order", () => places(run), {
        Nila: 3,
        Oren: 2,
        "Madame Irina": 1,
      });
      await combat.startCombat();
      await expectSoon(context, "round 1", () => turn(run), { round: 1, current: "Nila" });
      for (const next of [
        { round: 1, current: "Oren" },
        { round: 1, current: "Madame Irina" },
        { round: 2, current: "Nila" },
      ]) {
        await combat.nextTurn();
        await expectSoon(context, `Next turn to ${next.current}`, () => turn(run), next);
      }
      await combat.nextRound();
      await expectSoon(context, "Next round", () => turn(run), { round: 3, current: "Nila" });
      diceless(context, run);
    });

    it("Nila's question in the card's forms: asked, opposed, both bids sealed then opened together, settled", async () => {
      const { sandbox, hands } = run;
      const nila = sandbox.actor("Nila");
      const before = collective();
      const card = await askFromSheet(run, nila);
      // The GM's client posts the card, Nila speaking; the GM, alone at the table, is shown both sides' steps.
      expect(authorIdOf(card)).to.equal(game.user?.id);
      expect((card.speaker as { actor?: string }).actor).to.equal(nila.id);
      expect(question(card).status).to.equal("asking");
      await controlsSoon(context, run, card, ["ask:joueur", "cancel:mj"]);
      await playWhenShown(hands, card, "ask", "joueur", { text: "Puis-je franchir le gouffre ?", trait: ["0", "1"] });
      await untilStatus(card, "traitsChosen");
      expect(question(card).traits.map((t) => t.ticked)).to.deep.equal([true, true]);
      // The GM ticks Nila's weakness and one condition of the scene.
      await playWhenShown(hands, card, "oppose", "mj", { weakness: true, extraConditions: "1" });
      await untilStatus(card, "bidding");
      expect(question(card)).to.deep.include({ playerBase: 3, oppositionBase: 2, pivot: 1 });
      await playWhenShown(hands, card, "seal", "joueur", { bid: "3" });
      await waitFor("Nila's bid sealed", () => question(card).commitments.joueur !== null);
      // Only the hash reaches the card; her reserve is frozen while the bid is sealed.
      expect(question(card).commitments.joueur).to.match(HASH);
      expect(question(card).bids).to.deep.equal({ joueur: null, mj: null });
      await expectSoon(context, "Nila's reserve frozen", () => archetype(nila).bidLock, card.id);
      await playWhenShown(hands, card, "seal", "mj", { bid: "2" });
      await untilStatus(card, "resolved");
      expect(question(card).bids).to.deep.equal({ joueur: 3, mj: 2 });
      expect(question(card).outcome).to.deep.include({
        winner: "joueur",
        playerTotal: 4,
        gmTotal: 2,
        toCollective: 2,
        returnedToPlayer: 1,
      });
      expect(questionCard(card).movement).to.deep.equal({
        bid: 3,
        toCollective: 2,
        returnedToPlayer: 1,
        reserveAfter: 3,
        collectiveAfter: before + 2,
      });
      await expectSoon(context, "Nila's reserve settled", () => archetype(nila).tokens, 3);
      expect(archetype(nila).bidLock).to.equal("");
      await expectSoon(context, "the collective reserve", collective, before + 2);
      // The advantage won is the GM's to write on the sheet.
      await controlsSoon(context, run, card, ["recordAdvantage:mj"]);
      await playWhenShown(hands, card, "recordAdvantage", "mj", { advantage: "Sur la corniche" });
      await expectSoon(context, "Nila's advantage", () => archetype(nila).advantage, {
        active: true,
        label: "Sur la corniche",
      });
      expect(questionCard(card).recorded.advantage).to.equal("Sur la corniche");
      await controlsSoon(context, run, card, []);
      diceless(context, run);
    });

    it("Oren's question: a tie, bid again, then lost: his whole bid to the collective reserve, the GM writes a condition", async () => {
      const { sandbox, hands } = run;
      const oren = sandbox.actor("Oren");
      const before = collective();
      const card = await askFromSheet(run, oren);
      await playWhenShown(hands, card, "ask", "joueur", { text: "Est-ce que je passe sous le pont ?", trait: ["0"] });
      await untilStatus(card, "traitsChosen");
      // Madame Irina's Hypnose and the scene's darkness: pivot 0.
      await playWhenShown(hands, card, "oppose", "mj", { extraConditions: "1", extraNegative: "1" });
      await untilStatus(card, "bidding");
      expect(question(card).pivot).to.equal(0);
      await playWhenShown(hands, card, "seal", "joueur", { bid: "1" });
      await waitFor("Oren's bid sealed", () => question(card).commitments.joueur !== null);
      await playWhenShown(hands, card, "seal", "mj", { bid: "1" });
      await untilStatus(card, "tie");
      expect(question(card).bids).to.deep.equal({ joueur: 1, mj: 1 });
      await controlsSoon(context, run, card, ["rebid:joueur", "giveUp:joueur", "cancel:mj"]);
      expect(archetype(oren).tokens, "no token moves at a tie").to.equal(5);
      await playWhenShown(hands, card, "rebid", "joueur");
      await untilStatus(card, "bidding");
      expect(question(card)).to.deep.include({ round: 2, bids: { joueur: null, mj: null } });
      await playWhenShown(hands, card, "seal", "joueur", { bid: "2" });
      await waitFor("Oren's second bid sealed", () => question(card).commitments.joueur !== null);
      await playWhenShown(hands, card, "seal", "mj", { bid: "3" });
      await untilStatus(card, "resolved");
      expect(question(card).outcome).to.deep.include({ winner: "mj", conditionAllowed: true, toCollective: 2 });
      expect(questionCard(card).movement).to.deep.equal({
        bid: 2,
        toCollective: 2,
        returnedToPlayer: 0,
        reserveAfter: 3,
        collectiveAfter: before + 2,
      });
      await expectSoon(context, "Oren's reserve", () => archetype(oren).tokens, 3);
      await expectSoon(context, "the collective reserve", collective, before + 2);
      await controlsSoon(context, run, card, ["recordCondition:mj"]);
      await playWhenShown(hands, card, "recordCondition", "mj", { condition: "Blessé au bras" });
      await expectSoon(context, "Oren's condition", () => archetype(oren).conditions, [
        { name: "Blessé au bras", permanent: false },
      ]);
      diceless(context, run);
    });

    it("Nila counts her advantage, ties and gives up: her advantage kept, nothing moves", async () => {
      const { sandbox, hands } = run;
      const nila = sandbox.actor("Nila");
      const [tokens, pool] = [archetype(nila).tokens, collective()];
      const card = await askFromSheet(run, nila);
      await playWhenShown(hands, card, "ask", "joueur", {
        text: "Est-ce que je saute ?",
        trait: ["1"],
        useAdvantage: true,
      });
      await untilStatus(card, "traitsChosen");
      await playWhenShown(hands, card, "oppose", "mj", { extraConditions: "2" });
      await untilStatus(card, "bidding");
      expect(question(card).pivot).to.equal(0);
      await playWhenShown(hands, card, "seal", "joueur", { bid: "1" });
      await waitFor("Nila's bid sealed", () => question(card).commitments.joueur !== null);
      await playWhenShown(hands, card, "seal", "mj", { bid: "1" });
      await untilStatus(card, "tie");
      await playWhenShown(hands, card, "giveUp", "joueur");
      await untilStatus(card, "abandoned");
      await expectSoon(context, "Nila's reserve, unlocked", () => archetype(nila).bidLock, "");
      expect([archetype(nila).tokens, collective()]).to.deep.equal([tokens, pool]);
      expect(archetype(nila).advantage).to.deep.equal({ active: true, label: "Sur la corniche" });
    });

    it("Madame Irina's question, cancelled by the GM before the bids: nothing moves", async () => {
      const { sandbox, hands } = run;
      const irina = sandbox.actor("Madame Irina");
      const [tokens, pool] = [archetype(irina).tokens, collective()];
      const card = await askFromSheet(run, irina);
      await playWhenShown(hands, card, "ask", "joueur", { text: "Lit-elle en moi ?", trait: ["0"] });
      await untilStatus(card, "traitsChosen");
      await playWhenShown(hands, card, "cancel", "mj");
      await untilStatus(card, "cancelled");
      await controlsSoon(context, run, card, []);
      expect([archetype(irina).tokens, collective()]).to.deep.equal([tokens, pool]);
    });

    it("an advantage bought from Oren's sheet: a token to the collective reserve, the purchase recorded", async () => {
      const { sandbox, hands } = run;
      const oren = sandbox.actor("Oren");
      const [tokens, pool] = [archetype(oren).tokens, collective()];
      const posted = sandbox.messages().length;
      await buyFromSheet(hands, oren, "Une corde solide");
      await expectSoon(context, "Oren's reserve", () => archetype(oren).tokens, tokens - 1);
      await expectSoon(context, "the collective reserve", collective, pool + 1);
      expect(archetype(oren).purchases.map((p) => p.text)).to.deep.equal(["Une corde solide"]);
      await waitFor("the purchase's notice", () => sandbox.messages().length > posted);
      diceless(context, run);
    });

    registerRulings(context, run);

    it("no private mode in Jetons: every card of the run is the GM's client's, public", () => {
      const cards = everyCardPublic(run);
      expect(Object.keys(cards).length).to.be.greaterThan(0);
      for (const [id, seen] of Object.entries(cards)) expect(seen, id).to.deep.equal({ whisper: [], blind: false });
    });

    it("every card reads the same rendered again from its stored data", async () => {
      await sameFromStore(context, run);
    });
  });
}

/** The players' sandbox: an archetype for each player (theirs alone), the GM's opponent, their tokens, the combat. */
async function buildForPlayers(sandbox: Sandbox): Promise<void> {
  const players = (game.users?.contents ?? []).filter((u) => !u.isGM).slice(0, 8);
  if (!players.length) throw new Error("The world has no player to prepare for");
  for (const [i, user] of players.entries()) {
    const actor = await sandbox.createActor({
      name: `Quench ${user.name}`,
      type: "archetype",
      owner: user.id ?? "",
      system: archetypeData(
        [
          ["Flair", 2],
          ["Obstination", 1],
        ],
        "Impatience",
      ),
    });
    await sandbox.placeToken(actor, 100 * i);
  }
  const irina = await sandbox.createActor({
    name: "Madame Irina",
    type: "archetype",
    system: archetypeData([["Hypnose", 2]], "Cupide"),
  });
  await sandbox.placeToken(irina, 1000);
  await sandbox.startCombat(sandbox.tokens);
  // The GM at the table: this page answers the players' questions in the card's forms while the sandbox is there.
  answerPlayers();
}

function registerPrepare(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("Jetons: the players' sandbox, prepared by the GM (keep this page open: it answers their questions)", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "prepare", build: buildForPlayers });
    it("holds an archetype for each player, theirs alone, and a combat with every token", () => {
      const players = (game.users?.contents ?? []).filter((u) => !u.isGM);
      for (const user of players.slice(0, 8))
        expect(run.sandbox.actors.some((a) => a.testUserPermission(user, "OWNER"))).to.equal(true);
      expect(run.sandbox.combat?.combatants.size).to.equal(run.sandbox.tokens.length);
    });
  });
}

/** The system's public API for a card step (docs/api.md `quintette.cards.act`): what a forged request would send. */
interface CardsApi {
  cards: { act(messageId: string, action: string, args?: Record<string, unknown>): Promise<{ status: string }> };
}

function registerPlayer(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("Jetons, in a player's browser (the GM connected)", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "player" });
    let card: ChatMessage.Implementation | null = null;

    it("my question from my sheet: the GM's client posts the card, my character speaking, its steps mine only", async () => {
      const { sandbox, hands } = run;
      const mine = sandbox.mine();
      card = await askFromSheet(run, mine);
      expect(gmIds()).to.include(authorIdOf(card));
      expect((card.speaker as { actor?: string }).actor).to.equal(mine.id);
      expect(question(card).status).to.equal("asking");
      await controlsSoon(context, run, card, ["ask:joueur"]);
      // The GM's step sent anyway: the GM's client refuses it and writes nothing.
      const stored = JSON.stringify(card.toObject());
      const api = (game.system as unknown as { api: CardsApi }).api;
      const forced = await api.cards.act(card.id ?? "", "jetons.event", { side: "mj", event: "cancel" });
      expect(forced.status).to.equal("denied");
      await hands.idle();
      expect(JSON.stringify(card.toObject())).to.equal(stored);
    });

    it("my traits chosen, the GM opposes; my bid sealed (only its hash), the GM's; both opened, the reserves settled", async () => {
      const { sandbox, hands } = run;
      const mine = sandbox.mine();
      if (!card) throw new Error("No question asked");
      const [tokens, pool] = [archetype(mine).tokens, collective()];
      await playWhenShown(hands, card, "ask", "joueur", { text: "Est-ce que je le rattrape ?", trait: ["0", "1"] });
      // The GM's page opposes with nothing: my traits against an empty opposition.
      await untilStatus(card, "bidding");
      expect(question(card)).to.deep.include({ playerBase: 3, oppositionBase: 0, pivot: 3 });
      await playWhenShown(hands, card, "seal", "joueur", { bid: "2" });
      await waitFor("my bid sealed by the GM's client", () => question(card!).commitments.joueur !== null);
      expect(question(card).commitments.joueur).to.match(HASH);
      // My client sends my opening to the GM alone once both are locked; the GM's client opens both in one write.
      await untilStatus(card, "resolved");
      expect(question(card).bids).to.deep.equal({ joueur: 2, mj: Number(GM_ANSWER.bid) });
      expect(question(card).outcome).to.deep.include({ winner: "joueur", playerTotal: 5, gmTotal: 0, toCollective: 2 });
      await expectSoon(context, "my reserve", () => archetype(mine).tokens, tokens - 2);
      expect(archetype(mine).bidLock).to.equal("");
      await expectSoon(context, "the collective reserve", collective, pool + 2);
      await expectSoon(context, "the advantage the GM wrote on my sheet", () => archetype(mine).advantage, {
        active: true,
        label: GM_ANSWER.advantage,
      });
      diceless(context, run);
    });

    it("an advantage bought from my sheet: the GM's client moves my token to the collective reserve", async () => {
      const mine = run.sandbox.mine();
      const [tokens, pool] = [archetype(mine).tokens, collective()];
      await buyFromSheet(run.hands, mine, "Un raccourci");
      await expectSoon(context, "my reserve", () => archetype(mine).tokens, tokens - 1);
      await expectSoon(context, "the collective reserve", collective, pool + 1);
      expect(archetype(mine).purchases.map((p) => p.text)).to.deep.equal(["Un raccourci"]);
    });

    it("every card I read reads the same rendered again from its stored data", async () => {
      await sameFromStore(context, run);
    });
  });
}

export const jetonsBatches: BatchSpec[] = [
  { key: "quintette.jetons.gm", displayName: "Jetons (GM)", ruleset: RULESET, runAs: "gm", register: registerGM },
  {
    key: "quintette.jetons.prepare",
    displayName: "Jetons: prepare the player batch (GM)",
    ruleset: RULESET,
    runAs: "gm",
    register: registerPrepare,
  },
  {
    key: "quintette.jetons.player",
    displayName: "Jetons (player)",
    ruleset: RULESET,
    runAs: "player",
    register: registerPlayer,
  },
];
