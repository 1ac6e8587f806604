/**
 * A player applies the damage of their own attack to the attack's targets (the shared apply-damage lets only the
 * target's owners apply). The move card records what the player targeted when rolling; the client that rolls the
 * damage (the GM's, through the relay) keeps only targets that are Ahill-Mach actors other than the roller, reads the
 * weapon die from the roller's documents, and writes the damage card. Applying then needs a damage card written by a
 * GM's client, so its amount and targets are the GM's own; each target's protection and HP are read from its
 * document by the rules core, through the defenders' wards (`wardedApplication`). Entries are the shared
 * apply-damage's, so its undo works and neither button hits the same target twice.
 */
import { APPLY_DAMAGE, hitEach } from "../damage/index.ts";
import type { CardAction } from "../chat/actions.ts";
import type { CardState } from "../chat/types.ts";
import { ACTIONS, K, RULESET, attackTargetsOf, type AttackTarget } from "./card.ts";
import type { MoveCardData } from "./card-data.ts";
import { opponentDown, wardedApplication } from "./damage.ts";
import { readCard } from "../chat/flags.ts";
import { writtenByGM } from "../chat/author.ts";

export { writtenByGM };
import { UNARMED_DICE } from "./dialog.ts";
import type { PersonnageModel } from "./models.ts";
import { boundName } from "../trust/bound.ts";

/** Whether the actor at this uuid is an opponent already down, as this client sees it. */
function downNow(uuid: string): boolean {
  const actor = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown;
  if (!actor || typeof actor !== "object") return false;
  const a = actor as { type?: unknown; system?: unknown };
  return typeof a.type === "string" && opponentDown({ type: a.type, system: a.system });
}

/** Most targets one attack carries (Salve at a group, say); more are dropped. */
export const MAX_ATTACK_TARGETS = 8;

const TARGET_TYPES = new Set(["opposant", "personnage"]);

/** The move card's recorded targets that are Ahill-Mach actors other than the roller, named from their documents. */
export async function checkedTargets(card: CardState): Promise<AttackTarget[]> {
  const checked: AttackTarget[] = [];
  for (const target of attackTargetsOf(card.data).slice(0, MAX_ATTACK_TARGETS)) {
    if (target.uuid === card.actorUuid || checked.some((t) => t.uuid === target.uuid)) continue;
    const actor = await fromUuid<Actor.Implementation>(target.uuid);
    if (!actor || !TARGET_TYPES.has(actor.type) || actor.uuid === card.actorUuid) continue;
    checked.push({ uuid: actor.uuid ?? "", name: boundName(actor) });
  }
  return checked;
}

/**
 * The hit's damage as the roller's documents give it: the equipped weapon's die and modifier, the character's level
 * for Défendre's level damage; bare hands keep the die picked in the dialog (within its choices).
 */
export async function withDocumentDamage(card: CardState, data: MoveCardData): Promise<MoveCardData> {
  if (!data.damage) return data;
  const actor = card.actorUuid ? await fromUuid<Actor.Implementation>(card.actorUuid) : null;
  if (!actor || actor.type !== "personnage") return data;
  const sys = actor.system as PersonnageModel;
  if (data.damage.die <= 0) return { ...data, damage: { ...data.damage, modifier: sys.level } };
  const weapon = sys.derived.weapon;
  if (weapon) {
    return { ...data, damage: { die: weapon.damageDie, modifier: weapon.damageModifier, name: weapon.name } };
  }
  const die = (UNARMED_DICE as readonly number[]).includes(data.damage.die) ? data.damage.die : UNARMED_DICE[0];
  return { ...data, damage: { die, modifier: 0, name: data.damage.name } };
}

function appliedTo(card: CardState, uuid: string): boolean {
  return card.applied.some((e) => e.action === APPLY_DAMAGE && e.targetUuid === uuid && !e.undone);
}

/** The roller applies the damage card to the attack's targets, once per target (until undone). */
export const applyToTargetsAction: CardAction = {
  name: ACTIONS.applyToTargets,
  audience: "roller",
  // The rule grants the write: the roller hits the targets of their own attack, which they do not own.
  trustedWrites: true,
  token: (_args, card) => `${ACTIONS.applyToTargets}:r${card.revision}`,
  // On the clicking client: a target already down is named in a warning (the hit then changes nothing on it).
  collect(args, messageId) {
    const message = game.messages?.get(messageId);
    const card = message ? readCard(message) : null;
    const down = card ? attackTargetsOf(card.data).filter((t) => downNow(t.uuid)) : [];
    if (down.length) {
      const names = down.map((t) => t.name).join(", ");
      ui.notifications?.warn(game.i18n?.format(K("Damage.AlreadyDownWarning"), { name: names }) ?? names);
    }
    return args;
  },
  async execute({ message, card, requester }) {
    if (card.ruleset !== RULESET || card.kind !== "damage" || !card.damage) {
      return { status: "invalid", reason: "QUINTETTE.Damage.NoDamage" };
    }
    if (!writtenByGM(message)) return { status: "denied", reason: K("Damage.NotGMCard") };
    const targets = attackTargetsOf(card.data);
    if (!targets.length) return { status: "invalid", reason: "QUINTETTE.Damage.NoTarget" };
    const fresh = targets.filter((t) => !appliedTo(card, t.uuid));
    if (!fresh.length) return { status: "already", reason: "QUINTETTE.Damage.AlreadyApplied" };
    const amount = Math.max(0, Math.trunc(card.damage.amount));
    const uuids = fresh.map((t) => t.uuid);
    return hitEach({ messageId: message.id ?? "", card, userId: requester.id ?? "", uuids }, (actor, id, view) =>
      wardedApplication(actor, amount, id, view),
    );
  },
};
