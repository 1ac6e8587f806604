/**
 * Ahill-Mach's migration step (schema version 3, issue 33): a move item that is one of the seven rules moves by name,
 * in French or English, but is stored as a free move (`moveId` not a rules move: made by hand, or from data older
 * than the key) gets that move's key, so it plays by the rules move and shows its name in the reader's language.
 * Any other name stays a free move, as typed. Pure, as every step (migrations/steps.ts).
 */
import { ahillmach } from "../../rules/index.ts";
import type { MigrationStep } from "../migrations/steps.ts";
import { moveIdByName } from "./move-names.ts";

export const MOVE_KEYS_STEP: MigrationStep = {
  version: 3,
  description: "Ahill-Mach: rules moves stored as free moves get their key, found by French or English name",
  migrate(kind, source) {
    if (kind !== "Item" || source.type !== "am-action") return null;
    const system = source.system as { moveId?: unknown } | null | undefined;
    if ((ahillmach.MOVE_IDS as readonly unknown[]).includes(system?.moveId)) return null;
    const moveId = moveIdByName(source.name);
    return moveId ? { "system.moveId": moveId } : null;
  },
};
