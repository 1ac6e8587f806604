/**
 * Issue 25 at the table: actions per round (one attack and one defence, traded on request; the second attack at
 * INI − 8; no defence left, no parry roll; the second row only when taken), bare hands named in the reader's
 * language. Played as the players who click, in French and in English.
 */
import { afterEach, describe, expect, it } from "vitest";
import { asGM, settle, type DoubleActor, type DoubleState } from "../../double/index.ts";
import { asClient, messageElement, type DoubleChatMessage } from "../../double/shared-core.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { CARD_ACTION_KIND, requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { relayToGM } from "../../../src/foundry/relay/index.ts";
import { HerosSheet } from "../../../src/foundry/oeilnoir/sheets.ts";
import {
  answerDefence,
  attack,
  defenceDialogs,
  dice,
  duel,
  inCombat,
  player,
  rolled,
  setupWorld,
  stored,
  targets,
  teardownWorld,
} from "../../worlds/oeilnoir.ts";

afterEach(teardownWorld);

type Sheet = {
  render(): Promise<unknown>;
  lastContext: Record<string, unknown>;
  runAction(action: string, event?: unknown, target?: unknown): Promise<unknown>;
};
const sheetOf = (actor: DoubleActor) => new (HerosSheet as unknown as new (o: object) => Sheet)({ document: actor });

const LANGS = [
  {
    lang: "fr" as const,
    attackSpent:
      "Attaque déjà faite ce round : une seconde demande deux actions déclarées au début du round (le MJ peut autoriser un changement).",
    secondLater: "La 2e action vient 8 phases plus tard : attendez son tour dans le suivi de combat.",
    noDefence: "plus de défense ce round",
    planLocked: "L'usage du round se déclare à son début : seul le MJ peut le changer maintenant.",
    notYourPhase: "Ce n'est pas la phase de ce combattant : agissez quand son tour vient dans le suivi de combat.",
    twoDefences: "Deux défenses déclarées ce round : pas d'attaque (le MJ peut autoriser un changement).",
    bareHands: "Attaque à mains nues",
    parryBare: "Parer à mains nues",
  },
  {
    lang: "en" as const,
    attackSpent:
      "Attack already made this round: a second one needs two actions declared at the start of the round (the GM may allow a change).",
    secondLater: "The second action comes 8 phases later: wait for its turn in the combat tracker.",
    noDefence: "has no defence left this round",
    planLocked: "The round's plan is declared at its start: only the GM may change it now.",
    notYourPhase: "Not this fighter's phase: act when its turn comes in the combat tracker.",
    twoDefences: "Two defences declared this round: no attack (the GM may allow a change).",
    bareHands: "Bare-handed attack",
    parryBare: "Parry bare-handed",
  },
];

async function render(m: DoubleChatMessage, user: string): Promise<string> {
  const { html, content } = messageElement();
  await asClient(user, () => enhanceCard(m as never, html as never));
  return content.innerHTML;
}

/**
 * Alrik (player1, INI 14) and the GM's orc (INI 9) in round 1 of a tracked combat, Alrik's turn. Without `orc`, the
 * orc stands for a band the GM does not track: its blows spend nothing of its own.
 */
async function round(state: DoubleState, alrik: DoubleActor, orc: DoubleActor | null) {
  const combat = await inCombat(
    state,
    [{ actor: alrik, initiative: 14 }, ...(orc ? [{ actor: orc, initiative: 9 }] : [])],
    { tracked: true },
  );
  await asGM(() => combat.startCombat());
  await settle();
  return combat;
}

