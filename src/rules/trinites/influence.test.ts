import { describe, expect, it } from "vitest";
import { INFLUENCE_USES, influenceModifier, storesInfluence } from "./influence";

describe("Encourager and Intimider options", () => {
  it("give +3 and −3", () => {
    expect(influenceModifier("encourager")).toBe(3);
    expect(influenceModifier("intimider")).toBe(-3);
  });

  it("store the next-action and next-reaction options, never the initiative one, and never over a pending one", () => {
    expect(INFLUENCE_USES.map((u) => storesInfluence(u, false))).toEqual([false, true, true]);
    expect(INFLUENCE_USES.map((u) => storesInfluence(u, true))).toEqual([false, false, false]);
  });
});
