/** Jetons in a live world: batches to come (docs/quench.md). */
import type { BatchSpec } from "./kit.ts";

export const jetonsBatches: BatchSpec[] = [];
