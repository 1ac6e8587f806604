import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ACTIVITY_ACTIONS,
  NO_ACTIONS,
  ROUND_PLANS,
  actionsLeft,
  canDeclare,
  declarePlan,
  nextRound,
  planOf,
  spendActivity,
  spendAction,
  type Activity,
  type RoundActions,
  type RoundPlan,
  type SpentAction,
} from "./economy";

function play(ini: number | null, actions: SpentAction[], from: RoundActions = NO_ACTIONS): (RoundActions | null)[] {
  let spent: RoundActions | null = from;
  return actions.map((a) => (spent = spent ? spendAction(ini, spent, a) : null));
}

const declared = (ini: number, plan: RoundPlan): RoundActions => declarePlan(ini, NO_ACTIONS, plan) ?? NO_ACTIONS;

describe("actions per round (RULES.md §3)", () => {
  it("one attack and one defence; no second attack and no second defence when fighting normally", () => {
    const [attack, again] = play(12, ["turn", "turn"]);
    expect(attack).toEqual({ turn: 1, defences: 0, second: false });
    expect(again).toBeNull();
    const [, parry, second] = play(12, ["turn", "defence", "defence"]);
    expect(parry).toEqual({ turn: 1, defences: 1, second: false });
    expect(second).toBeNull();
    expect(play(12, ["defence", "defence"])[1]).toBeNull();
  });

  it("the issue's chief: attacked twice and parried twice is refused", () => {
    const steps = play(14, ["turn", "defence", "turn"]);
    expect(steps[2]).toBeNull();
  });

  it("two defences declared at the start of the round: the attack is given up", () => {
    const [one, two, three] = play(12, ["defence", "defence", "defence"], declared(12, "twoDefences"));
    expect(one?.defences).toBe(1);
    expect(two).toMatchObject({ turn: 0, defences: 2 });
    expect(three).toBeNull();
    expect(actionsLeft(12, two ?? NO_ACTIONS).turn).toBe(false);
  });

  it("two turn actions declared at the start: the second at INI − 8, no defence", () => {
    const start = declared(12, "twoActions");
    expect(actionsLeft(12, start)).toEqual({ turn: true, defence: false, trade: false, nextIsSecond: false, long: 0 });
    const [first, second, third] = play(12, ["turn", "turn", "turn"], start);
    expect(actionsLeft(12, first ?? NO_ACTIONS).nextIsSecond).toBe(true);
    expect(second).toMatchObject({ turn: 2, defences: 0, second: true });
    expect(third).toBeNull();
    // The old trade spends the same declaration.
    expect(play(12, ["second"])[0]).toMatchObject({ second: true, plan: "twoActions" });
  });

  it("the plan holds for the round: the fighter may not change it once something is spent; the GM may", () => {
    const [attacked] = play(12, ["turn"]);
    expect(play(12, ["second"], attacked ?? NO_ACTIONS)[0]).toBeNull();
    expect(declarePlan(12, attacked ?? NO_ACTIONS, "twoActions")).toBeNull();
    expect(planOf(declarePlan(12, attacked ?? NO_ACTIONS, "twoActions", true) ?? NO_ACTIONS)).toBe("twoActions");
    // Not even the GM can make spent actions fit a plan that never had them.
    expect(declarePlan(12, attacked ?? NO_ACTIONS, "twoDefences", true)).toBeNull();
    // Before anything is spent, the fighter changes his mind freely.
    expect(planOf(declarePlan(12, declared(12, "long"), "twoDefences") ?? NO_ACTIONS)).toBe("twoDefences");
  });

  it("initiative below 0: one defence, or one action of a long activity, nothing else", () => {
    expect(play(-2, ["turn"])[0]).toBeNull();
    expect(play(-2, ["second"])[0]).toBeNull();
    expect(play(-2, ["defence", "defence"])).toEqual([{ turn: 0, defences: 1, second: false }, null]);
    expect(canDeclare(-2, NO_ACTIONS, "twoDefences", true)).toBe(false);
    expect(actionsLeft(-2, declared(-2, "long"))).toMatchObject({ turn: false, defence: false, long: 1 });
  });

  it("getting up takes one action; picking up a weapon and Orientation two, only in a long-activity round", () => {
    expect(spendActivity(12, NO_ACTIONS, "getUp")).toMatchObject({ complete: true, spent: { turn: 1 } });
    expect(spendActivity(12, NO_ACTIONS, "vigilance")).toMatchObject({ complete: true });
    expect(spendActivity(12, NO_ACTIONS, "orientation")).toBeNull();
    expect(spendActivity(12, NO_ACTIONS, "pickUp")).toBeNull();
    const [attacked] = play(12, ["turn"]);
    expect(spendActivity(12, attacked ?? NO_ACTIONS, "getUp")).toBeNull();
    const long = spendActivity(12, declared(12, "long"), "orientation");
    expect(long).toMatchObject({ complete: true, done: 2, cost: 2 });
    // The long round is undisturbed: no attack, no defence, no further activity.
    expect(actionsLeft(12, long?.spent ?? NO_ACTIONS)).toMatchObject({ turn: false, defence: false, long: 0 });
    expect(spendActivity(12, long?.spent ?? NO_ACTIONS, "getUp")).toBeNull();
  });

  it("below 0 INI a two-action activity takes two rounds of one action each (RULES.md amended)", () => {
    const first = spendActivity(-3, declared(-3, "long"), "pickUp");
    expect(first).toMatchObject({ complete: false, done: 1 });
    expect(spendActivity(-3, first?.spent ?? NO_ACTIONS, "pickUp")).toBeNull();
    const carried = nextRound(first?.spent ?? null);
    expect(carried.activity).toEqual({ kind: "pickUp", done: 1 });
    const second = spendActivity(-3, declarePlan(-3, carried, "long") ?? carried, "pickUp");
    expect(second).toMatchObject({ complete: true, done: 2 });
    // A round fought otherwise drops it; another activity starts afresh.
    expect(nextRound(declarePlan(-3, carried, "normal")).activity).toBeUndefined();
    expect(spendActivity(-3, declarePlan(-3, carried, "long") ?? carried, "orientation")).toMatchObject({ done: 1 });
  });

  it("whatever is asked: never more than two actions, and never more than the declared plan gives", () => {
    const action = fc.constantFrom<SpentAction>("turn", "defence", "second");
    const activity = fc.constantFrom<Activity>(...(Object.keys(ACTIVITY_ACTIONS) as Activity[]));
    const step = fc.oneof(
      action.map((a) => ({ a })),
      activity.map((k) => ({ k })),
      fc.constantFrom(...ROUND_PLANS).map((p) => ({ p })),
    );
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 30 }), fc.array(step, { maxLength: 10 }), (ini, asked) => {
        let spent: RoundActions = NO_ACTIONS;
        for (const s of asked) {
          if ("a" in s) spent = spendAction(ini, spent, s.a) ?? spent;
          else if ("k" in s) spent = spendActivity(ini, spent, s.k)?.spent ?? spent;
          else spent = declarePlan(ini, spent, s.p) ?? spent;
        }
        const total = spent.turn + spent.defences + (spent.long ?? 0);
        expect(total).toBeLessThanOrEqual(ini < 0 ? 1 : 2);
        expect(spent.turn).toBeLessThanOrEqual(spent.second ? 2 : 1);
        if (spent.second) expect(spent.defences).toBe(0);
        if (ini < 0) expect(spent.turn).toBe(0);
        // One kind of round only: a long-activity round neither attacks nor defends.
        if ((spent.long ?? 0) > 0) expect(spent.turn + spent.defences).toBe(0);
      }),
    );
  });
});