describe.each(LANGS)("actions per round ($lang)", (t) => {
  it("one attack per round; the trade on the sheet adds the INI − 8 row; the second attack comes then and costs the defence", async () => {
    const { state, alrik, orc } = await setupWorld({ lang: t.lang });
    const combat = await round(state, alrik, orc);
    expect(combat.turns.map((c) => c.name)).toEqual(["Alrik", "Orc"]);
    dice([15]);
    const first = await attack(alrik, orc);
    expect(duel(first)?.stage).toBe("missed");
    // A second attack in the same round is refused, and says how to get one.
    expect(await attack(alrik, orc)).toBeUndefined();
    expect(state.notifications.at(-1)?.message).toBe(t.attackSpent);
    // The round's plan was declared at its start (fight normally): his player may no longer trade his defence.
    const sheet = sheetOf(alrik);
    await asClient("player1", () => sheet.render());
    expect(sheet.lastContext.on).toMatchObject({
      round: { attack: false, defence: true, trade: false, secondPhase: 6, plan: "normal", locked: true },
    });
    await asClient("player1", () => sheet.runAction("secondAction"));
    expect(state.notifications.at(-1)?.message).toBe(t.planLocked);
    expect(combat.turns.map((c) => c.name)).toEqual(["Alrik", "Orc"]);
    // The GM allows the change on Alrik's sheet: the tracker gets his second row at 14 − 8 = 6.
    const gmSheet = sheetOf(alrik);
    await asClient("gm", () => gmSheet.render());
    expect(gmSheet.lastContext.on).toMatchObject({ round: { locked: false } });
    await asClient("gm", () => gmSheet.runAction("declarePlan", {}, { dataset: { plan: "twoActions" } }));
    expect(combat.turns.map((c) => c.name)).toEqual(["Alrik", "Orc", "Alrik"]);
    await asClient("player1", () => sheet.render());
    expect(sheet.lastContext.on).toMatchObject({ round: { attack: true, defence: false, second: 6 } });
    // Not before its phase.
    expect(await attack(alrik, orc)).toBeUndefined();
    expect(state.notifications.at(-1)?.message).toBe(t.secondLater);
    await asGM(() => combat.nextTurn());
    // The orc strikes: Alrik traded his defence, so the blow lands without a parry roll.
    dice([10]);
    const blow = await attack(orc, alrik, "gm");
    expect(duel(blow)).toMatchObject({ stage: "hit", defender: { prd: null, exhausted: true } });
    expect(stored(blow).buttons.map((b) => b.action)).toEqual(["oeilnoir.damage", "oeilnoir.close"]);
    expect(await render(blow, "player1")).toContain(t.noDefence);
    await asGM(() => combat.nextTurn());
    expect([combat.turn, combat.combatant?.name]).toEqual([2, "Alrik"]);
    dice([3]);
    const second = await attack(alrik, orc);
    expect(duel(second)?.stage).toBe("awaitParry");
    // Nothing is left to him this round, and the next round starts afresh with one row each.
    expect(await attack(alrik, orc)).toBeUndefined();
    await asGM(() => combat.nextTurn());
    expect(combat.round).toBe(2);
    expect(combat.turns.map((c) => c.name)).toEqual(["Alrik", "Orc"]);
    // At the start of round 2 his player declares two actions himself: the row at 6 comes back, before any action.
    await asClient("player1", () => sheet.render());
    expect(sheet.lastContext.on).toMatchObject({ round: { plan: "normal", locked: false } });
    await asClient("player1", () => sheet.runAction("declarePlan", {}, { dataset: { plan: "twoActions" } }));
    expect(combat.turns.map((c) => c.name)).toEqual(["Alrik", "Orc", "Alrik"]);
  });

  it("a fighter's first attack comes on its own phase: the orc at INI 9 may not strike during Alrik's turn", async () => {
    const { state, alrik, orc } = await setupWorld({ lang: t.lang });
    const combat = await round(state, alrik, orc);
    expect(combat.combatant?.name).toBe("Alrik");
    expect(await attack(orc, alrik, "gm")).toBeUndefined();
    expect(state.notifications.at(-1)?.message).toBe(t.notYourPhase);
    await asGM(() => combat.nextTurn());
    dice([15]);
    expect(duel(await attack(orc, alrik, "gm"))?.stage).toBe("missed");
    // Alrik's turn is past: no attack for him now either.
    expect(await attack(alrik, orc)).toBeUndefined();
    expect(state.notifications.at(-1)?.message).toBe(t.notYourPhase);
  });

  it("two defences declared at the start of the round cost the attack; a third blow lands without a roll; a master parry is free", async () => {
    const { state, alrik, orc } = await setupWorld({ lang: t.lang });
    await round(state, alrik, null);
    // Alrik's player declares two defences at the start of the round (RULES.md): his attack is given up.
    const sheet = sheetOf(alrik);
    await asClient("player1", () => sheet.render());
    await asClient("player1", () => sheet.runAction("declarePlan", {}, { dataset: { plan: "twoDefences" } }));
    // Alrik parries twice, through the GM as his player clicks.
    const strike = async () => {
      dice([5]);
      return attack(orc, alrik, "gm");
    };
    const a = await strike();
    dice([6]);
    expect((await asClient("player1", () => requestCardAction(a.id, "oeilnoir.parry"))).status).toBe("applied");
    const b = await strike();
    expect(duel(b)?.stage).toBe("awaitParry");
    dice([1]);
    // A master parry (natural 1) is a free action: it spends nothing.
    expect((await asClient("player1", () => requestCardAction(b.id, "oeilnoir.parry"))).status).toBe("applied");
    expect(duel(b)?.parry).toMatchObject({ critical: true, success: true });
    const c = await strike();
    dice([8]);
    await asClient("player1", () => requestCardAction(c.id, "oeilnoir.parry"));
    expect(duel(c)?.stage).toBe("parried");
    // Two defences spent: his attack is gone, and a fourth blow lands with no defence roll.
    expect(await attack(alrik, orc)).toBeUndefined();
    expect(state.notifications.at(-1)?.message).toBe(t.twoDefences);
    const d = await strike();
    expect(duel(d)).toMatchObject({ stage: "hit", defender: { exhausted: true } });
    const before = rolled.length;
    expect(await render(d, "player1")).toContain(t.noDefence);
    expect(rolled.length).toBe(before);
  });

  it("a parry left open on an older card, once the defence is spent elsewhere, lands the blow without a roll", async () => {
    const { state, alrik, orc } = await setupWorld({ lang: t.lang });
    await round(state, alrik, null);
    dice([12]);
    await attack(alrik, orc);
    dice([5]);
    const older = await attack(orc, alrik, "gm");
    dice([5]);
    const newer = await attack(orc, alrik, "gm");
    dice([4]);
    await asClient("player1", () => requestCardAction(newer.id, "oeilnoir.parry"));
    const before = rolled.length;
    expect((await asClient("player1", () => requestCardAction(older.id, "oeilnoir.parry"))).status).toBe("applied");
    expect(rolled.length).toBe(before);
    expect(duel(older)).toMatchObject({ stage: "hit", defender: { exhausted: true } });
  });

  it("bare hands are named in the reader's language, never by a raw key", async () => {
    const { state, alrik, orc, bruna } = await setupWorld({ lang: t.lang });
    player("player2", bruna);
    await inCombat(state, [
      { actor: alrik, initiative: 10 },
      { actor: bruna, initiative: 8 },
      { actor: orc, initiative: 5 },
    ]);
    // Bruna has no weapon: she strikes bare-handed.
    dice([4]);
    const fists = await attack(bruna, alrik, "player2", { weaponId: null });
    const html = await render(fists, "player1");
    expect(html).toContain(t.bareHands);
    expect(html).toContain(t.parryBare);
    expect(html).not.toContain("QUINTETTE.");
  });
});

