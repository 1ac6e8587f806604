/** The archetype model's ranges and derived check, the settings P/J/collective, the token guard and token moves. */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, type DoubleActor, type DoubleState } from "../../double/index.ts";
import { relayRequests } from "../../double/permissions.ts";
import { asClient } from "../../double/shared-core.ts";
import { relayToGM } from "../../../src/foundry/relay/index.ts";
import { ArchetypeModel, type ArchetypeDerived } from "../../../src/foundry/jetons/models.ts";
import { buyAdvantage, handBack } from "../../../src/foundry/jetons/actions.ts";
import { startingSystem, tokenChangeRefusal } from "../../../src/foundry/jetons/hooks.ts";
import { collectiveTokens, startingTokens, traitPoints } from "../../../src/foundry/jetons/settings.ts";
import { archetypeView, reserveView } from "../../../src/foundry/jetons/view.ts";
import { character as worldCharacter, jetonsWorld } from "../../worlds/jetons.ts";

let state: DoubleState;

/** Nila, player1's: three traits of 2 (the 6 points of the default P). */
const character = (system: Record<string, unknown> = {}) =>
  worldCharacter("Nila", "player1", {
    archetype: "Alien Diplomate",
    traits: [
      { name: "Escrime", points: 2 },
      { name: "Acrobaties", points: 2 },
      { name: "Charme", points: 2 },
    ],
    weakness: "Atrocement laid",
    ...system,
  });
const sys = (a: DoubleActor) => a.system as unknown as { tokens: number; bidLock: string; derived: ArchetypeDerived };

beforeEach(() => {
  state = jetonsWorld();
});

describe("archetype data model", () => {
  it("declares each number's range and integer-ness", () => {
    const schema = ArchetypeModel.defineSchema();
    expect(schema.tokens).toMatchObject({ integer: true, min: 0, max: 999 });
    const trait = schema.traits.element as unknown as {
      fields: { points: { integer: boolean; min: number; max: number } };
    };
    expect(trait.fields.points).toMatchObject({ integer: true, min: 1, max: 2 });
  });

  it("clamps a trait worth 3 to 2 and a negative reserve to 0", async () => {
    const actor = await character();
    // fvtt-types NumberField#_cleanType applies integer, min and max: Foundry rounds and clamps, it does not refuse.
    await actor.update({ "system.traits": [{ name: "X", points: 3 }], "system.tokens": -1 });
    expect((actor.system as unknown as { traits: unknown[] }).traits).toMatchObject([{ name: "X", points: 2 }]);
    expect(sys(actor).tokens).toBe(0);
  });

  it("derives the creation check against the world's P", async () => {
    const actor = await character();
    expect(sys(actor).derived.check).toMatchObject({ valid: true, pointsSpent: 6, pointsLeft: 0 });
    await asGM(() => state.game.settings.set("quintette", "jetonsTraitPoints", 4));
    actor.prepareData();
    expect(traitPoints()).toBe(4);
    expect(sys(actor).derived.check.valid).toBe(false);
    expect(sys(actor).derived.errors.map((p) => p.code)).toEqual(["pointsOver"]);
  });

  it("settings default to P 6, J 5 and an empty collective reserve", () => {
    expect([traitPoints(), startingTokens(), collectiveTokens()]).toEqual([6, 5, 0]);
    expect(startingSystem({ type: "archetype", system: {} })).toEqual({ tokens: 5 });
    expect(startingSystem({ type: "archetype", system: { tokens: 2 } })).toBeNull();
    expect(startingSystem({ type: "heros" })).toBeNull();
  });

  it("the sheet's view shows points, problems, and who may touch the reserve", async () => {
    const actor = await character({ archetype: "Ninja", bidLock: "m1" });
    const s = actor.system as never as Parameters<typeof archetypeView>[0] & { derived: ArchetypeDerived };
    const view = archetypeView(s, s.derived, { isGM: true, collective: 3 });
    expect(view.pointsUsed).toEqual({ value: 6, target: 6, over: false, full: true });
    expect(view.problems).toEqual([{ key: "QUINTETTE.Jetons.Problem.archetypeOneWord", severity: "error" }]);
    expect([view.locked, view.canEditTokens, view.canBuy]).toEqual([true, false, false]);
    expect(reserveView(3, false, []).empty).toBe(true);
  });
});

describe("tokens move only on the GM's client, and are conserved", () => {
  it("a player's own client may not write tokens or the lock", () => {
    expect(tokenChangeRefusal({ system: { tokens: 9 } }, false)).toBe("QUINTETTE.Jetons.Error.Frozen");
    expect(tokenChangeRefusal({ "system.bidLock": "" }, false)).toBe("QUINTETTE.Jetons.Error.Frozen");
    expect(tokenChangeRefusal({ system: { weakness: "x" } }, false)).toBeNull();
    expect(tokenChangeRefusal({ system: { tokens: 9 } }, true)).toBeNull();
  });

  it("buying an advantage is relayed to the GM: one token to the collective reserve, once per request", async () => {
    const actor = await character();
    const result = await asClient("player1", () => buyAdvantage(actor as never, "Une corde"));
    expect(result.status).toBe("applied");
    expect([sys(actor).tokens, collectiveTokens()]).toEqual([4, 1]);
    const request = relayRequests().at(-1);
    expect(request?.userId).toBe("player1");
    // A retried request (same id) changes nothing.
    const retry = await asClient("player1", () => relayToGM(request!.kind, request!.payload as never));
    expect(retry.status).toBe("already");
    expect(sys(actor).tokens + collectiveTokens()).toBe(5);
  });

  it("a frozen reserve cannot buy; an empty one cannot either", async () => {
    const locked = await character({ bidLock: "m1" });
    expect((await asClient("player1", () => buyAdvantage(locked as never, "Une corde"))).status).toBe("denied");
    const broke = await character({ tokens: 0 });
    expect((await asClient("player1", () => buyAdvantage(broke as never, "Une corde"))).status).toBe("invalid");
    expect(collectiveTokens()).toBe(0);
  });

  it("a purchase whose reserve write fails puts the character's token back, and may be retried", async () => {
    const actor = await character();
    const settings = state.game.settings;
    const set = settings.set.bind(settings);
    settings.set = () => Promise.reject(new Error("database unavailable"));
    const failed = await asClient("player1", () => buyAdvantage(actor as never, "Une corde"));
    expect(failed.status).toBe("error");
    expect([sys(actor).tokens, collectiveTokens()]).toEqual([5, 0]);
    settings.set = set;
    const request = relayRequests().at(-1);
    const retry = await asClient("player1", () => relayToGM(request!.kind, request!.payload as never));
    expect(retry.status).toBe("applied");
    expect([sys(actor).tokens, collectiveTokens()]).toEqual([4, 1]);
  });

  it("the GM hands tokens back from the collective reserve, never more than it holds", async () => {
    const actor = await character();
    await asClient("player1", () => buyAdvantage(actor as never, "Une corde"));
    await asClient("player1", () => buyAdvantage(actor as never, "Une corde"));
    expect((await asClient("player1", () => handBack(actor as never, 1))).status).toBe("denied");
    expect((await asClient("gm", () => handBack(actor as never, 3))).status).toBe("invalid");
    expect((await asClient("gm", () => handBack(actor as never, 2))).status).toBe("applied");
    expect([sys(actor).tokens, collectiveTokens()]).toEqual([5, 0]);
  });
});
