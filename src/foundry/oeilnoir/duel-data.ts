/**
 * The duel's stored shape, pure: the card's actions, the data a duel card keeps (attacker, defender, rolls, fumble,
 * hit, rescue) and the guard that reads it back. The steps (`duel-steps.ts`) and the card (`duel-card.ts`) share it.
 */
import type { AttackKind, WoundAttackKind } from "../../rules/oeilnoir/index.ts";
import type { CardState } from "../chat/types.ts";

export const RULESET = "oeilnoir";
export const DUEL_BODY = "systems/quintette/templates/oeilnoir/chat/duel.hbs";

export const ACTIONS = {
  parry: "oeilnoir.parry",
  noParry: "oeilnoir.noParry",
  damage: "oeilnoir.damage",
  applyHit: "oeilnoir.applyHit",
  volonte: "oeilnoir.volonte",
  fumbleCheck: "oeilnoir.fumbleCheck",
  freeAttack: "oeilnoir.freeAttack",
  stand: "oeilnoir.stand",
  rescue: "oeilnoir.rescue",
  dodge: "oeilnoir.dodge",
  chooseDefender: "oeilnoir.chooseDefender",
  close: "oeilnoir.close",
} as const;

export type D20Test = {
  d20: number;
  value: number;
  success: boolean;
  critical: boolean;
  fumble: boolean;
};

export type DuelAttacker = {
  uuid: string | null;
  name: string;
  /** Owned weapon item used (its breakage factor may change), or null for an adversaire's fixed attack. */
  weaponUuid: string | null;
  weaponName: string;
  breakage: number | null;
  piDice: number;
  piBonus: number;
  woundKind: WoundAttackKind;
  ranged: boolean;
  /** The declared attack kind (absent on older cards: a plain blow). */
  kind?: AttackKind;
  /** PI(End): the blow's PI − PR come off Endurance, half of them off EV. */
  endurance?: boolean;
  /** Bare-handed: nothing to drop or break on a fumble. */
  unarmed?: boolean;
  /** An adversaire's weapon is a real one (false: claws, teeth); absent for a héros (its weapon item tells). */
  armed?: boolean;
};

export type DuelDefender = {
  uuid: string | null;
  name: string;
  /** Parry value with the situational modifiers already counted; null: cannot parry (ranged, surprised). */
  prd: number | null;
  /**
   * The attack dialog's situational modifiers on the defender (penalties): on its parry, and on a dodge (null: it
   * cannot dodge, lying). Absent on older cards and without the module.
   */
  situation?: { prd: number; dodge: number | null };
  /** The weapons it may parry with (a héros' usable melee weapons and bare hands); absent: its main one. */
  weapons?: { id: string; name: string }[];
  /** It may dodge instead (false when lying on the ground). */
  canDodge?: boolean;
  /** No defence left this round (actions per round): the blow lands without a defence roll. */
  exhausted?: boolean;
};

/** The check a fumble line asks of the fumbler: Contrôle du Corps (rolled under AG), AG or DE, harder by Enc. */
export type FumbleCheckKind = "controleDuCorps" | "AG" | "DE";
export type FumbleCheck = {
  kind: FumbleCheckKind;
  /** The quality rolled under (current AG or DE) and the Enc that makes it harder (0 when the line has none). */
  quality: number;
  enc: number;
  value: number;
  result: D20Test | null;
};

/** The free attack a fumble line gives the opponent, and the message it was opened in. */
export type FreeAttackData = {
  /** The opponent who strikes, and the fumbler who takes it. */
  attackerUuid: string | null;
  attackerName: string;
  /** The attacker's weapon on the card (parry fumble: the weapon that was parried); null: its main one. */
  weaponUuid: string | null;
  defenderUuid: string | null;
  defenderName: string;
  /** Added to the fumbler's parry (harder); ignored when unparryable. */
  parryPenalty: number;
  unparryable: boolean;
  /** Added to the attack value (negative: easier, the source's "−2 on the die"). */
  attackModifier: number;
  messageId: string | null;
};

export type FumbleData = {
  table: "attack" | "parry";
  who: "attacker" | "defender";
  d20: number;
  key: string | null;
  iniChange: number;
  /** Extra dice of the line's effect (breakage 2D6 + 1D4, self damage). */
  detail: string | null;
  /** Absent on cards stored before these steps existed. */
  check?: FumbleCheck | null;
  /** The fumbler's weapon item the line hit (dropped, broken…); null: none or an adversaire's. */
  weaponUuid?: string | null;
  freeAttack?: FreeAttackData | null;
};

