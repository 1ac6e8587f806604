/**
 * What the duel reads from actors: an attacker's weapon and value, a defender's parry, a victim's armour and
 * thresholds, and the writes a blow or a fumble makes (EV, wounds, initiative in the running combat, weapon state).
 */
import {
  ATTACK_KINDS,
  CONFINED_SPACE,
  UNARMED_PI,
  WEAPON_ATTACK_KINDS,
  lifeStatus,
  permanentEvLoss,
  type AttackKind,
  type ConfinedClass,
  type FighterSituation,
  type WoundAttackKind,
} from "../../rules/oeilnoir/index.ts";
import type { DocumentWrite } from "../chat/actions.ts";
import {
  UNARMED_ID,
  enduranceInUse,
  parryChoices,
  usableMelee,
  type AdversaireDerived,
  type AdversaireSource,
  type HerosDerived,
  type HerosSource,
  type WeaponLine,
} from "./derive.ts";
import type { DuelAttacker, DuelDefender, FumblerValues, HitData, VictimValues } from "./duel.ts";
import { AdversaireModel, HerosModel } from "./models.ts";
import { moduleOn } from "./settings.ts";
import { leftOf } from "./round-actions.ts";
import { turnRefusal } from "./refusals.ts";
import { boundName } from "../trust/bound.ts";

/** A fighter's own part of a situation, from its abilities. */
export type FighterTraits = Pick<FighterSituation, "sight" | "waterFighter" | "peupleDeLEau" | "demiEpee">;

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
  /** Attack kinds the attacker may declare (the first is the default). */
  kinds: readonly AttackKind[];
  /** Strength bonus inside `piBonus` (lost with the wrong hand). */
  strength: number;
}

/** The weapon item's own state (read on the item: it is what a fumble writes). */
function itemSystem(actor: Actor.Implementation, id: string): { broken?: boolean; dropped?: boolean } | null {
  const item = actor.items?.get(id);
  return item ? (item.system as { broken?: boolean; dropped?: boolean }) : null;
}

/** Broken or dropped, as the item says now. */
function itemLost(actor: Actor.Implementation, id: string): boolean {
  const s = itemSystem(actor, id);
  return !!s && (s.broken === true || s.dropped === true);
}

/** A blow of that kind: its wound-threshold kind and whether it deals PI(End) (a bolt keeps its own kind). */
export function withAttackKind(attacker: DuelAttacker, kind: AttackKind): DuelAttacker {
  if (attacker.ranged) return attacker;
  const k = ATTACK_KINDS[kind];
  return { ...attacker, kind, woundKind: k.wound, endurance: k.endurance };
}

function adversaireUnarmed(actor: Actor.Implementation, data: Extract<OeilNoirActorKind, { kind: "adversaire" }>) {
  const attacker: DuelAttacker = {
    uuid: actor.uuid,
    name: boundName(actor),
    weaponUuid: null,
    weaponName: "QUINTETTE.OeilNoir.Unarmed",
    breakage: null,
    piDice: UNARMED_PI.dice,
    piBonus: UNARMED_PI.bonus,
    woundKind: "sansArme",
    ranged: false,
    unarmed: true,
    endurance: true,
    kind: "sansArme",
  };
  return { attacker, value: data.derived.current.at, weapon: null, kinds: ["sansArme"] as const, strength: 0 };
}

/**
 * The attacker's side of a duel: with an owned weapon (héros), bare-handed (`sansArme`, or a héros without a
 * usable weapon), or the adversaire's own attack (bare-handed once its weapon is lost).
 */
export function attackerFor(actor: Actor.Implementation, weaponId?: string | null): AttackChoice | null {
  const data = oeilNoirActor(actor);
  if (!data) return null;
  if (data.kind === "adversaire") {
    const armed = data.system.armed ?? true;
    const lost = armed && (data.system.weaponDropped === true || data.system.weaponBroken === true);
    if (weaponId === UNARMED_ID || lost) return adversaireUnarmed(actor, data);
    return adversaireArmed(actor, data);
  }
  const unarmed = data.derived.weapons.find((w) => w.id === UNARMED_ID) ?? null;
  const weapon =
    data.derived.weapons.find((w) => w.id === weaponId) ??
    (weaponId ? null : (data.derived.weapons.find((w) => w.id === data.derived.mainWeaponId) ?? unarmed));
  if (!weapon || weapon.error || weapon.broken || weapon.dropped || itemLost(actor, weapon.id) || weapon.ammo === 0)
    return null;
  return herosChoice(actor, weapon);
}

