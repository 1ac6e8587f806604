/**
 * Turn structure and the combat actions, as data plus the few rules that bind them (primes and penalties: martial.ts,
 * which reads the action ids from here).
 */

import type { SkillId } from "./skills";

export type ActionType = "unique" | "libre" | "gratuite" | "obligatoire" | "avancee";
export const ACTION_TYPE_LABELS: Readonly<Record<ActionType, string>> = {
  unique: "Unique",
  libre: "Libre",
  gratuite: "Gratuite",
  obligatoire: "Obligatoire",
  avancee: "Avancée",
};

/** Reaction penalty when engaged with several opponents: −1 per opponent, the first included. */
export function engagedReactionPenalty(opponents: number): number {
  if (!Number.isInteger(opponents) || opponents < 0) throw new RangeError(`opponents must be an integer ≥ 0`);
  return opponents >= 2 ? -opponents : 0;
}

/** Control zone for reactions, in metres: bare hands, sword, longer weapon. */
export const CONTROL_ZONE = { mainsNues: 1, epee: 2, armeLongue: 3 } as const;

export interface CircumstanceRow {
  readonly label: string;
  /** null: impossible. */
  readonly value: number | null;
  /** A value per unit (jumps: per 30 cm or per metre). */
  readonly per?: string;
}

export interface CombatAction {
  readonly id: CombatActionId;
  readonly label: string;
  /** Skills that may be used; empty when no test is made. */
  readonly skills: readonly SkillId[];
  readonly types: readonly ActionType[];
  readonly conditions: string;
  /** Reaction skills; empty for none; "speciale" when it depends on the situation. */
  readonly reaction: readonly SkillId[] | "speciale";
  readonly summary: string;
  readonly difficulties?: readonly { readonly group: string; readonly rows: readonly CircumstanceRow[] }[];
}

export const COMBAT_ACTION_IDS = [
  "analyserTerrain",
  "anticiper",
  "debusquer",
  "degainer",
  "deloger",
  "denicherArme",
  "desarmer",
  "detruire",
  "encourager",
  "evaluer",
  "feinter",
  "frapper",
  "intimider",
  "maitriser",
  "seDeplacer",
  "seDissimuler",
  "tirer",
] as const;
export type CombatActionId = (typeof COMBAT_ACTION_IDS)[number];

