/**
 * Attacks on SYSTEMJ, each made by a player's client of the double against the real code (issue 12): the fight
 * card's author rewrites the damage the GM rolled or the fighter it goes to; a Chronoste's request is repeated.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { asGM, rolledFormulas, type DoubleActor, type DoubleState } from "../double/index.ts";
import { DoubleChatMessage, asClient, setLatency, settle } from "../double/shared-core.ts";
import { CARD_ACTION_KIND, requestCardAction } from "../../src/foundry/chat/actions.ts";
import { relayToGM } from "../../src/foundry/relay/index.ts";
import { exchangeCard } from "../../src/foundry/systemj/cards.ts";
import { startExchange, type ExchangeData } from "../../src/foundry/systemj/exchange.ts";
import { testData } from "../../src/foundry/systemj/tests.ts";
import { OPEN_PER_USER } from "../../src/foundry/systemj/exchange-store.ts";
import { effectKey } from "../../src/foundry/trust/effects.ts";
import { systemj } from "../../src/rules/index.ts";
import { ADVANCE, requestAdvance } from "../../src/foundry/systemj/chronoste.ts";
import { fillChronosteChoices, SETTING_CHRONOSTE } from "../../src/foundry/systemj/settings.ts";
import { rewriteCard } from "../cards.ts";
import { card, create, dice, exchangeOf, facesQueued, personnage, postFight, systemjWorld } from "../worlds/systemj.ts";

const { MODIFIER_MAX, MODIFIER_MIN } = systemj;

let state: DoubleState;
let aude: DoubleActor;
let ours: DoubleActor;
let brin: DoubleActor;
type Points = { hitPoints: { value: number }; armourPoints: { value: number } };
const pts = (a: DoubleActor) => {
  const s = a.system as unknown as Points;
  return [s.armourPoints.value, s.hitPoints.value];
};

/** The card's author rewrites its exchange from the console (Foundry lets the author update the message). */
async function forge(m: DoubleChatMessage, change: (d: ExchangeData) => ExchangeData): Promise<void> {
  const next = structuredClone(card(m));
  const data = next.data as unknown as { exchange: ExchangeData };
  data.exchange = change(structuredClone(data.exchange));
  await asClient("player1", () => rewriteCard(m, next));
}

beforeEach(async () => {
  ({ state, aude, brin, ours } = await systemjWorld());
});

afterEach(() => vi.restoreAllMocks());

/** Aude's player posts her sword blow on the bear (a 10 under 56: it lands, the bear may dodge). */
async function audePostsSwordBlow(): Promise<DoubleChatMessage> {
  const m = await postFight("player1", aude, ours, { roll: 10, score: 56 });
  expect(exchangeOf(m)?.phase).toBe("defence");
  return m;
}

/** The GM's bear strikes Aude with its claws (a 30 under 58: it lands; she may parry, dodge or not defend). */
const bearStrikesAude = () => postFight("gm", ours, aude, { roll: 30, score: 58, canParry: true });

/** Aude's player posts a fight card whose first test (a 10 under 56) lands on the bear; the GM declines defence. */
async function audeHitsBear(): Promise<DoubleChatMessage> {
  const m = await audePostsSwordBlow();
  await asClient("gm", () => requestCardAction(m.id, "systemj.noDefence"));
  expect(exchangeOf(m)?.phase).toBe("hit");
  return m;
}

