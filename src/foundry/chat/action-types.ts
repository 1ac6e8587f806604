/**
 * Card actions' types: what a rule set's action is (`CardAction`), what it gets (`CardActionContext`) and what it
 * returns (`CardActionOutcome`: a new card state and the document writes the executor performs, action-executor.ts).
 */
import type { CardActionInfo } from "../api/hooks.ts";
import type { ButtonAudience, CardState, JsonObject, JsonPrimitive } from "./types.ts";

export type CardActionArgs = Record<string, JsonPrimitive>;

export interface CardActionContext {
  message: ChatMessage.Implementation;
  /** A private copy of the stored state: return a modified copy in the outcome. */
  card: CardState;
  requester: User.Implementation;
  args: CardActionArgs;
}

/**
 * A write the executor performs after every check passed: `changes` is a Foundry update (dotted paths allowed, only
 * under `system.` and `flags.quintette.`). Compute it from the document's current values inside `execute`.
 */
export interface DocumentWrite {
  uuid: string;
  changes: Record<string, unknown>;
  /**
   * Idempotence key of this effect on this document (letters, digits, `_`, `-`, `:`); default: the action's token.
   * It must not depend on anything a player can write on the card (revision, done…): the record it names is what
   * makes the write happen once.
   */
  effect?: string;
}

/** An effect to reverse: the record `effect` (a key from `AppliedEntry.effect`) on the document at `uuid`. */
export interface EffectUndo {
  uuid: string;
  effect: string;
  /**
   * The rule itself takes the effect back (a winning reaction reverses a hit), computed by the GM's side from what it
   * verified: not the requester's undo of someone's record, so no requester check applies.
   */
  byRule?: boolean;
}

export type CardActionOutcome =
  | {
      status: "applied";
      card: CardState;
      writes?: DocumentWrite[];
      /**
       * Writes that are not documents (a world setting), run after the document writes and before the card: so
       * nothing is written when a right check fails. It undoes its own part before throwing, if it can; the
       * executor then reverses the document writes (with their records), so it must not revert them itself.
       */
      afterWrites?: () => Promise<void>;
      /** Effects to reverse (the shared undo): checked like writes, each reversed with its record in one update. */
      undo?: EffectUndo[];
      /** Id of a card the action posted (a damage card): the requester gets it back to take that card's next step. */
      posted?: string;
    }
  | { status: "denied" | "invalid"; reason: string }
  /** Nothing left to do (every target already served): reported like a repeated click. */
  | { status: "already"; reason?: string };

export interface CardAction {
  /** Unique name, prefixed by rule set (`trinites.pick`); the shared ones start with `quintette.`. */
  name: string;
  /** Who may take it: roller (or GM), GM only, anyone, or owners (of what it writes; checked on the writes). */
  audience: ButtonAudience;
  /** Extra right check (for instance: only the defender answers an attack). */
  allowed?(ctx: CardActionContext): boolean;
  /** Idempotence token; default: the name (plus `:key` for a `keyed` action). */
  token?(args: CardActionArgs, card: CardState): string;
  /**
   * The request's `key` names one of several independent uses of the action on one card (an option to pick, an
   * "applied" line's follow-up): the default token carries it. Otherwise the default token is the name alone, so a
   * key a script adds to the request makes no new token, hence no new effect record (docs/security.md).
   */
  keyed?: boolean;
  /** May run on the roller's own client when no GM is connected (it writes only what the roller owns). */
  localWithoutGM?: boolean;
  /** The rule itself grants the writes (skip the requester-owns-every-written-document check). */
  trustedWrites?: boolean;
  /**
   * Runs on the clicking client before the request leaves: adds what only that client knows (its targeted
   * tokens, a dialog's answer…). Returns null to cancel (after telling the user why).
   */
  collect?(args: CardActionArgs, messageId: string): CardActionArgs | null | Promise<CardActionArgs | null>;
  /**
   * The action's own cancellable hook, on the asking client after `quintette.preCardAction` (damage, undo): false
   * cancels; it may change `args` in place (the GM's client checks whatever arrives).
   */
  before?(args: CardActionArgs, messageId: string): boolean;
  /** Computes the new card state and the document writes; may roll dice or post messages. */
  execute(ctx: CardActionContext): CardActionOutcome | Promise<CardActionOutcome>;
  /**
   * Runs on the writing client once the step is applied and the card written: the action's own post hook (damage,
   * undo), after the shared `quintette.cardAction`. `card` is the card as written.
   */
  applied?(ctx: CardActionContext, card: CardState, info: CardActionInfo): void;
}

export interface CardActionRequest extends JsonObject {
  messageId: string;
  action: string;
  args: CardActionArgs;
}