export const COMBAT_ACTIONS: readonly CombatAction[] = [
  {
    id: "analyserTerrain",
    label: "Analyser le terrain",
    skills: ["tactique"],
    types: ["unique"],
    conditions: "Champ de bataille visible",
    reaction: [],
    summary: "Learn what the battlefield offers; on a success, its full description.",
  },
  {
    id: "anticiper",
    label: "Anticiper un évènement",
    skills: [],
    types: ["gratuite"],
    conditions: "",
    reaction: [],
    summary:
      "Hold remaining actions until a described event: act just before it, or react just after it. Lost at the next turn.",
  },
  {
    id: "debusquer",
    label: "Débusquer un adversaire",
    skills: ["vigilance"],
    types: ["libre"],
    conditions: "Désengagé",
    reaction: [],
    summary: "Deferred confrontation against the hidden foe's Discrétion final.",
  },
  {
    id: "degainer",
    label: "Dégainer ou recharger",
    skills: ["rapidite"],
    types: ["libre"],
    conditions: "Spéciale",
    reaction: ["corpsACorps", "melee"],
    summary: "Draw or reload (a Trinité calls its Lame-sœur). Automatic when disengaged; engaged foes may hinder.",
  },
  {
    id: "deloger",
    label: "Déloger un adversaire",
    skills: ["corpsACorps", "force"],
    types: ["libre"],
    conditions: "Engagé",
    reaction: ["corpsACorps", "force"],
    summary: "Force the foe to move; hitting the scenery hurts (window 1, wall 2, stairs 1 per 3 m).",
  },
  {
    id: "denicherArme",
    label: "Dénicher une arme",
    skills: ["tactique"],
    types: ["libre"],
    conditions: "Désengagé",
    reaction: [],
    summary: "Find an improvised weapon on the battlefield.",
  },
  {
    id: "desarmer",
    label: "Désarmer un adversaire",
    skills: ["melee"],
    types: ["libre", "avancee"],
    conditions: "Engagé",
    reaction: ["melee"],
    summary: "The weapon flies for a round, then lies on the ground.",
  },
  {
    id: "detruire",
    label: "Détruire",
    skills: ["force", "melee", "tir"],
    types: ["libre"],
    conditions: "",
    reaction: "speciale",
    summary: "Make the ground dangerous, break an object or a cover, or trigger an area attack (Esquive to avoid).",
  },
  {
    id: "encourager",
    label: "Encourager un allié",
    skills: ["commandement"],
    types: ["libre"],
    conditions: "",
    reaction: [],
    summary: "The ally gains +3 initiative at the end of this turn, or +3 to its next action, or to its next reaction.",
  },
  {
    id: "evaluer",
    label: "Évaluer un adversaire",
    skills: ["tactique"],
    types: ["libre"],
    conditions: "Voir l'adversaire en situation",
    reaction: ["subterfuge"],
    summary: "Learn one value of a foe or an ally (hit points left, armour, a skill).",
  },
  {
    id: "feinter",
    label: "Feinter",
    skills: ["subterfuge"],
    types: ["libre"],
    conditions: "",
    reaction: ["tactique"],
    summary: "On a success, the next action this turn allows the target no reaction.",
  },
  {
    id: "frapper",
    label: "Frapper",
    skills: ["corpsACorps", "melee"],
    types: ["libre"],
    conditions: "Engagé",
    reaction: ["corpsACorps", "esquive", "melee"],
    summary: "Hit: weapon damage minus armour. The defender uses the same skill or Esquive.",
    difficulties: [
      {
        group: "Circonstances",
        rows: [
          { label: "Cible inerte", value: 3 },
          { label: "Attaquant en hauteur", value: 3 },
          { label: "Cible de grande taille", value: 3 },
          { label: "Cible en hauteur", value: -3 },
          { label: "Obscurité", value: -3 },
          { label: "Cible de petite taille", value: -3 },
        ],
      },
    ],
  },
  {
    id: "intimider",
    label: "Intimider un adversaire",
    skills: ["commandement"],
    types: ["libre"],
    conditions: "",
    reaction: ["volonte"],
    summary:
      "The foe suffers −3 initiative at the end of this turn, or −3 to its next action, or to its next reaction.",
  },
  {
    id: "maitriser",
    label: "Maîtriser un adversaire",
    skills: ["corpsACorps"],
    types: ["libre", "avancee"],
    conditions: "Engagé et une main libre",
    reaction: ["corpsACorps", "force", "esquive"],
    summary:
      "Hold the foe: silence, hostage (cover 4), tighten (+3 once), choke (2 damage, may be non-lethal), tie up. Escape: a confrontation against the initial final.",
  },
  {
    id: "seDeplacer",
    label: "Se déplacer",
    skills: ["athletisme"],
    types: ["libre"],
    conditions: "",
    reaction: "speciale",
    summary:
      "The first short move of a turn is automatic if unopposed; a failure stops halfway. Others may interpose (Corps à corps); a disengaged target may step away (Esquive).",
    difficulties: [
      {
        group: "Obstacle",
        rows: [
          { label: "Descendre", value: 3 },
          { label: "Monter", value: -3 },
          { label: "Franchir un obstacle", value: -3 },
          { label: "Ouvrir une porte non verrouillée", value: -3 },
          { label: "Avancer sur un terrain difficile", value: -3 },
        ],
      },
      {
        group: "Posture",
        rows: [
          { label: "Se jeter à terre", value: 3 },
          { label: "Se relever", value: -3 },
          { label: "Ramper", value: -6 },
        ],
      },
      {
        group: "Distance",
        rows: [
          { label: "Courte distance (jusqu'à 10 m)", value: 3 },
          { label: "Chemin direct", value: 3 },
          { label: "Longue distance (20 m et plus)", value: -3 },
          { label: "Faire un détour", value: -3 },
        ],
      },
      {
        group: "Sauts",
        rows: [
          { label: "Sauter en hauteur", value: -1, per: "30 cm" },
          { label: "Sauter en longueur", value: -1, per: "mètre" },
        ],
      },
    ],
  },
  {
    id: "seDissimuler",
    label: "Se dissimuler",
    skills: ["discretion"],
    types: ["libre"],
    conditions: "Désengagé",
    reaction: ["vigilance"],
    summary: "Out of sight on a success; keep the final for later searches.",
  },
  {
    id: "tirer",
    label: "Tirer",
    skills: ["tir"],
    types: ["libre"],
    conditions: "Cible à portée de tir",
    reaction: ["esquive"],
    summary: "Shoot: weapon damage minus armour. A missed area weapon still deals half damage to its target.",
    difficulties: [
      {
        group: "Circonstances",
        rows: [
          { label: "Cible plus proche que la portée", value: 3 },
          { label: "Cible très grande", value: 3 },
          { label: "Cible immobile", value: 3 },
          { label: "Cible à découvert", value: 0 },
          { label: "Entre la portée et le double", value: 0 },
          { label: "Cible très petite", value: -3 },
          { label: "Cible en mouvement rapide", value: -3 },
          { label: "Entre le double et le triple de la portée", value: -6 },
          { label: "Faible lumière", value: -3 },
          { label: "Au-delà du triple de la portée", value: null },
        ],
      },
      {
        group: "Couverture",
        rows: [
          { label: "Entièrement caché", value: null },
          { label: "Seule la tête est visible", value: -5 },
          { label: "Bouclier humain", value: -4 },
          { label: "Debout derrière un lampadaire", value: -3 },
          { label: "À plat ventre", value: -2 },
          { label: "À genoux", value: -1 },
        ],
      },
    ],
  },
];

