/**
 * Quintette's Quench batches (docs/quench.md): registered on Quench's `quenchReady` hook only, so a world without the
 * Quench module never sees them, and run only when a user starts them in Quench's window (none is pre-selected, so
 * Quench's "run on startup" leaves them alone). A world offers the boot batch, the clean-up batch and its own rule
 * set's batches.
 */
import type { Quench } from "@ethaks/fvtt-quench";
import type { BatchSpec } from "./kit.ts";
import { bootBatch, cleanupBatch } from "./boot.ts";
import { trinitesBatches } from "./trinites.ts";
import { jetonsBatches } from "./jetons.ts";
import { systemjBatches } from "./systemj.ts";
import { ahillmachBatches } from "./ahillmach.ts";
import { oeilnoirBatches } from "./oeilnoir.ts";

declare module "fvtt-types/configuration" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- merging into the type package's namespace
  namespace Hooks {
    interface HookConfig {
      /** Quench's: "fires when Quench is ready to register batches" (@ethaks/fvtt-quench `quench-init.d.ts`). */
      quenchReady: (quench: Quench) => void;
    }
  }
}

/** Every batch the system ships; a rule set's reach only its own worlds. */
export const BATCHES: readonly BatchSpec[] = [
  bootBatch,
  cleanupBatch,
  ...trinitesBatches,
  ...jetonsBatches,
  ...systemjBatches,
  ...ahillmachBatches,
  ...oeilnoirBatches,
];

/** The batches a world playing `ruleset` offers. */
export function batchesFor(ruleset: string): BatchSpec[] {
  return BATCHES.filter((b) => !b.ruleset || b.ruleset === ruleset);
}

/** Registers the world's batches once Quench is ready (`active`: the world's rule set, read then). */
export function registerQuenchBatches(active: () => string): void {
  Hooks.once("quenchReady", (quench: Quench) => {
    for (const batch of batchesFor(active()))
      quench.registerBatch(batch.key, (context) => batch.register(context), {
        displayName: `Quintette: ${batch.displayName}`,
        preSelected: false,
      });
  });
}
