/**
 * Quintette's own hooks, for modules: every one is fired from here, by the shared entry points (rolls and actions
 * in `api/rolls.ts`, card actions in `chat/actions.ts`, damage and undo in `damage/`), never by a rule set's copy.
 *
 * A `pre…` hook goes through `Hooks.call` on the client that asks (the clicking or rolling one): a listener that
 * returns `false` cancels that client's own request, and it may change the plain options it is given. The matching
 * post hook goes through `Hooks.callAll` on the client that wrote (the rolling client for a roll, the GM's for a
 * card action relayed to it). Nothing a listener changes reaches past the GM's checks: the GM's client still checks
 * rights and recomputes every write from the rules core (docs/security.md). docs/api.md lists the arguments.
 */
import type { AppliedEntry, JsonPrimitive } from "../chat/types.ts";
import type { RelayResult } from "../relay/index.ts";
import type { ActionOptions, RollOptions } from "./types.ts";

/** A card step's arguments (chat/actions.ts's `CardActionArgs`, restated: that file imports this one). */
type CardActionArgs = Record<string, JsonPrimitive>;

export const HOOK = {
  ready: "quintette.ready",
  preRoll: "quintette.preRoll",
  roll: "quintette.roll",
  preAct: "quintette.preAct",
  act: "quintette.act",
  preCardAction: "quintette.preCardAction",
  cardAction: "quintette.cardAction",
  preApplyDamage: "quintette.preApplyDamage",
  applyDamage: "quintette.applyDamage",
  preUndo: "quintette.preUndo",
  undo: "quintette.undo",
} as const;

/** What `quintette.roll` gets once a roll posted its card: the values rolled and the card (null: none posted). */
export interface RolledInfo {
  values: Record<string, unknown>;
  rollMode: string;
  message: ChatMessage.Implementation | null;
}

/** What the writing client tells `quintette.cardAction` (and the damage and undo hooks) about a step it ran. */
export interface CardActionInfo {
  /** The user who asked, as Foundry's server attests it. */
  requester: User.Implementation;
  /** The arguments as the writing client received them (after the asking client's additions). */
  args: Readonly<CardActionArgs>;
  result: RelayResult;
}

declare module "fvtt-types/configuration" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- merging into the type package's namespace
  namespace Hooks {
    interface HookConfig {
      "quintette.ready": (api: unknown) => void;
      "quintette.preRoll": (actor: Actor.Implementation, key: string, options: RollOptions) => boolean | void;
      "quintette.roll": (actor: Actor.Implementation, key: string, rolled: RolledInfo) => void;
      "quintette.preAct": (actor: Actor.Implementation, name: string, options: ActionOptions) => boolean | void;
      "quintette.act": (actor: Actor.Implementation, name: string, result: unknown) => void;
      "quintette.preCardAction": (
        message: ChatMessage.Implementation | null,
        action: string,
        args: CardActionArgs,
      ) => boolean | void;
      "quintette.cardAction": (message: ChatMessage.Implementation, action: string, info: CardActionInfo) => void;
      "quintette.preApplyDamage": (message: ChatMessage.Implementation | null, targets: string[]) => boolean | void;
      "quintette.applyDamage": (
        message: ChatMessage.Implementation,
        applied: readonly AppliedEntry[],
        info: CardActionInfo,
      ) => void;
      "quintette.preUndo": (message: ChatMessage.Implementation | null, line: string) => boolean | void;
      "quintette.undo": (message: ChatMessage.Implementation, line: string, info: CardActionInfo) => void;
    }
  }
}

type HookName = (typeof HOOK)[keyof typeof HOOK];

/** A cancellable hook (`Hooks.call`): false when a listener returned false. */
export function callPre(name: HookName, ...args: unknown[]): boolean {
  return (Hooks.call as (hook: string, ...rest: unknown[]) => boolean)(name, ...args) !== false;
}

/** A post hook (`Hooks.callAll`): every listener runs; none is awaited. */
export function callPost(name: HookName, ...args: unknown[]): void {
  (Hooks.callAll as (hook: string, ...rest: unknown[]) => unknown)(name, ...args);
}
