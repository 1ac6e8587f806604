/**
 * What modules get besides `game.system.api`, registered synchronously at init from code already loaded:
 * `CONFIG.QUINTETTE` (config.ts), the journal enrichers (enrichers.ts), the first-run choice of the game
 * (settings/first-run.ts), and `quintette.ready` once the system's own ready step ran (`announceReady`, hooks.ts).
 */
import { registerFirstRun } from "../settings/first-run.ts";
import { registerConfig } from "./config.ts";
import { registerEnrichers } from "./enrichers.ts";
import { HOOK, callPost } from "./hooks.ts";

export function registerModuleApi(): void {
  registerConfig();
  registerEnrichers();
  registerFirstRun();
}

/** `quintette.ready`: the entry calls it at ready, once the system's own ready step (the rule set's) has run. */
export function announceReady(): void {
  callPost(HOOK.ready, (game.system as unknown as { api?: unknown } | undefined)?.api ?? null);
}
