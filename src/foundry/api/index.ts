/**
 * The system's API for macros and modules: `game.system.api`, also `globalThis.quintette` (and `game.quintette`, the
 * name the first hotbar macros call). Everything takes documents and plain options; nothing needs a sheet.
 * docs/api.md documents it, with a macro per rule set (test/unit/api/api-doc.test.ts runs them).
 */
import { requestCardAction, sharedCardActionNames, type CardActionArgs } from "../chat/actions.ts";
import type { RelayResult } from "../relay/index.ts";
import { activeRuleset, activeRulesetId, rulesetOfType } from "../ruleset.ts";
import { fastRollHeld } from "./keybindings.ts";
import { act, actionNames, itemRollKey, roll, rollRequest, useItem } from "./rolls.ts";
import { macroActor, rollMacro, useItemMacro } from "../macros/hotbar.ts";
import { rules } from "./rules.ts";

export const API = {
  /** Rolls a roll key for an actor: `await quintette.roll(actor, "skill:rapidite", { skipDialog: true })`. */
  roll,
  /** The roll request behind a key (its dialog configuration, odds included, and its `roll`), without rolling. */
  rollRequest,
  /** Uses an owned item (a weapon's attack, a move, a card): `await quintette.useItem(item)`. */
  useItem,
  /** The roll key an owned item rolls, or null. */
  itemRollKey,
  /** Runs a named sheet action of the actor's rule set (`amRest`, `jeAsk`…); `actionNames(actor)` lists them. */
  act,
  actionNames,
  /** The actor a macro acts for: the controlled token's, else the user's character. */
  macroActor,
  /** What the hotbar's macros call. */
  rollMacro,
  useItemMacro,
  /** Whether the fast-roll key (Configure Controls) is held. */
  fastRollHeld,
  /** The world's rule set id (`trinites`, `ahillmach`, `oeilnoir`, `jetons`, `systemj`). */
  ruleset: (): string => activeRulesetId(),
  /** The rule set that owns a document type, or null. */
  rulesetOf: (type: string): string | null => rulesetOfType(type)?.id ?? null,
  /** The rules core of all five rule sets (odds, outcomes), loaded from its own file on the first call. */
  rules,
  cards: {
    /** The card actions the world's rule set (and the shared layer) answers, by name, its client-side steps included. */
    actions: (): string[] => [
      ...new Set([
        ...(CONFIG.QUINTETTE?.cardActions ?? [
          ...(activeRuleset()?.cardActions ?? []).map((a) => a.name),
          ...sharedCardActionNames(),
        ]),
        ...Object.keys(activeRuleset()?.api?.cardActions ?? {}),
      ]),
    ],
    /**
     * Runs a card action on a chat card as the user, through the GM when the user lacks the right, exactly as the
     * card's button does (the GM's client checks rights and recomputes from the rules core). A step the rule set's
     * button prepares on the user's client first (Jetons' sealed bid) runs that preparation too.
     */
    act: async (messageId: string, action: string, args: CardActionArgs = {}): Promise<RelayResult> => {
      const clientStep = worldApi()?.cardActions?.[action];
      return clientStep ? clientStep(messageId, args) : requestCardAction(messageId, action, args);
    },
  },
};

/** The world's rule set's api. */
function worldApi() {
  return activeRuleset()?.api ?? null;
}

export type QuintetteApi = typeof API;

declare global {
  /** The short alias macros use (`quintette.roll(…)`), set at init. */
  var quintette: QuintetteApi | undefined;
}

/** Publishes the API at init. */
export function registerApi(): void {
  const system = game.system as unknown as { api?: QuintetteApi } | undefined;
  if (system) system.api = API;
  Object.assign(globalThis, { quintette: API });
  Object.assign(game, { quintette: API });
}
