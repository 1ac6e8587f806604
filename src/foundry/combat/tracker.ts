/**
 * The combat tracker: Foundry's ApplicationV2 CombatTracker, plus the active rule set's parts and turn fields.
 * Every turn row also carries the shared combatant data (`quintette`), so rule-set templates and the shared badges
 * partial read it the same way. Adding combatants (token HUD, drag) is Foundry's and stays untouched.
 */
import { activeCombatBehaviour, turnBadges } from "./behaviour.ts";
import { templatesLoaded } from "../templates/loaded.ts";

export { turnBadges, type TurnBadges } from "./behaviour.ts";

export const TRACKER_PARTIALS = [
  "systems/quintette/templates/shared/combat/badges.hbs",
  "systems/quintette/templates/shared/combat/phases.hbs",
];

/**
 * A rule set's tracker context reads documents and cards any player may have written: a throw there must not take
 * the tracker down on every client. It is logged and the rule set's extra context is left out.
 */
async function guarded<T>(read: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    console.warn("quintette | tracker context skipped", error);
    return undefined;
  }
}

export class QuintetteCombatTracker extends foundry.applications.sidebar.tabs.CombatTracker {
  protected override _configureRenderParts(
    options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions,
  ): Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> {
    const parts = super._configureRenderParts(options);
    const extra = activeCombatBehaviour()?.tracker?.parts ?? {};
    return { ...parts, ...extra };
  }

  protected override async _preparePartContext(
    partId: string,
    context: foundry.applications.api.ApplicationV2.RenderContextOf<this>,
    options: foundry.applications.sidebar.tabs.CombatTracker.RenderOptions,
  ): Promise<foundry.applications.api.ApplicationV2.RenderContextOf<this>> {
    // Its templates include partials loaded at init (templates/loaded.ts).
    await templatesLoaded();
    const base = await super._preparePartContext(partId, context, options);
    const tracker = activeCombatBehaviour()?.tracker;
    if (tracker?.parts && partId in tracker.parts) {
      // A rule set's part gets the same turn rows as Foundry's tracker part (Foundry prepares them for that one only).
      const combat = this.viewed;
      const scratch = { ...base };
      const prepared: unknown = await this._prepareTrackerContext(scratch, options);
      const turns = turnsIn(prepared) ?? turnsIn(scratch) ?? [];
      Object.assign(base, { turns });
      if (tracker.partContext) Object.assign(base, await guarded(() => tracker.partContext?.(partId, combat, base)));
    }
    return base;
  }

  protected override async _prepareTurnContext(
    combat: Combat.Stored,
    combatant: Combatant.Stored,
    index: number,
  ): Promise<foundry.applications.sidebar.tabs.CombatTracker.TurnContext> {
    const turn = await super._prepareTurnContext(combat, combatant, index);
    const withBadges = { ...turn, quintette: turnBadges(combatant.system) };
    const extra = await guarded(() =>
      activeCombatBehaviour()?.tracker?.turnContext?.(combat, combatant, withBadges, index),
    );
    return extra ? { ...withBadges, ...extra } : withBadges;
  }
}

/** The turn rows of a tracker context: v13's `_prepareTrackerContext` returns the context, v14's fills the given one. */
function turnsIn(context: unknown): unknown[] | null {
  return context && typeof context === "object" && "turns" in context && Array.isArray(context.turns)
    ? context.turns
    : null;
}