/**
 * The attacker as it rolled an attack card (issue 22): the weapon the card names, read from the attacker's own
 * documents whatever became of it since (the shot's last missile spent, a fumble that dropped or broke it): an item
 * of its own, its bare hands, or an adversaire's own attack. Null when the card names nothing the attacker holds.
 */
export function attackerAsRolled(
  actor: Actor.Implementation,
  named: { weaponUuid: string | null; unarmed?: boolean },
): AttackChoice | null {
  const data = oeilNoirActor(actor);
  if (!data) return null;
  if (data.kind === "adversaire") {
    if (named.weaponUuid !== null) return null;
    return named.unarmed ? adversaireUnarmed(actor, data) : adversaireArmed(actor, data);
  }
  const weapon = named.unarmed
    ? data.derived.weapons.find((w) => w.unarmed)
    : data.derived.weapons.find((w) => !w.unarmed && named.weaponUuid === `${actor.uuid}.Item.${w.id}`);
  return weapon && !weapon.error ? herosChoice(actor, weapon) : null;
}

function adversaireArmed(
  actor: Actor.Implementation,
  data: Extract<OeilNoirActorKind, { kind: "adversaire" }>,
): AttackChoice {
  const name = boundName(actor);
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
      armed: data.system.armed ?? true,
    },
    value: data.derived.current.at,
    weapon: null,
    kinds: WEAPON_ATTACK_KINDS,
    strength: 0,
  };
}

function herosChoice(actor: Actor.Implementation, weapon: WeaponLine): AttackChoice {
  const name = boundName(actor);
  if (weapon.unarmed)
    return {
      attacker: {
        uuid: actor.uuid,
        name,
        weaponUuid: null,
        weaponName: boundName(weapon),
        breakage: null,
        piDice: weapon.piDice,
        piBonus: weapon.piBonus,
        woundKind: "sansArme",
        ranged: false,
        unarmed: true,
        endurance: true,
        kind: "sansArme",
      },
      value: weapon.at,
      weapon,
      kinds: ["sansArme"],
      strength: 0,
    };
  const kind: WoundAttackKind = weapon.bolt ? "carreau" : "normal";
  return {
    attacker: {
      uuid: actor.uuid,
      name,
      weaponUuid: `${actor.uuid}.Item.${weapon.id}`,
      weaponName: boundName(weapon),
      breakage: weapon.ranged ? null : weapon.breakage,
      piDice: weapon.piDice,
      piBonus: weapon.piBonus,
      woundKind: kind,
      ranged: weapon.ranged,
    },
    value: weapon.at,
    weapon,
    kinds: weapon.ranged ? [] : WEAPON_ATTACK_KINDS,
    strength: weapon.strength,
  };
}

/**
 * Out of the fight (1…5 EV without Tenace, En Fer or a passed Volonté check), dying or dead: the source allows such a
 * fighter no combat action at all, attack or defence.
 */
function outOfFight(data: OeilNoirActorKind): boolean {
  const status = data.derived.status;
  return status === "mort" || status === "mourant" || (status === "horsCombat" && !data.derived.fightsOn);
}

/**
 * Why this fighter cannot attack (a notification key), or null: out of the fight, dying or dead; initiative below
 * 0 in the running combat (defence only); a broken, dropped or empty weapon.
 */
export function attackRefusal(actor: Actor.Implementation, weaponId?: string | null): string | null {
  const data = oeilNoirActor(actor);
  if (!data) return null;
  if (outOfFight(data)) return "QUINTETTE.OeilNoir.Notify.OutOfFight";
  const combatant = combatantOf(actor);
  if (combatant && typeof combatant.initiative === "number" && combatant.initiative < 0)
    return "QUINTETTE.OeilNoir.Notify.DefenceOnly";
  const economy = combatant ? turnRefusal(combatant) : null;
  if (economy) return economy;
  if (data.kind !== "heros") return null;
  const weapon = data.derived.weapons.find((w) => w.id === weaponId);
  const item = weaponId ? itemSystem(actor, weaponId) : null;
  if (weapon?.broken || item?.broken) return "QUINTETTE.OeilNoir.Notify.WeaponBroken";
  if (weapon?.dropped || item?.dropped) return "QUINTETTE.OeilNoir.Notify.WeaponDropped";
  if (weapon?.ammo === 0) return "QUINTETTE.OeilNoir.Notify.NoAmmo";
  if (weapon?.error) return "QUINTETTE.OeilNoir.Notify.SplitRefused";
  return null;
}

