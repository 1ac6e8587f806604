/**
 * SYSTEMJ on the double: registration, data models (ranges, derived scores), the whole fight flow through card
 * actions relayed from players to the GM (defences, counter-attack, stealth, damage to armour then hit points,
 * undo), rights and idempotence, the hidden action phase, initiative order and the Chronoste.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import { asGM, type DoubleState } from "../../double/index.ts";
import type { DoubleCombat } from "../../double/shared-core.ts";
import { DoubleChatMessage, addUser, asClient, settle } from "../../double/shared-core.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { relayToGM } from "../../../src/foundry/relay/index.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { createCardState } from "../../../src/foundry/chat/card-state.ts";
import { systemj } from "../../../src/rules/index.ts";
import { damageApplier } from "../../../src/foundry/systemj/actions.ts";
import { exchangeCard } from "../../../src/foundry/systemj/cards.ts";
import { startExchange } from "../../../src/foundry/systemj/exchange.ts";
import type { SystemJPersonnageModel } from "../../../src/foundry/systemj/models.ts";
import { SystemJRoll } from "../../../src/foundry/systemj/roll.ts";
import { type DialogAnswers } from "./dialog-answer.ts";
import { testData } from "../../../src/foundry/systemj/tests.ts";
import { QuintetteCombat } from "../../../src/foundry/combat/documents.ts";
import { registerCombat } from "../../../src/foundry/combat/index.ts";
import { registerCombatBehaviour } from "../../../src/foundry/combat/behaviour.ts";
import {
  REVEAL,
  compareCombatants,
  chooseFor,
  combatBehaviour,
  handleReveal,
  readPublic,
  reconcileChoices,
  SECRET_SETTING,
  revealChoices,
} from "../../../src/foundry/systemj/combat.ts";
import {
  ChronosteApp,
  addChronosteTool,
  handleAdvance,
  requestAdvance,
} from "../../../src/foundry/systemj/chronoste.ts";
import { fillChronosteChoices, SETTING_CHRONOSTE } from "../../../src/foundry/systemj/settings.ts";
import { cardOf } from "../../cards.ts";
import { attributes, card, dice, exchangeOf, facesQueued, fightCombat, systemjWorld } from "../../worlds/systemj.ts";
import { runtime } from "../../../src/foundry/systemj/runtime.ts";

let state: DoubleState;
let aude: DoubleActor;
let ours: DoubleActor;
let dialogs: DialogAnswers;

const sys = (a: DoubleActor) => a.system as unknown as SystemJPersonnageModel;

beforeEach(async () => {
  ({ state, aude, ours, dialogs } = await systemjWorld());
});

afterEach(() => vi.restoreAllMocks());

/** Posts a fight card as the GM's roll of Aude's attack on the bear (or the reverse). */
async function fight(mode: systemj.AttackMode, firstRoll: number, score: number, reverse = false) {
  const [att, def] = reverse ? [ours, aude] : [aude, ours];
  const data = startExchange({
    mode,
    attacker: { uuid: att.uuid, name: att.name },
    defender: { uuid: def.uuid, name: def.name },
    // What each holds: Aude her sword, the bear bare hands (the GM's client takes the weapon from the attacker).
    weapon: reverse
      ? { name: "", damage: "1d3", family: "corpsACorps" }
      : { name: "Épée", damage: "1d8", family: "corpsACorps" },
    counterWeapon: reverse
      ? { name: "Épée", damage: "1d8", family: "corpsACorps" }
      : { name: "", damage: "1d3", family: "corpsACorps" },
    first: testData("x", score, 0, firstRoll),
    gear: reverse ? { canParry: true, canBlock: false } : { canParry: false, canBlock: false },
  });
  const state = exchangeCard(reverse ? "gm" : "player1", { uuid: att.uuid, name: att.name, img: null }, data);
  // Posted from the roller's own client (the server sets the author).
  return asClient(reverse ? "gm" : "player1", () =>
    DoubleChatMessage.create({ flags: { quintette: { card: state } } }),
  );
}