/** What the fumbler's checks are rolled under. */
export interface FumblerValues {
  ag: number;
  de: number;
  enc: number;
}

export type DamageData = {
  faces: number[];
  pi: number;
  critical: boolean;
};

export type HitData = {
  pr: number;
  /** Damage off EV (for PI(End), half the endurance damage). */
  damage: number;
  /** Damage off Endurance (PI(End) blows; absent on older cards). */
  endurance?: number;
  wounds: number;
  seriousWound: number;
  totalWounds: number;
  thresholds: number[];
  evBefore: number;
  evAfter: number;
  status: string;
  volonteTarget: number | null;
  /** The victim's Volonté, for the check that keeps a fighter at 1…5 EV in the fight (absent on older cards). */
  volonte?: number;
  /** A dying victim's time left: 1D6 × CN rounds (× 1.5 with Tenace). */
  dying?: { d6: number; rounds: number } | null;
};

/** `awaitDefender`: a blow landed with no defender named; the GM names one on the card before any parry. */
export type DuelStage = "awaitDefender" | "awaitParry" | "missed" | "parried" | "hit" | "damaged" | "applied";

export type DuelData = {
  v: 1;
  attacker: DuelAttacker;
  defender: DuelDefender | null;
  attack: D20Test;
  /** The defence roll; `dodge` when the defender dodged instead of parrying (absent on older cards). */
  parry: (D20Test & { againstCritical: boolean; dodge?: boolean; weaponName?: string }) | null;
  declined: boolean;
  breakage: { dice: number[]; factor: number; broken: boolean } | null;
  fumble: FumbleData | null;
  damage: DamageData | null;
  hit: HitData | null;
  volonte: D20Test | null;
  stage: DuelStage;
  /** The Volonté check of a victim left at 1…5 EV to stay in the fight. */
  standing?: D20Test | null;
  /** A free attack opened from a fumble line (its parry penalty, unparryable, easier attack). */
  free?: { parryPenalty: number; unparryable: boolean; attackModifier: number } | null;
  /** Attempts to save a dying victim (Médecine / Blessures), in order; absent on older cards. */
  rescue?: RescueAttempt[] | null;
  /** The attack dialog's situation on the defender while none is named yet (`awaitDefender`, situational module). */
  situation?: { prd: number; dodge: number | null } | null;
  /** Closed by the GM's side (issue 33): no step is offered any more, whatever the stage. */
  closed?: boolean;
};

/**
 * One attempt to save the dying victim: a D20 under the healer's Médecine / Blessures value, harder by twice the
 * points below 0 (and the dialog's modifier). Passed: stabilised, the care lasting `rounds`; failed: 1D6 damage.
 */
export type RescueAttempt = {
  healerName: string;
  /** The healer's check value and the dialog's modifier (positive = harder), as chosen. */
  skill: number;
  modifier: number;
  /** The victim's EV when the check was made (0 or less). */
  ev: number;
  test: D20Test;
  /** Success: how far under the value the D20 came, and the rounds the care takes. */
  pointsLeft: number | null;
  rounds: number | null;
  /** Failure: the 1D6 taken, the EV and the life status after it. */
  damage: { d6: number; evAfter: number; status: string } | null;
};

export interface VictimValues {
  pr: number;
  cn: number;
  /** En Fer, Os de Verre (the attack kind is added here). */
  thresholdModifier: number;
  ev: number;
  volonte: number;
  /**
   * The low-EV module's skill penalty (Volonté is a skill) as it will stand after the blow: base EV and frenzy
   * (absent: the module is off).
   */
  lowEv?: { evBase: number; frenzy: boolean };
}
/** Narrow type guard for stored duel data. */
function isObject(value: unknown): boolean {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

export function isDuel(value: unknown): value is DuelData {
  if (!value || typeof value !== "object") return false;
  const v = value as Partial<DuelData>;
  // Rescue attempts are read by every sheet of a dying character: each must hold its test.
  const rescue: unknown = v.rescue ?? [];
  const attempts =
    Array.isArray(rescue) &&
    rescue.every((a: unknown) => !!a && typeof a === "object" && isObject((a as { test?: unknown }).test));
  return v.v === 1 && !!v.attacker && !!v.attack && typeof v.stage === "string" && attempts;
}
/** Reads the duel back from a stored card. */
export function duelOf(card: CardState): DuelData | null {
  const raw = card.data.duel;
  return isDuel(raw) ? raw : null;
}
