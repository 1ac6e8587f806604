/**
 * One synchronous boot (issue 32): Foundry never awaits a hook listener and builds the world right after `setup`, so
 * everything a world's documents and UI need is registered by the time `Hooks.callAll("init")` returns, from code
 * already loaded: every rule set's card models, the world's rule set's combat behaviour, card actions, hooks and
 * templates to load. Nothing of it arrives later.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { doubleState, resetFoundryDouble } from "../../double/index.ts";
import { registerSystemHooks } from "../../../src/index.ts";
import { clearRulesets, RULESET_IDS, type RulesetId } from "../../../src/foundry/ruleset.ts";
import { activeCombatBehaviour } from "../../../src/foundry/combat/behaviour.ts";
import { getCardAction } from "../../../src/foundry/chat/actions.ts";
import { descriptor as trinites } from "../../../src/foundry/trinites/ruleset.ts";
import { descriptor as ahillmach } from "../../../src/foundry/ahillmach/ruleset.ts";
import { descriptor as oeilnoir } from "../../../src/foundry/oeilnoir/ruleset.ts";
import { descriptor as jetons } from "../../../src/foundry/jetons/ruleset.ts";
import { descriptor as systemj } from "../../../src/foundry/systemj/ruleset.ts";

const WHOLE = { trinites, ahillmach, oeilnoir, jetons, systemj };
const manifest = JSON.parse(readFileSync(new URL("../../../system.json", import.meta.url), "utf8")) as {
  documentTypes: { ChatMessage: Record<string, unknown> };
};

/** A world playing `id`: the system's module evaluated, then Foundry's init, and nothing awaited. */
function initWorld(id: RulesetId): void {
  resetFoundryDouble();
  clearRulesets();
  (doubleState().game.settings as unknown as { values: Map<string, unknown> }).values.set("quintette.ruleset", id);
  registerSystemHooks();
  Hooks.callAll("init");
}

describe("the world's rule set at init, with nothing awaited", () => {
  for (const id of RULESET_IDS)
    it(`${id}: every card model, and its combat, card actions, hooks and templates`, () => {
      initWorld(id);
      const { CONFIG, templates, hooks } = doubleState();
      // Every rule set's card types, in every world: old cards of another game still read.
      expect(Object.keys(CONFIG.ChatMessage.dataModels).sort()).toEqual(
        Object.keys(manifest.documentTypes.ChatMessage).sort(),
      );
      const runtime = WHOLE[id];
      if (runtime.combat) expect(activeCombatBehaviour()).toBe(runtime.combat);
      for (const action of runtime.cardActions ?? []) expect(getCardAction(action.name), action.name).toBe(action);
      for (const template of runtime.templates ?? []) expect(templates, template).toContain(template);
      // Its own init ran (its hooks, relay handlers, controls): compared with what it registers alone.
      const registeredAlone = (() => {
        const before = new Map([...hooks.events].map(([name, list]) => [name, list.length]));
        resetFoundryDouble();
        runtime.init?.();
        const alone = [...doubleState().hooks.events].filter(([, list]) => list.length > 0).map(([name]) => name);
        return { before, alone };
      })();
      for (const name of registeredAlone.alone) expect(registeredAlone.before.get(name) ?? 0, name).toBeGreaterThan(0);
    });
});
