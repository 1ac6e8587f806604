/**
 * L'Œil Noir's GM batch, rounds 3 to 8 (after oeilnoir.ts's first two): every step a card or a sheet offers beyond a
 * plain blow, played from the interface on the GM's page with the GM's own dice. Round 3: Nadja declares a long
 * activity on her sheet and orients herself (INI restored); the orc strikes Alrik, whose sword parry shows a natural
 * 20: a fall (Chute) on the parry table, Alrik prone and INI −2; getting up refused on the orc's phase; the orc's free
 * attack (unparryable, at −2) rolled, its damage applied and undone; the fall's blow's damage rolled. Round 4: Alrik
 * gets up on his phase (AG check), the GM closes the fall's duel; the orc strikes again, a second natural 20 parry:
 * the sword slips (no attack with it on the sheet). Round 5: Alrik declares a long activity and picks the sword up
 * (two actions, DE check); the orc's critical blow at Nadja, dodged in vain, a serious wound: her Volonté check takes
 * it back, a second one keeps her fighting at 4 EV. Round 6: the orc's next blow leaves her dying; the GM, Alrik's
 * token selected, saves her from her sheet's button (Alrik's Médecine, his IN). Round 7: Alrik declares two actions;
 * his sword blow at nobody, the GM names the orc its defender from the card; his second action, an arrow at nobody,
 * applied to the targeted orc with the shared Apply and undone; a Volonté check from the sheet. Round 8: Alrik's other
 * action from the sheet spends his turn (his attack refused after it); the orc declares a long activity and orients
 * itself from its token's sheet. docs/quench.md.
 */
import { waitFor } from "./hands.ts";
import {
  cardData,
  expectSoon,
  nextCard,
  rollFromSheet,
  shownActions,
  type QuenchBatchContext,
  type Run,
} from "./kit.ts";
import {
  A,
  applied,
  attackWith,
  BOW,
  D20,
  D6,
  defend,
  duelOf,
  ev,
  shown,
  stageOf,
  step,
  swordOf,
  swordParry,
  turn,
} from "./oeilnoir-kit.ts";

const combatOf = (run: Run): Combat.Implementation => {
  const combat = run.sandbox.combat;
  if (!combat) throw new Error("No combat in the sandbox");
  return combat;
};
const combatantNamed = (run: Run, name: string) => combatOf(run).combatants.contents.find((c) => c.name === name);
const ini = (run: Run, name: string) => combatantNamed(run, name)?.initiative ?? null;
/** What the fighter spent this round, as its combatant records it (oeilnoir/round-actions.ts). */
const spent = (run: Run, name: string) =>
  (combatantNamed(run, name)?.getFlag("quintette" as never, "oeilnoirActions" as never) as
    Record<string, unknown> | undefined) ?? {};
const prone = (actor: Actor.Implementation) => actor.statuses.has("prone");
const system = (doc: { system: unknown } | null | undefined) => (doc?.system ?? {}) as Record<string, unknown>;
const closeSheet = (actor: Actor.Implementation) =>
  (actor.sheet as unknown as { close(): Promise<unknown> } | null)?.close();

/** The steps the card offers this user, its undo buttons aside. */
const steps = async (run: Run, message: ChatMessage.Implementation) =>
  (await shownActions(run, message)).filter((action) => action !== A.undo);

/** Next turn until it is `name`'s phase, within the round (a re-sort after an initiative change may repeat a row). */
async function phaseOf(run: Run, name: string): Promise<void> {
  const combat = combatOf(run);
  const round = combat.round;
  while (turn(run).current !== name) {
    const at = combat.turn;
    await combat.nextTurn();
    await waitFor("Next turn", () => combat.turn !== at || combat.round !== round);
    if (combat.round !== round) throw new Error(`${name}'s phase never came in round ${round}`);
  }
}

async function nextRound(context: QuenchBatchContext, run: Run, round: number, current: string): Promise<void> {
  await combatOf(run).nextRound();
  await expectSoon(context, `round ${round}`, () => turn(run), { round, current });
}