describe("SYSTEMJ data models", () => {
  it("derive the combat scores from the rules core and clamp out-of-range attributes", async () => {
    expect(sys(aude).combat).toEqual(systemj.combatScores(attributes));
    // fvtt-types NumberField#_cleanType applies integer, min and max: Foundry rounds and clamps, it does not refuse.
    await aude.update({ "system.attributes.FOR": 101 });
    expect(sys(aude).attributes.FOR).toBe(100);
    await aude.update({ "system.attributes.FOR": 55.4 });
    expect(sys(aude).attributes.FOR).toBe(55);
    await aude.update({ "system.attributes.FOR": 80 });
    expect(sys(aude).combat.meleeForce).toBe(Math.floor((160 + 50 + 74) / 5));
  });

  it("give créatures no language skills; armour points follow the armour cards in hand", async () => {
    expect(Object.keys(sys(ours).skills)).not.toContain("parler");
    expect(Object.keys(sys(aude).skills)).toContain("lireEcrire");
    expect(sys(aude).armourPoints).toEqual({ value: 2, max: 2 });
    await aude.createEmbeddedDocuments("Item", [
      { name: "Cotte", type: "sj-armure", system: { equipped: true, armourPoints: 3 } },
      { name: "Bouclier rangé", type: "sj-armure", system: { equipped: false, armourPoints: 5 } },
    ]);
    // The maximum follows the armour cards in hand (2 + 3); the value stays the actor's.
    expect(sys(aude).armourFromCards).toBe(5);
    expect(sys(aude).armourPoints).toEqual({ value: 2, max: 5 });
    // Without any armour card in hand there is nothing to absorb a blow: the value is clamped to 0.
    await aude.updateEmbeddedDocuments("Item", [
      { _id: "cuir", "system.equipped": false },
      { _id: aude.items.find((i) => i.name === "Cotte")!.id, "system.equipped": false },
    ]);
    expect(sys(aude).armourPoints).toEqual({ value: 0, max: 0 });
  });

  it("registers SystemJRoll, which reads a face of 100 as 00 (a critical failure)", async () => {
    const Roll = SystemJRoll;
    dice(100);
    const roll = Roll.test(74, 0, "x");
    await roll.evaluate();
    expect(roll.test).toMatchObject({ roll: 0, rollText: "00", outcome: "echecCritique" });
    dice(74);
    const crit = Roll.test(74, -30, "x");
    await crit.evaluate();
    expect(crit.test?.outcome).toBe("reussiteCritique");
  });
});