/** The attacker's wrong-hand training, as the situational module counts it (from its ability items). */
export function wrongHandTraining(actor: Actor.Implementation): {
  mainGauche: boolean;
  deuxMainsI: boolean;
  deuxMainsII: boolean;
} {
  const a = oeilNoirActor(actor)?.derived.abilities;
  return {
    mainGauche: a?.mainGauche ?? false,
    deuxMainsI: a?.combatADeuxMainsI ?? false,
    deuxMainsII: a?.combatADeuxMainsII ?? false,
  };
}

/** The weapons a héros may parry with: its usable melee weapons, then bare hands. An adversaire: none listed. */
export function defenceWeapons(actor: Actor.Implementation): { id: string; name: string }[] {
  const data = oeilNoirActor(actor);
  return data?.kind === "heros" ? parryChoices(data.derived.weapons) : [];
}

/**
 * The defender's parry: with the weapon it chose (héros), else its main weapon, else bare hands; an adversaire's
 * fixed PRD. Also the weapon line parried with (null for an adversaire).
 */
export function parryWith(
  actor: Actor.Implementation,
  weaponId?: string | null,
): { prd: number; weapon: WeaponLine | null } | null {
  const data = oeilNoirActor(actor);
  if (!data) return null;
  if (data.kind === "adversaire") return { prd: data.derived.current.prd, weapon: null };
  const usable = data.derived.weapons.filter(usableMelee);
  const weapon =
    usable.find((w) => w.id === weaponId) ??
    usable.find((w) => w.id === data.derived.mainWeaponId) ??
    usable.find((w) => w.unarmed) ??
    null;
  return weapon ? { prd: weapon.prd, weapon } : { prd: data.derived.current.prd, weapon: null };
}

/** The defender's parry with its main weapon (héros; without a weapon, bare hands) or the fixed PRD. */
export function parryValue(actor: Actor.Implementation): number | null {
  return parryWith(actor)?.prd ?? null;
}

/** The defender's dodge before the situation (low-EV penalty included); null when it cannot dodge (on the ground). */
export function dodgeFor(actor: Actor.Implementation): number | null {
  const data = oeilNoirActor(actor);
  if (!data || isProne(actor)) return null;
  return data.derived.dodge - data.derived.lowEv.quality;
}

/** The class of the fighter's weapon in a confined space: a héros' main weapon, an adversaire's own field. */
export function targetConfinedClass(actor: Actor.Implementation): ConfinedClass | null {
  const data = oeilNoirActor(actor);
  if (data?.kind === "adversaire") {
    const c = data.system.weaponClass;
    return c && c in CONFINED_SPACE ? (c as ConfinedClass) : "courte";
  }
  if (data?.kind !== "heros") return null;
  return parryWith(actor)?.weapon?.confined ?? null;
}

/**
 * What a fighter's abilities change in a situation (issue 25): Vision dans la Pénombre and Nyctalope (light),
 * Combat dans l'Eau and Peuple de l'Eau (water), Demi-Épée (confined space). The attack dialog counts them.
 */
export function fighterTraits(actor: Actor.Implementation | null): FighterTraits {
  const a = oeilNoirActor(actor)?.derived.abilities;
  if (!a) return {};
  return {
    ...(a.nyctalope ? { sight: "nyctalope" as const } : a.visionPenombre ? { sight: "penombre" as const } : {}),
    waterFighter: a.combatDansLEau,
    peupleDeLEau: a.peupleDeLEau,
    demiEpee: a.demiEpee,
  };
}

/**
 * The defender on the card: its parry, made harder by `prdModifier` and, with the low-EV module, by its own
 * low-EV penalty (a parry is a quality check); the weapons it may parry with; whether it may dodge. A fighter out of
 * the fight has no parry (null).
 */