describe("initiative writes during a second action keep the current turn", () => {
  it("a wound and a passed Volonté on the fighter in his second action leave the turn on that action", async () => {
    const { state, alrik, orc, bruna } = await setupWorld();
    // The orc's row is a fighter of its own: the orc actor that strikes below stands outside the tracker.
    const combat = await inCombat(
      state,
      [
        { actor: alrik, initiative: 14 },
        { id: "c-orc", name: "Orc", initiative: 9 },
        { actor: bruna, initiative: 4 },
      ],
      { tracked: true },
    );
    await asGM(() => combat.startCombat());
    const sheet = sheetOf(alrik);
    await asClient("player1", () => sheet.render());
    await asClient("player1", () => sheet.runAction("secondAction"));
    expect(combat.turns.map((c) => c.name)).toEqual(["Alrik", "Orc", "Alrik", "Bruna"]);
    await asGM(() => combat.nextTurn());
    await asGM(() => combat.nextTurn());
    expect([combat.turn, combat.combatant?.name]).toEqual([2, "Alrik"]);
    // In Alrik's second action, a critical blow of an orc outside the tracker: no defence left, 2 wounds and a
    // serious one (−6 INI: 14 → 8, his second action 6 → 0, now after Bruna's turn).
    dice([1]);
    const blow = await attack(orc, alrik, "gm");
    dice([6]);
    await asClient("gm", () => requestCardAction(blow.id, "oeilnoir.damage"));
    await asClient("player1", () => requestCardAction(blow.id, "oeilnoir.applyHit"));
    await settle();
    expect(combat.combatants.get("c-alrik")?.initiative).toBe(8);
    expect(combat.turns.map((c) => c.name)).toEqual(["Orc", "Alrik", "Bruna", "Alrik"]);
    expect([combat.turn, combat.combatant?.name]).toEqual([3, "Alrik"]);
    // His Volonté (harder by the 16 damage: only a natural 1) passed takes the serious wound back (+2): 10, his second
    // action at 2, still after Bruna.
    dice([1]);
    await asClient("player1", () => requestCardAction(blow.id, "oeilnoir.volonte"));
    await settle();
    expect(combat.combatants.get("c-alrik")?.initiative).toBe(10);
    expect(combat.turns.map((c) => c.name)).toEqual(["Alrik", "Orc", "Bruna", "Alrik"]);
    expect([combat.turn, combat.combatant?.name]).toEqual([3, "Alrik"]);
    // His second attack fumbles (Désorienté, −2), written by his player's own client: 8, the second action at 0.
    dice([20], [1]);
    const fumble = await attack(alrik, orc);
    expect(duel(fumble)?.fumble).toMatchObject({ key: "desoriente", iniChange: -2 });
    await settle();
    expect(combat.combatants.get("c-alrik")?.initiative).toBe(8);
    expect(combat.turns.map((c) => c.name)).toEqual(["Orc", "Alrik", "Bruna", "Alrik"]);
    expect([combat.turn, combat.combatant?.name]).toEqual([3, "Alrik"]);
  });

  it("a wound that takes the fighter below 0 in his second action leaves the turn on him", async () => {
    const { state, alrik, orc, bruna } = await setupWorld();
    const combat = await inCombat(
      state,
      [
        { actor: alrik, initiative: 5 },
        { actor: bruna, initiative: 4 },
      ],
      { tracked: true },
    );
    await asGM(() => combat.startCombat());
    const sheet = sheetOf(alrik);
    await asClient("player1", () => sheet.render());
    await asClient("player1", () => sheet.runAction("secondAction"));
    await asGM(() => combat.nextTurn());
    await asGM(() => combat.nextTurn());
    expect([combat.turn, combat.combatant?.name]).toEqual([2, "Alrik"]);
    // −6 INI: 5 → −1, defence only, no second action any more; the action under way is still his.
    dice([1]);
    const blow = await attack(orc, alrik, "gm");
    dice([6]);
    await asClient("gm", () => requestCardAction(blow.id, "oeilnoir.damage"));
    await asClient("player1", () => requestCardAction(blow.id, "oeilnoir.applyHit"));
    await settle();
    expect(combat.turns.map((c) => c.name)).toEqual(["Bruna", "Alrik"]);
    expect([combat.turn, combat.combatant?.name]).toEqual([1, "Alrik"]);
  });
});

