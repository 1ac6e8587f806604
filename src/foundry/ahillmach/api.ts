/**
 * Ahill-Mach rolls and sheet actions as plain calls (its runtime). Roll keys: `char:<characteristic>`,
 * `move:<item id>`, `fainting`, `recovery`, `sceneEnd` (personnage), `morale` (opposant). Actions: `amRest` (a good
 * rest, the rules core's), `amDamage` (an opponent's damage die into a damage card).
 */
import { ahillmach } from "../../rules/index.ts";
import type { RulesetApi } from "../api/types.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import type { RollRequest } from "../dialog/request.ts";
import { buildDamageCard } from "./damage-card.ts";
import type { OpposantModel, PersonnageModel } from "./models.ts";
import { opposantSource, personnageSource, rollRequest, rollerOf } from "./rolling.ts";

/** The roll request of a key for a personnage or an opposant; null: nothing to roll. */
export function ahillMachRollRequest(actor: Actor.Implementation, key: string): RollRequest | null {
  if (actor.type === "opposant") return key === "morale" ? rollRequest(actor, opposantSource(actor)) : null;
  if (actor.type !== "personnage") return null;
  const [kind, arg] = key.split(":");
  if (kind === "char" && arg && ahillmach.isCharacteristicId(arg)) {
    return rollRequest(actor, personnageSource(actor, "characteristic", { characteristic: arg }));
  }
  if (kind === "move" && arg) {
    const item = actor.items.get(arg);
    return item ? rollRequest(actor, personnageSource(actor, "move", { item })) : null;
  }
  if (kind === "fainting" || kind === "recovery" || kind === "sceneEnd") {
    return rollRequest(actor, personnageSource(actor, kind));
  }
  return null;
}

/** A good rest (about 8 hours): breath and bruises come back in full; wounds (6 HP or less) stay (rules core). */
export async function rest(actor: Actor.Implementation): Promise<void> {
  if (actor.type !== "personnage" || !actor.isOwner) return;
  const derived = (actor.system as PersonnageModel).derived;
  const hp = ahillmach.afterRest({ hp: derived.hp, maxHp: derived.maxHp });
  if (hp !== derived.hp) await actor.update({ system: { hp: { value: hp } } });
}

/** The opponent's damage die (tier, size, FOR) into a damage card with the shared apply button. */
export async function opponentDamage(actor: Actor.Implementation): Promise<void> {
  if (actor.type !== "opposant") return;
  const d = (actor.system as OpposantModel).derived.stats.damage;
  const formula = d.modifier ? `1d${d.sides} ${d.modifier > 0 ? "+" : "-"} ${Math.abs(d.modifier)}` : `1d${d.sides}`;
  const roll = new foundry.dice.Roll(formula);
  await roll.evaluate();
  const card = buildDamageCard({
    roller: rollerOf(actor),
    formula,
    faces: roll.dice.flatMap((t) => t.results.map((r) => r.result)),
    amount: roll.total ?? 0,
    source: actor.name ?? "",
  });
  await postCard(card, { rolls: [roll], speaker: speakerFor(actor) });
}

export const api: RulesetApi = {
  request: (actor, key) => ahillMachRollRequest(actor, key),
  itemKey: (item) => (item.type === "am-action" && item.id ? `move:${item.id}` : null),
  actions: {
    amRest: (actor) => rest(actor),
    amDamage: (actor) => opponentDamage(actor),
  },
};