describe("SYSTEMJ fight flow through the GM relay", () => {
  it("a bear's hit in force: Aude's player parries through the GM; a second answer changes nothing", async () => {
    // Bear meleeForce (2·80+70+60)/5 = 58; a 30 hits.
    const m = await fight("meleeForce", 30, 58, true);
    expect(exchangeOf(m)?.phase).toBe("defence");
    expect(card(m).buttons.map((b) => b.args.kind ?? b.action)).toEqual(["dodge", "parry", "systemj.noDefence"]);
    // Aude's parry: (2·60+50+70)/5 + DEF 8 = 56; a 20 parries.
    dice(20);
    const r = await asClient("player1", () => requestCardAction(m.id, "systemj.defend", { kind: "parry" }));
    expect(r.status).toBe("applied");
    expect(exchangeOf(m)).toMatchObject({ phase: "miss", missReason: "defended" });
    expect(exchangeOf(m)?.tests.at(-1)).toMatchObject({ role: "parry", score: 56, roll: 20 });
    expect(m.updates.at(-1)?.userId).toBe("gm");
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.noDefence"))).status).toBe("already");
  });

  it("refuses the defence to a player who does not own the defender", async () => {
    const m = await fight("meleeForce", 30, 58);
    const r = await asClient("player1", () => requestCardAction(m.id, "systemj.defend", { kind: "dodge" }));
    expect(r.status).toBe("denied");
    expect(exchangeOf(m)?.phase).toBe("defence");
  });

  it("a failed attack gives the counter-attack, which lands undefended; damage goes to armour then hit points", async () => {
    const m = await fight("meleeForce", 90, 56);
    expect(exchangeOf(m)?.phase).toBe("counter");
    // The GM answers for the bear: counter-attack 58, a 10 lands on Aude.
    dice(10);
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.counter"))).status).toBe("applied");
    expect(exchangeOf(m)).toMatchObject({ phase: "hit", hitTarget: "attacker" });
    // Bare hands 1d3 → 3: the bear's damage, rolled by the bear's side (the GM); Aude's player neither sees nor
    // may click it (issue 25).
    const rollDamage = card(m).buttons.find((b) => b.action === "systemj.damage");
    expect(rollDamage).toMatchObject({ exclusive: true, owner: ours.uuid });
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.damage"))).status).toBe("denied");
    dice(3);
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.damage"))).status).toBe("applied");
    expect(exchangeOf(m)?.damage).toBe(3);
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage"))).status).toBe("applied");
    expect(sys(aude).armourPoints.value).toBe(0);
    expect(sys(aude).hitPoints.value).toBe(14);
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.applyDamage"))).status).toBe("already");
    expect(sys(aude).hitPoints.value).toBe(14);
    // Undo restores both.
    const entry = card(m).applied[0];
    expect(
      (await asClient("gm", () => requestCardAction(m.id, "quintette.undo", { key: entry?.id ?? "" }))).status,
    ).toBe("applied");
    expect(sys(aude).armourPoints.value).toBe(2);
    expect(sys(aude).hitPoints.value).toBe(15);
  });

  it("stealth: the target's Détection, then the unseen attack, which cannot be defended", async () => {
    const m = await fight("meleeStealth", 20, 55);
    expect(exchangeOf(m)?.phase).toBe("detection");
    dice(95); // Détection 70 fails
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.detect"))).status).toBe("applied");
    expect(exchangeOf(m)?.phase).toBe("followStealth");
    // Aude's stealth melee (60+140+74)/5 = 54; a 40 lands.
    dice(40);
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.follow"))).status).toBe("applied");
    expect(exchangeOf(m)).toMatchObject({ phase: "hit", hitTarget: "defender" });
    expect(card(m).buttons.map((b) => b.action)).toEqual(["systemj.damage"]);
  });

  it("a player's defence takes the modifier chosen in the test dialog on their client (issue 16, SYSTEMJ 1)", async () => {
    const m = await fight("meleeForce", 30, 58, true);
    // Aude's parry 56, "Ardu" −20: target 36, so a 40 fails where it parried at 0.
    dialogs.next = { difficulty: "ardu" };
    dice(40);
    const r = await asClient("player1", () => requestCardAction(m.id, "systemj.defend", { kind: "parry" }));
    expect(r.status).toBe("applied");
    expect(dialogs.opened.map((d) => [d.userId, d.config.subtitle])).toEqual([["player1", "Aude — Parade (56)"]]);
    // The odds shown are those of 56 − 20 (rules core).
    const shown = Object.fromEntries(dialogs.opened[0]!.odds.map((o) => [o.id, o.probability]));
    expect(shown).toEqual(systemj.testOdds({ score: 56, modifier: -20 }));
    expect(exchangeOf(m)?.tests.at(-1)).toMatchObject({
      role: "parry",
      score: 56,
      modifier: -20,
      target: 36,
      roll: 40,
    });
    expect(exchangeOf(m)).toMatchObject({ phase: "hit", hitTarget: "defender" });
    expect(m.updates.at(-1)?.userId).toBe("gm");
  });

  it("Détection, counter-attack and the stealth follow-up take the dialog's modifier too; closing it rolls nothing", async () => {
    const m = await fight("meleeStealth", 20, 55);
    // The GM answers for the bear: Détection 70, "Facilité" +10 and a free −5: target 75, a 74 sees Aude.
    dialogs.next = { difficulty: "facilite", free: -5 };
    dice(74);
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.detect"))).status).toBe("applied");
    expect(exchangeOf(m)?.tests.at(-1)).toMatchObject({ role: "detection", modifier: 5, target: 75 });
    expect(exchangeOf(m)?.phase).toBe("followForce");
    // Aude's player closes the dialog: nothing rolled, nothing moves.
    dialogs.cancel = true;
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.follow"))).status).toBe("invalid");
    expect(exchangeOf(m)?.phase).toBe("followForce");
    expect(facesQueued()).toEqual([]);
    // Then attacks in force with "Extrêmement simple": a 90 still lands (automatique), where 56 would miss.
    dialogs.cancel = false;
    dialogs.next = { difficulty: "extremementSimple" };
    dice(90);
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.follow"))).status).toBe("applied");
    expect(exchangeOf(m)?.tests.at(-1)).toMatchObject({ role: "attack", modifier: "automatique", target: 99 });
    expect(exchangeOf(m)?.phase).toBe("defence");
    expect(dialogs.opened.map((d) => d.userId)).toEqual(["gm", "player1", "player1"]);

    const c = await fight("meleeForce", 90, 56);
    // The bear's counter-attack 58 at "Très difficile" −30: target 28, a 40 misses.
    dialogs.next = { difficulty: "tresDifficile" };
    dice(40);
    expect((await asClient("gm", () => requestCardAction(c.id, "systemj.counter"))).status).toBe("applied");
    expect(exchangeOf(c)?.tests.at(-1)).toMatchObject({ role: "counter", modifier: -30, target: 28 });
    expect(exchangeOf(c)).toMatchObject({ phase: "miss" });
  });

  it("the shared apply-damage uses the same rule, on a card a GM wrote only", async () => {
    const damageCard = (roller: string) =>
      createCardState({ ruleset: "systemj", kind: "damage", rollerId: roller, title: { key: "x" } });
    const post = (roller: string) =>
      asClient(roller, () =>
        DoubleChatMessage.create({ author: roller, flags: { quintette: { card: damageCard(roller) } } }),
      );
    const gmCard = await post("gm");
    const result = damageApplier.apply(ours as never, { amount: 5 }, damageCard("gm"), gmCard.id);
    expect(result?.update).toEqual({ "system.armourPoints.value": 0, "system.hitPoints.value": 20 });
    // A player's card: its number is the author's (test/attacks/systemj-shared-apply.test.ts).
    const theirs = await post("player1");
    expect(damageApplier.apply(ours as never, { amount: 5 }, damageCard("player1"), theirs.id)).toBeNull();
  });
});

