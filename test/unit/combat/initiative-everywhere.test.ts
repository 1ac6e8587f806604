/**
 * Initiative works in every rule set: Foundry builds a combatant's roll from the rule set's formula, else the
 * system's manifest formula, and throws when there is none; Jetons rolls nothing, its order is the GM's.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, resetFoundryDouble } from "../../double/index.ts";
import type { DoubleCombat } from "../../double/shared-core.ts";
import { QuintetteCombat, registerCombat, registerCombatBehaviour } from "../../../src/foundry/combat/index.ts";
import { descriptor as trinites } from "../../../src/foundry/trinites/ruleset.ts";
import { descriptor as ahillmach } from "../../../src/foundry/ahillmach/ruleset.ts";
import { descriptor as oeilnoir } from "../../../src/foundry/oeilnoir/ruleset.ts";
import { descriptor as jetons } from "../../../src/foundry/jetons/ruleset.ts";
import { descriptor as systemj } from "../../../src/foundry/systemj/ruleset.ts";
import { initQuintette } from "../../../src/index.ts";
import { combatBehaviour, nextPlace } from "../../../src/foundry/jetons/combat.ts";

const manifest = JSON.parse(readFileSync("system.json", "utf8")) as { initiative?: unknown };

describe("initiative in every rule set", () => {
  beforeEach(() => {
    resetFoundryDouble();
    initQuintette();
  });

  it("the manifest names a formula (Foundry's last resort), one without dice", () => {
    expect(typeof manifest.initiative).toBe("string");
    expect(manifest.initiative).toMatch(/^\d+$/);
  });

  it("every rule set gives a formula or rolls its own", () => {
    // Whole rule sets: combat is in each runtime, which init loads for the world's rule set only.
    for (const d of [trinites, ahillmach, oeilnoir, jetons, systemj])
      expect(!!d.combat && !!(d.combat.initiativeFormula ?? d.combat.rollInitiative), d.id).toBe(true);
  });
});

describe("Jetons: the order is the GM's", () => {
  const newCombat = () => new (QuintetteCombat as unknown as typeof DoubleCombat)({ name: "Scène" });
  const order = (combat: DoubleCombat) => combat.turns.map((c) => c.name);

  beforeEach(() => {
    resetFoundryDouble();
    registerCombat(() => "jetons");
    registerCombatBehaviour("jetons", combatBehaviour);
  });

  it("places after those already placed: one below the lowest, the combat's size for the first", () => {
    expect(nextPlace([], 3)).toBe(3);
    expect(nextPlace([null, 3, 7], 3)).toBe(2);
  });

  it("rolls nothing: roll all places everyone in the order asked, one more joins last, the GM reorders", async () => {
    await asGM(async () => {
      const combat = newCombat();
      await combat.createEmbeddedDocuments("Combatant", [
        { _id: "c1", name: "Ana", actorId: "a1" },
        { _id: "c2", name: "Bo", actorId: "a2" },
        { _id: "c3", name: "Cy", actorId: "a3" },
      ]);
      // No formula result is given to the double: any roll would throw.
      await combat.rollInitiative(["c2", "c1"]);
      expect(order(combat)).toEqual(["Bo", "Ana", "Cy"]);
      await combat.rollInitiative("c3");
      expect(order(combat)).toEqual(["Bo", "Ana", "Cy"]);
      expect(combat.combatants.map((c) => c.initiative)).toEqual([2, 3, 1]);
      // The GM moves Cy first by editing the initiative in the tracker.
      await combat.updateEmbeddedDocuments("Combatant", [{ _id: "c3", initiative: 4 }]);
      expect(order(combat)).toEqual(["Cy", "Bo", "Ana"]);
    });
  });
});
