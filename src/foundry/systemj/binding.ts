/**
 * The revealed Action / Mouvement binds the round (issue 25): a fighter who showed Mouvement is refused an attack, one
 * who showed Action (or nothing, at a forced reveal) is refused moving their token; the rules core decides
 * (`roundRefusal`). The GM may override: the GM's attack dialog offers "attack anyway", and the GM's own token moves
 * are never refused. The GM's client also refuses to take a player's fight card the round refuses.
 */
import { systemj } from "../../rules/index.ts";
import { actorOf, readPublic } from "./choices.ts";

const K = (key: string) => `QUINTETTE.SystemJ.Round.${key}`;

/** The combatant of this actor in the active combat, with that combat's public phase; null out of combat. */
function combatantOf(actor: {
  uuid: string | null;
}): { choice: systemj.RoundChoice | null; status: "choosing" | "revealed" } | null {
  const combat = game.combat;
  if (!combat?.started || !actor.uuid) return null;
  const combatant = combat.combatants.contents.find((c) => actorOf(c)?.uuid === actor.uuid);
  if (!combatant?.id) return null;
  const pub = readPublic(combat);
  return { status: pub.status, choice: pub.choices[combatant.id] ?? null };
}

/** What the round refuses this actor doing (`wanted`): the choice that refuses it, or null when it is allowed. */
export function roundRefusalOf(
  actor: { uuid: string | null },
  wanted: systemj.RoundChoice,
): systemj.RoundChoice | "none" | null {
  const bound = combatantOf(actor);
  return bound ? systemj.roundRefusal(bound.status, bound.choice, wanted) : null;
}

/** The localized reason a round refuses an attack or a move. */
export function refusalText(name: string, refused: systemj.RoundChoice | "none", wanted: systemj.RoundChoice): string {
  const key = refused === "none" ? "NoChoice" : wanted === "action" ? "AttackRefused" : "MoveRefused";
  return game.i18n?.format(K(key), { name }) ?? key;
}

/** The input of the GM's attack dialog that overrides the round (checked before rolling). */
export const OVERRIDE_INPUT = "roundOverride";

/**
 * A token move the round refuses, on the mover's client (before the update is sent): refused with a warning for a
 * player, allowed for the GM (the override). Returns false to refuse the update.
 */
export function allowTokenMove(
  token: { actor?: { uuid: string | null; name?: string | null } | null },
  changes: Record<string, unknown>,
): boolean {
  if (!("x" in changes) && !("y" in changes)) return true;
  if (game.user?.isGM || !token.actor) return true;
  const refused = roundRefusalOf(token.actor, "mouvement");
  if (!refused) return true;
  ui.notifications?.warn(refusalText(token.actor.name ?? "", refused, "mouvement"));
  return false;
}

/** The mover's client checks a token move before sending it (Foundry: a `preUpdateToken` returning false cancels). */
export function registerRoundBinding(): void {
  Hooks.on("preUpdateToken", (token, changes) => allowTokenMove(token, changes as Record<string, unknown>));
}
