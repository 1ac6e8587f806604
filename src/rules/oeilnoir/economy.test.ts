import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { NO_ACTIONS, actionsLeft, spendAction, type RoundActions, type SpentAction } from "./economy";

function play(ini: number | null, actions: SpentAction[]): (RoundActions | null)[] {
  let spent: RoundActions | null = NO_ACTIONS;
  return actions.map((a) => (spent = spent ? spendAction(ini, spent, a) : null));
}

describe("actions per round (RULES.md §3)", () => {
  it("one attack and one defence; no second attack and no third action without a trade", () => {
    const [attack, again] = play(12, ["turn", "turn"]);
    expect(attack).toEqual({ turn: 1, defences: 0, second: false });
    expect(again).toBeNull();
    const [, parry, second] = play(12, ["turn", "defence", "defence"]);
    expect(parry).toEqual({ turn: 1, defences: 1, second: false });
    expect(second).toBeNull();
  });

  it("the issue's chief: attacked twice and parried twice is refused", () => {
    const steps = play(14, ["turn", "defence", "turn"]);
    expect(steps[2]).toBeNull();
  });

  it("a second defence costs the attack", () => {
    const [, two] = play(12, ["defence", "defence"]);
    expect(two).toEqual({ turn: 0, defences: 2, second: false });
    expect(actionsLeft(12, two ?? NO_ACTIONS).turn).toBe(false);
  });

  it("a second attack costs the defence and comes at INI − 8", () => {
    const [first, trade, second] = play(12, ["turn", "second", "turn"]);
    expect(actionsLeft(12, first ?? NO_ACTIONS).trade).toBe(true);
    expect(actionsLeft(12, trade ?? NO_ACTIONS)).toEqual({
      turn: true,
      defence: false,
      trade: false,
      nextIsSecond: true,
    });
    expect(second).toEqual({ turn: 2, defences: 0, second: true });
    expect(actionsLeft(12, second ?? NO_ACTIONS)).toMatchObject({ turn: false, defence: false });
  });

  it("no trade once the defence is spent", () => {
    expect(play(12, ["defence", "second"])[1]).toBeNull();
  });

  it("initiative below 0: one defence, nothing else", () => {
    expect(play(-2, ["turn"])[0]).toBeNull();
    expect(play(-2, ["second"])[0]).toBeNull();
    expect(play(-2, ["defence", "defence"])).toEqual([{ turn: 0, defences: 1, second: false }, null]);
  });

  it("whatever is asked: never more than two actions, two attacks or two defences, and never a third", () => {
    const action = fc.constantFrom<SpentAction>("turn", "defence", "second");
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 30 }), fc.array(action, { maxLength: 8 }), (ini, asked) => {
        let spent: RoundActions = NO_ACTIONS;
        for (const a of asked) spent = spendAction(ini, spent, a) ?? spent;
        expect(spent.turn + spent.defences).toBeLessThanOrEqual(ini < 0 ? 1 : 2);
        expect(spent.turn).toBeLessThanOrEqual(spent.second ? 2 : 1);
        if (spent.second) expect(spent.defences).toBe(0);
        if (ini < 0) expect(spent.turn).toBe(0);
      }),
    );
  });
});
