/**
 * Quintette's entry. At init: settings, document classes, every rule set's descriptor (all data models and sheets
 * always registered), shared chat/relay/damage/combat/Dice So Nice hooks, helpers and template preload. At ready:
 * the active rule set's ready step, then the GM's client migrates older worlds.
 *
 * Rule sets plug in by exporting `ruleset: RulesetDescriptor` from `src/foundry/<ruleset>/ruleset.ts` (found here by
 * Vite's glob import, so adding one needs no edit of this file).
 */
import {
  registerChatHooks,
  registerCombat,
  registerDamage,
  registerDiceSoNice,
  registerRelay,
} from "./foundry/chat/index.ts";
import { registerConditions } from "./foundry/conditions/index.ts";
import { applyRuleset, registerDocumentClasses } from "./foundry/data/register.ts";
import { registerHotbar } from "./foundry/macros/hotbar.ts";
import { migrateWorldIfNeeded } from "./foundry/migrations/index.ts";
import {
  activeRuleset,
  activeRulesetId,
  allRulesets,
  getRuleset,
  registerRuleset,
  type RulesetDescriptor,
} from "./foundry/ruleset.ts";
import { registerCoreSettings } from "./foundry/settings/index.ts";
import { preloadTemplates, registerHelpers } from "./foundry/templates/index.ts";

const rulesetModules = import.meta.glob<{ ruleset?: RulesetDescriptor }>("./foundry/*/ruleset.ts", { eager: true });

/** Registers every descriptor found under src/foundry/<ruleset>/ruleset.ts (once). */
export function registerFoundRulesets(): void {
  for (const mod of Object.values(rulesetModules)) {
    if (mod.ruleset && !getRuleset(mod.ruleset.id)) registerRuleset(mod.ruleset);
  }
}

export function initQuintette(): void {
  registerCoreSettings();
  registerDocumentClasses();
  registerFoundRulesets();
  registerRelay();
  registerChatHooks();
  registerDamage();
  registerCombat(activeRulesetId);
  registerDiceSoNice();
  registerConditions();
  registerHotbar();
  for (const descriptor of allRulesets()) applyRuleset(descriptor);
  registerHelpers();
  void preloadTemplates(allRulesets().flatMap((d) => d.templates ?? []));
}

export async function readyQuintette(): Promise<void> {
  activeRuleset()?.ready?.();
  await migrateWorldIfNeeded();
}

Hooks.once("init", initQuintette);
Hooks.once("ready", () => void readyQuintette());
