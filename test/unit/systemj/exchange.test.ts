import { describe, expect, it } from "vitest";
import {
  applyCounter,
  applyDefence,
  applyDetection,
  applyFollowUp,
  applySight,
  declineCounter,
  declineDefence,
  exchangeButtons,
  hitDealer,
  hitVictim,
  setDamage,
  startExchange,
  type StartExchange,
} from "../../../src/foundry/systemj/exchange.ts";
import { exchangeCard, readExchange } from "../../../src/foundry/systemj/cards.ts";
import { dialogModifier, oddsLines, readD100, testData } from "../../../src/foundry/systemj/tests.ts";

const attacker = { uuid: "Actor.a", name: "Aude" };
const defender = { uuid: "Actor.d", name: "Dorian" };
const sword = { name: "Épée", damage: "1d8", family: "corpsACorps" };
const fists = { name: "", damage: "1d3", family: "corpsACorps" };
// Score 74 (the source's example): 42 is a moyenne success, 86 a failure.
const hit = testData("x", 74, 0, 42);
const miss = testData("x", 74, 0, 86);
const start = (mode: StartExchange["mode"], first = hit, extra: Partial<StartExchange> = {}) =>
  startExchange({ mode, attacker, defender, weapon: sword, counterWeapon: fists, first, ...extra });

describe("SYSTEMJ tests on cards", () => {
  it("reads a d100 face of 100 as 00 and keeps 1…99", () => {
    expect(readD100(100)).toBe(0);
    expect(readD100(1)).toBe(1);
    expect(readD100(74)).toBe(74);
    expect(() => readD100(0)).toThrow(RangeError);
  });

  it("stores the source's example degrees for score 74", () => {
    const outcome = (roll: number) => testData("x", 74, 0, roll).outcome;
    expect([8, 42, 69, 74, 86, 0].map(outcome)).toEqual([
      "justesse",
      "moyenne",
      "notable",
      "reussiteCritique",
      "echec",
      "echecCritique",
    ]);
    expect(testData("x", 74, -30, 45).outcome).toBe("echec");
    expect(testData("x", 74, -30, 74).outcome).toBe("reussiteCritique");
    expect(testData("x", 74, 0, 8).rollText).toBe("08");
  });

  it("adds the table entry and the free modifier; automatic wins", () => {
    expect(dialogModifier({ difficulty: "ardu", free: 5 })).toBe(-15);
    expect(dialogModifier({ difficulty: "aucune", free: -7 })).toBe(-7);
    expect(dialogModifier({ difficulty: "extremementSimple", free: -50 })).toBe("automatique");
  });

  it("an automatic test that rolls 00 is still a critical failure on the card (RULES.md)", () => {
    expect(testData("x", 40, "automatique", readD100(100))).toMatchObject({
      outcome: "echecCritique",
      success: false,
    });
    expect(testData("x", 40, "automatique", 99).outcome).toBe("notable");
    const auto = oddsLines(40, "automatique");
    expect(auto.find((l) => l.id === "echecCritique")?.probability).toBeCloseTo(0.01, 12);
  });

  it("gives dialog odds that match an enumeration of the 100 faces", () => {
    for (const [score, modifier] of [
      [74, 0],
      [74, -30],
      [10, 20],
      [0, 0],
    ] as const) {
      const lines = oddsLines(score, modifier);
      for (const line of lines) {
        let count = 0;
        for (let roll = 0; roll < 100; roll++) if (testData("x", score, modifier, roll).outcome === line.id) count++;
        expect(line.probability).toBeCloseTo(count / 100, 12);
      }
      expect(lines.reduce((s, l) => s + l.probability, 0)).toBeCloseTo(1, 12);
    }
  });
});

