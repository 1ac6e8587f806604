/**
 * A roll request from a sheet button: the dialog configuration and what to do with the chosen values. Shift-click
 * skips the dialog and rolls with the defaults.
 */
import { defaultValues, type RollDialogConfig, type RollDialogResult, type RollValues } from "./inputs.ts";

export interface RollRequest<V extends RollValues = RollValues> {
  dialog: RollDialogConfig<V>;
  /** Rolls and posts the card. */
  roll(result: RollDialogResult<V>): Promise<unknown>;
}

/**
 * Runs a request: with `skipDialog` the inputs' defaults and the configured (or current) roll mode, otherwise whatever
 * `prompt` resolves (null: cancelled, nothing rolls). Returns the values used, or null.
 */
export async function runRollRequest<V extends RollValues>(
  request: RollRequest<V>,
  skipDialog: boolean,
  prompt: (config: RollDialogConfig<V>) => Promise<RollDialogResult<V> | null>,
  fallbackRollMode: string,
): Promise<RollDialogResult<V> | null> {
  const result = skipDialog
    ? { values: defaultValues(request.dialog.inputs) as V, rollMode: request.dialog.rollMode ?? fallbackRollMode }
    : await prompt(request.dialog);
  if (!result) return null;
  await request.roll(result);
  return result;
}
