/**
 * Ahill-Mach in a live world, from the table scene's steps (test/scenes/ahillmach.test.ts): a GM batch (Kael and Mira
 * against a Brute on the sandbox's scene; the conflict ordered by DEX, the characters holding the initiative; a
 * Tailler en pièces with a helper, 3D10 keeping two, a critical success whose option is picked on the card, its damage
 * rolled and applied to the Brute's token, taking it out; the Brute's morale and the undo; Mira taking the blow on her
 * own token and undoing it; Next turn and Next round with a failed move handing the initiative over; a roll in each
 * private mode; every card the same rendered again from its stored data) and a player batch (the prepared sandbox: the
 * player's own critical hit and pick; its damage rolled and applied by the GM's client through the relay; the blow
 * taken on their own token and undone; their private rolls; their cards from stored data). Every roll is made from
 * the sheet's button, its dialog answered (helpers, hinderers, the mode). Moves roll 2D10 (3D10 or 4D10 keeping two
 * with help or hindrance); a weapon's damage rolls its own dice, on the client that rolls it (a player's: the GM's).
 * Défendre, Discerner la réalité and Salve, in both batches, are ahillmach-moves.ts's steps.
 */
import type { Sandbox } from "./sandbox.ts";
import { authorIdOf } from "../chat/author.ts";
import { waitFor } from "./hands.ts";
import { gmMoveSteps, playerMoveSteps } from "./ahillmach-moves.ts";
import {
  cardData,
  expectSoon,
  gmIds,
  nextCard,
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
import { A, D10, hp, markers, moveKey } from "./ahillmach-kit.ts";

const RULESET = "ahillmach";

interface MoveCard {
  rollerId: string;
  done: string[];
  data: { kept: number[]; band: string; chosenCount: number; damageRolled: boolean; xpAwarded: boolean };
}
interface Applied {
  id: string;
  targetUuid: string;
  userId: string;
  undone: boolean;
  followUp?: { action: string; done: boolean } | null;
}
interface DamageCard {
  kind: string;
  rollerId: string;
  damage: { amount: number };
  applied?: Applied[];
}

/** The tracker's hand-over button (the GM's). */
const HAND_OVER = "data-ahillmach";

const card = <T>(message: ChatMessage.Implementation) => cardData(message) as unknown as T;
const applied = (message: ChatMessage.Implementation) => card<DamageCard>(message).applied ?? [];
const xp = (actor: Actor.Implementation) => (actor.system as unknown as { xp: number }).xp;
/** The protection the rules core derives for an actor (an opponent's stat block, a character's gear). */
const protection = (actor: Actor.Implementation | null | undefined) => {
  const derived = (actor?.system as unknown as { derived?: { protection?: number; stats?: { protection?: number } } })
    ?.derived;
  return derived?.stats?.protection ?? derived?.protection ?? 0;
};
/** HP left after a hit of `amount` through the actor's protection (never below 0). */
const hpAfter = (actor: Actor.Implementation | null | undefined, amount: number) =>
  Math.max(0, (hp(actor) ?? 0) - Math.max(0, amount - protection(actor)));

const turn = (run: Run) => {
  const combat = run.sandbox.combat;
  return { round: combat?.round ?? 0, current: combat?.combatant?.name ?? null };
};

/** Waits until this user is shown `action` on the card. */
async function shown(run: Run, message: ChatMessage.Implementation, action: string): Promise<void> {
  await waitFor(`${action} on the card`, async () => (await shownActions(run, message)).includes(action));
}

/**
 * `actor` hacks at `foe` with one helper: 3D10 keeping the two highest show 10, 3, 10, a critical success; the
 * roller picks its +1d6 on the card. Resolves with the move card.
 */
async function criticalHit(
  context: QuenchBatchContext,
  run: Run,
  actor: Actor.Implementation,
  foe: TokenDocument.Implementation,
): Promise<ChatMessage.Implementation> {
  const { expect } = context;
  await run.hands.target([foe]);
  run.dice.choose(D10, 10, 3, 10);
  const move = await rollFromSheet(
    run,
    actor,
    "roll",
    { roll: moveKey(actor, "taillerEnPieces") },
    { values: { helpers: 1 } },
  );
  await run.hands.target([]);
  expect(authorIdOf(move)).to.equal(game.user?.id);
  expect(move.rolls[0]?.formula).to.match(/^3d10kh2/);
  const data = card<MoveCard & { data: { targets: { uuid: string }[] } }>(move);
  expect(data.rollerId).to.equal(game.user?.id);
  expect([data.data.kept, data.data.band]).to.deep.equal([[10, 10], "reussiteCritique"]);
  expect(data.data.targets.map((t) => t.uuid)).to.deep.equal([foe.actor?.uuid]);
  await shown(run, move, A.pick);
  expect(await shownActions(run, move)).to.include.members([A.pick, A.rollDamage]);
  // The critical success's choice: its one option, picked on the card.
  await run.hands.clickCard(move, A.pick, { key: "plus1d6" });
  await expectSoon(context, "the option picked", () => card<MoveCard>(move).data.chosenCount, 1);
  expect(run.dice.left).to.equal(0);
  return move;
}

/** Aura in each private mode, from the sheet (kit `expectPrivateModes`), each kept pair the faces planned. */
async function privateModes(context: QuenchBatchContext, run: Run, actor: Actor.Implementation): Promise<void> {
  const faces = { gmroll: 5, blindroll: 6, selfroll: 7 };
  const cards = await expectPrivateModes(context, run, (mode) => {
    run.dice.choose(D10, faces[mode], faces[mode]);
    return rollFromSheet(run, actor, "roll", { roll: "char:aur" }, { rollMode: mode });
  });
  for (const mode of PRIVATE_MODES)
    context.expect(card<MoveCard>(cards[mode]).data.kept, mode).to.deep.equal([faces[mode], faces[mode]]);
}

/** The user takes the damage card's blow on their own token with its shared Apply, then undoes it. */
async function blowTakenAndUndone(
  context: QuenchBatchContext,
  run: Run,
  damage: ChatMessage.Implementation,
  token: TokenDocument.Implementation,
): Promise<void> {
  const { expect } = context;
  const actor = token.actor;
  const before = hp(actor);
  const expected = hpAfter(actor, card<DamageCard>(damage).damage.amount);
  // A fresh character has no protection: the blow gets through.
  expect(expected).to.be.lessThan(before ?? 0);
  const lines = applied(damage).length;
  await run.hands.target([token]);
  await run.hands.clickCard(damage, A.apply);
  await expectSoon(context, `${token.name}'s HP after the blow`, () => hp(actor), expected);
  // Targets are read by the click's handler: released once it has hit.
  await run.hands.target([]);
  await waitFor("the applied line", () => applied(damage).length > lines);
  const line = applied(damage).at(-1)!;
  expect([line.targetUuid, line.userId, line.undone]).to.deep.equal([actor?.uuid, game.user?.id, false]);
  await shown(run, damage, A.undo);
  await run.hands.clickCard(damage, A.undo, { key: line.id });
  await expectSoon(context, `${token.name}'s HP after the undo`, () => hp(actor), before);
  await expectSoon(context, "the line undone", () => applied(damage).at(-1)?.undone, true);
}

async function buildGM(sandbox: Sandbox): Promise<void> {
  const kael = await sandbox.createActor({ name: "Kael", type: "personnage" });
  const mira = await sandbox.createActor({ name: "Mira", type: "personnage" });
  const brute = await sandbox.createActor({ name: "Brute", type: "opposant" });
  for (const [i, actor] of [kael, mira, brute].entries()) await sandbox.placeToken(actor, 100 * i);
}

function registerGM(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("Ahill-Mach, a GM alone at the table", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "gm", build: buildGM });
    let damage: ChatMessage.Implementation;

    it("the characters have the seven moves and linked tokens; the opponent's token is a synthetic actor", () => {
      const { sandbox } = run;
      for (const name of ["Kael", "Mira"]) {
        const actor = sandbox.actor(name);
        expect(actor.items.contents.filter((i) => i.type === "am-action")).to.have.length(7);
        expect(sandbox.token(name).actor).to.equal(actor);
      }
      expect(sandbox.token("Brute").actor?.isToken).to.equal(true);
    });

    it("the conflict opens: ordered by DEX, no die rolled, the characters hold the initiative", async () => {
      const { sandbox, hands, dice } = run;
      const combat = await sandbox.startCombat(sandbox.tokens);
      await hands.answering({}, () => combat.rollAll());
      await combat.startCombat();
      await expectSoon(context, "round 1", () => turn(run), { round: 1, current: "Kael" });
      await expectSoon(context, "the initiative", () => markers(run), { Kael: true, Mira: true, Brute: false });
      expect([dice.left, dice.unplanned]).to.deep.equal([0, 0]);
    });

    it("Kael hacks at the Brute with a helper, a critical success: the option picked, the damage takes it out", async () => {
      const { sandbox, hands, dice } = run;
      const brute = sandbox.token("Brute");
      const sidebar = hp(sandbox.actor("Brute"));
      const move = await criticalHit(context, run, sandbox.actor("Kael"), brute);
      await expectSoon(context, "the initiative kept", () => card<MoveCard>(move).done.includes(A.initiative), true);
      const before = sandbox.messages().length;
      // The bare hands' D4 and the option's D6.
      dice.choose(4, 4);
      dice.choose(6, 2);
      await hands.clickCard(move, A.rollDamage);
      damage = await nextCard(run, before, "the damage card");
      expect(card<DamageCard>(damage)).to.deep.include({ kind: "damage", rollerId: game.user?.id });
      expect(card<DamageCard>(damage).damage.amount).to.equal(6);
      await expectSoon(context, "the damage rolled", () => card<MoveCard>(move).data.damageRolled, true);
      const expected = hpAfter(brute.actor, 6);
      expect(expected).to.equal(0);
      await shown(run, damage, A.toTargets);
      await hands.clickCard(damage, A.toTargets);
      await expectSoon(context, "the Brute's token's HP", () => hp(brute.actor), expected);
      expect(hp(sandbox.actor("Brute")), "the Brute of the sidebar").to.equal(sidebar);
      const line = applied(damage)[0];
      expect([line?.targetUuid, line?.undone, line?.followUp?.action]).to.deep.equal([
        brute.actor?.uuid,
        false,
        A.morale,
      ]);
      expect([dice.left, dice.unplanned]).to.deep.equal([0, 0]);
    });

    it("the fallen Brute's morale, with a hinderer (3D10 keeping the two lowest), then the hit undone", async () => {
      const { sandbox, hands, dice } = run;
      const brute = sandbox.token("Brute");
      const line = applied(damage)[0]!;
      await shown(run, damage, A.morale);
      expect(await shownActions(run, damage)).to.include(A.undo);
      const before = sandbox.messages().length;
      dice.choose(D10, 7, 6, 2);
      const morale = await hands.answering({ values: { hinderers: 1 } }, async () => {
        await hands.clickCard(damage, A.morale, { key: line.id });
        return nextCard(run, before, "the morale card");
      });
      const data = card<{ kind: string; actorUuid: string; data: { hinderers: number; kept: number[] } }>(morale);
      expect([data.kind, data.actorUuid, data.data.hinderers, data.data.kept]).to.deep.equal([
        "morale",
        brute.actor?.uuid,
        1,
        [6, 2],
      ]);
      expect(morale.rolls[0]?.formula).to.match(/^3d10kl2/);
      await expectSoon(context, "the morale done", () => applied(damage)[0]?.followUp?.done, true);
      await hands.clickCard(damage, A.undo, { key: line.id });
      await expectSoon(context, "the Brute's HP after the undo", () => hp(brute.actor), 6);
      expect(applied(damage)[0]?.undone).to.equal(true);
      expect([dice.left, dice.unplanned]).to.deep.equal([0, 0]);
    });

    it("the GM takes the blow on Mira's token with the card's shared Apply, then undoes it", async () => {
      await blowTakenAndUndone(context, run, damage, run.sandbox.token("Mira"));
    });

    it("Next turn to each fighter; Mira's failed move hands the initiative over and earns XP; Next round", async () => {
      const { sandbox, dice } = run;
      const combat = sandbox.combat!;
      for (const next of [
        { round: 1, current: "Mira" },
        { round: 1, current: "Brute" },
        { round: 2, current: "Kael" },
        { round: 2, current: "Mira" },
      ]) {
        await combat.nextTurn();
        await expectSoon(context, `Next turn to ${next.current}`, () => turn(run), next);
      }
      const mira = sandbox.actor("Mira");
      const before = xp(mira);
      dice.choose(D10, 1, 2);
      const failed = await rollFromSheet(run, mira, "roll", { roll: moveKey(mira, "taillerEnPieces") });
      expect(card<MoveCard>(failed).data.band).to.equal("echec");
      await expectSoon(context, "the XP awarded", () => card<MoveCard>(failed).data.xpAwarded, true);
      expect(xp(mira)).to.equal(before + 1);
      await expectSoon(context, "the initiative handed over", () => markers(run), {
        Kael: false,
        Mira: false,
        Brute: true,
      });
      await combat.nextRound();
      await expectSoon(context, "Next round", () => turn(run), { round: 3, current: "Kael" });
      expect(markers(run)).to.deep.equal({ Kael: false, Mira: false, Brute: true });
      expect([dice.left, dice.unplanned]).to.deep.equal([0, 0]);
    });

    it("the GM hands the initiative over in the tracker, to the characters and back to the Brute", async () => {
      const { hands } = run;
      expect((await hands.trackerControls(null, HAND_OVER)).map((a) => a[HAND_OVER])).to.deep.equal(["handOver"]);
      await hands.clickTracker(null, { [HAND_OVER]: "handOver" });
      await expectSoon(context, "the characters' initiative", () => markers(run), {
        Kael: true,
        Mira: true,
        Brute: false,
      });
      await hands.clickTracker(null, { [HAND_OVER]: "handOver" });
      await expectSoon(context, "the Brute's again", () => markers(run), { Kael: false, Mira: false, Brute: true });
    });

    gmMoveSteps(context, run, () => damage);

    it("Mira's Aura in each private mode: whispered as the mode says", async () => {
      await privateModes(context, run, run.sandbox.actor("Mira"));
    });

    it("every card reads the same rendered again from its stored data", async () => {
      await sameFromStore(context, run);
    });
  });
}

