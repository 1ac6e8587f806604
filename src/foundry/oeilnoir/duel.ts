/**
 * The duel of L'Œil Noir, pure, in three parts: its stored shape (`duel-data.ts`), its steps (`duel-steps.ts`) and
 * its card (`duel-card.ts`). Re-exported here so callers import the duel from one place; the parts never import
 * this file (no circle).
 */
export * from "./duel-data.ts";
export * from "./duel-steps.ts";
export * from "./duel-card.ts";
