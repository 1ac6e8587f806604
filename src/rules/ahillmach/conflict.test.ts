import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { availableMoves, initialHolder, initiativeOrder, nextHolder } from "./conflict";
import { resolveMove } from "./resolution";

describe("initiative order", () => {
  it("highest DEX first, ties keep the speaking order and share a rank", () => {
    const order = initiativeOrder([
      { id: "a", dex: 1 },
      { id: "b", dex: 3 },
      { id: "c", dex: 1 },
      { id: "d", dex: -1 },
    ]);
    expect(order.map((c) => [c.id, c.rank])).toEqual([
      ["b", 1],
      ["a", 2],
      ["c", 2],
      ["d", 3],
    ]);
  });
  it("rejects duplicates and fractional DEX", () => {
    expect(() =>
      initiativeOrder([
        { id: "a", dex: 1 },
        { id: "a", dex: 2 },
      ]),
    ).toThrow(RangeError);
    expect(() => initiativeOrder([{ id: "a", dex: 0.5 }])).toThrow(RangeError);
  });
  it("property: sorted by DEX, same length, ranks non-decreasing", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -3, max: 5 }), { maxLength: 12 }), (dexes) => {
        const order = initiativeOrder(dexes.map((dex, i) => ({ id: `c${i}`, dex })));
        expect(order).toHaveLength(dexes.length);
        for (let i = 1; i < order.length; i++) {
          expect(order[i]!.dex).toBeLessThanOrEqual(order[i - 1]!.dex);
          expect(order[i]!.rank).toBe(order[i - 1]!.rank + (order[i]!.dex === order[i - 1]!.dex ? 0 : 1));
        }
      }),
    );
  });
});

describe("initiative token", () => {
  it("the characters hold it unless surprised", () => {
    expect(initialHolder()).toBe("personnages");
    expect(initialHolder({ surprised: true })).toBe("opposants");
  });
  it("without it, only Défendre and Défier le danger", () => {
    expect(availableMoves(false)).toEqual(["defendre", "defierLeDanger"]);
    expect(availableMoves(true)).toHaveLength(7);
  });
  it("the holder keeps it on 13 and loses it on 12 (partial success)", () => {
    const keep = resolveMove({ dice: [6, 5], bonus: 2 });
    const lose = resolveMove({ dice: [6, 5], bonus: 1 });
    const base = { holder: "personnages", roller: "personnages", moveId: "taillerEnPieces" } as const;
    expect(nextHolder({ ...base, band: keep.band, keepsInitiative: keep.keepsInitiative })).toBe("personnages");
    expect(nextHolder({ ...base, band: lose.band, keepsInitiative: lose.keepsInitiative })).toBe("opposants");
  });
  it("a total success of Défendre takes it back; a partial one does not", () => {
    const base = { holder: "opposants", roller: "personnages", moveId: "defendre" } as const;
    expect(nextHolder({ ...base, band: "totale", keepsInitiative: true })).toBe("personnages");
    expect(nextHolder({ ...base, band: "partielle", keepsInitiative: true })).toBe("opposants");
    expect(nextHolder({ ...base, moveId: "negocier", band: "totale", keepsInitiative: true })).toBe("opposants");
  });
  it("property: the holder's own roll decides by keepsInitiative alone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: -3, max: 5 }),
        (a, b, bonus) => {
          const r = resolveMove({ dice: [a, b], bonus });
          const next = nextHolder({
            holder: "opposants",
            roller: "opposants",
            moveId: "salve",
            band: r.band,
            keepsInitiative: r.keepsInitiative,
          });
          expect(next === "opposants").toBe(r.keepsInitiative);
        },
      ),
    );
  });
});
