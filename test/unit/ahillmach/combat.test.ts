/** Conflict helpers: DEX speaking order, sides, the initiative marker and what each side may use. */
import { describe, expect, it } from "vitest";
import {
  compareByDex,
  dexOf,
  holderOf,
  initiativeView,
  markerUpdates,
  sideOf,
  type CombatantLike,
} from "../../../src/foundry/ahillmach/combat.ts";
import { damageApplication } from "../../../src/foundry/ahillmach/damage.ts";

const pc = (id: string, dex: number, marker = false): CombatantLike => ({
  id,
  name: id,
  actor: { type: "personnage", system: { derived: { effective: { dex } } } },
  system: { marker },
});
const npc = (id: string, dex: number, extra: Record<string, unknown> = {}, marker = false): CombatantLike => ({
  id,
  name: id,
  actor: { type: "opposant", system: { major: true, characteristics: { dex }, side: "opposants", ...extra } },
  system: { marker },
});

describe("Ahill-Mach conflicts", () => {
  it("orders by DEX, highest first; ties by name then id", () => {
    const list = [pc("b", 1), npc("a", 2), pc("c", 1), npc("d", -1)];
    expect([...list].sort(compareByDex).map((c) => c.id)).toEqual(["a", "b", "c", "d"]);
    expect(dexOf({ type: "opposant", system: { major: false, physique: 2 } })).toBe(2);
  });

  it("puts allies with the characters and reads the holder from the markers", () => {
    expect(sideOf(npc("x", 0, { side: "personnages" }).actor)).toBe("personnages");
    expect(holderOf([pc("a", 1), npc("b", 1)])).toBe("personnages");
    expect(holderOf([pc("a", 1), npc("b", 1, {}, true)])).toBe("opposants");
  });

  it("writes only the markers that change", () => {
    const list = [pc("a", 1, true), npc("b", 1), npc("ally", 0, { side: "personnages" })];
    expect(markerUpdates(list, "opposants")).toEqual([
      { _id: "a", "system.marker": false },
      { _id: "b", "system.marker": true },
    ]);
    expect(markerUpdates(list, "personnages")).toEqual([{ _id: "ally", "system.marker": true }]);
  });

  it("shows the side without the initiative only Défendre and Défier le danger", () => {
    const view = initiativeView([pc("a", 1), npc("b", 1, {}, true)]);
    expect(view.holder).toBe("opposants");
    const characters = view.sides.find((s) => s.id === "personnages");
    expect(characters?.moves).toEqual([
      "QUINTETTE.AhillMach.Moves.defendre.Name",
      "QUINTETTE.AhillMach.Moves.defierLeDanger.Name",
    ]);
    expect(view.sides.find((s) => s.id === "opposants")?.moves).toHaveLength(7);
  });

  it("applies damage through protection; nothing for other rule sets' actors", () => {
    const opposant = { type: "opposant", system: { hp: { value: 8 }, derived: { stats: { hp: 8, protection: 2 } } } };
    expect(damageApplication(opposant, 5)).toMatchObject({
      update: { "system.hp.value": 5 },
      summary: { key: "QUINTETTE.AhillMach.Damage.Morale", value: 3 },
    });
    expect(damageApplication(opposant, 2)?.summary.key).toBe("QUINTETTE.AhillMach.Damage.Absorbed");
    expect(damageApplication({ type: "heros", system: {} }, 5)).toBeNull();
  });
});