describe("SYSTEMJ fight exchange", () => {
  it("melee in force: a hit offers the defences, a defence that succeeds cancels it", () => {
    const data = start("meleeForce", hit, { gear: { canParry: true, canBlock: false } });
    expect(data.phase).toBe("defence");
    expect(data.options).toEqual(["dodge", "parry"]);
    expect(exchangeButtons(data).map((b) => b.args.kind ?? b.action)).toEqual(["dodge", "parry", "systemj.noDefence"]);
    const defended = applyDefence(data, "parry", testData("p", 50, 0, 20));
    expect(defended.phase).toBe("miss");
    expect(defended.missReason).toBe("defended");
    expect(() => applyDefence(data, "block", hit)).toThrow(RangeError);
  });

  it("melee in force: a failed defence or no defence is a hit on the defender", () => {
    const data = start("meleeForce");
    const failed = applyDefence(data, "dodge", testData("d", 30, 0, 90));
    expect(failed.phase).toBe("hit");
    expect(hitVictim(failed)).toEqual(defender);
    expect(hitDealer(failed)?.weapon).toEqual(sword);
    expect(declineDefence(data).phase).toBe("hit");
  });

  it("melee in force: a failed attack opens the counter-attack, which cannot be defended", () => {
    const data = start("meleeForce", miss);
    expect(data.phase).toBe("counter");
    expect(exchangeButtons(data).map((b) => b.action)).toEqual(["systemj.counter", "systemj.noCounter"]);
    const countered = applyCounter(data, testData("c", 60, 0, 30));
    expect(countered.phase).toBe("hit");
    expect(countered.hitTarget).toBe("attacker");
    expect(hitVictim(countered)).toEqual(attacker);
    expect(hitDealer(countered)?.weapon).toEqual(fists);
    expect(exchangeButtons(countered).map((b) => b.action)).toEqual(["systemj.damage"]);
    expect(applyCounter(data, miss).phase).toBe("miss");
    expect(declineCounter(data).phase).toBe("miss");
  });

  it("ranged: never countered; out of range misses; an unaware target cannot defend", () => {
    expect(start("ranged", miss).phase).toBe("miss");
    expect(start("ranged", hit, { ranged: { inRange: false } }).missReason).toBe("outOfRange");
    expect(start("ranged", hit, { ranged: { targetAware: false } }).phase).toBe("hit");
    expect(start("ranged", hit, { ranged: { targetAware: true } }).phase).toBe("defence");
  });

  it("ranged, the GM's call (issue 33): a shot that lands with no word on sight waits for the GM's step", () => {
    const shot = start("ranged", hit);
    expect(shot.phase).toBe("sight");
    expect(exchangeButtons(shot).map((b) => [b.action, b.audience, b.exclusive, b.args])).toEqual([
      ["systemj.sight", "gm", true, { aware: true }],
      ["systemj.sight", "gm", true, { aware: false }],
    ]);
    expect(applySight(shot, true)).toMatchObject({ phase: "defence", options: shot.options });
    expect(applySight(shot, false)).toMatchObject({ phase: "hit", hitTarget: "defender" });
    expect(() => applySight(applySight(shot, true), false)).toThrow(RangeError);
    // A miss or a shot out of range asks nothing.
    expect(start("ranged", miss).phase).toBe("miss");
    expect(start("ranged", hit, { ranged: { inRange: false } }).phase).toBe("miss");
  });

  it("stealth: Détection first, then in force or unseen (undefendable)", () => {
    const data = start("meleeStealth", hit);
    expect(data.phase).toBe("detection");
    expect(applyDetection(data, miss).phase).toBe("followStealth");
    expect(applyDetection(data, hit).phase).toBe("followForce");
    // A failed Dissimulation is seen at once: straight to the counter-attack, no Détection asked.
    expect(start("meleeStealth", miss).phase).toBe("counter");
    expect(() => applyDetection(start("meleeStealth", miss), miss)).toThrow(RangeError);
    const unseen = applyDetection(data, miss);
    expect(applyFollowUp(unseen, hit).phase).toBe("hit");
    expect(applyFollowUp(unseen, miss).missReason).toBe("failed");
    expect(applyFollowUp(applyDetection(data, hit), hit).phase).toBe("defence");
  });

  it("damage is set once, on a hit, as a whole number", () => {
    const data = declineDefence(start("meleeForce"));
    expect(setDamage(data, 7).damage).toBe(7);
    expect(exchangeButtons(setDamage(data, 7)).map((b) => b.action)).toEqual(["systemj.applyDamage"]);
    expect(() => setDamage(data, -1)).toThrow(RangeError);
    expect(() => setDamage(start("meleeForce", miss), 3)).toThrow(RangeError);
  });

  it("keeps the whole exchange on the card and reads it back", () => {
    const card = exchangeCard("player1", { uuid: "Actor.a", name: "Aude", img: null }, start("meleeForce"));
    const json = JSON.parse(JSON.stringify(card)) as typeof card;
    expect(readExchange(json)?.phase).toBe("defence");
    expect(json.buttons).toHaveLength(4);
    expect(json.outcome?.tone).toBe("neutral");
  });
});
