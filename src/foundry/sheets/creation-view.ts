/**
 * The creation guide's view (issue 25), built by the rule set's `creation.ts`: the rules core's check for an actor
 * (`src/rules/<ruleset>/creation.ts`), shown while the character is being built and, once the owner closed the guide
 * (a flag on the actor, plain display state), only while something is illegal.
 */
import type { CreationCheck } from "../../rules/shared/creation.ts";

export interface CreationView extends CreationCheck {
  /** Lang prefix of the rule set's guide section, ending with a dot. */
  prefix: string;
  legal: boolean;
  /** The guide was closed: only problems show. */
  closed: boolean;
  editable: boolean;
}

/** Whether the owner closed the guide. */
export function creationClosed(actor: { flags?: unknown }): boolean {
  const flags = actor.flags as { quintette?: { creationDone?: unknown } } | undefined;
  return flags?.quintette?.creationDone === true;
}

/** Whether the owner ever closed the guide (kept when it is opened again). */
export function creationClosedOnce(actor: { flags?: unknown }): boolean {
  const flags = actor.flags as { quintette?: { creationClosedOnce?: unknown } } | undefined;
  return creationClosed(actor) || flags?.quintette?.creationClosedOnce === true;
}

/** The view from a rule set's check (null when there is nothing to show); the gallery's fixtures use it too. */
export function creationViewOf(
  prefix: string,
  check: CreationCheck | null,
  closed: boolean,
  editable: boolean,
): CreationView | null {
  if (!check) return null;
  const legal = !check.problems.length;
  return closed && legal ? null : { ...check, prefix, legal, closed, editable };
}

/** A runtime's `creation` from the rule set's check of an actor (`building`: the guide is still open). */
export function creationGuide(
  prefix: string,
  check: (actor: Actor.Implementation, building: boolean) => CreationCheck | null,
) {
  return (actor: Actor.Implementation, editable: boolean) => {
    const closed = creationClosed(actor);
    return creationViewOf(prefix, check(actor, !closed), closed, editable);
  };
}
