/**
 * The creation guide every character sheet may show (issue 25): the rule set's runtime says, for an actor, the steps
 * and what is illegal (rules core `creation.ts`); this file gives the sheet its context and the guide's two buttons.
 * The guide shows while the character is being built and closes once legal (a flag on the actor); afterwards only
 * problems show, each with its fix. The player writes only their own actor.
 */
import type { CreationCheck } from "../../rules/shared/creation.ts";
import { rulesetOfType } from "../ruleset.ts";

export interface CreationView extends CreationCheck {
  prefix: string;
  legal: boolean;
  /** The guide was closed: only problems show. */
  closed: boolean;
  editable: boolean;
}

/** Whether the owner closed the guide (plain display state, the owner's to write). */
export function creationClosed(actor: { flags?: unknown }): boolean {
  const flags = actor.flags as { quintette?: { creationDone?: unknown } } | undefined;
  return flags?.quintette?.creationDone === true;
}

/** The guide's context, or null when there is nothing to show (no guide for the type, or closed and legal). */
export function creationView(actor: Actor.Implementation, editable: boolean): CreationView | null {
  const closed = creationClosed(actor);
  const check = rulesetOfType(actor.type)?.creation?.(actor, !closed);
  if (!check) return null;
  const legal = !check.problems.length;
  return closed && legal ? null : { ...check, legal, closed, editable };
}

type SheetThis = { document: Actor.Implementation };

/** The guide's buttons, spread into a sheet's `actions`: apply a fix, close the guide. */
export const CREATION_ACTIONS = {
  async creationFix(this: SheetThis, _event: PointerEvent, target: HTMLElement) {
    const { path, value } = target.dataset;
    if (!path || value === undefined) return;
    // Fixes write numbers, or a choice's id (never a numeric text).
    const number = Number(value);
    await this.document.update({ [`system.${path}`]: value !== "" && !Number.isNaN(number) ? number : value });
  },
  async creationDone(this: SheetThis) {
    // A plain flag path; fvtt-types only types flags declared in its configuration.
    await this.document.update({ "flags.quintette.creationDone": true } as Actor.UpdateData);
  },
};
