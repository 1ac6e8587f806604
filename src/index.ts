/**
 * Quintette's entry. At init: settings, document classes, every rule set's data models, sheets and Roll classes
 * (documents of another rule set still open), shared chat/relay/damage/combat/Dice So Nice hooks, helpers and the
 * shared templates; then only the world's rule set: its settings and menus, its stylesheet, the compendium
 * directory without the other rule sets' packs, and the import of its runtime chunk (card flows, combat, damage,
 * hooks, templates), activated as soon as it arrives. At ready: once that chunk is active, its ready step, then the
 * GM's client imports the migration runner and migrates older worlds.
 *
 * Rule sets plug in by exporting `registration: RulesetRegistration` from `src/foundry/<ruleset>/registration.ts`
 * (found here by Vite's glob import, so adding one needs no edit of this file); its `load` imports
 * `./runtime.ts`, which the build makes a chunk of its own.
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
import {
  activeRuleset,
  activeRulesetId,
  allRulesets,
  attachRuntime,
  getRuleset,
  registerRuleset,
  type RulesetRegistration,
  type RulesetRuntime,
} from "./foundry/ruleset.ts";
import { registerCoreSettings } from "./foundry/settings/index.ts";
import { loadRulesetStyles } from "./foundry/styles.ts";
import { preloadTemplates, registerHelpers } from "./foundry/templates/index.ts";

const registrationModules = import.meta.glob<{ registration?: RulesetRegistration }>("./foundry/*/registration.ts", {
  eager: true,
});

/** Registers every rule set found under src/foundry/<ruleset>/registration.ts (once). */
export function registerFoundRulesets(): void {
  for (const mod of Object.values(registrationModules)) {
    if (mod.registration && !getRuleset(mod.registration.id)) registerRuleset(mod.registration);
  }
}

let runtimeLoaded: Promise<RulesetRuntime | undefined> = Promise.resolve(undefined);

/** Settles once the world's rule set's runtime is active (or failed to load, which is reported). */
export function activeRuntime(): Promise<RulesetRuntime | undefined> {
  return runtimeLoaded;
}

/** Imports a rule set's runtime chunk, then activates it: plug-ins, hooks, relay handlers, templates. */
export async function loadRuntime(registration: RulesetRegistration): Promise<RulesetRuntime | undefined> {
  if (!registration.load) return undefined;
  const { runtime } = await registration.load();
  const descriptor = attachRuntime(registration.id, runtime);
  if (descriptor) activateRuleset({ ...descriptor, init: runtime.init });
  await preloadTemplates(runtime.templates ?? []);
  return runtime;
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
  void preloadTemplates();
  registerModuleApi();
  const active = activeRuleset();
  registerCompendiumFilter(activeRulesetId());
  loadRulesetStyles(activeRulesetId());
  if (!active) return;
  active.settings?.();
  runtimeLoaded = loadRuntime(active).catch((error: unknown) => {
    console.error(`Quintette: the ${active.id} rule set could not load`, error);
    ui.notifications?.error("QUINTETTE.Runtime.LoadFailed", { localize: true, permanent: true });
    return undefined;
  });
}

export async function readyQuintette(): Promise<void> {
  const runtime = await runtimeLoaded;
  runtime?.ready?.();
  announceReady();
  // The migration runner is the GM's, once per world version: a chunk of its own, not part of the entry.
  if (!game.user?.isGM) return;
  const { migrateWorldIfNeeded } = await import("./foundry/migrations/index.ts");
  await migrateWorldIfNeeded();
}

Hooks.once("init", initQuintette);
Hooks.once("ready", () => void readyQuintette());
