/**
 * The shared trust model (docs/security.md), used by all five rule sets: the GM's serialization queue, effect
 * the GM's effect records, write-target checks, and strict readers of what a client wrote.
 */
export { serializeOnGM, queueBusy } from "./queue.ts";
export { originKey, postOnce, postedFor } from "./once.ts";
export {
  allowedChanges,
  applyEffects,
  effectKey,
  fieldLimits,
  hasLiveEffect,
  isEffectKey,
  isWritableDocument,
  playerMayWrite,
  readEffect,
  registerHeldPaths,
  resolveWriteTarget,
  undoChanges,
  undoEffects,
  EFFECTS_PATH,
  type EffectMeta,
  type EffectRecord,
  type PlannedEffect,
  type PlannedUndo,
  type WritableDocument,
} from "./effects.ts";
export { forgetMessages, registerEffectRecords } from "./records.ts";
export { isJsonValue, isPlainRecord } from "./validate.ts";
export { shortHash, storedToken, TOKEN_MAX } from "./hash.ts";
