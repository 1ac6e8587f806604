/** The descriptor on the double: every type with its data model and sheet, the Roll class, and the sheet's context. */
import { beforeEach, describe, expect, it } from "vitest";
import {
  asGM,
  DoubleActor,
  resetFoundryDouble,
  sheetsFor,
  type DoubleState,
  setDoubleUser,
} from "../../double/index.ts";
import { applyRuleset } from "../../../src/foundry/data/register.ts";
import { clearRulesets, registerRuleset } from "../../../src/foundry/ruleset.ts";
import { descriptor } from "../../../src/foundry/trinites/ruleset.ts";
import { TrinitesActorSheet } from "../../../src/foundry/trinites/sheets.ts";

let state: DoubleState;

beforeEach(() => {
  state = resetFoundryDouble({ lang: "fr" });
  // Data model tests write as the GM (who may write any actor).
  setDoubleUser("gm");
  clearRulesets();
  registerRuleset(descriptor);
  applyRuleset(descriptor);
});

describe("Trinités descriptor", () => {
  it("registers a model and a sheet for every type, and the token bars", () => {
    for (const type of ["trinite", "humain"]) {
      expect(state.CONFIG.Actor.dataModels[type]).toBeDefined();
      expect(sheetsFor("Actor", type)).toHaveLength(1);
    }
    for (const type of ["tr-arme", "tr-armure", "tr-aura", "tr-verset", "tr-atout", "tr-objet"]) {
      expect(state.CONFIG.Item.dataModels[type]).toBeDefined();
      expect(sheetsFor("Item", type)).toHaveLength(1);
    }
    expect(state.CONFIG.Actor.trackableAttributes.trinite).toEqual({
      bar: ["vie", "deva", "archonte", "adam"],
      value: [],
    });
    expect(state.CONFIG.Dice.rolls.map((r) => (r as { name: string }).name)).toContain("TrinitesRoll");
  });

  it("clamps out-of-range values through the data model", async () => {
    const actor = await asGM(() => DoubleActor.create({ name: "Aelis", type: "trinite" }, { keepId: true }));
    // fvtt-types NumberField#_cleanType applies integer, min and max: Foundry rounds and clamps, it does not refuse.
    await actor.update({ "system.competences.melee.base": 25, "system.signes.belier": 2.4 });
    expect(actor.system).toMatchObject({ competences: { melee: { base: 20 } }, signes: { belier: 2 } });
    await actor.update({ "system.competences.melee.base": 4, "system.signes.belier": 2 });
    expect(
      (actor.system as unknown as { derived: { skills: { melee: { score: number } } } }).derived.skills.melee.score,
    ).toBe(6);
  });

  it("builds the actor sheet's context from the rules core", async () => {
    const actor = await asGM(() =>
      DoubleActor.create(
        {
          name: "Aelis",
          type: "trinite",
          system: { vie: { value: 10 }, deva: { value: 2, max: 5 }, archonte: { value: 1, max: 2 } },
        },
        { keepId: true },
      ),
    );
    const sheet = new TrinitesActorSheet({ document: actor } as never);
    await sheet.render();
    const ctx = (sheet as unknown as { lastContext: { tr: unknown } }).lastContext.tr as {
      life: { state: string };
      karma: { adam: { adamType: string; max: number } };
      derived: { signs: unknown[] };
    };
    expect(ctx.life.state).toBe("blesse"); // 14 boxes checked: line 2 of 8-box lines
    expect(ctx.karma.adam).toMatchObject({ adamType: "lumiere", max: 3 });
    expect(ctx.derived.signs).toHaveLength(12);
  });
});
