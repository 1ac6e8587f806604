/**
 * What the duel reads from actors: an attacker's weapon and value, a defender's parry, a victim's armour and
 * thresholds, and the writes a blow or a fumble makes (EV, wounds, initiative in the running combat, weapon state).
 */
import { lifeStatus, permanentEvLoss, type WoundAttackKind } from "../../rules/oeilnoir/index.ts";
import type { DocumentWrite } from "../chat/actions.ts";
import type { AdversaireDerived, AdversaireSource, HerosDerived, HerosSource, WeaponLine } from "./derive.ts";
import type { DuelAttacker, DuelDefender, FumblerValues, HitData, VictimValues } from "./duel.ts";
import { AdversaireModel, HerosModel } from "./models.ts";
import { moduleOn } from "./settings.ts";

export type OeilNoirActorKind =
  | { kind: "heros"; derived: HerosDerived; system: HerosLike }
  | { kind: "adversaire"; derived: AdversaireDerived; system: AdversaireLike };

interface Common {
  ev: { value: number; max: number };
  wounds: number;
  volonte: number;
}
interface HerosLike extends Common, HerosSource {}
interface AdversaireLike extends Common, AdversaireSource {}

/** The actor's L'Œil Noir data, or null for an actor of another rule set. */
export function oeilNoirActor(actor: Actor.Implementation | null | undefined): OeilNoirActorKind | null {
  const system: unknown = actor?.system;
  if (system instanceof HerosModel) return { kind: "heros", derived: system.derived, system };
  if (system instanceof AdversaireModel) return { kind: "adversaire", derived: system.derived, system };
  return null;
}

export interface AttackChoice {
  attacker: DuelAttacker;
  /** Attack value before the dialog's modifiers. */
  value: number;
  /** The weapon line (héros), for the dialog's subtitle. */
  weapon: WeaponLine | null;
}

/** The attacker's side of a duel: with an owned weapon (héros) or the adversaire's fixed attack. */
export function attackerFor(actor: Actor.Implementation, weaponId?: string | null): AttackChoice | null {
  const data = oeilNoirActor(actor);
  if (!data) return null;
  const name = actor.name ?? "";
  if (data.kind === "adversaire") {
    return {
      attacker: {
        uuid: actor.uuid,
        name,
        weaponUuid: null,
        weaponName: data.system.weaponName || name,
        breakage: null,
        piDice: data.system.pi.dice,
        piBonus: data.system.pi.bonus,
        woundKind: "normal",
        ranged: false,
      },
      value: data.derived.current.at,
      weapon: null,
    };
  }
  const weapon =
    data.derived.weapons.find((w) => w.id === weaponId) ??
    data.derived.weapons.find((w) => w.id === data.derived.mainWeaponId) ??
    null;
  if (!weapon || weapon.error || weapon.broken || weapon.ammo === 0) return null;
  const kind: WoundAttackKind = weapon.bolt ? "carreau" : "normal";
  return {
    attacker: {
      uuid: actor.uuid,
      name,
      weaponUuid: `${actor.uuid}.Item.${weapon.id}`,
      weaponName: weapon.name,
      breakage: weapon.ranged ? null : weapon.breakage,
      piDice: weapon.piDice,
      piBonus: weapon.piBonus,
      woundKind: kind,
      ranged: weapon.ranged,
    },
    value: weapon.at,
    weapon,
  };
}

/** Why this héros cannot attack with that weapon (a notification key), or null. */
export function attackRefusal(actor: Actor.Implementation, weaponId?: string | null): string | null {
  const data = oeilNoirActor(actor);
  if (data?.kind !== "heros") return null;
  const weapon = data.derived.weapons.find((w) => w.id === weaponId);
  if (weapon?.broken) return "QUINTETTE.OeilNoir.Notify.WeaponBroken";
  if (weapon?.ammo === 0) return "QUINTETTE.OeilNoir.Notify.NoAmmo";
  return null;
}

/** The defender's parry: the main weapon's PRD (héros; without a weapon, the PRD base) or the fixed PRD. */
export function parryValue(actor: Actor.Implementation): number | null {
  const data = oeilNoirActor(actor);
  if (!data) return null;
  if (data.kind === "adversaire") return data.derived.current.prd;
  const main = data.derived.weapons.find((w) => w.id === data.derived.mainWeaponId);
  return main && !main.error ? main.prd : data.derived.current.prd;
}

/**
 * The defender on the card: its parry, made harder by `prdModifier` and, with the low-EV module, by its own
 * low-EV penalty (a parry is a quality check).
 */
