/**
 * Rolls and actions on documents. Every roll or action a sheet button starts is one of these calls, taking the actor
 * (or item) and plain options: sheets, hotbar macros, keybindings and modules all call them. They reach the rule set's
 * `api` (its runtime's `api.ts`).
 */
import { RollDialog, currentRollMode } from "../dialog/roll-dialog.ts";
import { runRollRequest, type RollRequest } from "../dialog/request.ts";
import { presetInputs, type RollDialogResult } from "../dialog/inputs.ts";
import { rulesetOfType } from "../ruleset.ts";
import { HOOK, callPost, callPre } from "./hooks.ts";
import type { ActionOptions, RollOptions, RulesetApi } from "./types.ts";

/**
 * The rolls of the rule set owning a document type (documents of another rule set still roll); null for a type no
 * rule set owns.
 */
export function apiOf(type: string): RulesetApi | null {
  return rulesetOfType(type)?.api ?? null;
}

/** The roll request behind a roll key for this actor (the dialog's configuration and its roll); null: nothing rolls. */
export async function rollRequest(
  actor: Actor.Implementation,
  key: string,
  options: RollOptions = {},
): Promise<RollRequest | null> {
  const api = apiOf(actor.type);
  return api?.request(actor, key, options) ?? null;
}

/** What a roll resolves with: the values used and the card it posted (null: the roll posts none, an initiative). */
export type RollResult = RollDialogResult & { message: ChatMessage.Implementation | null };

/**
 * Rolls a key for an actor: the roll dialog with its exact odds (or, with `skipDialog`, its defaults), then the card.
 * Resolves with the values rolled and the card, or null (cancelled by the user or a `quintette.preRoll` listener, or
 * nothing to roll; a rule set that refuses says why itself). `quintette.roll` follows a roll made.
 */
export async function roll(
  actor: Actor.Implementation,
  key: string,
  rollOptions: RollOptions = {},
): Promise<RollResult | null> {
  // A listener may change this copy's plain options (skip the dialog, another mode), or cancel.
  const options: RollOptions = { ...rollOptions };
  if (!callPre(HOOK.preRoll, actor, key, options)) return null;
  const request = await rollRequest(actor, key, options);
  if (!request) return null;
  const mode = options.rollMode ?? currentRollMode();
  if (options.rollMode) request.dialog.rollMode = options.rollMode;
  if (options.values) request.dialog.inputs = presetInputs(request.dialog.inputs, options.values);
  // A rule set's roll resolves with the message it posted; anything else it returns is not a card.
  let message: ChatMessage.Implementation | null = null;
  const posting: RollRequest = {
    dialog: request.dialog,
    roll: async (result) => {
      const out = await request.roll(result);
      if (out instanceof ChatMessage) message = out;
      return out;
    },
  };
  const result = await runRollRequest(
    posting,
    options.skipDialog ?? false,
    (config) => RollDialog.prompt(config),
    mode,
  );
  if (!result) return null;
  const rolled: RollResult = { ...result, message };
  callPost(HOOK.roll, actor, key, rolled);
  return rolled;
}

/** The roll key an owned item rolls on its actor, or null. */
export async function itemRollKey(item: Item.Implementation): Promise<string | null> {
  const api = apiOf(item.type);
  return api?.itemKey?.(item) ?? null;
}

/** Uses an owned item: rolls its key on the actor that owns it. */
export async function useItem(item: Item.Implementation, options: RollOptions = {}): Promise<RollResult | null> {
  const actor = item.parent;
  const key = actor ? await itemRollKey(item) : null;
  if (!actor || !key) {
    notify("QUINTETTE.Macro.NotUsable", { name: item.name ?? "" });
    return null;
  }
  return roll(actor, key, { ...options, itemId: item.id ?? "" });
}

/** The names of the actions (other than rolls) an actor's rule set offers. */
export async function actionNames(actor: Actor.Implementation): Promise<string[]> {
  return Object.keys(apiOf(actor.type)?.actions ?? {});
}

/**
 * Runs a named action of the actor's rule set (`amRest`, `jeAsk`…) and resolves with what it returns; undefined (the
 * user told why) when the rule set has no such action, or when a `quintette.preAct` listener cancelled it.
 * `quintette.act` follows an action run.
 */
export async function act(actor: Actor.Implementation, name: string, options: ActionOptions = {}): Promise<unknown> {
  const action = apiOf(actor.type)?.actions?.[name];
  if (!action) {
    notify("QUINTETTE.Macro.Missing", { actor: actor.name ?? "", name });
    return undefined;
  }
  const own: ActionOptions = { ...options };
  if (!callPre(HOOK.preAct, actor, name, own)) return undefined;
  const result = await action(actor, own);
  callPost(HOOK.act, actor, name, result);
  return result;
}

function notify(key: string, values: Record<string, string>): void {
  ui.notifications?.warn(game.i18n?.format(key, values) ?? key);
}
