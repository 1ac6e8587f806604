/**
 * Damage from a Trinités card to an actor: armour protection (halved by Blessure précise), the sword rule against
 * Trinités, the damage primes, then the life lines with non-lethal wounds (rules core's `attackDamage` and
 * `applyDamage`). Pain, unconsciousness and waking move the combatant's die (hooks below, through the GM).
 */
import { trinites as T } from "../../rules/index.ts";
import type { DamageApplier } from "../damage/index.ts";
import type { CardAction } from "../chat/actions.ts";
import { effectKey, hasLiveEffect, isWritableDocument } from "../trust/effects.ts";
import type { AppliedEntry, CardDamage, CardState, JsonObject } from "../chat/types.ts";
import { DAMAGE, damageOf, damageReaches, reachOf, readData } from "./card.ts";
import { pendingAnswers, trustedTestData } from "./confrontation.ts";
import { woundActorCombatants } from "./seat-relay.ts";
import type { WoundEffects } from "./seats.ts";
import { boxesPerLine, damageFromValue, valueFromDamage, type ActorKind } from "./derived.ts";
import { ArmourModel, HumainModel, TriniteModel, WeaponModel } from "./models.ts";
import { boundName } from "../trust/bound.ts";

export interface TargetView {
  kind: ActorKind;
  /** Remaining hit points (`system.vie.value`). */
  value: number;
  protection: number;
}

export interface DamageResultView {
  raw: number;
  protection: number;
  lost: number;
  swordRule: boolean;
  life: T.DamageResult;
  value: number;
}

function steps(value: unknown): T.DamageStep[] {
  return Array.isArray(value) ? value.filter((s): s is T.DamageStep => s === "moitie" || s === "plusMoitie") : [];
}

/** The whole computation, pure (tests and the gallery use it directly). */
export function computeDamage(target: TargetView, damage: CardDamage): DamageResultView {
  const hit = T.attackDamage({
    weaponDamage: Math.max(0, Math.trunc(Number(damage.weaponDamage ?? damage.amount) || 0)),
    protection: target.protection,
    targetIsTrinite: target.kind === "trinite",
    swordKind: damage.swordKind === true,
    steps: steps(damage.steps),
    precise: damage.precise === true,
    areaMiss: damage.areaMiss === true,
  });
  const current = damageFromValue(target.value, target.kind);
  const life = T.applyDamage(current, hit.damage, boxesPerLine(target.kind), { nonLethal: damage.nonLethal === true });
  return {
    raw: hit.raw,
    protection: hit.protection,
    lost: hit.damage,
    swordRule: hit.swordRule,
    life,
    value: valueFromDamage(life.damage, target.kind),
  };
}

/** Whether the coma after a wound is non-lethal (rules core). */
export const comaNonLethal = T.comaNonLethal;

/** Protection of the armour an actor wears (equipped `tr-armure` items add up). */
export function wornProtection(actor: Actor.Implementation): number {
  let total = 0;
  for (const item of actor.items)
    if (item.system instanceof ArmourModel && item.system.equipee) total += item.system.protection;
  return total;
}

/**
 * The damage of a card as the GM's client reads it (issue 22): the verified result and the confrontation from the
 * reaction cards (`trustedTestData`), the weapon's damage, blade and area from the roller's own item; the card's own
 * damage numbers are never read. Null when the card carries no damage so read.
 */
function gmCardDamage(card: CardState, messageId: string | undefined): { card: CardState; damage: CardDamage } | null {
  const message = messageId ? game.messages?.get(messageId) : undefined;
  const data = message ? trustedTestData(message, card) : null;
  const roller = card.actorUuid ? (fromUuidSync(card.actorUuid) as Actor.Implementation | null) : null;
  const rollerUser = game.users?.get(card.rollerId);
  if (!data?.setup.weapon || !roller || !rollerUser || !roller.testUserPermission(rollerUser, "OWNER")) return null;
  if (!T.dealsWeaponDamage(data.setup.combatAction)) return null;
  const weapon = gmWeapon(card, roller);
  if (!weapon) return null;
  const setup = { ...data.setup, weapon: { ...data.setup.weapon, ...weapon } };
  const damage = damageOf(setup, data.result);
  if (!damage) return null;
  const trusted = { ...data, setup } as unknown as JsonObject;
  return { card: { ...card, data: trusted, damage }, damage };
}

