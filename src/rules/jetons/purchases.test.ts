import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  MAX_PURCHASE_TEXT,
  MAX_PURCHASES_KEPT,
  advantageLapses,
  lapsePurchases,
  purchaseInEffect,
  purchaseText,
  recordPurchase,
  type Purchase,
} from "./purchases";

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
      { text: "Une torche", lapsed: true },
      { text: "Un cheval", lapsed: false },
    ]);
    expect(() => recordPurchase([], " ")).toThrow(RangeError);
  });

  it("property: the newest is last, the others keep their text (lapsed), and the record never exceeds its cap", () => {
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
            JSON.stringify(next.slice(0, -1)) ===
              JSON.stringify(list.slice(list.length + 1 - kept).map((p) => ({ text: p.text, lapsed: true })))
          );
        },
      ),
    );
  });
});

describe("a bought advantage lapses after the next action (issue 25)", () => {
  it("the newest purchase is in effect; the next purchase lapses the earlier ones", () => {
    let record = recordPurchase([], "Corde solide");
    expect(record).toEqual([{ text: "Corde solide", lapsed: false }]);
    expect(purchaseInEffect(record)).toBe(true);
    record = recordPurchase(record, "Élan");
    expect(record).toEqual([
      { text: "Corde solide", lapsed: true },
      { text: "Élan", lapsed: false },
    ]);
    expect(lapsePurchases(record).every((p) => p.lapsed)).toBe(true);
    expect(purchaseInEffect(lapsePurchases(record))).toBe(false);
  });

  it("the temporary advantage held when a question was asked lapses when it is resolved, used or not", () => {
    expect(advantageLapses("resolved", true)).toBe(true);
    expect(advantageLapses("resolved", false)).toBe(false);
    for (const status of ["tie", "abandoned", "cancelled", "voided", "bidding"]) {
      expect(advantageLapses(status, true)).toBe(false);
    }
  });

  it("never keeps more than one purchase in effect", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 30 }), (texts) => {
        const record = texts.reduce<Purchase[]>((r, t) => recordPurchase(r, t), []);
        expect(record.filter((p) => p.lapsed !== true).length).toBe(texts.length ? 1 : 0);
      }),
    );
  });
});
