/**
 * SYSTEMJ rolls as plain calls (its runtime). Roll keys: a score (`attribute.<id>`, `skill.<id>`, `special.<name>`…,
 * as `scoreForKey` reads them), `card` (the card `itemId` names, at its score), and `attack` or `attack.<mode>`
 * (`meleeStealth`: by stealth, `throw`: a thrown object, any other: the weapon's own attack) with the weapon card
 * `itemId` names, or none (bare hands, a thrown object).
 */
import type { RulesetApi } from "../api/types.ts";
import type { RollRequest } from "../dialog/request.ts";
import { weaponsOf } from "./fighters.ts";
import { attackRequest, scoreForKey, testRequest } from "./rolling.ts";

/** The roll request of a key; null: nothing to roll. */
export function systemJRollRequest(actor: Actor.Implementation, key: string, itemId = ""): RollRequest | null {
  if (key === "card") {
    const item = actor.items.get(itemId);
    const score = (item?.system as { score?: unknown } | undefined)?.score;
    return item && typeof score === "number" ? (testRequest(actor, item.name ?? "", score) as RollRequest) : null;
  }
  const [kind, mode = ""] = key.split(".");
  if (kind === "attack") {
    const weapon = weaponsOf(actor.items).find((w) => w.id === itemId) ?? null;
    if (itemId && !weapon) return null;
    const request = attackRequest(
      actor,
      weapon,
      mode === "meleeStealth" ? "stealth" : mode === "throw" ? "throw" : "weapon",
    );
    return request as RollRequest | null;
  }
  const found = scoreForKey(actor, key);
  return found ? (testRequest(actor, found.label, found.score) as RollRequest) : null;
}

export const api: RulesetApi = {
  request: (actor, key, options) => systemJRollRequest(actor, key, options.itemId),
  itemKey: (item) => {
    if (!item.parent || !item.id) return null;
    const weapon = weaponsOf(item.parent.items).find((w) => w.id === item.id);
    if (weapon) return `attack.${weapon.system.ranged ? "ranged" : "meleeForce"}`;
    return typeof (item.system as { score?: unknown }).score === "number" ? "card" : null;
  },
};
