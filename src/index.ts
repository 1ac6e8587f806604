/**
 * Quintette's entry, one module with everything a world needs, registered synchronously as Foundry boots (Foundry
 * never awaits a hook listener and builds the world's documents and UI right after `setup`).
 *
 * At init: settings, document classes, every rule set's data models, card models, sheets and Roll classes (documents
 * and cards of another rule set still open), the shared chat/relay/damage/combat/Dice So Nice hooks and helpers; then
 * the world's rule set only: its settings and menus, its runtime (card actions, damage, combat, dice colours, hooks,
 * relay handlers, token tools) and the compendium directory without the other rule sets' packs. Templates (the shared
 * ones and the world's rule set's) start loading at init; whatever renders a template with partials (cards, the
 * tracker, sheets) waits for that load first (`templates/index.ts` `templatesLoaded`). Every rule set's stylesheet is
 * in the manifest's `styles`, scoped by its classes. At ready: the world's rule set's ready step, then the GM's
 * client migrates older worlds.
 *
 * Rule sets plug in by exporting `ruleset: RulesetDescriptor` from `src/foundry/<ruleset>/ruleset.ts` (found here by
 * Vite's eager glob import, i.e. static imports: adding one needs no edit of this file).
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
import { registerApi } from "./foundry/api/index.ts";
import { announceReady, registerModuleApi } from "./foundry/api/module-api.ts";
import { registerKeybindings } from "./foundry/api/keybindings.ts";
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
import { registerQuenchBatches } from "./foundry/quench/index.ts";

const rulesetModules = import.meta.glob<{ ruleset?: RulesetDescriptor }>("./foundry/*/ruleset.ts", { eager: true });

/** Registers every rule set found under src/foundry/<ruleset>/ruleset.ts (once). */
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
  registerKeybindings();
  registerApi();
  for (const descriptor of allRulesets()) registerRulesetTypes(descriptor);
  registerHelpers();
  registerModuleApi();
  const active = activeRuleset();
  registerCompendiumFilter(activeRulesetId());
  if (active) activateRuleset(active);
  void preloadTemplates(active?.templates ?? []);
}

export async function readyQuintette(): Promise<void> {
  activeRuleset()?.ready?.();
  announceReady();
  if (!game.user?.isGM) return;
  await migrateWorldIfNeeded();
}

/**
 * What evaluating this module does: its two listeners of Foundry's boot, and one of Quench's `quenchReady` (which only
 * registers the in-Foundry test batches when the Quench module is active: docs/quench.md).
 */
export function registerSystemHooks(): void {
  Hooks.once("init", initQuintette);
  Hooks.once("ready", () => void readyQuintette());
  registerQuenchBatches(activeRulesetId);
}

registerSystemHooks();
