/** The roll tables of the source (1D20 each), as data, with lookups. Effects are paraphrased. */
import { assertFace, assertNonNegative } from "./validate";

export type FumbleKey =
  "desoriente" | "trebuche" | "chute" | "armeGlisse" | "armeEjectee" | "armeEndommagee" | "armeDetruite" | "seBlesse";

export interface FumbleLine {
  from: number;
  to: number;
  key: FumbleKey;
  label: string;
  /** Short description in our own words. */
  effect: string;
  /** Immediate change to the fumbler's initiative. */
  iniChange: number;
  /** The opponent gets an extra attack out of turn. */
  opponentAttack?: {
    /** Added to the fumbler's parry roll (positive = harder); ignored when unparryable. */
    parryPenalty: number;
    unparryable: boolean;
    /** Added to the opponent's attack roll (negative = easier). */
    attackModifier: number;
  };
  /** A check to stay standing / to get up / to pick the weapon up, as the adapter should ask. */
  check?: { quality: "Contrôle du Corps" | "AG" | "DE"; plusEnc: boolean; actions?: number };
  /** The weapon lands 1D4 steps away on one of the 8 squares around. */
  weaponFlies?: boolean;
  /** Breakage check, then the breakage factor rises by 1D4 if it holds. */
  breakage?: { increase: "1d4" };
  weaponDestroyed?: boolean;
  /** The fumbler takes his own weapon's PI as damage. */
  selfDamage?: boolean;
}

const weaponLines: readonly FumbleLine[] = [
  {
    from: 12,
    to: 13,
    key: "armeGlisse",
    label: "L'arme glisse des mains",
    effect: "The weapon drops at the fighter's feet; picking it up takes 2 actions and a DE check harder by Enc.",
    iniChange: -1,
    check: { quality: "DE", plusEnc: true, actions: 2 },
  },
  {
    from: 14,
    to: 15,
    key: "armeEjectee",
    label: "Arme éjectée",
    effect: "The weapon flies 1D4 steps onto one of the 8 squares around; picking it up as when dropped.",
    iniChange: -1,
    weaponFlies: true,
    check: { quality: "DE", plusEnc: true, actions: 2 },
  },
  {
    from: 16,
    to: 17,
    key: "armeEndommagee",
    label: "Arme endommagée",
    effect: "Breakage check for the weapon; if it holds, its breakage factor rises by 1D4.",
    iniChange: -1,
    breakage: { increase: "1d4" },
  },
  {
    from: 18,
    to: 19,
    key: "armeDetruite",
    label: "Arme détruite",
    effect: "The weapon breaks beyond use.",
    iniChange: -4,
    weaponDestroyed: true,
  },
  {
    from: 20,
    to: 20,
    key: "seBlesse",
    label: "Se blesse",
    effect: "The fighter hurts himself and takes his own weapon's PI as damage.",
    iniChange: -4,
    selfDamage: true,
  },
];

/** Fumble table for attacks (natural 20 on an attack, then 1D20). */
export const ATTACK_FUMBLE_TABLE: readonly FumbleLine[] = [
  {
    from: 1,
    to: 4,
    key: "desoriente",
    label: "Désorienté",
    effect: "Thrown off balance: the opponent gets a free attack, parried at +2.",
    iniChange: -2,
    opponentAttack: { parryPenalty: 2, unparryable: false, attackModifier: 0 },
  },
  {
    from: 5,
    to: 8,
    key: "trebuche",
    label: "Trébuche",
    effect: "Stumbles: the opponent gets a free attack, parried at +2; a Contrôle du Corps check or fall down.",
    iniChange: -1,
    opponentAttack: { parryPenalty: 2, unparryable: false, attackModifier: 0 },
    check: { quality: "Contrôle du Corps", plusEnc: false },
  },
  {
    from: 9,
    to: 11,
    key: "chute",
    label: "Chute",
    effect: "Falls: the opponent gets a free attack, parried at +4; getting up takes an AG check harder by Enc.",
    iniChange: -2,
    opponentAttack: { parryPenalty: 4, unparryable: false, attackModifier: 0 },
    check: { quality: "AG", plusEnc: true },
  },
  ...weaponLines,
];