export function defenderFor(actor: Actor.Implementation, prdModifier = 0): DuelDefender {
  const data = oeilNoirActor(actor);
  // Out of the fight, dying or dead: no parry, no dodge, the blow lands.
  if (data && outOfFight(data)) return { uuid: actor.uuid, name: boundName(actor), prd: null, canDodge: false };
  // No defence left this round (RULES.md: hit without a parry roll).
  if (!leftOf(combatantOf(actor)).defence)
    return { uuid: actor.uuid, name: boundName(actor), prd: null, canDodge: false, exhausted: true };
  const prd = parryValue(actor);
  const lowEv = data?.derived.lowEv.quality ?? 0;
  const weapons = defenceWeapons(actor);
  return {
    uuid: actor.uuid,
    name: boundName(actor),
    prd: prd === null ? null : prd - prdModifier - lowEv,
    ...(weapons.length > 1 ? { weapons } : {}),
    canDodge: !isProne(actor),
  };
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

/** What the low-EV module needs for the victim's Volonté after the blow (nothing when the module is off). */
function lowEvOf(data: OeilNoirActorKind): Pick<VictimValues, "lowEv"> {
  if (!moduleOn("oeilnoirLowEv")) return {};
  return { lowEv: { evBase: data.system.ev.max, frenzy: data.derived.frenzy } };
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
      ...lowEvOf(data),
    };
  return {
    pr: data.system.pr,
    cn: data.system.cn,
    thresholdModifier: data.derived.thresholdModifier,
    ev: data.system.ev.value,
    volonte: data.system.volonte,
    ...lowEvOf(data),
  };
}

const EV_MIN = -60;

/** The combatant of this actor in the running combat (its initiative follows wounds and fumbles). */
export function combatantOf(actor: Actor.Implementation | null): Combatant.Implementation | null {
  const combat = game.combat;
  if (!combat || !actor) return null;
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
  // The fighter's own threshold (not the one the attack kind shifted), and only when EV crosses the limit.
  const ownThreshold = data.derived.thresholds[0];
  const before = data.system.ev.value;
  if (moduleOn("oeilnoirPermanentEvLoss") && permanentEvLoss({ evBefore: before, ev, woundThreshold: ownThreshold }))
    changes["system.ev.max"] = Math.max(1, data.system.ev.max - 1);
  // PI(End): the endurance part comes off Endurance (never below 0).
  if (hit.endurance) {
    const endurance = (data.system as { endurance?: { value: number } }).endurance;
    if (endurance) changes["system.endurance.value"] = Math.max(0, endurance.value - hit.endurance);
  }
  const enduranceAfter = changes["system.endurance.value"];
  const endurance = enduranceInUse((data.system as { endurance?: { value: number; max: number } }).endurance);
  const status = lifeStatus({
    ev,
    cn,
    tenace: data.derived.abilities.tenace,
    enFer: data.derived.abilities.enFer,
    endurance: typeof enduranceAfter === "number" && endurance !== null ? enduranceAfter : endurance,
  });
  // In frenzy the wounds' penalties, initiative's included, wait for its end (the sheet's toggle moves it then).
  return { changes, status, iniChange: data.derived.frenzy ? 0 : -2 * hit.totalWounds };
}

/**
 * Wounds set by hand (sheet, token HUD value): the running combat's initiative follows at once, 2 points per wound
 * added or healed. Null when nothing changes or the actor is not fighting.
 */
export function woundEditWrite(actor: Actor.Implementation, wounds: unknown): DocumentWrite | null {
  const data = oeilNoirActor(actor);
  if (!data || typeof wounds !== "number" || !Number.isInteger(wounds) || data.derived.frenzy) return null;
  return initiativeWrite(actor, -2 * (wounds - data.system.wounds));
}

/**
 * Entering or leaving the frenzy (Frénétique): the sheet's toggle, with the running combat's initiative moved by
 * the wounds' −2 each, which the frenzy suspends. Null without the ability (the toggle does nothing then).
 */
export function frenzyWrites(actor: Actor.Implementation, on: boolean): DocumentWrite[] | null {
  const data = oeilNoirActor(actor);
  // fvtt-types 14 types a document's uuid as nullable; a world or token actor always has one.
  const uuid = actor.uuid;
  if (!data || !data.derived.abilities.frenetique || !uuid) return null;
  if ((data.system.frenzy === true) === on) return [];
  const writes: DocumentWrite[] = [{ uuid, changes: { "system.frenzy": on } }];
  const ini = initiativeWrite(actor, (on ? 2 : -2) * data.system.wounds);
  if (ini) writes.push(ini);
  return writes;
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