describe("attack: the card's author rewrites the damage the GM rolled", () => {
  it("a forged amount is ignored: the GM applies the number it rolled", async () => {
    const m = await audeHitsBear();
    dice(5);
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.damage"))).status).toBe("applied");
    await forge(m, (d) => ({ ...d, damage: 999 }));
    await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage"));
    expect(pts(ours)).toEqual([0, 20]);
  });

  it("a forged victim (another player's character) is ignored: the damage goes to the bear it was rolled for", async () => {
    const m = await audeHitsBear();
    dice(5);
    await asClient("player1", () => requestCardAction(m.id, "systemj.damage"));
    await forge(m, (d) => ({ ...d, defender: { uuid: brin.uuid, name: "Ours" } }));
    await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage"));
    expect(pts(brin)).toEqual([2, 15]);
    expect(pts(ours)).toEqual([0, 20]);
  });

  it("a forged damage formula is not rolled: only the dealer's own weapons or bare hands", async () => {
    const m = await audeHitsBear();
    await forge(m, (d) => ({ ...d, weapon: { ...d.weapon, damage: "100d100" } }));
    // Every formula the double's dice evaluated.
    const rolled = rolledFormulas;
    dice(4);
    await asClient("player1", () => requestCardAction(m.id, "systemj.damage"));
    expect(rolled).not.toContain("100d100");
    expect(exchangeOf(m)?.weapon.damage).toBe("1d8");
  });

  it("honest path: rolled, applied to armour then hit points, once", async () => {
    const m = await audeHitsBear();
    dice(7);
    await asClient("player1", () => requestCardAction(m.id, "systemj.damage"));
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage"))).status).toBe("applied");
    expect(pts(ours)).toEqual([0, 18]);
  });
});

describe("attack: the card's author rewrites a test result the GM rolled", () => {
  /** Aude's attack lands; the GM's client rolls the bear's dodge (a 5: a success), so the exchange ends in a miss. */
  async function bearDodges(): Promise<DoubleChatMessage> {
    const m = await audePostsSwordBlow();
    dice(5);
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.defend", { kind: "dodge" }))).status).toBe(
      "applied",
    );
    expect(exchangeOf(m)?.phase).toBe("miss");
    return m;
  }

  it("a dodge rewritten into a hit deals no damage: later steps read the GM's own record", async () => {
    const m = await bearDodges();
    await forge(m, (d) => ({ ...d, phase: "hit", hitTarget: "defender", missReason: null }));
    dice(6);
    const r = await asClient("player1", () => requestCardAction(m.id, "systemj.damage"));
    expect(r.status).not.toBe("applied");
    dice(6);
    await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage"));
    expect(pts(ours)).toEqual([3, 22]);
    expect(ours.getFlag("quintette", "sjDamage")).toBeUndefined();
  });

  it("a card stripped of the GM's test (back to the defence step) cannot be defended again", async () => {
    const m = await bearDodges();
    await forge(m, (d) => ({ ...d, phase: "defence", options: ["dodge"], tests: d.tests.slice(0, 1) }));
    // …and clears the card's done list (the author may).
    const cleared = { ...structuredClone(card(m)), done: [] };
    await asClient("player1", () => rewriteCard(m, cleared));
    dice(95);
    const r = await asClient("gm", () => requestCardAction(m.id, "systemj.defend", { kind: "dodge" }));
    expect(r.status).not.toBe("applied");
  });

  it("honest path: a failed dodge leads to damage, rolled and applied", async () => {
    const m = await audePostsSwordBlow();
    dice(99);
    await asClient("gm", () => requestCardAction(m.id, "systemj.defend", { kind: "dodge" }));
    expect(exchangeOf(m)?.phase).toBe("hit");
    dice(7);
    await asClient("player1", () => requestCardAction(m.id, "systemj.damage"));
    await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage"));
    expect(pts(ours)).toEqual([0, 18]);
  });
});

