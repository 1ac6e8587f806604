/**
 * Token conditions (status effects) of the five rule sets. The active rule set's list becomes `CONFIG.statusEffects`
 * (the token HUD's icons). Conditions the rules decide are derived from the actor's data: `QuintetteActor` adds them
 * to `actor.statuses` (which `Combatant#isDefeated` reads for "dead") and to `temporaryEffects` (the icons drawn on
 * the token), so the write that wounds or heals is the only write, and nothing can fall out of step. A HUD click on
 * one writes the actor as the rules say; the other conditions are Foundry's ordinary status effects.
 */
import { activeRulesetId, rulesetOfType, type RulesetId } from "../ruleset.ts";
import { AHILLMACH_CONDITIONS } from "./ahillmach.ts";
import { JETONS_CONDITIONS } from "./jetons.ts";
import { OEILNOIR_CONDITIONS } from "./oeilnoir.ts";
import { SYSTEMJ_CONDITIONS } from "./systemj.ts";
import { TRINITES_CONDITIONS } from "./trinites.ts";
import type { ConditionSpec } from "./types.ts";

export type { ConditionSpec } from "./types.ts";

const CONDITIONS: Record<RulesetId, ConditionSpec[]> = {
  trinites: TRINITES_CONDITIONS,
  ahillmach: AHILLMACH_CONDITIONS,
  oeilnoir: OEILNOIR_CONDITIONS,
  jetons: JETONS_CONDITIONS,
  systemj: SYSTEMJ_CONDITIONS,
};

export function conditionsOf(ruleset: RulesetId): readonly ConditionSpec[] {
  return CONDITIONS[ruleset];
}

/**
 * A rule set's conditions as the world reads them at use: the world's own from `CONFIG.QUINTETTE.conditions` (set at
 * init, api/config.ts), which a module may extend or trim; another rule set's from its list above.
 */
function worldConditions(ruleset: RulesetId): readonly ConditionSpec[] {
  const config = CONFIG.QUINTETTE;
  return config && config.ruleset === ruleset ? config.conditions : CONDITIONS[ruleset];
}

/** The conditions that apply to this actor: those of the rule set owning its type, offered for its type. */
function conditionsFor(actor: Actor.Implementation): ConditionSpec[] {
  const ruleset = rulesetOfType(actor.type);
  if (!ruleset) return [];
  return worldConditions(ruleset.id).filter((c) => !c.actorTypes || c.actorTypes.includes(actor.type));
}

// fvtt-types 14.x keys the HUD's actor types by the declared types; ours are the rule sets' type strings.
type HudActorTypes = NonNullable<Exclude<CONFIG.StatusEffect["hud"], boolean>>["actorTypes"];

/** `CONFIG.statusEffects` entries: the HUD offers each only to the actor types it applies to. */
export function statusEffectsOf(ruleset: RulesetId): CONFIG.StatusEffect[] {
  return worldConditions(ruleset).map((c) => ({
    id: c.id,
    name: c.name,
    img: c.img,
    hud: c.actorTypes ? { actorTypes: c.actorTypes as HudActorTypes } : true,
  }));
}

export function configureStatusEffects(ruleset: RulesetId = activeRulesetId()): void {
  CONFIG.statusEffects = statusEffectsOf(ruleset);
  // "dead" is every rule set's death (derived where the rules decide it): the tracker shows it as defeated.
  if (CONFIG.specialStatusEffects) CONFIG.specialStatusEffects.DEFEATED = "dead";
}

/** Ids of the derived conditions the actor is in now. */
export function derivedStatuses(actor: Actor.Implementation): string[] {
  return conditionsFor(actor).flatMap((c) => (c.derive?.(actor) ? [c.id] : []));
}

/** Called at the end of the actor's data preparation (after Foundry filled `statuses` from its effects). */
export function addDerivedStatuses(actor: Actor.Implementation): void {
  for (const id of derivedStatuses(actor)) actor.statuses?.add(id);
}

/**
 * Unsaved ActiveEffects standing for the derived conditions, so the token draws their icons. Death is drawn as the
 * token's overlay, as Foundry draws the defeated status the tracker sets (`toggleStatusEffect` with `overlay`).
 */
export function derivedEffects(actor: Actor.Implementation): ActiveEffect.Implementation[] {
  const cls = CONFIG.ActiveEffect?.documentClass;
  if (!cls) return [];
  const defeated = CONFIG.specialStatusEffects?.DEFEATED;
  return conditionsFor(actor).flatMap((c) => {
    if (!c.derive?.(actor)) return [];
    const name = game.i18n?.localize(c.name) ?? c.name;
    const flags = c.id === defeated ? { core: { overlay: true } } : {};
    return [new cls({ name, img: c.img, statuses: [c.id], flags }, { parent: actor })];
  });
}

export type RuledToggle = { handled: false } | { handled: true; result: boolean | undefined };

/**
 * A HUD toggle of a derived condition: the actor update the rules give (nothing when the data already agrees), or an
 * explanation when the condition only follows other edits. Other ids are left to Foundry (`handled: false`).
 */
export async function toggleByRules(
  actor: Actor.Implementation,
  statusId: string,
  options?: { active?: boolean | null | undefined },
): Promise<RuledToggle> {
  const spec = conditionsFor(actor).find((c) => c.id === statusId);
  if (!spec?.derive) return { handled: false };
  const active = options?.active ?? !spec.derive(actor);
  if (!spec.toggle) {
    ui.notifications?.info(game.i18n?.format("QUINTETTE.Condition.FollowsData", { name: localize(spec.name) }) ?? "");
    return { handled: true, result: undefined };
  }
  const update = spec.toggle(actor, active);
  if (update) await actor.update(update);
  return { handled: true, result: spec.derive(actor) };
}

function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

/** The HUD marks active only the statuses it finds on effects: derived ones are marked here. */
export function markDerivedInHud(actor: Actor.Implementation | null | undefined, root: ParentNode): void {
  if (!actor) return;
  for (const id of derivedStatuses(actor)) {
    for (const el of root.querySelectorAll(`[data-status-id="${id}"]`)) el.classList.add("active");
  }
}

export function registerConditions(): void {
  // Settings are read from the world at setup; the HUD is first drawn later, with the canvas.
  Hooks.once("setup", () => configureStatusEffects());
  // The HUD's token document (fvtt-types 13 declares no `TokenHUD#actor`; v14 does): its actor, synthetic or not.
  Hooks.on("renderTokenHUD", (app, html) => markDerivedInHud(app.document?.actor, html));
  // Derived icons change with the actor's data, not with an effect document: ask its tokens to redraw them.
  Hooks.on("updateActor", (actor) => {
    // Only a placed, drawn token has render flags (none on a client without a canvas).
    const tokens: unknown = typeof actor.getActiveTokens === "function" ? actor.getActiveTokens() : [];
    if (!Array.isArray(tokens)) return;
    for (const token of tokens as Token.Implementation[]) token.renderFlags?.set({ redrawEffects: true });
  });
}
