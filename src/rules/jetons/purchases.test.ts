import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { MAX_PURCHASE_TEXT, MAX_PURCHASES_KEPT, purchaseText, recordPurchase } from "./purchases";

describe("purchaseText", () => {
  it("keeps a one-line description, trimmed, inner spaces collapsed", () => {
    expect(purchaseText("  Une corde   solide ")).toBe("Une corde solide");
    expect(purchaseText("x".repeat(MAX_PURCHASE_TEXT))).toHaveLength(MAX_PURCHASE_TEXT);
  });

  it("refuses what cannot be a record", () => {
    for (const bad of ["", "   ", "x".repeat(MAX_PURCHASE_TEXT + 1), "deux\nlignes", 3, null, undefined, {}]) {
      expect(purchaseText(bad)).toBeNull();
    }
  });
});

describe("recordPurchase", () => {
  it("adds the purchase at the end and refuses an empty one", () => {
    expect(recordPurchase([{ text: "Une torche" }], " Un cheval ")).toEqual([
      { text: "Une torche" },
      { text: "Un cheval" },
    ]);
    expect(() => recordPurchase([], " ")).toThrow(RangeError);
  });

  it("property: the newest is last, nothing else changes, and the record never exceeds its cap", () => {
    const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => purchaseText(s) !== null);
    fc.assert(
      fc.property(
        fc.array(
          text.map((t) => ({ text: purchaseText(t) ?? "" })),
          { maxLength: 30 },
        ),
        text,
        (list, t) => {
          const next = recordPurchase(list, t);
          const kept = Math.min(list.length + 1, MAX_PURCHASES_KEPT);
          return (
            next.length === kept &&
            next.at(-1)?.text === purchaseText(t) &&
            JSON.stringify(next.slice(0, -1)) === JSON.stringify(list.slice(list.length + 1 - kept))
          );
        },
      ),
    );
  });
});