/** Declares the fighter's plan for the round on its sheet (the GM's hands: they own every fighter here). */
async function declare(context: QuenchBatchContext, run: Run, actor: Actor.Implementation, plan: string) {
  await run.hands.clickSheet(actor, "declarePlan", { plan });
  await closeSheet(actor);
  await expectSoon(context, `${actor.name}'s plan`, () => spent(run, actor.name ?? "").plan, plan);
}

/** Clicks a card's button once this user's log shows it (a page renders the card after its data changes). */
async function press(run: Run, message: ChatMessage.Implementation, action: string, args?: Record<string, unknown>) {
  await shown(run, message, action);
  await run.hands.clickCard(message, action, args);
}

/** Clicks a card's step that rolls on the GM's client, then waits until `done` reads the result. */
async function click(run: Run, message: ChatMessage.Implementation, action: string, done: () => boolean) {
  await press(run, message, action);
  await waitFor(`${action} recorded`, done);
}

export function registerLaterRounds(context: QuenchBatchContext, run: Run): void {
  const { it, expect } = context;
  // The cards the steps carry on over several rounds.
  let fall: ChatMessage.Implementation | null = null;
  let slip: ChatMessage.Implementation | null = null;
  let blow: ChatMessage.Implementation | null = null;
  const need = (card: ChatMessage.Implementation | null, what: string) => {
    if (!card) throw new Error(`${what}: an earlier step failed`);
    return card;
  };

  it("round 3: Nadja declares a long activity on her sheet and orients herself on her phase: INI as with a 6", async () => {
    const { sandbox, dice } = run;
    await nextRound(context, run, 3, "Alrik");
    const nadja = sandbox.actor("Nadja");
    await declare(context, run, nadja, "long");
    await phaseOf(run, "Nadja");
    dice.choose(D20, 5);
    const card = await rollFromSheet(run, nadja, "roll", { roll: "orientation" });
    // IN 13 and nothing harder: a 5 passes; INI base 10 + 6.
    expect((cardData(card).dice as { value: number }[]).map((d) => d.value)).to.deep.equal([5]);
    await expectSoon(context, "Nadja's initiative", () => ini(run, "Nadja"), 16);
    expect(spent(run, "Nadja")).to.deep.include({ round: 3, plan: "long", long: 2 });
    expect(dice.left).to.equal(0);
  });

  it("the orc strikes Alrik, whose sword parry shows a natural 20: a fall (Chute), on the ground, INI −2", async () => {
    const { sandbox, dice, hands } = run;
    await phaseOf(run, "Orc");
    const alrik = sandbox.actor("Alrik");
    const card = await attackWith(run, sandbox.token("Orc").actor!, "attack", sandbox.token("Alrik"), 3);
    fall = card;
    // The parry's natural 20, then 9 on the parry fumble table.
    dice.choose(D20, 20, 9);
    await defend(run, card, A.parry, swordParry(alrik));
    expect(duelOf(card)).to.deep.include({ stage: "hit" });
    expect(duelOf(card).parry).to.deep.include({ d20: 20, success: false, fumble: true });
    const fumble = duelOf(card).fumble;
    expect(fumble).to.deep.include({ table: "parry", who: "defender", d20: 9, key: "chute", iniChange: -2 });
    // Getting up: AG 14, no armour to make it harder.
    expect(fumble?.check).to.deep.include({ kind: "AG", value: 14, result: null });
    expect(fumble?.freeAttack).to.deep.include({ attackerName: "Orc", unparryable: true, messageId: null });
    await expectSoon(context, "Alrik on the ground (prone)", () => prone(alrik), true);
    await expectSoon(context, "Alrik's initiative", () => ini(run, "Alrik"), 12);
    expect(await shownActions(run, card)).to.have.members([A.damage, A.fumbleCheck, A.freeAttack, A.close]);
    // Getting up is an action of his own phase: refused on the orc's, before any die.
    await press(run, card, A.fumbleCheck);
    await hands.idle();
    expect(duelOf(card).fumble?.check?.result).to.equal(null);
    expect(prone(alrik)).to.equal(true);
    expect(dice.left).to.equal(0);
  });

  it("the orc's free attack, unparryable at −2: its damage applied to Alrik and undone; the fall's blow rolled", async () => {
    const { sandbox, dice } = run;
    const card = need(fall, "the fall");
    const alrik = sandbox.actor("Alrik");
    const before = sandbox.messages().length;
    dice.choose(D20, 13);
    await press(run, card, A.freeAttack);
    const free = await nextCard(run, before, "the free attack's card");
    await waitFor("the free attack linked", () => duelOf(card).fumble?.freeAttack?.messageId === free.id);
    // AT 12 made easier by 2: a 13 lands, and nothing may parry it.
    expect(duelOf(free)).to.deep.include({ stage: "hit" });
    expect(duelOf(free).attack).to.deep.include({ d20: 13, value: 14, success: true });
    expect(duelOf(free).free).to.deep.include({ unparryable: true, attackModifier: -2 });
    expect(await shownActions(run, free)).to.have.members([A.damage, A.close]);
    expect(await shownActions(run, card)).to.not.include(A.freeAttack);
    dice.choose(D6, 2);
    await step(run, free, A.damage, "damaged");
    // 1D6+4 with a 2: 6 PI, no armour, under the first wound threshold (7).
    expect(duelOf(free).damage).to.deep.include({ faces: [2], pi: 6 });
    const evBefore = ev(alrik) ?? 0;
    await step(run, free, A.applyHit, "applied");
    await expectSoon(context, "Alrik's EV", () => ev(alrik), evBefore - 6);
    await press(run, free, A.undo, { key: applied(free)[0]?.id ?? "" });
    await expectSoon(context, "Alrik's EV after the undo", () => ev(alrik), evBefore);
    expect(applied(free).map((a) => [a.targetUuid, a.undone])).to.deep.equal([[alrik.uuid, true]]);
    dice.choose(D6, 3);
    await step(run, card, A.damage, "damaged");
    expect(duelOf(card).damage).to.deep.include({ faces: [3], pi: 7 });
    expect(dice.left).to.equal(0);
  });

  it("round 4: Alrik gets up on his phase (AG check), his turn action spent; the GM closes the fall's duel", async () => {
    const { sandbox, dice } = run;
    const card = need(fall, "the fall");
    const alrik = sandbox.actor("Alrik");
    await nextRound(context, run, 4, "Nadja");
    await phaseOf(run, "Alrik");
    dice.choose(D20, 5);
    await click(run, card, A.fumbleCheck, () => !!duelOf(card).fumble?.check?.result);
    expect(duelOf(card).fumble?.check?.result).to.deep.include({ d20: 5, success: true });
    await expectSoon(context, "Alrik on his feet", () => prone(alrik), false);
    expect(spent(run, "Alrik")).to.deep.include({ round: 4, turn: 1 });
    await press(run, card, A.close);
    await waitFor("the duel closed", () => duelOf(card).closed === true);
    expect(await steps(run, card)).to.deep.equal([]);
    // Never applied: Alrik's EV untouched by the fall's blow.
    expect(ev(alrik)).to.equal(30);
    expect(dice.left).to.equal(0);
  });

  it("the orc strikes Alrik again; a second natural 20 parry: the sword slips from his hand", async () => {
    const { sandbox, dice, hands } = run;
    await phaseOf(run, "Orc");
    const alrik = sandbox.actor("Alrik");
    const card = await attackWith(run, sandbox.token("Orc").actor!, "attack", sandbox.token("Alrik"), 3);
    slip = card;
    dice.choose(D20, 20, 12);
    await defend(run, card, A.parry, swordParry(alrik));
    const fumble = duelOf(card).fumble;
    expect(fumble).to.deep.include({ table: "parry", d20: 12, key: "armeGlisse", iniChange: -1 });
    // Picking it up: DE 12, no armour to make it harder; no free attack on this line.
    expect(fumble?.check).to.deep.include({ kind: "DE", value: 12, result: null });
    expect(fumble?.freeAttack ?? null).to.equal(null);
    const sword = () => system(alrik.items.get(swordOf(alrik))).dropped;
    await expectSoon(context, "the sword on the ground", sword, true);
    await expectSoon(context, "Alrik's initiative", () => ini(run, "Alrik"), 11);
    expect(await shownActions(run, card)).to.have.members([A.damage, A.fumbleCheck, A.close]);
    // His sheet offers no attack with a sword on the ground.
    const refused = await hands.clickSheet(alrik, "roll", { roll: `attack:${swordOf(alrik)}` }).then(
      () => false,
      () => true,
    );
    await closeSheet(alrik);
    expect(refused, "the dropped sword's attack on the sheet").to.equal(true);
    expect(dice.left).to.equal(0);
  });

  it("round 5: Alrik declares a long activity and picks the sword up (two actions, a DE check)", async () => {
    const { sandbox, dice } = run;
    const card = need(slip, "the slip");
    const alrik = sandbox.actor("Alrik");
    await nextRound(context, run, 5, "Nadja");
    await declare(context, run, alrik, "long");
    await phaseOf(run, "Alrik");
    dice.choose(D20, 6);
    await click(run, card, A.fumbleCheck, () => !!duelOf(card).fumble?.check?.result);
    expect(duelOf(card).fumble?.check?.result).to.deep.include({ d20: 6, success: true });
    await expectSoon(context, "the sword in hand", () => system(alrik.items.get(swordOf(alrik))).dropped, false);
    expect(spent(run, "Alrik")).to.deep.include({ round: 5, plan: "long", long: 2 });
    expect(await shownActions(run, card)).to.have.members([A.damage, A.close]);
    expect(dice.left).to.equal(0);
  });

  it("the orc's critical blow at Nadja, dodged in vain: a serious wound her Volonté takes back, then she stands at 4 EV", async () => {
    const { sandbox, dice, hands } = run;
    const nadja = sandbox.actor("Nadja");
    // The GM sets her EV to 14 on her sheet, so that this blow leaves her at 4.
    await nadja.update({ "system.ev.value": 14 } as Actor.UpdateData);
    await phaseOf(run, "Orc");
    const card = await attackWith(run, sandbox.token("Orc").actor!, "attack", sandbox.token("Nadja"), 1);
    blow = card;
    expect(duelOf(card).attack).to.deep.include({ d20: 1, critical: true });
    dice.choose(D20, 19);
    await defend(run, card, A.dodge);
    expect(duelOf(card).parry).to.deep.include({ d20: 19, success: false, dodge: true });
    dice.choose(D6, 1);
    await step(run, card, A.damage, "damaged");
    expect(duelOf(card).damage).to.deep.include({ faces: [1], pi: 5, critical: true });
    const iniBefore = ini(run, "Nadja") ?? 0;
    await step(run, card, A.applyHit, "applied");
    // Doubled: 10, over the first threshold (7), plus the critical's serious wound: 2 wounds, INI −4.
    expect(duelOf(card).hit).to.deep.include({ damage: 10, evAfter: 4, totalWounds: 2, volonteTarget: 2 });
    await expectSoon(context, "Nadja's EV and wounds", () => [ev(nadja), system(nadja).wounds], [4, 2]);
    await expectSoon(context, "Nadja's initiative", () => ini(run, "Nadja"), iniBefore - 4);
    expect(await steps(run, card)).to.have.members([A.volonte, A.stand, A.close]);
    dice.choose(D20, 2);
    await click(run, card, A.volonte, () => !!duelOf(card).volonte);
    expect(duelOf(card).volonte).to.deep.include({ d20: 2, value: 2, success: true });
    // Shrugged off: the serious wound and its initiative loss taken back.
    await expectSoon(context, "Nadja's wounds", () => system(nadja).wounds, 1);
    await expectSoon(context, "Nadja's initiative", () => ini(run, "Nadja"), iniBefore - 2);
    dice.choose(D20, 3);
    await click(run, card, A.stand, () => !!duelOf(card).standing);
    expect(duelOf(card).standing).to.deep.include({ d20: 3, success: true });
    await expectSoon(context, "Nadja fights on", () => system(nadja).fightsOn, true);
    await hands.idle();
    expect(await steps(run, card)).to.deep.equal([]);
    expect(dice.left).to.equal(0);
  });

  it("round 6: the orc's next blow leaves Nadja dying; the GM, Alrik's token selected, saves her from her sheet", async () => {
    const { sandbox, dice, hands } = run;
    need(blow, "the critical blow");
    const nadja = sandbox.actor("Nadja");
    const alrik = sandbox.actor("Alrik");
    await nextRound(context, run, 6, "Nadja");
    await phaseOf(run, "Orc");
    const card = await attackWith(run, sandbox.token("Orc").actor!, "attack", sandbox.token("Nadja"), 3);
    await step(run, card, A.noParry, "hit");
    dice.choose(D6, 1);
    await step(run, card, A.damage, "damaged");
    // The dying 1D6, rolled as the blow is applied.
    dice.choose(D6, 4);
    await step(run, card, A.applyHit, "applied");
    expect(duelOf(card).hit).to.deep.include({ damage: 5, evAfter: -1, status: "mourant" });
    expect(duelOf(card).hit?.dying).to.deep.include({ d6: 4 });
    await expectSoon(context, "Nadja's EV", () => ev(nadja), -1);
    expect(await steps(run, card)).to.have.members([A.rescue, A.close]);
    // The healer is the selected token's actor: Alrik, whose Médecine is not filled in (his IN 13 stands for it).
    await hands.control([sandbox.token("Alrik")]);
    dice.choose(D20, 3);
    try {
      await hands.answering({}, async () => {
        await hands.clickSheet(nadja, "rescue");
        await waitFor("the rescue recorded", () => (duelOf(card).rescue ?? []).length > 0);
      });
    } finally {
      await closeSheet(nadja);
      await hands.control([]);
    }
    // IN 13, harder by 2 per point below 0: 11; a 3 saves her.
    expect(duelOf(card).rescue?.[0]).to.deep.include({ healerName: "Alrik", skill: 13, ev: -1 });
    expect(duelOf(card).rescue?.[0]?.test).to.deep.include({ d20: 3, value: 11, success: true });
    await expectSoon(context, "Nadja stabilised", () => system(nadja).stabilized, true);
    expect(system(alrik).medecine).to.equal(13);
    expect(stageOf(card)).to.equal("applied");
    await hands.idle();
    expect(await steps(run, card)).to.deep.equal([]);
    expect(dice.left).to.equal(0);
  });

  it("round 7: Alrik takes two actions; his sword blow at nobody, the GM names the orc its defender, who parries in vain", async () => {
    const { sandbox, dice, hands } = run;
    const alrik = sandbox.actor("Alrik");
    const orc = sandbox.token("Orc");
    await nextRound(context, run, 7, "Nadja");
    await declare(context, run, alrik, "twoActions");
    await phaseOf(run, "Alrik");
    await hands.target([]);
    dice.choose(D20, 5);
    const card = await rollFromSheet(run, alrik, "roll", { roll: `attack:${swordOf(alrik)}` });
    expect(duelOf(card)).to.deep.include({ stage: "awaitDefender", defender: null });
    expect(await steps(run, card)).to.have.members([A.chooseDefender, A.close]);
    // The GM targets the orc, then names it on the card: its parry awaited as if it had been targeted.
    await hands.target([orc]);
    await press(run, card, A.chooseDefender);
    await waitFor("the defender named", () => stageOf(card) === "awaitParry");
    await hands.target([]);
    expect(duelOf(card).defender).to.deep.include({ uuid: orc.actor?.uuid, name: "Orc" });
    await shown(run, card, A.parry);
    dice.choose(D20, 15);
    await defend(run, card, A.parry);
    expect(duelOf(card).parry).to.deep.include({ d20: 15, value: 9, success: false });
    dice.choose(D6, 1);
    await step(run, card, A.damage, "damaged");
    const before = ev(orc.actor) ?? 0;
    await step(run, card, A.applyHit, "applied");
    // 1D6+3 with a 1: 4 PI, less PR 2.
    await expectSoon(context, "the orc's EV", () => ev(orc.actor), before - 2);
    expect(spent(run, "Alrik")).to.deep.include({ round: 7, plan: "twoActions", turn: 1 });
    expect(dice.left).to.equal(0);
  });

  it("Alrik's second action, at INI − 8: an arrow at nobody, its damage applied to the targeted orc with the shared Apply, undone", async () => {
    const { sandbox, dice, hands } = run;
    const alrik = sandbox.actor("Alrik");
    const orc = sandbox.token("Orc");
    const bow = () => alrik.items.find((i) => i.name === BOW.name);
    await phaseOf(run, "Orc");
    await phaseOf(run, "Alrik");
    await hands.target([]);
    dice.choose(D20, 2);
    const card = await rollFromSheet(run, alrik, "roll", { roll: `attack:${bow()?.id ?? ""}` });
    // Nobody to parry an arrow: the blow lands, whoever it hits.
    expect(duelOf(card)).to.deep.include({ stage: "hit", defender: null });
    expect(duelOf(card).attack).to.deep.include({ d20: 2, success: true });
    await expectSoon(context, "an arrow spent", () => system(bow()).ammo, 19);
    dice.choose(D6, 3);
    await step(run, card, A.damage, "damaged");
    expect(duelOf(card).damage).to.deep.include({ faces: [3], pi: 7 });
    expect(await steps(run, card)).to.have.members([A.apply, A.close]);
    const before = ev(orc.actor) ?? 0;
    await hands.target([orc]);
    await press(run, card, A.apply);
    // 7 PI less PR 2.
    await expectSoon(context, "the orc's EV", () => ev(orc.actor), before - 5);
    await hands.target([]);
    await waitFor("the applied line", () => applied(card).length > 0);
    expect(applied(card).map((a) => [a.targetUuid, a.undone])).to.deep.equal([[orc.actor?.uuid, false]]);
    await press(run, card, A.undo, { key: applied(card)[0]?.id ?? "" });
    await expectSoon(context, "the orc's EV after the undo", () => ev(orc.actor), before);
    expect(spent(run, "Alrik")).to.deep.include({ round: 7, turn: 2 });
    expect(dice.left).to.equal(0);
  });

  it("Alrik's Volonté check from his sheet", async () => {
    const { sandbox, dice } = run;
    dice.choose(D20, 7);
    const card = await rollFromSheet(run, sandbox.actor("Alrik"), "roll", { roll: "check:volonte" });
    expect((cardData(card).dice as { value: number }[]).map((d) => d.value)).to.deep.equal([7]);
    expect(cardData(card).subtitle).to.deep.include({ value: 12 });
    expect(dice.left).to.equal(0);
  });

  it("round 8: Alrik's other action from his sheet spends his turn (his attack then refused); the orc orients itself", async () => {
    const { sandbox, dice, hands } = run;
    const alrik = sandbox.actor("Alrik");
    const orc = sandbox.token("Orc").actor!;
    await nextRound(context, run, 8, "Nadja");
    await phaseOf(run, "Alrik");
    await hands.clickSheet(alrik, "otherAction");
    await closeSheet(alrik);
    await expectSoon(context, "Alrik's turn action", () => spent(run, "Alrik").turn, 1);
    const before = sandbox.messages().length;
    await hands.answering({}, () => hands.clickSheet(alrik, "roll", { roll: `attack:${swordOf(alrik)}` }));
    await closeSheet(alrik);
    await hands.idle();
    expect(sandbox.messages().length, "no attack after the other action").to.equal(before);
    // The orc (INI base 9, IN 12 when its sheet says none) declares a long activity and orients itself.
    await declare(context, run, orc, "long");
    await phaseOf(run, "Orc");
    dice.choose(D20, 4);
    await rollFromSheet(run, orc, "roll", { roll: "orientation" });
    await expectSoon(context, "the orc's initiative", () => ini(run, "Orc"), 15);
    expect(dice.left).to.equal(0);
  });
}