/** Fumble table for parries (natural 20 on a parry, then 1D20). */
export const PARRY_FUMBLE_TABLE: readonly FumbleLine[] = [
  {
    from: 1,
    to: 4,
    key: "desoriente",
    label: "Désorienté",
    effect: "Thrown off balance: the opponent gets a free attack, parried at +3.",
    iniChange: -2,
    opponentAttack: { parryPenalty: 3, unparryable: false, attackModifier: 0 },
  },
  {
    from: 5,
    to: 8,
    key: "trebuche",
    label: "Trébuche",
    effect: "Stumbles: the opponent gets a free attack that cannot be parried; a Contrôle du Corps check or fall.",
    iniChange: -1,
    opponentAttack: { parryPenalty: 0, unparryable: true, attackModifier: 0 },
    check: { quality: "Contrôle du Corps", plusEnc: false },
  },
  {
    from: 9,
    to: 11,
    key: "chute",
    label: "Chute",
    effect:
      "Falls: the opponent gets a free attack at −2 that cannot be parried; getting up takes an AG check harder by Enc.",
    iniChange: -2,
    opponentAttack: { parryPenalty: 0, unparryable: true, attackModifier: -2 },
    check: { quality: "AG", plusEnc: true },
  },
  ...weaponLines,
];

/**
 * The fumble line for a d20 face. When a line cannot apply (`applies` false, e.g. "weapon destroyed" for an
 * unarmed fighter), the next line down is used; null when no line below applies.
 */
export function fumbleLine(
  table: readonly FumbleLine[],
  d20: number,
  applies: (line: FumbleLine) => boolean = () => true,
): FumbleLine | null {
  assertFace("d20", d20, 20);
  const start = table.findIndex((l) => d20 >= l.from && d20 <= l.to);
  for (let i = start; i >= 0 && i < table.length; i++) {
    const line = table[i];
    if (line && applies(line)) return line;
  }
  return null;
}

export type HeadWoundKey = "balafre" | "oreille" | "nez" | "oeil" | "mortelle";

export interface HeadWoundLine {
  from: number;
  to: number;
  key: HeadWoundKey;
  label: string;
  effect: string;
  /** Permanent changes (CH charisma, perception checks, AT, PRD). */
  permanent: { ch: number; perception: number; at: number; prd: number };
  mortal: boolean;
}

/** Head-wound table (1D20), rolled when a head hit brings the head's EV to 0 (hit-location module). */
export const HEAD_WOUND_TABLE: readonly HeadWoundLine[] = [
  {
    from: 1,
    to: 10,
    key: "balafre",
    label: "Balafre",
    effect: "A lasting scar: CH −1 for good.",
    permanent: { ch: -1, perception: 0, at: 0, prd: 0 },
    mortal: false,
  },
  {
    from: 11,
    to: 13,
    key: "oreille",
    label: "Oreille coupée",
    effect: "An ear is lost: CH −1 and perception −2 for good.",
    permanent: { ch: -1, perception: -2, at: 0, prd: 0 },
    mortal: false,
  },
  {
    from: 14,
    to: 16,
    key: "nez",
    label: "Nez coupé",
    effect: "The nose is cut off: CH −1 and perception −2 for good.",
    permanent: { ch: -1, perception: -2, at: 0, prd: 0 },
    mortal: false,
  },
  {
    from: 17,
    to: 19,
    key: "oeil",
    label: "Œil crevé",
    effect: "An eye is lost: CH −1, perception −2, AT −2 and PRD −3 for good.",
    permanent: { ch: -1, perception: -2, at: -2, prd: -3 },
    mortal: false,
  },
  {
    from: 20,
    to: 20,
    key: "mortelle",
    label: "Blessure mortelle",
    effect: "A deadly wound.",
    permanent: { ch: 0, perception: 0, at: 0, prd: 0 },
    mortal: true,
  },
];

/** The head-wound line for a d20 face. */
export function headWoundLine(d20: number): HeadWoundLine {
  assertFace("d20", d20, 20);
  const line = HEAD_WOUND_TABLE.find((l) => d20 >= l.from && d20 <= l.to);
  if (!line) throw new RangeError(`no head-wound line for ${d20}`);
  return line;
}

/**
 * A head hit down to 0 EV: a serious wound, a CN check harder by the damage (failed: knocked out), and a roll on
 * the head-wound table.
 */
export function headWound(input: { d20: number; damage: number }): {
  seriousWound: 1;
  cnCheckModifier: number;
  line: HeadWoundLine;
} {
  assertNonNegative("damage", input.damage);
  return { seriousWound: 1, cnCheckModifier: input.damage, line: headWoundLine(input.d20) };
}

/** The tables in RollTable form: one row per line with its d20 range and text. */
export function rollTableRows(table: readonly { from: number; to: number; label: string; effect: string }[]): {
  range: [number, number];
  text: string;
}[] {
  return table.map((l) => ({ range: [l.from, l.to], text: `${l.label}: ${l.effect}` }));
}