const playersOf = () => (game.users?.contents ?? []).filter((u) => !u.isGM).slice(0, 8);
const bruteOf = (name: string | null | undefined) => `Brute ${name ?? ""}`;

/** The players' sandbox: for each player a character (theirs alone) and a Brute of the GM's, tokens and combat. */
async function buildForPlayers(sandbox: Sandbox): Promise<void> {
  const players = playersOf();
  if (!players.length) throw new Error("The world has no player to prepare for");
  for (const [i, user] of players.entries()) {
    const actor = await sandbox.createActor({ name: `Quench ${user.name}`, type: "personnage", owner: user.id ?? "" });
    await sandbox.placeToken(actor, 200 * i);
    await sandbox.placeToken(await sandbox.createActor({ name: bruteOf(user.name), type: "opposant" }), 200 * i + 100);
  }
  const combat = await sandbox.startCombat(sandbox.tokens);
  await combat.rollAll();
  await combat.startCombat();
}

function registerPrepare(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("Ahill-Mach: the players' sandbox, prepared by the GM", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "prepare", build: buildForPlayers });
    it("holds a character for each player, theirs alone, a Brute each, and a started combat with every token", () => {
      for (const user of playersOf()) {
        expect(run.sandbox.actors.some((a) => a.testUserPermission(user, "OWNER"))).to.equal(true);
        expect(run.sandbox.token(bruteOf(user.name)).actor?.isToken).to.equal(true);
      }
      expect(run.sandbox.combat?.combatants.size).to.equal(run.sandbox.tokens.length);
      expect(run.sandbox.combat?.round).to.equal(1);
    });
  });
}

