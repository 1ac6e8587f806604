/**
 * Damage from a card to an Ahill-Mach actor, through the rules core: protection first (never below 0), then an
 * opponent's hit (out at 0 HP, morale roll for its side on any wound) or a character's loss (bruises above 6 HP,
 * one state to tick per point from 6 down, fainting test, death). The player ticks the states on the sheet.
 */
import { ahillmach } from "../../rules/index.ts";
import type { DamageApplication, DamageApplier } from "../damage/index.ts";
import type { OpposantDerived, PersonnageDerived } from "./derive.ts";
import { wardPath, wardedHit } from "./ward.ts";
import { writtenByGM } from "../chat/author.ts";

const K = (key: string) => `QUINTETTE.AhillMach.Damage.${key}`;

/** Same name as `ACTIONS.morale` (card.ts), kept here so the applier stays free of card code. */
export const MORALE_ACTION = "ahillmach.morale";
/** Same name as `ACTIONS.fainting` (card.ts). */
export const FAINTING_ACTION = "ahillmach.fainting";

export interface DamageTarget {
  type: string;
  system: unknown;
}

/** Whether an opponent is already out of the fight (0 HP): a hit on it changes nothing. */
export function opponentDown(target: DamageTarget): boolean {
  if (target.type !== "opposant") return false;
  const hp = (target.system as { hp?: { value?: unknown } }).hp?.value;
  return typeof hp === "number" && hp <= 0;
}

/** The update and summary for one target; null for actors of other rule sets. */
export function damageApplication(target: DamageTarget, amount: number): DamageApplication | null {
  const damage = Math.max(0, Math.trunc(amount));
  if (target.type === "opposant") {
    const sys = target.system as { hp: { value: number }; derived: OpposantDerived };
    // Already down (issue 25): nothing more to take; the card says so instead of "takes N and is out" again.
    if (opponentDown(target)) return { update: { "system.hp.value": 0 }, summary: { key: K("AlreadyDown") } };
    const hit = ahillmach.opponentHit({
      hp: Math.min(sys.hp.value, sys.derived.stats.hp),
      damage,
      protection: sys.derived.stats.protection,
    });
    const key = hit.taken === 0 ? "Absorbed" : hit.out ? "OpponentOut" : hit.moraleCheck ? "Morale" : "Opponent";
    // Any wound makes the side test its morale, a blow that takes this opponent out above all (issue 33).
    const morale = hit.moraleCheck;
    return {
      update: { "system.hp.value": hit.hp },
      summary: { key: K(key), value: hit.taken },
      // The wounded (or fallen) opponent's side tests its morale: offered on the card, rolled by its owner (the GM)
      // with this opponent's stat block, the side's.
      ...(morale
        ? { followUp: { action: MORALE_ACTION, label: { key: K("RollMorale") }, icon: "fa-solid fa-flag" } }
        : {}),
    };
  }
  if (target.type === "personnage") {
    const sys = target.system as { hp: { value: number }; derived: PersonnageDerived };
    const taken = ahillmach.damageTaken({ damage, protection: sys.derived.protection });
    const loss = ahillmach.loseHp({ hp: sys.derived.hp, loss: taken, ticked: sys.derived.ticked });
    const key = taken === 0 ? "Absorbed" : loss.dead ? "Dead" : loss.wounds > 0 ? "Wounds" : "Bruises";
    return {
      // A wound with no state left to tick kills above 0 HP too: death is recorded as 0 HP, which the sheet reads
      // as the "mort" zone and the token bar shows empty; undo writes the previous HP back.
      update: { "system.hp.value": loss.dead ? 0 : loss.hp },
      summary: { key: K(key), value: taken, detail: loss.statesToTick },
      // A wounded character who lives takes the fainting test once the states are ticked: offered to its owner.
      ...(loss.faintingTest
        ? { followUp: { action: FAINTING_ACTION, label: { key: K("RollFainting") }, icon: "fa-solid fa-face-dizzy" } }
        : {}),
    };
  }
  return null;
}

/**
 * Damage through the defenders' wards (Défendre, issue 16.3): a held "redirect" draws a hit on the protected one onto
 * the defender, a held "halve" halves a hit on either (before protection). What the hit spends is recorded on the
 * actor hit, in the same update, under the damage card's id (`wardPath`): spent once, freed by undo.
 */
export function wardedApplication(
  actor: DamageTarget & { uuid: string | null },
  amount: number,
  messageId: string,
  view: (actor: Actor.Implementation) => Actor.Implementation = (a) => a,
): DamageApplication | null {
  const damage = Math.max(0, Math.trunc(amount));
  const hit = messageId && actor.uuid ? wardedHit(actor.uuid, damage, view) : null;
  if (!hit?.outcome.spends || !actor.uuid) return damageApplication(actor, damage);
  const path = wardPath(hit.ward.messageId, messageId, actor.uuid);
  const spent = hit.outcome.spends;
  if (hit.outcome.redirected) {
    const found = fromUuidSync(
      hit.ward.defenderUuid as Parameters<typeof fromUuidSync>[0],
    ) as Actor.Implementation | null;
    // The defender as this application left it (also hit as its own target in the same click).
    const defender: DamageTarget | null = found ? view(found) : null;
    const app = defender ? damageApplication(defender, hit.outcome.damage) : null;
    if (!app) return damageApplication(actor, damage);
    return {
      ...app,
      update: { ...app.update, [path]: spent },
      redirect: {
        uuid: hit.ward.defenderUuid,
        marker: { [path]: spent },
        summary: { key: K("Redirected"), target: hit.ward.defenderName, value: damage },
      },
    };
  }
  const app = damageApplication(actor, hit.outcome.damage);
  if (!app) return null;
  return {
    ...app,
    update: { ...app.update, [path]: spent },
    notes: [{ key: K("Halved"), target: hit.ward.defenderName, value: hit.outcome.damage, detail: damage }],
  };
}

/**
 * Only a damage card a GM's client wrote is applied (issue 22): its amount is the GM's own roll. A card a player
 * wrote (their own message, whatever it says) deals nothing, whoever clicks.
 */
export const damageApplier: DamageApplier = {
  apply: (actor, damage, card, messageId, view) => {
    const message = messageId ? game.messages?.get(messageId) : undefined;
    if (card.kind !== "damage" || !message || !writtenByGM(message)) return null;
    return wardedApplication(actor, damage.amount, messageId ?? "", view);
  },
};