export const damageApplier: DamageApplier = {
  apply(actor: Actor.Implementation, _damage: CardDamage, card: CardState, messageId?: string) {
    const system = actor.system;
    if (!(system instanceof TriniteModel) && !(system instanceof HumainModel)) return null;
    const gm = gmCardDamage(card, messageId);
    if (!gm || !damageReaches(gm.card, actor.uuid ?? "")) return null;
    // A reaction this target declared and has not resolved yet decides first.
    if (messageId && pendingAnswers(messageId).has(actor.uuid ?? "")) return null;
    const damage = gm.damage;
    const kind: ActorKind = system instanceof TriniteModel ? "trinite" : "humain";
    const r = computeDamage({ kind, value: system.vie.value, protection: wornProtection(actor) }, damage);
    return {
      update: {
        "system.vie.value": r.value,
        "system.vie.nonLetal": comaNonLethal(system.vie.nonLetal, r.life, damage.nonLethal === true),
      },
      summary: {
        key: `QUINTETTE.Trinites.Damage.Summary.${r.life.state}`,
        value: r.lost,
        target: r.raw,
        detail: r.protection,
      },
    };
  },
};

/** The weapon as the GM reads it on the roller's actor (damage, blade, area), or null when it is gone. */
function gmWeapon(
  card: CardState,
  roller: Actor.Implementation | null,
): { damage: number; swordKind: boolean; area: boolean } | null {
  const itemId = readData(card).setup.weapon?.itemId;
  const item = itemId ? roller?.items.get(itemId) : undefined;
  const system = item?.system;
  if (!(system instanceof WeaponModel)) return null;
  return { damage: system.degats, swordKind: system.swordKind, area: system.zone };
}

/**
 * The record key of this card's hit on one target: the action and the target only (with the message id the executor
 * adds), never the card's lines, which its author can rewrite. An undo marks that record undone; a new hit rewrites it.
 */
export function damageRecord(uuid: string): string {
  return `${DAMAGE}:${uuid}`;
}

/**
 * `trinites.damage`: one of the card's own targets (recorded at roll time) takes the hit. The GM computes it from
 * what it reads itself — the roller's weapon item, the target's life and worn armour, the card's confrontation —
 * and the player's own choices on the card (primes). Whoever owns the target (or the GM) applies it, once per
 * target; the shared undo gives it back, after which it may be applied again.
 */
export const damageAction: CardAction = {
  name: DAMAGE,
  audience: "owners",
  // Revision-scoped, only to stop a double click early: the record on the target (damageRecord) decides.
  token: (args, card) => `${DAMAGE}:${String(args.key ?? "")}:r${card.revision}`,
  async execute({ message, card, requester, args }) {
    // Result and confrontation as the rules core reads the dice and the reaction cards, not as the card says.
    const data = trustedTestData(message, card);
    if (!data) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.TestPending" };
    const uuid = String(args.key ?? "");
    const ref = data.setup?.targets?.find((t) => t.uuid === uuid);
    if (!ref || !data.setup.weapon) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.NotYourTarget" };
    // An action that deals no weapon damage (Désarmer, Feinter…) has none to apply, whatever the card carries.
    if (!T.dealsWeaponDamage(data.setup.combatAction))
      return { status: "invalid", reason: "QUINTETTE.Damage.NotApplicable" };
    // The confrontation decides whether the action lands: a declared reaction still awaiting its pick comes first.
    if (pendingAnswers(message.id ?? "").has(uuid))
      return { status: "invalid", reason: "QUINTETTE.Trinites.Card.ReactionPending" };
    const reach = reachOf(data, uuid);
    if (reach === "none") return { status: "invalid", reason: "QUINTETTE.Damage.NotApplicable" };
    const roller = card.actorUuid ? await fromUuid<Actor.Implementation>(card.actorUuid) : null;
    const rollerUser = game.users?.get(card.rollerId);
    if (!roller || !rollerUser || !roller.testUserPermission(rollerUser, "OWNER"))
      return { status: "invalid", reason: "QUINTETTE.Trinites.Card.WeaponMissing" };
    const weapon = gmWeapon(card, roller);
    if (!weapon) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.WeaponMissing" };
    const actor = await fromUuid<Actor.Implementation>(uuid);
    const system = actor?.system;
    if (!actor || (!(system instanceof TriniteModel) && !(system instanceof HumainModel)))
      return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    // The target's own record, not the card, says whether this card's hit is on it.
    if (isWritableDocument(actor) && hasLiveEffect(actor, effectKey(message.id ?? "", damageRecord(uuid))))
      return { status: "already", reason: "QUINTETTE.Damage.AlreadyApplied" };
    const kind: ActorKind = system instanceof TriniteModel ? "trinite" : "humain";
    const w = data.setup.weapon;
    const r = computeDamage(
      { kind, value: system.vie.value, protection: wornProtection(actor) },
      {
        amount: weapon.damage,
        weaponDamage: weapon.damage,
        swordKind: weapon.swordKind,
        steps: w.steps,
        precise: w.precise,
        nonLethal: w.nonLethal,
        // The GM's item says whether it is an area weapon; the confrontation whether this target was missed.
        areaMiss: weapon.area && reach === "half",
      },
    );
    if (reach === "half" && !weapon.area) return { status: "invalid", reason: "QUINTETTE.Damage.NotApplicable" };
    const update = {
      "system.vie.value": r.value,
      "system.vie.nonLetal": comaNonLethal(system.vie.nonLetal, r.life, w.nonLethal),
    };
    const entry: AppliedEntry = {
      id: `${uuid}#${card.revision}`,
      action: DAMAGE,
      targetUuid: uuid,
      targetName: boundName(actor),
      summary: {
        key: `QUINTETTE.Trinites.Damage.Summary.${r.life.state}`,
        value: r.lost,
        target: r.raw,
        detail: r.protection,
      },
      undo: { "system.vie.value": system.vie.value, "system.vie.nonLetal": system.vie.nonLetal },
      undone: false,
      userId: requester.id ?? "",
      followUp: null,
    };
    return {
      status: "applied",
      card: { ...card, applied: [...card.applied, entry] },
      writes: [{ uuid, changes: update, effect: damageRecord(uuid) }],
    };
  },
};

