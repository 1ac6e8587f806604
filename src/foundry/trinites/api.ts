/**
 * Trinités rolls as plain calls (its runtime): what a roll key of the actor sheet rolls — `skill:<id>`,
 * `weapon:<item id>`, `action:encourager|intimider` — and the key of an owned weapon.
 */
import { trinites as T } from "../../rules/index.ts";
import type { RulesetApi } from "../api/types.ts";
import type { RollRequest } from "../dialog/request.ts";
import type { TurnAction } from "./card.ts";
import { testRequest, weaponOf } from "./flow.ts";

/** The test request of a roll key; null: nothing to roll. */
export function actorRollRequest(actor: Actor.Implementation, key: string): RollRequest | null {
  const [kind, arg = ""] = key.split(":");
  if (kind === "skill" && T.isSkillId(arg)) return testRequest(actor, { skill: arg });
  if (kind === "weapon") {
    const item = actor.items.get(arg);
    const weapon = item ? weaponOf(item) : null;
    return weapon ? testRequest(actor, { weapon, skill: weapon.skill }) : null;
  }
  if (kind === "action" && (arg === "encourager" || arg === "intimider")) {
    return testRequest(actor, { action: arg as TurnAction });
  }
  return null;
}

export const api: RulesetApi = {
  request: (actor, key) => actorRollRequest(actor, key),
  itemKey: (item) => (item.type === "tr-arme" && item.id ? `weapon:${item.id}` : null),
};