/**
 * The skill an opponent reacts with against an action, or null when the action allows no reaction. Among the
 * action's reaction skills Esquive comes first (a dodge always fits), then the attacker's own skill ("the same
 * skill"), then the first listed. A situational reaction ("speciale") defaults to Esquive; the reactor may change it.
 */
export function reactionSkill(action: CombatActionId, attackerSkill: SkillId | null = null): SkillId | null {
  const row = COMBAT_ACTIONS.find((a) => a.id === action);
  if (!row) throw new RangeError(`unknown combat action "${String(action)}"`);
  if (row.reaction === "speciale") return "esquive";
  if (!row.reaction.length) return null;
  if (row.reaction.includes("esquive")) return "esquive";
  if (attackerSkill && row.reaction.includes(attackerSkill)) return attackerSkill;
  return row.reaction[0]!;
}

/** The combat action a test stands for when the roller named none: a weapon's attack (Tirer with Tir), else none. */
export function defaultCombatAction(weaponSkill: SkillId | null): CombatActionId | null {
  if (!weaponSkill) return null;
  return weaponSkill === "tir" ? "tirer" : "frapper";
}

/** The combat actions whose hit deals the weapon's damage: striking, shooting, and Détruire's area attack. */
const WEAPON_DAMAGE_ACTIONS: readonly CombatActionId[] = ["frapper", "tirer", "detruire"];

/**
 * Whether a test made with a weapon deals its damage (issue 33): a plain weapon test (no combat action named) and the
 * actions above do; the others use the weapon without harming with it (Désarmer, Feinter, Maîtriser, Déloger…).
 */
export function dealsWeaponDamage(action: CombatActionId | null | undefined): boolean {
  return !action || WEAPON_DAMAGE_ACTIONS.includes(action);
}

/**
 * Whether an action is advanced (*avancée*: Désarmer, Maîtriser): it always carries one penalty of its own, with no
 * prime in return. The action decides it, never the player.
 */
export function isAdvancedAction(action: CombatActionId | null | undefined): boolean {
  if (!action) return false;
  const row = COMBAT_ACTIONS.find((a) => a.id === action);
  return !!row && row.types.includes("avancee");
}