/* Pain and unconsciousness → initiative ------------------------------------------------------------------- */

const before = new Map<string, number>();

/**
 * Pain (a wound reaching line 2: −3), knock-out (die en retrait), waking (en garde) and healing (the damage left,
 * which lowers the pain mark) between two HP values.
 */
export function woundEffects(kind: ActorKind, previousValue: number, nextValue: number): WoundEffects {
  const prev = damageFromValue(previousValue, kind);
  const next = damageFromValue(nextValue, kind);
  const per = boxesPerLine(kind);
  if (next < prev) {
    const was = T.lifeState(prev, per);
    const now = T.lifeState(next, per);
    return {
      pain: false,
      knockedOut: false,
      woke: was === "inconscient" && now !== "inconscient" && now !== "mort",
      healedTo: next,
    };
  }
  if (next === prev) return { pain: false, knockedOut: false, woke: false };
  const r = T.applyDamage(prev, next - prev, per);
  return { pain: r.pain, knockedOut: r.knockedOut, woke: false };
}

/** Foundry's `updateActor` hook arguments: the document, the changes, the options, the writing user's id. */
type UpdateActorArgs = [actor: Actor.Implementation, changes: unknown, options: unknown, userId: string];

export function registerWoundHooks(): void {
  Hooks.on("preUpdateActor", (actor, changes) => {
    const value = foundry.utils.getProperty(changes, "system.vie.value");
    const system = actor.system;
    if (typeof value === "number" && (system instanceof TriniteModel || system instanceof HumainModel)) {
      before.set(actor.id ?? "", system.vie.value);
    }
  });
  // Only the client that wrote the wound reports it (to the GM, who moves the dice).
  // Typed by hand: resolving Hooks.on("updateActor") against fvtt-types 14.x overflows tsc's instantiation depth.
  const hooks = Hooks as unknown as { on(name: "updateActor", fn: (...args: UpdateActorArgs) => void): number };
  hooks.on("updateActor", (actor, _changes, _options, userId) => {
    const previous = before.get(actor.id ?? "");
    if (previous === undefined || userId !== game.user?.id) return;
    before.delete(actor.id ?? "");
    const system = actor.system;
    if (!(system instanceof TriniteModel) && !(system instanceof HumainModel)) return;
    const kind: ActorKind = system instanceof TriniteModel ? "trinite" : "humain";
    void woundActorCombatants(actor, woundEffects(kind, previous, system.vie.value));
  });
}
