/**
 * The double's dice (test/double/dice.ts): formulas parsed into Foundry's terms, faces drawn from the tray the test
 * fills, keep and explode modifiers marking results as Foundry's `Die` does, and rolls rebuilt from a message's JSON
 * with the same dice.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  chooseDice,
  facesLeft,
  resetFoundryDouble,
  RollDouble,
  rolledFormulas,
  type DoubleState,
} from "../../double/index.ts";
import { asClient, installClients } from "../../double/clients.ts";
import { DoubleChatMessage } from "../../double/shared-core.ts";
import type { Die } from "../../double/dice.ts";

let state: DoubleState;
beforeEach(() => {
  state = installClients(resetFoundryDouble());
});

const results = (die: Die | undefined) => die?.results.map((r) => ({ ...r }));

describe("the double's Roll: terms like Foundry's", () => {
  it("parses dice, flavor, numbers and operators into terms, and rebuilds the formula from them", () => {
    const roll = new RollDouble("1d12x[deva]+1d12x[archonte] - 2");
    expect(roll.terms.map((t) => t.constructor.name)).toEqual([
      "Die",
      "OperatorTerm",
      "Die",
      "OperatorTerm",
      "NumericTerm",
    ]);
    expect(roll.dice.map((d) => [d.number, d.faces, d.modifiers, d.flavor])).toEqual([
      [1, 12, ["x"], "deva"],
      [1, 12, ["x"], "archonte"],
    ]);
    expect(roll.formula).toBe("1d12x[deva] + 1d12x[archonte] - 2");
    expect(new RollDouble("4d10kl2").dice[0]?.modifiers).toEqual(["kl2"]);
    expect(new RollDouble("0").dice).toEqual([]);
  });

  it("Roll.validate: true for what it reads, false for anything else", () => {
    for (const formula of ["1d20", "3d10kh2 + 5", "1d12x[deva] + 1d12x[archonte]", "4d10kl2 - 1", "0", "d6"])
      expect([formula, RollDouble.validate(formula)]).toEqual([formula, true]);
    for (const formula of ["", "1d", "1d6 +", "1d6y", "1d6 * 2", "@str", "(1d6)", "hello"])
      expect([formula, RollDouble.validate(formula)]).toEqual([formula, false]);
    expect(() => new RollDouble("1d6 * 2")).toThrow(/cannot parse/);
  });

  it("sums the faces drawn from the tray, in order, with numbers added and subtracted", async () => {
    chooseDice(3, 5, 6);
    const roll = await new RollDouble("2d6 + 1d8 - 4").evaluate();
    expect(roll.total).toBe(3 + 5 + 6 - 4);
    expect(roll.dice.map((d) => d.values)).toEqual([[3, 5], [6]]);
    expect(facesLeft()).toBe(0);
    expect(rolledFormulas).toEqual(["2d6 + 1d8 - 4"]);
    // Evaluated once: Foundry's Roll is immutable after evaluation.
    await expect(roll.evaluate()).rejects.toThrow(/already been evaluated/);
  });

  it("kh/kl keep the highest/lowest and mark the others discarded and inactive", async () => {
    chooseDice(4, 9, 2);
    const high = await new RollDouble("3d10kh2 + 1").evaluate();
    expect(results(high.dice[0])).toEqual([
      { result: 4, active: true },
      { result: 9, active: true },
      { result: 2, active: false, discarded: true },
    ]);
    expect(high.total).toBe(14);
    chooseDice(4, 9, 2, 7);
    const low = await new RollDouble("4d10kl2").evaluate();
    expect(low.dice[0]?.results.filter((r) => r.discarded).map((r) => r.result)).toEqual([9, 7]);
    expect(low.total).toBe(6);
    chooseDice(3, 5);
    expect((await new RollDouble("2d6kl").evaluate()).total).toBe(3);
  });

  it("x explodes on the highest face, again and again, adding results marked exploded; xo explodes once", async () => {
    chooseDice(12, 12, 3);
    const roll = await new RollDouble("1d12x").evaluate();
    expect(results(roll.dice[0])).toEqual([
      { result: 12, active: true, exploded: true },
      { result: 12, active: true, exploded: true },
      { result: 3, active: true },
    ]);
    expect(roll.total).toBe(27);
    chooseDice(6, 2, 6);
    const once = await new RollDouble("2d6xo").evaluate();
    expect(once.dice[0]?.results.map((r) => [r.result, r.exploded === true])).toEqual([
      [6, true],
      [2, false],
      [6, false],
    ]);
    expect(once.total).toBe(14);
  });

  it("never invents a face: an empty tray throws, and so does a face the die does not have", async () => {
    await expect(new RollDouble("1d20").evaluate()).rejects.toThrow(/no face left for 1d20/);
    chooseDice(12);
    // The exploding d12 needs one more face.
    await expect(new RollDouble("1d12x").evaluate()).rejects.toThrow(/no face left/);
    chooseDice(7);
    await expect(new RollDouble("1d6").evaluate()).rejects.toThrow(/7 is not a face of a d6/);
    chooseDice(0);
    await expect(new RollDouble("1d6").evaluate()).rejects.toThrow(/0 is not a face/);
  });

  it("CONFIG.Dice.randomUniform is each client's own: a function one client sets draws its dice only", async () => {
    asClient("player1", () => {
      CONFIG.Dice.randomUniform = () => 0;
    });
    // The double maps the low end of [0, 1) to the highest face (dice.ts `mapRandomFace`).
    expect(await asClient("player1", () => new RollDouble("1d6").evaluate()).then((r) => r.total)).toBe(6);
    await expect(asClient("gm", () => new RollDouble("1d6").evaluate())).rejects.toThrow(/no face left for 1d6/);
  });

  it("a roll rebuilt from JSON, and from a message on another client, has the same terms and results", async () => {
    class KeptRoll extends RollDouble {}
    state.CONFIG.Dice.rolls.push(KeptRoll);
    chooseDice(10, 1, 2, 8, 10);
    const roll = new KeptRoll("1d10x[deva] + 3d10kh2 + 2", {}, { label: "x" });
    roll.dice[0]!.options.appearance = { colorset: "light" };
    await roll.evaluate();
    const rebuilt = RollDouble.fromJSON(JSON.stringify(roll));
    expect(rebuilt).toBeInstanceOf(KeptRoll);
    expect(rebuilt.toJSON()).toEqual(roll.toJSON());
    expect(rebuilt.dice.map((d) => d.results)).toEqual([
      [
        { result: 10, active: true, exploded: true },
        { result: 1, active: true },
      ],
      [
        { result: 2, active: false, discarded: true },
        { result: 8, active: true },
        { result: 10, active: true },
      ],
    ]);
    expect(roll.total).toBe(11 + 18 + 2);
    expect([rebuilt.total, rebuilt.formula, rebuilt.dice[0]?.options.appearance]).toEqual([
      roll.total,
      "1d10x[deva] + 3d10kh2 + 2",
      { colorset: "light" },
    ]);
    const message = await DoubleChatMessage.create({ content: "", rolls: [roll] });
    const seen = (message?.rolls ?? []) as RollDouble[];
    expect(seen[0]).not.toBe(roll);
    expect(seen[0]?.dice.map((d) => d.results)).toEqual(roll.dice.map((d) => d.results));
  });
});