describe("attack: a forged modifier on a follow-up test (issue 16, SYSTEMJ 1)", () => {
  /** The GM's bear hits Aude; her player must answer the defence. */
  async function bearHitsAude(): Promise<DoubleChatMessage> {
    const m = await bearStrikesAude();
    expect(exchangeOf(m)?.phase).toBe("defence");
    return m;
  }

  it("a modifier no dialog can produce is refused before anything is rolled", async () => {
    const m = await bearHitsAude();
    // Aude's player skips the dialog and relays the request from the console.
    for (const modifier of [500, MODIFIER_MAX + 1, MODIFIER_MIN - 1, 2.5, "10", "AUTOMATIQUE", true, null]) {
      dice(99);
      const r = await asClient("player1", () =>
        relayToGM(CARD_ACTION_KIND, { messageId: m.id, action: "systemj.defend", args: { kind: "dodge", modifier } }),
      );
      expect(r.status).toBe("invalid");
      expect(facesQueued()).toEqual([99]);
      expect(exchangeOf(m)?.phase).toBe("defence");
    }
  });

  it("a modifier within the dialog's bounds is the player's own choice for their own test, shown on the card", async () => {
    const m = await bearHitsAude();
    dice(99);
    const r = await asClient("player1", () =>
      relayToGM(CARD_ACTION_KIND, {
        messageId: m.id,
        action: "systemj.defend",
        args: { kind: "dodge", modifier: MODIFIER_MAX },
      }),
    );
    expect(r.status).toBe("applied");
    expect(exchangeOf(m)?.tests.at(-1)).toMatchObject({ role: "dodge", modifier: MODIFIER_MAX, roll: 99 });
    const view = (card(m).data as { view: { tests: { modifierText: string }[] } }).view;
    expect(view.tests.at(-1)?.modifierText).toBe(`+${MODIFIER_MAX}`);
  });

  it("another player cannot answer the step, with or without a modifier", async () => {
    const m = await bearHitsAude();
    dice(5);
    const r = await asClient("player2", () =>
      relayToGM(CARD_ACTION_KIND, { messageId: m.id, action: "systemj.defend", args: { kind: "dodge", modifier: 30 } }),
    );
    expect(r.status).toBe("denied");
    expect(exchangeOf(m)?.phase).toBe("defence");
  });
});

describe("attack: a repeated Chronoste request", () => {
  beforeEach(async () => {
    Object.assign(state.game, {
      time: {
        worldTime: 3600,
        async advance(s: number) {
          this.worldTime += s;
        },
      },
    });
    fillChronosteChoices(state.game.users as never);
    await asGM(() => state.game.settings.set("quintette", SETTING_CHRONOSTE, "player1"));
  });
  const worldTime = () => (state.game as unknown as { time: { worldTime: number } }).time.worldTime;

  it("the same request sent twice (new request ids: a double click, a replay) moves the clock once", async () => {
    const payload = { seconds: 600, from: 3600 };
    const results = await asClient("player1", async () => [
      await relayToGM(ADVANCE, payload),
      await relayToGM(ADVANCE, payload),
    ]);
    expect(results.map((r) => r.status)).toEqual(["applied", "already"]);
    expect(worldTime()).toBe(4200);
  });

  it("a player who is not the Chronoste cannot move the clock, whatever user the payload names", async () => {
    const r = await asClient("player2", () =>
      relayToGM(ADVANCE, { seconds: 600, from: 3600, userId: "player1", requester: "gm" }),
    );
    expect(r.status).toBe("denied");
    expect(worldTime()).toBe(3600);
  });

  it("honest path: two clicks one after the other each move it", async () => {
    await asClient("player1", () => requestAdvance(600));
    await asClient("player1", () => requestAdvance(600));
    expect(worldTime()).toBe(4800);
  });
});

describe("attack: a script adds an argument to apply the damage again", () => {
  it("the damage the GM rolled lands once, whatever key the request carries", async () => {
    const m = await audePostsSwordBlow();
    dice(99);
    // The GM's bear tries to dodge.
    await asClient("gm", () => requestCardAction(m.id, "systemj.defend", { kind: "dodge" }));
    dice(7);
    await asClient("player1", () => requestCardAction(m.id, "systemj.damage"));
    await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage"));
    expect(pts(ours)).toEqual([0, 18]);
    for (const key of ["again", "and again"]) {
      dice(7);
      await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage", { key }));
      await asClient("player1", () => requestCardAction(m.id, "systemj.damage", { key }));
    }
    await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage", { key: "last" }));
    expect(pts(ours)).toEqual([0, 18]);
  });
});