export function defenderFor(actor: Actor.Implementation, prdModifier = 0): DuelDefender {
  const prd = parryValue(actor);
  const lowEv = oeilNoirActor(actor)?.derived.lowEv.quality ?? 0;
  return { uuid: actor.uuid, name: actor.name ?? "", prd: prd === null ? null : prd - prdModifier - lowEv };
}

/** What a fumbler's checks roll under: current AG (after wounds), DE, and the armour's Enc. */
export function fumblerValues(actor: Actor.Implementation | null): FumblerValues | null {
  const data = oeilNoirActor(actor);
  if (!data) return null;
  if (data.kind === "heros")
    return { ag: data.derived.current.ag, de: data.system.qualities.DE, enc: data.derived.armour.effectiveEnc };
  // An adversaire has one fixed agility and no armour list: its PR stands for the whole protection, without Enc.
  return { ag: data.derived.current.ag, de: data.derived.current.ag, enc: 0 };
}

/** Armour, CN, thresholds and EV of the one who takes a blow. */
export function victimValues(actor: Actor.Implementation): VictimValues | null {
  const data = oeilNoirActor(actor);
  if (!data) return null;
  if (data.kind === "heros")
    return {
      pr: data.derived.armour.pr,
      cn: data.system.qualities.CN,
      thresholdModifier: data.derived.thresholdModifier,
      ev: data.system.ev.value,
      volonte: data.system.volonte,
    };
  return {
    pr: data.system.pr,
    cn: data.system.cn,
    thresholdModifier: data.derived.thresholdModifier,
    ev: data.system.ev.value,
    volonte: data.system.volonte,
  };
}

const EV_MIN = -60;

/** The combatant of this actor in the running combat (its initiative follows wounds and fumbles). */
export function combatantOf(actor: Actor.Implementation): Combatant.Implementation | null {
  const combat = game.combat;
  if (!combat) return null;
  return combat.combatants.find((c) => c.actor?.uuid === actor.uuid) ?? null;
}

/** Initiative change in the running combat, as a write (null when the actor is not fighting or has no value). */
export function initiativeWrite(actor: Actor.Implementation, change: number): DocumentWrite | null {
  const combatant = combatantOf(actor);
  if (!combatant || change === 0 || combatant.initiative === null) return null;
  return { uuid: combatant.uuid ?? "", changes: { initiative: combatant.initiative + change } };
}

/**
 * The actor update of a blow: EV down by the damage (kept within the field's range), wounds up, and with the
 * optional module a point of base EV lost for good below minus the wound threshold. Status after the blow.
 */
export function hitUpdate(
  actor: Actor.Implementation,
  hit: HitData,
): { changes: Record<string, unknown>; status: string; iniChange: number } | null {
  const data = oeilNoirActor(actor);
  if (!data) return null;
  const ev = Math.max(EV_MIN, hit.evAfter);
  const wounds = Math.min(20, data.system.wounds + hit.totalWounds);
  // A new blow asks for a new Volonté check to fight on, and a saved dying character is in danger again.
  const changes: Record<string, unknown> = {
    "system.ev.value": ev,
    "system.wounds": wounds,
    "system.fightsOn": false,
    "system.stabilized": false,
  };
  const cn = data.kind === "heros" ? data.system.qualities.CN : data.system.cn;
  if (moduleOn("oeilnoirPermanentEvLoss") && permanentEvLoss({ ev, woundThreshold: hit.thresholds[0] ?? 0 }))
    changes["system.ev.max"] = Math.max(1, data.system.ev.max - 1);
  const status = lifeStatus({ ev, cn, tenace: data.derived.abilities.tenace, enFer: data.derived.abilities.enFer });
  return { changes, status, iniChange: -2 * hit.totalWounds };
}

/**
 * Wounds set by hand (sheet, token HUD value): the running combat's initiative follows at once, 2 points per wound
 * added or healed. Null when nothing changes or the actor is not fighting.
 */
export function woundEditWrite(actor: Actor.Implementation, wounds: unknown): DocumentWrite | null {
  const data = oeilNoirActor(actor);
  if (!data || typeof wounds !== "number" || !Number.isInteger(wounds)) return null;
  return initiativeWrite(actor, -2 * (wounds - data.system.wounds));
}

/** Foundry's core "prone" status: a fighter on the ground (lying, in the situational module's terms). */
export const PRONE = "prone";

export function isProne(actor: Actor.Implementation | null | undefined): boolean {
  return actor?.statuses?.has(PRONE) ?? false;
}

/** Puts the fighter on the ground or back up (a fumble's fall, a failed or passed check); true when it changed. */
export async function setProne(actor: Actor.Implementation | null, prone: boolean): Promise<boolean> {
  if (!actor || typeof actor.toggleStatusEffect !== "function" || isProne(actor) === prone) return false;
  await actor.toggleStatusEffect(PRONE, { active: prone });
  return true;
}