function registerPlayer(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("Ahill-Mach, in a player's browser (the GM connected)", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "player" });
    let move: ChatMessage.Implementation;
    let damage: ChatMessage.Implementation;

    it("my Tailler en pièces at my Brute with a helper: a critical success, its option picked on my card", async () => {
      move = await criticalHit(context, run, run.sandbox.mine(), run.sandbox.token(bruteOf(game.user?.name)));
    });

    it("the damage rolled by the GM's client through the relay, then applied by it to my Brute's token", async () => {
      const { sandbox, hands, dice } = run;
      const brute = sandbox.token(bruteOf(game.user?.name));
      const before = sandbox.messages().length;
      // The damage dice are the GM's browser's: none chosen here.
      await hands.clickCard(move, A.rollDamage);
      damage = await nextCard(run, before, "the damage card");
      expect(gmIds()).to.include(authorIdOf(damage));
      const data = card<DamageCard>(damage);
      expect([data.kind, data.rollerId]).to.deep.equal(["damage", game.user?.id]);
      // The bare hands' D4 and the option's D6.
      expect(data.damage.amount).to.be.within(2, 10);
      await expectSoon(
        context,
        "the GM's client marks the damage rolled",
        () => card<MoveCard>(move).data.damageRolled,
        true,
      );
      const expected = hpAfter(brute.actor, data.damage.amount);
      await shown(run, damage, A.toTargets);
      await hands.clickCard(damage, A.toTargets);
      await expectSoon(context, "my Brute's HP, written by the GM's client", () => hp(brute.actor), expected);
      const line = applied(damage)[0];
      expect([line?.targetUuid, line?.userId, line?.undone]).to.deep.equal([brute.actor?.uuid, game.user?.id, false]);
      // The Brute's morale and the undo of its hit are its owner's, the GM's.
      const mine = await shownActions(run, damage);
      expect(mine).to.not.include(A.morale);
      expect(mine).to.not.include(A.undo);
      expect(dice.left).to.equal(0);
    });

    it("I take the blow on my own token with the card's shared Apply, then undo it", async () => {
      const mine = run.sandbox.mine();
      const token = run.sandbox.tokens.find((t) => t.actor === mine);
      if (!token) throw new Error("My character has no token on the sandbox's scene");
      await blowTakenAndUndone(context, run, damage, token);
    });

    it("my tracker offers no hand-over: the initiative is the GM's to hand", async () => {
      expect(await run.hands.trackerControls(null, HAND_OVER)).to.deep.equal([]);
    });

    playerMoveSteps(context, run, () => run.sandbox.token(bruteOf(game.user?.name)));

    it("my Aura in each private mode: whispered as the mode says, a blind roll's card not mine to read", async () => {
      await privateModes(context, run, run.sandbox.mine());
    });

    it("every card I read reads the same rendered again from its stored data", async () => {
      await sameFromStore(context, run);
    });
  });
}

export const ahillmachBatches: BatchSpec[] = [
  {
    key: "quintette.ahillmach.gm",
    displayName: "Ahill-Mach (GM)",
    ruleset: RULESET,
    runAs: "gm",
    register: registerGM,
  },
  {
    key: "quintette.ahillmach.prepare",
    displayName: "Ahill-Mach: prepare the player batch (GM)",
    ruleset: RULESET,
    runAs: "gm",
    register: registerPrepare,
  },
  {
    key: "quintette.ahillmach.player",
    displayName: "Ahill-Mach (player)",
    ruleset: RULESET,
    runAs: "player",
    register: registerPlayer,
  },
];
