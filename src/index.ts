/**
 * Quintette's entry. At init: settings, document classes, every rule set's data models, sheets and Roll classes
 * (documents of another rule set still open), shared chat/relay/damage/combat/Dice So Nice hooks and helpers; then
 * only the world's rule set: its plug-ins and `init` (settings, menus, hooks), its templates, its stylesheet, and
 * the compendium directory hides the other rule sets' packs. At ready: the active rule set's ready step, then the
 * GM's client migrates older worlds.
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
import { registerCompendiumFilter } from "./foundry/compendia.ts";
import { activateRuleset, registerDocumentClasses, registerRulesetTypes } from "./foundry/data/register.ts";
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
import { loadRulesetStyles } from "./foundry/styles.ts";
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
  for (const descriptor of allRulesets()) registerRulesetTypes(descriptor);
  const active = activeRuleset();
  if (active) activateRuleset(active);
  registerCompendiumFilter(activeRulesetId());
  loadRulesetStyles(activeRulesetId());
  registerHelpers();
  void preloadTemplates(active?.templates ?? []);
}

export async function readyQuintette(): Promise<void> {
  activeRuleset()?.ready?.();
  await migrateWorldIfNeeded();
}

Hooks.once("init", initQuintette);
Hooks.once("ready", () => void readyQuintette());
