/**
 * A Trinités card is verified (its outcome computed again from the dice by the rules core) once per revision: the
 * tracker reads every card of the turn on each render, from a fresh copy of the message's flags each time.
 */
import { describe, expect, it } from "vitest";
import {
  buildTestCard,
  turnEndShifts,
  verificationCount,
  verifiedData,
  withInfluence,
  type TestSetup,
} from "../../../src/foundry/trinites/card.ts";
import { turnEndDeltas } from "../../../src/foundry/trinites/combat.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { testSetup } from "./setup-fixture.ts";

/** Brune's Encourager on Aelis in round 1 of the fight, as her player rolls it (Commandement 6). */
const setup = (over: Partial<TestSetup> = {}): TestSetup =>
  testSetup({ uuid: "Actor.brune", name: "Brune", type: "humain" }, "player1", {
    skill: "commandement",
    score: 6,
    targets: [{ uuid: "Actor.aelis", name: "Aelis" }],
    action: "encourager",
    turn: { combatId: "fight", round: 1, combatantId: "cB" },
    ...over,
  });

const seat = (id: string, actorUuid: string, acting = false) => ({
  id,
  name: id,
  initiative: 6,
  phase: "feu" as const,
  acting,
  acted: false,
  actorUuid,
});
const seats = [seat("cB", "Actor.brune", true), seat("cA", "Actor.aelis")];
/** What a render reads: a deep copy of the stored card (`readCard`), never the same object twice. */
const reread = (card: CardState) => structuredClone(card);

describe("Trinités card verification", () => {
  it("verifies a card once per revision, however many renders read it", () => {
    const card = buildTestCard(setup(), { deva: [10], archonte: [] });
    const before = verificationCount();
    for (let i = 0; i < 20; i++) expect(turnEndDeltas(seats, [reread(card)])).toEqual(new Map([["cA", 3]]));
    expect(verificationCount() - before).toBe(1);
  });

  it("verifies again once the card changes: a new revision, or its author's rewrite of the dice", () => {
    const card = buildTestCard(setup(), { deva: [10], archonte: [] });
    expect(turnEndShifts(reread(card)).targets).toEqual([{ uuid: "Actor.aelis", delta: 3 }]);
    // The roller gives the next action instead (an accepted action: new revision): the initiative no longer moves.
    const next = { ...withInfluence(card, { use: "action", given: ["Actor.aelis"], refused: [] }), revision: 1 };
    const before = verificationCount();
    for (let i = 0; i < 5; i++) expect(turnEndShifts(reread(next)).targets).toEqual([]);
    expect(verificationCount() - before).toBe(1);
    // The author rewrites the die to a failure but keeps the revision: the cache does not answer with the old success.
    const rewritten = reread(card);
    (rewritten.data.chains as { deva: number[] }).deva = [1];
    expect(turnEndShifts(rewritten).targets).toEqual([]);
    expect(verificationCount() - before).toBe(2);
  });

  it("hands out a result no caller can change for the next one", () => {
    const card = buildTestCard(setup(), { deva: [10], archonte: [] });
    const data = verifiedData(reread(card))!;
    expect(() => data.setup.targets.push({ uuid: "Actor.thug", name: "Thug" })).toThrow();
    expect(verifiedData(reread(card))!.setup.targets).toHaveLength(1);
  });
});