describe("attack: the exchange's state read from a card a player wrote (issue 22, attack 2)", () => {
  /** Aude's player posts her sword blow already rewritten from "defence" to "hit" (the bear never defended). */
  async function audePostsForgedHit(): Promise<DoubleChatMessage> {
    const honest = startExchange({
      mode: "meleeForce",
      attacker: { uuid: aude.uuid, name: "Aude" },
      defender: { uuid: ours.uuid, name: "Ours" },
      weapon: { name: "Épée", damage: "1d8", family: "corpsACorps" },
      counterWeapon: { name: "", damage: "1d3", family: "corpsACorps" },
      first: testData("x", 56, 0, 10),
      gear: { canParry: false, canBlock: false },
    });
    const forged: ExchangeData = { ...honest, phase: "hit", hitTarget: "defender", options: [] };
    const state = exchangeCard("player1", { uuid: aude.uuid, name: "Aude", img: null }, forged);
    return asClient("player1", () =>
      DoubleChatMessage.create({ author: "player1", flags: { quintette: { card: state } } }),
    );
  }

  it("a fresh card rewritten from defence to hit makes nothing happen: the GM rebuilds it from its first die", async () => {
    const m = await audePostsForgedHit();
    dice(6, 6);
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.damage"))).status).not.toBe("applied");
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage"))).status).not.toBe(
      "applied",
    );
    expect(pts(ours)).toEqual([3, 22]);
    expect(ours.getFlag("quintette", "sjDamage")).toBeUndefined();
    // The bear may still defend: the blow landed, as the die says.
    dice(5);
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.defend", { kind: "dodge" }))).status).toBe(
      "applied",
    );
    expect(exchangeOf(m)?.phase).toBe("miss");
  });

  it("a player's shot that claims the target did not see it coming is ignored: the GM decides (issue 33)", async () => {
    // Aude's player throws an object at the bear (a 10 lands) and says the bear cannot see it coming: a hit at once.
    const forged = startExchange({
      mode: "ranged",
      attacker: { uuid: aude.uuid, name: "Aude" },
      defender: { uuid: ours.uuid, name: "Ours" },
      weapon: { name: "Objet lancé", damage: "1d3", family: "jet" },
      counterWeapon: { name: "", damage: "1d3", family: "corpsACorps" },
      first: testData("x", 50, 0, 10),
      gear: { canParry: false, canBlock: false },
      ranged: { inRange: true, targetAware: false },
    });
    expect(forged.phase).toBe("hit");
    const posted = exchangeCard("player1", { uuid: aude.uuid, name: "Aude", img: null }, forged);
    const m = await asClient("player1", () =>
      DoubleChatMessage.create({ author: "player1", flags: { quintette: { card: posted } } }),
    );
    // Nothing lands from her word: no damage is rolled, and she cannot give the GM's answer herself.
    dice(3);
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.damage"))).status).not.toBe("applied");
    for (const aware of [false, true])
      expect((await asClient("player1", () => requestCardAction(m.id, "systemj.sight", { aware }))).status).toBe(
        "denied",
      );
    expect(facesQueued()).toEqual([3]);
    dice();
    // The GM says the bear sees it coming: it may dodge.
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.sight", { aware: true }))).status).toBe(
      "applied",
    );
    expect(exchangeOf(m)).toMatchObject({ phase: "defence", options: ["dodge"] });
    expect(pts(ours)).toEqual([3, 22]);
  });

  it("a fresh card's score, weapon and victim come from the actors, not the card", async () => {
    const m = await audePostsSwordBlow();
    await forge(m, (d) => ({
      ...d,
      weapon: { name: "Épée", damage: "20d20", family: "corpsACorps" },
      tests: [{ ...d.tests[0]!, score: 500, roll: 90 }],
    }));
    // A weapon Aude does not hold: the card cannot be taken.
    dice(99);
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.noDefence"))).status).toBe("invalid");
    await forge(m, (d) => ({ ...d, weapon: { name: "Épée", damage: "1d8", family: "corpsACorps" } }));
    // Her own sword: a 90 against her score (48), not the card's 500, is a miss: no defence, the bear may counter.
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.noDefence"))).status).not.toBe("applied");
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.noCounter"))).status).toBe("applied");
    expect(exchangeOf(m)?.tests[0]).toMatchObject({ score: 48, roll: 90, outcome: "echec" });
    expect(exchangeOf(m)).toMatchObject({ phase: "miss", missReason: "failed" });
  });

  it("100 throwaway exchanges between the player's own characters do not turn the bear's dodge into a hit", async () => {
    // A second character the GM gave the player (ACTOR_CREATE is an Assistant's right).
    const cael = await create(personnage("cael", "Cael", "player1"));
    const m = await audePostsSwordBlow();
    dice(5);
    await asClient("gm", () => requestCardAction(m.id, "systemj.defend", { kind: "dodge" }));
    expect(exchangeOf(m)?.phase).toBe("miss");
    for (let i = 0; i < 100; i++) {
      const t = await postFight("player1", aude, cael, { roll: 10, score: 48, canParry: true });
      await asClient("player1", () => requestCardAction(t.id, "systemj.noDefence"));
    }
    // The real card rewritten back to its first test, as a hit, its done list cleared.
    await forge(m, (d) => ({
      ...d,
      tests: d.tests.slice(0, 1),
      phase: "hit",
      hitTarget: "defender",
      missReason: null,
    }));
    await asClient("player1", () => rewriteCard(m, { ...card(m), done: [] }));
    dice(6, 6, 99);
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.damage"))).status).not.toBe("applied");
    await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage"));
    expect((await asClient("gm", () => requestCardAction(m.id, "systemj.defend", { kind: "dodge" }))).status).not.toBe(
      "applied",
    );
    expect(pts(ours)).toEqual([3, 22]);
  });

  it("a player holds a bounded number of open exchanges: past it, no new card of theirs is taken", async () => {
    // A second character the GM gave the player (ACTOR_CREATE is an Assistant's right).
    const cael = await create(personnage("cael", "Cael", "player1"));
    const post = () => postFight("player1", aude, cael, { roll: 10, score: 48, canParry: true });
    for (let i = 0; i < OPEN_PER_USER; i++) {
      const t = await post();
      expect((await asClient("player1", () => requestCardAction(t.id, "systemj.noDefence"))).status).toBe("applied");
    }
    const last = await post();
    const r = await asClient("player1", () => requestCardAction(last.id, "systemj.noDefence"));
    expect(r).toMatchObject({ status: "invalid", reason: "QUINTETTE.SystemJ.Error.TooManyOpen" });
  });
});

