/** Which combatants a rule set's tracker part and public cards may show. */
import { describe, expect, it } from "vitest";
import { publicCombatants, shownCombatants } from "../../../src/foundry/combat/visibility.ts";

const list = [
  { id: "a", hidden: false },
  { id: "b", hidden: true },
  { id: "c", hidden: false },
];

describe("combatant visibility", () => {
  it("shows every combatant to the GM and only the unhidden ones to players, in order", () => {
    expect(shownCombatants(list, true).map((c) => c.id)).toEqual(["a", "b", "c"]);
    expect(shownCombatants(list, false).map((c) => c.id)).toEqual(["a", "c"]);
  });

  it("never names a hidden combatant on a public card", () => {
    expect(publicCombatants(list).map((c) => c.id)).toEqual(["a", "c"]);
  });
});