describe("SYSTEMJ action phase and initiative", () => {
  const combat = () => fightCombat(state, { round: 1 });

  it("keeps each choice secret until the GM reveals, then fixes it", async () => {
    const c = await combat();
    const r = await asClient("player1", () => chooseFor(c as never, "ca", "action"));
    expect(r).toEqual({ status: "applied" });
    // The Combat document says who has chosen, never what.
    expect(readPublic(c as never)).toMatchObject({ status: "choosing", chosen: { ca: true }, choices: { ca: null } });
    expect(JSON.stringify(c.flags)).not.toContain("action");
    // A player may not choose for the GM's bear, nor reveal.
    expect((await asClient("player1", () => chooseFor(c as never, "co", "mouvement"))).status).toBe("denied");
    expect((await asClient("player1", () => relayToGM(REVEAL, { combatId: c.id }))).status).toBe("denied");
    // Not everyone has chosen: a plain reveal is refused, a forced one goes.
    expect(await asGM(() => handleReveal({ combatId: c.id }, state.game.users.get("gm") as never))).toEqual({
      status: "denied",
      reason: "QUINTETTE.SystemJ.Error.StillWaiting",
    });
    expect(
      (await asGM(() => handleReveal({ combatId: c.id, force: true }, state.game.users.get("gm") as never))).status,
    ).toBe("applied");
    expect(readPublic(c as never)).toMatchObject({ status: "revealed", choices: { ca: "action", co: null } });
    // The reveal sent again (a double click, a replay) posts no second card.
    const reveals = () =>
      state.game.messages.contents.filter(
        (m) => (cardOf(m as DoubleChatMessage) as CardState | undefined)?.kind === "reveal",
      ).length;
    expect(reveals()).toBe(1);
    const posted = reveals();
    expect((await handleReveal({ combatId: c.id, force: true }, state.game.users.get("gm") as never)).status).toBe(
      "already",
    );
    expect(reveals()).toBe(posted);
    // After the reveal nothing changes.
    const late = await asClient("player1", () => chooseFor(c as never, "ca", "mouvement"));
    expect(late.status).toBe("denied");
    expect(readPublic(c as never).choices.ca).toBe("action");
  });

  type PhaseView = {
    revealed: boolean;
    canReveal: boolean;
    rows: { id: string; stateClass: string; canChoose: boolean; choices: { id: string; pressed: boolean }[] }[];
  };
  async function trackerView(c: DoubleCombat, userId: string): Promise<PhaseView> {
    const ctx = await asClient(userId, async () =>
      combatBehaviour.tracker!.partContext!("systemjPhase", c as never, {}),
    );
    return (ctx as { sjPhase: PhaseView }).sjPhase;
  }
  const pressed = (v: PhaseView, id: string) =>
    v.rows.find((r) => r.id === id)?.choices.find((x) => x.pressed)?.id ?? null;

  it("shows in the tracker who has chosen, not what, until the reveal; then every choice, locked", async () => {
    addUser("player2");
    const c = await combat();
    await asClient("player1", () => chooseFor(c as never, "ca", "mouvement"));
    const mine = await trackerView(c, "player1");
    expect(mine.rows.find((r) => r.id === "ca")).toMatchObject({ stateClass: "chosen", canChoose: true });
    expect(pressed(mine, "ca")).toBe("mouvement");
    const theirs = await trackerView(c, "player2");
    expect(theirs.rows.map((r) => [r.id, r.stateClass, r.canChoose])).toEqual([
      ["ca", "chosen", false],
      ["co", "waiting", false],
    ]);
    expect(pressed(theirs, "ca")).toBeNull();
    expect(theirs.canReveal).toBe(false);
    const gm = await trackerView(c, "gm");
    expect(pressed(gm, "ca")).toBeNull();
    expect(gm.canReveal).toBe(true);
    await asGM(() => chooseFor(c as never, "co", "action"));
    expect((await asGM(() => revealChoices(c as never, false))).status).toBe("applied");
    const after = await trackerView(c, "player2");
    expect(after.revealed).toBe(true);
    expect(after.rows.map((r) => [r.id, r.stateClass, r.canChoose])).toEqual([
      ["ca", "mouvement", false],
      ["co", "action", false],
    ]);
    expect((await asClient("player1", () => chooseFor(c as never, "ca", "action"))).status).toBe("denied");
    // The next round hides everything again.
    await asGM(() =>
      combatBehaviour.onStartRound!(Object.assign(c, { round: 2 }) as never, { round: 2, skipped: false }),
    ); // the designated GM runs it
    expect(readPublic(c as never)).toMatchObject({ round: 2, status: "choosing", chosen: { ca: false, co: false } });
  });

  it("shows initiative ties and the PJ/PNJ marker in the tracker (issue 16, SYSTEMJ 5)", async () => {
    await aude.update({ "system.role": "PJ" });
    const c = await combat();
    // Both roll 40: a success for Aude (RAP 74) and for the bear (RAP 60), the same place.
    await asGM(() =>
      c.updateEmbeddedDocuments("Combatant", [
        { _id: "ca", initiative: 40 },
        { _id: "co", initiative: 40 },
      ]),
    );
    type Row = { id: string; tied: boolean; markerLabel: string | null };
    const rows = async () => (await trackerView(c, "player1")).rows as unknown as Row[];
    expect((await rows()).map((r) => [r.id, r.tied, r.markerLabel])).toEqual([
      ["ca", true, "QUINTETTE.SystemJ.Marker.PJ"],
      ["co", true, null],
    ]);
    await asGM(() => c.updateEmbeddedDocuments("Combatant", [{ _id: "co", initiative: 30 }]));
    expect((await rows()).map((r) => r.tied)).toEqual([false, false]);
  });

  const lastCard = () => card(state.game.messages.contents.at(-1) as DoubleChatMessage);

  it("leaves combatants the GM hid out of players' trackers and out of the public reveal card", async () => {
    addUser("player2");
    const c = await combat();
    await asGM(() =>
      c.createEmbeddedDocuments("Combatant", [{ _id: "cx", name: "Embusqué", actorId: "ours", hidden: true }], {
        keepId: true,
      }),
    );
    expect((await trackerView(c, "player2")).rows.map((r) => r.id)).toEqual(["ca", "co"]);
    expect((await trackerView(c, "gm")).rows.map((r) => r.id)).toEqual(["ca", "co", "cx"]);
    expect((await asGM(() => revealChoices(c as never, true))).status).toBe("applied");
    const lines = lastCard().data.lines as { name: string }[];
    expect(lines.map((l) => l.name)).toEqual(["Aude", "Ours"]);
  });

  it("posts a public card at the reveal with every choice and who had not chosen, from the stored card", async () => {
    addUser("player2");
    const c = await combat();
    await asClient("player1", () => chooseFor(c as never, "ca", "mouvement"));
    const before = state.game.messages.contents.length;
    // Nothing reaches the chat while choices are secret.
    expect(state.game.messages.contents.length).toBe(before);
    expect((await asGM(() => revealChoices(c as never, true))).status).toBe("applied");
    expect(state.game.messages.contents.length).toBe(before + 1);
    const message = state.game.messages.contents.at(-1) as DoubleChatMessage & { whisper?: string[] };
    expect(message.whisper ?? []).toEqual([]);
    expect(lastCard()).toMatchObject({
      ruleset: "systemj",
      kind: "reveal",
      title: { key: "QUINTETTE.SystemJ.ActionPhase.RevealTitle", value: 1 },
      subtitle: { value: 0, target: 1, detail: 1 },
      data: {
        round: 1,
        lines: [
          { name: "Aude", choice: "mouvement", label: "QUINTETTE.SystemJ.ActionPhase.Mouvement" },
          { name: "Ours", choice: null, label: "QUINTETTE.SystemJ.ActionPhase.NotChosen" },
        ],
      },
    });
    // A second reveal is refused and posts nothing.
    expect((await asGM(() => revealChoices(c as never, true))).status).toBe("already");
    expect(state.game.messages.contents.length).toBe(before + 1);
  });

  it("a choice the active GM does not hold (GM changed or reloaded) shows as lost until chosen again", async () => {
    const c = await combat();
    await asClient("player1", () => chooseFor(c as never, "ca", "action"));
    await asGM(() => chooseFor(c as never, "co", "mouvement"));
    expect(readPublic(c as never).chosen).toEqual({ ca: true, co: true });
    // Another GM's browser: its client storage holds none of this round's choices.
    await asGM(() => state.game.settings.set("quintette", SECRET_SETTING, "{}"));
    // The plain reveal does not go through with "no choice": it marks both lost and tells the GM.
    expect(await asGM(() => revealChoices(c as never, false))).toEqual({
      status: "denied",
      reason: "QUINTETTE.SystemJ.Error.ChoicesLost",
    });
    expect(readPublic(c as never)).toMatchObject({
      status: "choosing",
      chosen: { ca: false, co: false },
      lost: { ca: true, co: true },
    });
    const mine = await trackerView(c, "player1");
    expect(mine.rows.find((r) => r.id === "ca")).toMatchObject({ stateClass: "lost", canChoose: true });
    // The player's own earlier choice is not shown as standing any more.
    expect(pressed(mine, "ca")).toBeNull();
    // Aude's player chooses again: no longer lost; the bear stays lost through that write.
    await asClient("player1", () => chooseFor(c as never, "ca", "mouvement"));
    expect(readPublic(c as never)).toMatchObject({ chosen: { ca: true, co: false }, lost: { ca: false, co: true } });
    expect((await trackerView(c, "gm")).rows.map((r) => r.stateClass)).toEqual(["chosen", "lost"]);
    // Reconciling again finds nothing new; the GM may now reveal anyway, the bear with no choice.
    expect(await asGM(() => reconcileChoices(c as never))).toEqual(["co"]);
    expect((await asGM(() => revealChoices(c as never, true))).status).toBe("applied");
    expect(readPublic(c as never)).toMatchObject({ status: "revealed", choices: { ca: "mouvement", co: null } });
    expect(lastCard().data).toMatchObject({ lines: [{ choice: "mouvement" }, { choice: null }] });
  });

  it("the active GM marks missing choices as lost when ready, with no other write when nothing is missing", async () => {
    const c = await combat();
    await asClient("player1", () => chooseFor(c as never, "ca", "action"));
    expect(await asGM(() => reconcileChoices(c as never))).toEqual([]);
    expect(readPublic(c as never).lost).toEqual({ ca: false, co: false });
    await asGM(() => state.game.settings.set("quintette", SECRET_SETTING, "{}"));
    // Foundry's ready may come before the rule set's chunk: nothing of SYSTEMJ listens to it.
    asGM(() => Hooks.callAll("ready"));
    await settle();
    expect(readPublic(c as never).lost).toEqual({ ca: false, co: false });
    // The runtime's ready step, which the entry runs once both ready and the chunk have come, on the active GM's client.
    asGM(() => runtime.ready!());
    // Its writes go through the server: wait for their broadcast, not for one turn of the event loop.
    await settle();
    expect(readPublic(c as never)).toMatchObject({ chosen: { ca: false }, lost: { ca: true } });
    expect(await asGM(() => reconcileChoices(c as never))).toEqual(["ca"]);
  });

  it("rolls initiative as a Rapidité test with its card; the score breaks ties", async () => {
    const c = await combat();
    const aude = c.combatants.get("ca")!;
    dice(100); // a face of 100 reads 00: a critical failure, still stored for the order
    expect(await combatBehaviour.rollInitiative!(aude as never, {} as never)).toBe(0);
    dice(30);
    expect(await combatBehaviour.rollInitiative!(aude as never, {} as never)).toBe(30);
    expect(aude.updates).toEqual([]);
    const last = state.game.messages.contents.at(-1) as DoubleChatMessage;
    expect(card(last)).toMatchObject({
      kind: "initiative",
      data: { test: { score: 74, roll: 30, outcome: "moyenne" } },
    });
  });

  it("a player rolls their own initiative: only the initiative is written, the Rapidité score comes from the actor", async () => {
    const c = await combat();
    const aude = c.combatants.get("ca")!;
    dice(30);
    // Foundry lets a player update only initiative, flags and defeated of their combatant (clients.ts enforces it).
    const value = await asClient("player1", () => combatBehaviour.rollInitiative!(aude as never, {} as never));
    expect(value).toBe(30);
    await asClient("player1", () => c.updateEmbeddedDocuments("Combatant", [{ _id: "ca", initiative: value }]));
    expect(aude.updates.every((u) => Object.keys(u.changes).every((k) => k === "initiative"))).toBe(true);
    const bear = c.combatants.get("co")!;
    await asGM(() => c.updateEmbeddedDocuments("Combatant", [{ _id: "co", initiative: 30 }]));
    // Same roll: Aude's Rapidité 74 beats the bear's 60, whichever comes first.
    expect(compareCombatants(aude as never, bear as never)).toBeLessThan(0);
    expect(compareCombatants(bear as never, aude as never)).toBeGreaterThan(0);
  });

  it("initiative takes the test dialog's modifier, kept on the combatant for the order; roll all asks nothing (issue 16, SYSTEMJ 1)", async () => {
    registerCombat(() => "systemj");
    registerCombatBehaviour("systemj", combatBehaviour);
    const c = new (QuintetteCombat as unknown as typeof DoubleCombat)({ _id: "init" });
    await asGM(() =>
      c.createEmbeddedDocuments(
        "Combatant",
        [
          { _id: "ca", name: "Aude", actorId: "aude" },
          { _id: "co", name: "Ours", actorId: "ours" },
        ],
        { keepId: true },
      ),
    );
    dice(50); // the GM rolls the bear alone: a 50 under 60, at the dialog's defaults
    await asGM(() => c.rollInitiative("co"));
    // Aude's player picks "Ardu" −20: a 60 under 74 − 20 = 54 fails, so the bear acts first (at 0 she would).
    dialogs.next = { difficulty: "ardu" };
    dice(60);
    await asClient("player1", () => c.rollInitiative("ca"));
    expect(dialogs.opened.map((d) => [d.userId, d.config.subtitle])).toEqual([
      ["gm", "Ours — Rapidité (60)"],
      ["player1", "Aude — Rapidité (74)"],
    ]);
    const aude = c.combatants.get("ca")!;
    expect(aude.initiative).toBe(60);
    expect(aude.getFlag("quintette", "sjInitiativeModifier")).toBe(-20);
    expect(aude.updates.every((u) => u.userId === "player1")).toBe(true);
    const last = state.game.messages.contents.at(-1) as DoubleChatMessage;
    expect(card(last).data).toMatchObject({ test: { score: 74, modifier: -20, target: 54, outcome: "echec" } });
    c.setupTurns();
    expect(c.turns.map((t) => t.name)).toEqual(["Ours", "Aude"]);
    // Roll all: no dialog per combatant, both at 0; Aude's modifier goes back to 0.
    dialogs.opened = [];
    dice(20, 40);
    await asGM(() => c.rollInitiative(["ca", "co"])); // the GM's "roll all"
    expect(dialogs.opened).toEqual([]);
    expect(aude.getFlag("quintette", "sjInitiativeModifier")).toBe(0);
    c.setupTurns();
    expect(c.turns.map((t) => t.name)).toEqual(["Ours", "Aude"]);
    // Aude's 80 misses her 74, the bear's 30 succeeds: the bear first. A +30 kept on her combatant makes her 80 a
    // success closer to her score, so she goes first; a +900 no dialog can produce counts as no modifier.
    await asGM(() => c.updateEmbeddedDocuments("Combatant", [{ _id: "co", initiative: 30 }]));
    const order = async (modifier: number) => {
      await asClient("player1", () =>
        aude.update({ initiative: 80, "flags.quintette.sjInitiativeModifier": modifier }),
      );
      c.setupTurns();
      return c.turns.map((t) => t.name);
    };
    expect(await order(0)).toEqual(["Ours", "Aude"]);
    expect(await order(30)).toEqual(["Aude", "Ours"]);
    expect(await order(900)).toEqual(["Ours", "Aude"]);
  });

  it("orders initiative as the rules core does", () => {
    const entries = [
      { id: "a", roll: 74, score: 74 },
      { id: "b", roll: 50, score: 74 },
      { id: "c", roll: 10, score: 74 },
      { id: "d", roll: 80, score: 74 },
      { id: "e", roll: 0, score: 74 },
    ];
    const combatants = entries.map((e) => ({
      id: e.id,
      name: e.id,
      initiative: e.roll,
      actor: { system: { attributes: { RAP: e.score } } },
    }));
    const unrolled = { id: "z", name: "z", initiative: null, actor: { system: { attributes: { RAP: 74 } } } };
    const order = [unrolled, ...combatants].sort(compareCombatants).map((c) => c.id);
    expect(order).toEqual([...systemj.initiativeOrder(entries), "z"]);
  });
});