describe("the defender's own modifier and the GM's adjustment", () => {
  it("the defender's player states its own situation; a GM adds an adjustment; a player's forged adjustment is refused", async () => {
    const { alrik, orc } = await setupWorld();
    dice([8]);
    const m = await attack(orc, alrik, "gm");
    answerDefence({ modifier: 3 });
    dice([9]);
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"))).status).toBe("applied");
    // Alrik's sword PRD 11, harder by 3: rolled under 8, the 9 fails.
    expect(targets().at(-1)).toBe(8);
    expect(duel(m)).toMatchObject({ stage: "hit", parry: { value: 8, success: false } });
    expect(defenceDialogs.at(-1)?.inputs.map((i) => i.name)).toEqual(["modifier"]);
    // The GM parries for the orc and adjusts: PRD 9, +2 by the GM, −1 of its own (it stands above Alrik).
    dice([5]);
    const back = await attack(alrik, orc);
    answerDefence({ modifier: -1, adjust: 2 });
    dice([8]);
    await asClient("gm", () => requestCardAction(back.id, "oeilnoir.parry"));
    expect(defenceDialogs.at(-1)?.inputs.map((i) => i.name)).toEqual(["modifier", "adjust"]);
    expect(duel(back)).toMatchObject({ stage: "parried", parry: { value: 8 } });
    // A player's request carrying an adjustment (written by hand) is refused.
    dice([8]);
    const third = await attack(orc, alrik, "gm");
    const forged = await asClient("player1", () =>
      relayToGM(CARD_ACTION_KIND, {
        messageId: third.id,
        action: "oeilnoir.parry",
        args: { modifier: 0, adjust: -10 },
      }),
    );
    expect(forged.status).toBe("invalid");
    expect(duel(third)?.stage).toBe("awaitParry");
  });
});

describe("Endurance at 0", () => {
  it("a bare-handed blow that empties Alrik's Endurance puts him out of the fight; his Volonté may keep him up", async () => {
    const { alrik, bruna } = await setupWorld();
    player("player2", bruna);
    await asGM(() => alrik.update({ "system.endurance.value": 2 }));
    dice([4]);
    const m = await attack(bruna, alrik, "player2", { weaponId: null });
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("player2", () => requestCardAction(m.id, "oeilnoir.damage"));
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    // 1D6 6 PI(End) − PR 4 = 2 off Endurance (2 → 0), 1 off EV: EV 29, yet out of the fight.
    expect((alrik.system as unknown as { endurance: { value: number }; ev: { value: number } }).endurance.value).toBe(
      0,
    );
    expect(duel(m)?.hit).toMatchObject({ status: "horsCombat", evAfter: 29 });
    expect(stored(m).buttons.map((b) => b.action)).toContain("oeilnoir.stand");
    dice([5]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.stand"));
    expect(duel(m)?.standing).toMatchObject({ success: true });
  });
});