describe("attack: the victim's owner plants a record to escape the GM's damage roll (issue 22)", () => {
  it("a record planted on Aude for the damage roll does not stop the bear's damage", async () => {
    const m = await bearStrikesAude();
    await asClient("player1", () => requestCardAction(m.id, "systemj.noDefence"));
    const record = {
      messageId: m.id,
      action: "systemj.damage",
      userId: "gm",
      at: 0,
      delta: [],
      set: [],
      undone: false,
    };
    await asClient("player1", () =>
      aude.update({ flags: { quintette: { effects: { [effectKey(m.id, "systemj.damage")]: record } } } }),
    );
    dice(3);
    expect((await asGM(() => requestCardAction(m.id, "systemj.damage"))).status).toBe("applied");
    expect((await asGM(() => requestCardAction(m.id, "systemj.applyDamage"))).status).toBe("applied");
    expect(pts(aude)).toEqual([0, 14]);
  });

  it('a record planted on Aude for the hit itself (with latency) does not make the GM\'s hit "already applied"', async () => {
    setLatency(10);
    const m = await bearStrikesAude();
    await asClient("player1", () => requestCardAction(m.id, "systemj.noDefence"));
    dice(3);
    expect((await asGM(() => requestCardAction(m.id, "systemj.damage"))).status).toBe("applied");
    // The record the GM's client once wrote on the victim, in its old shape, planted by Aude's player.
    const record = { messageId: m.id, action: "systemj.applyDamage", userId: "gm", at: 0, delta: [], set: [] };
    const key = effectKey(m.id, "systemj.applyDamage");
    await asClient("player1", () =>
      aude.update({ flags: { quintette: { effects: { [key]: { ...record, undone: false } } } } }),
    );
    await settle();
    expect((await asGM(() => requestCardAction(m.id, "systemj.applyDamage"))).status).toBe("applied");
    expect(pts(aude)).toEqual([0, 14]);
    // Applied once: a second click finds the GM's own record.
    expect((await asGM(() => requestCardAction(m.id, "systemj.applyDamage"))).status).toBe("already");
    expect(pts(aude)).toEqual([0, 14]);
  });
});
