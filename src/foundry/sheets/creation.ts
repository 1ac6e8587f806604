/**
 * The creation guide on a character sheet (issue 25), the part every sheet carries: its context asked of the rule
 * set (`creation-view.ts` builds it) and the guide's buttons. The player writes only their own actor.
 */
import { rulesetOfType } from "../ruleset.ts";

/** The guide's context for the sheet (null: nothing to show). */
export function creationOf(actor: Actor.Implementation, editable: boolean) {
  return rulesetOfType(actor.type)?.creation?.(actor, editable) ?? null;
}

type SheetThis = { document: Actor.Implementation };

/** Whether the owner closed this actor's guide (a flag, plain display state). */
function guideClosed(actor: Actor.Implementation): boolean {
  const flags = actor.flags as { quintette?: { creationDone?: unknown } } | undefined;
  return flags?.quintette?.creationDone === true;
}

/**
 * The sheet's header menu entry that opens a closed guide again (its owner's choice), for a rule set that has one;
 * none otherwise.
 */
export function creationHeaderControl(actor: Actor.Implementation, editable: boolean) {
  if (!editable || !guideClosed(actor) || !rulesetOfType(actor.type)?.creation) return null;
  return { icon: "fa-solid fa-person-circle-plus", label: "QUINTETTE.Creation.Reopen", action: "creationReopen" };
}

/** The guide's buttons, spread into a sheet's `actions`: apply a fix, close the guide, open it again. */
export const CREATION_ACTIONS = {
  async creationFix(this: SheetThis, _event: PointerEvent, target: HTMLElement) {
    const { path, value } = target.dataset;
    if (!path || value === undefined) return;
    // Fixes write numbers, or a choice's id (never a numeric text).
    const number = Number(value);
    await this.document.update({ [`system.${path}`]: value !== "" && !Number.isNaN(number) ? number : value });
  },
  async creationDone(this: SheetThis) {
    // A plain flag path; fvtt-types only types flags declared in its configuration. `creationClosedOnce` stays when
    // the guide is opened again: what creation fixed for good (L'Œil Noir's AT/PRD split) stays fixed.
    await this.document.update({
      "flags.quintette.creationDone": true,
      "flags.quintette.creationClosedOnce": true,
    } as Actor.UpdateData);
  },
  async creationReopen(this: SheetThis) {
    await this.document.update({
      "flags.quintette.creationDone": false,
      "flags.quintette.creationClosedOnce": true,
    } as Actor.UpdateData);
  },
};
