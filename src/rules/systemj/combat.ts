// Combat flow as pure steps: each function takes the outcome of the roll just made and says what comes next.
import { isSuccess, type Outcome } from "./test";

export const ATTACK_MODES = [
  { id: "meleeForce", label: "Attaque en force", labelEn: "Melee attack in force", initiative: true },
  { id: "meleeStealth", label: "Attaque furtive", labelEn: "Stealth melee attack", initiative: false },
  { id: "ranged", label: "Attaque à distance", labelEn: "Ranged attack", initiative: false },
] as const;
export type AttackMode = (typeof ATTACK_MODES)[number]["id"];

export const DEFENCES = [
  { id: "dodge", label: "Esquive ou feinte", labelEn: "Dodge or feint", needs: null },
  { id: "parry", label: "Parade", labelEn: "Parry", needs: "weapon" },
  { id: "block", label: "Encaissement", labelEn: "Block", needs: "shield" },
] as const;
export type DefenceKind = (typeof DEFENCES)[number]["id"];

export type CombatStep =
  /** The defender may strike back at once; no defence is allowed against it. */
  | { step: "counterAttack"; defendable: false }
  /** The attack landed; the defender may try one of these defences. */
  | { step: "defence"; options: DefenceKind[] }
  /** Undefended hit: apply the weapon's damage (applyDamage). */
  | { step: "hit" }
  | { step: "miss"; reason: "failed" | "defended" | "outOfRange" }
  /** The target noticed the stealth attacker: the attacker now makes a melee attack in force. */
  | { step: "meleeForce" }
  /** The attacker stays unseen: the attacker now makes a stealth attack, which cannot be defended. */
  | { step: "stealthAttack" };

export interface DefenderGear {
  /** Holds a weapon or an object fit to parry with (default true). */
  canParry?: boolean;
  /** Holds a shield or an object that can serve as one (default true). */
  canBlock?: boolean;
}

function defenceOptions({ canParry = true, canBlock = true }: DefenderGear): DefenceKind[] {
  const options: DefenceKind[] = ["dodge"];
  if (canParry) options.push("parry");
  if (canBlock) options.push("block");
  return options;
}

/** Melee attack in force: a miss opens an undefendable counter-attack, a success may be defended. */
export function meleeForceAttack(attack: Outcome, gear: DefenderGear = {}): CombatStep {
  return isSuccess(attack)
    ? { step: "defence", options: defenceOptions(gear) }
    : { step: "counterAttack", defendable: false };
}

/** A counter-attack cannot be defended; a failed one simply ends the exchange. */
export function counterAttack(attack: Outcome): CombatStep {
  return isSuccess(attack) ? { step: "hit" } : { step: "miss", reason: "failed" };
}

/** Any successful defence cancels the attack, whatever the attack's degree. */
export function defend(defence: Outcome): CombatStep {
  return isSuccess(defence) ? { step: "miss", reason: "defended" } : { step: "hit" };
}

/**
 * Before a stealth melee attack: the attacker's Dissimulation against the target's Détection. A failed
 * Dissimulation gives the target a free counter-attack (checked first); otherwise a successful Détection turns
 * the attack into one in force.
 */
export function stealthApproach(dissimulation: Outcome, detection: Outcome): CombatStep {
  if (!isSuccess(dissimulation)) return { step: "counterAttack", defendable: false };
  if (isSuccess(detection)) return { step: "meleeForce" };
  return { step: "stealthAttack" };
}

/** The stealth attack itself: a success cannot be defended; a failure misses without a counter-attack. */
export function stealthAttack(attack: Outcome): CombatStep {
  return isSuccess(attack) ? { step: "hit" } : { step: "miss", reason: "failed" };
}

export interface RangedContext extends DefenderGear {
  /** Target within the weapon's range (default true); otherwise there is no attack to make. */
  inRange?: boolean;
  /** The target could be aware of the shot (default true); otherwise it cannot defend. */
  targetAware?: boolean;
}

/** Ranged attack: never countered; a hit may be defended only by a target that could be aware of it. */
export function rangedAttack(
  attack: Outcome,
  { inRange = true, targetAware = true, ...gear }: RangedContext = {},
): CombatStep {
  if (!inRange) return { step: "miss", reason: "outOfRange" };
  if (!isSuccess(attack)) return { step: "miss", reason: "failed" };
  return targetAware ? { step: "defence", options: defenceOptions(gear) } : { step: "hit" };
}

/** Whether a mode is ordered by initiative (only melee attacks in force are). */
export function usesInitiative(mode: AttackMode): boolean {
  return mode === "meleeForce";
}

/**
 * Which defences a defender's hands allow, and the DEF they add: parry with a real melee weapon, block with a real
 * shield, and both with an object fit for combat held in hand (the source allows one), which adds no DEF. `null`:
 * no such weapon or shield in hand.
 */
export function defenceGearOf({
  weaponDef,
  shieldDef,
  improvised,
}: {
  weaponDef: number | null;
  shieldDef: number | null;
  improvised: boolean;
}): Required<DefenderGear> & { def: number; shieldDef: number } {
  return {
    canParry: weaponDef !== null || improvised,
    canBlock: shieldDef !== null || improvised,
    def: weaponDef ?? 0,
    shieldDef: shieldDef ?? 0,
  };
}
