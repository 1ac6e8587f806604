/**
 * The system's ActiveEffect class: a plain subclass of Foundry's `foundry.documents.ActiveEffect`, registered at init
 * as `CONFIG.ActiveEffect.documentClass` (fvtt-types client/config.d.mts), with the rules' filter answered in each
 * generation's way: v13 calls `ActiveEffect#apply(actor, change)` per change, v14 asks `shouldApplyChange(change,
 * options)` and applies with the static `ActiveEffect.applyChange` (test/double/effects.ts cites both).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import type { Generation } from "../../double/generation.ts";
import { addEffect, installEffectsDouble } from "../../double/effects.ts";
import { QuintetteActiveEffect } from "../../../src/foundry/effects/document.ts";
import { registerDocumentClasses } from "../../../src/foundry/data/register.ts";
import { ACTOR_MODELS } from "../../../src/foundry/oeilnoir/models.ts";

interface Hero {
  system: { ev: { max: number }; wounds: number; volonte: number };
}

describe.each([13, 14] as Generation[])("the ActiveEffect class on Foundry v%i", (generation) => {
  beforeEach(() => {
    resetFoundryDouble({ generation });
    installEffectsDouble();
    registerDocumentClasses();
    Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
    setDoubleUser("player1");
  });

  it("is a plain subclass of Foundry's class, the configured one after init", () => {
    expect(Object.getPrototypeOf(QuintetteActiveEffect)).toBe(foundry.documents.ActiveEffect);
    expect(CONFIG.ActiveEffect.documentClass).toBe(QuintetteActiveEffect);
  });

  it("applies a change to a field modifiers may touch, never to one the rules decide", async () => {
    const cls = CONFIG.Actor.documentClass as unknown as new (data: object) => Hero;
    const hero = new cls({
      name: "Alrik",
      type: "heros",
      system: { ev: { value: 30, max: 30 }, wounds: 1 },
      ownership: { default: 0, player1: 3 },
    });
    const apply = vi.spyOn(QuintetteActiveEffect.prototype, "apply");
    await addEffect(hero as never, {
      name: "Miracle",
      changes: [
        { key: "system.ev.max", mode: 2, value: "10" },
        { key: "system.wounds", mode: 5, value: "0" },
        { key: "system.volonte", mode: 4, value: "14" },
      ],
    });
    expect([hero.system.ev.max, hero.system.wounds, hero.system.volonte]).toEqual([30, 1, 14]);
    // v14 no longer calls the deprecated `apply`: the filter works through `shouldApplyChange` there.
    expect(apply.mock.calls.length > 0).toBe(generation === 13);
    apply.mockRestore();
  });
});