describe("SYSTEMJ Chronoste", () => {
  beforeEach(() => {
    Object.assign(state.game, {
      time: {
        worldTime: 0,
        async advance(s: number) {
          this.worldTime += s;
        },
      },
    });
  });

  it("lets the GM and the named Chronoste advance time, relayed to the GM; never before 0", async () => {
    expect((await asClient("player1", () => requestAdvance(3600))).status).toBe("denied");
    fillChronosteChoices(state.game.users as never);
    await asGM(() => state.game.settings.set("quintette", SETTING_CHRONOSTE, "player1"));
    expect((await asClient("player1", () => requestAdvance(3600))).status).toBe("applied");
    expect((state.game as unknown as { time: { worldTime: number } }).time.worldTime).toBe(3600);
    expect((await handleAdvance({ seconds: -7200, from: 3600 }, state.game.users.get("gm") as never)).status).toBe(
      "invalid",
    );
    expect((await handleAdvance({ seconds: 61, from: 3600 }, state.game.users.get("gm") as never)).status).toBe(
      "invalid",
    );
  });

  it("shows day and hour to everyone; only the GM and the Chronoste get the buttons, which relay to the GM", async () => {
    const time = (state.game as unknown as { time: { worldTime: number } }).time;
    time.worldTime = 86400 + 20 * 3600 + 15 * 60;
    await asGM(() => state.game.settings.set("quintette", SETTING_CHRONOSTE, "player1"));
    type View = { day: number; hourText: string; period: string; canAdvance: boolean; keeper: string | null };
    const view = async (userId: string) => {
      const app = new ChronosteApp() as unknown as {
        render(): Promise<unknown>;
        lastContext: View;
        runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
      };
      await asClient(userId, () => app.render());
      return app;
    };
    addUser("player2");
    const other = await view("player2");
    expect(other.lastContext).toMatchObject({ day: 2, hourText: "20:15", period: "nuit", canAdvance: false });
    const keeper = await view("player1");
    expect(keeper.lastContext).toMatchObject({ canAdvance: true, keeper: "Player" });
    await asClient("player1", () => keeper.runAction("advance", {}, { dataset: { seconds: "3600" } }));
    expect(time.worldTime).toBe(86400 + 21 * 3600 + 15 * 60);
    await asClient("player2", () => other.runAction("advance", {}, { dataset: { seconds: "3600" } }));
    expect(time.worldTime).toBe(86400 + 21 * 3600 + 15 * 60);
  });

  it("adds a token-controls button that reopens the clock", () => {
    let opened = 0;
    const controls = { tokens: { tools: { select: {} } } };
    addChronosteTool(controls as never, () => (opened += 1));
    const tool = (controls.tokens.tools as Record<string, { button?: boolean; onChange?: () => void }>)
      .quintetteChronoste;
    expect(tool?.button).toBe(true);
    tool?.onChange?.();
    expect(opened).toBe(1);
    expect(() => addChronosteTool({} as never, () => undefined)).not.toThrow();
  });
});
