/** Opponents: stat blocks from tier and size (plus characteristics for major ones), morale, the two examples. */
import { type Characteristics, type CharacteristicId, type Localized, CHARACTERISTIC_IDS } from "./characteristics";
import { bandOdds } from "./odds";
import { resolveMove, type MoveResult } from "./resolution";
import { damageTaken } from "./wounds";
import { assertInteger, assertIntegerIn } from "./validate";

export type OpponentTier = "nonCombattant" | "fortune" | "entraine" | "veteran";
export type OpponentSize = "petit" | "normal" | "grand" | "enorme";
/** Moves of the characters whose rolls change with the opponent's size. */
export type SizedMove = "taillerEnPieces" | "salve" | "defendre";

export interface TierInfo {
  readonly id: OpponentTier;
  readonly name: Localized;
  readonly hp: number;
  /** Faces of the damage die. */
  readonly damageDie: number;
}

export const OPPONENT_TIERS: readonly TierInfo[] = [
  { id: "nonCombattant", name: { fr: "Non combattant", en: "Non-combatant" }, hp: 4, damageDie: 4 },
  { id: "fortune", name: { fr: "Combattant de fortune", en: "Makeshift fighter" }, hp: 6, damageDie: 6 },
  { id: "entraine", name: { fr: "Combattant entraîné", en: "Trained fighter" }, hp: 8, damageDie: 8 },
  { id: "veteran", name: { fr: "Combattant vétéran", en: "Veteran fighter" }, hp: 10, damageDie: 10 },
];

export interface SizeInfo {
  readonly id: OpponentSize;
  readonly name: Localized;
  readonly description: Localized;
  readonly damage: number;
  readonly hp: number;
  /** Added to the characters' rolls of these moves against the opponent. */
  readonly moves: Readonly<Record<SizedMove, number>>;
}

export const OPPONENT_SIZES: readonly SizeInfo[] = [
  {
    id: "petit",
    name: { fr: "Petit", en: "Small" },
    description: { fr: "Bien plus petit qu'un halfelin.", en: "Much smaller than a halfling." },
    damage: -3,
    hp: -3,
    moves: { taillerEnPieces: -1, salve: -1, defendre: 1 },
  },
  {
    id: "normal",
    name: { fr: "Normal", en: "Normal" },
    description: { fr: "De l'halfelin à l'humain.", en: "From halfling to human." },
    damage: 0,
    hp: 0,
    moves: { taillerEnPieces: 0, salve: 0, defendre: 0 },
  },
  {
    id: "grand",
    name: { fr: "Grand", en: "Large" },
    description: {
      fr: "Bien plus grand qu'un homme, gros comme un chariot.",
      en: "Far bigger than a man, cart-sized.",
    },
    damage: 3,
    hp: 3,
    moves: { taillerEnPieces: 1, salve: 1, defendre: -1 },
  },
  {
    id: "enorme",
    name: { fr: "Énorme", en: "Huge" },
    description: { fr: "Gros comme une petite maison, ou plus.", en: "As big as a small house, or more." },
    damage: 5,
    hp: 5,
    moves: { taillerEnPieces: 2, salve: 2, defendre: -2 },
  },
];

export function tierInfo(tier: OpponentTier): TierInfo {
  const t = OPPONENT_TIERS.find((x) => x.id === tier);
  if (!t) throw new RangeError(`unknown opponent tier ${String(tier)}`);
  return t;
}

export function sizeInfo(size: OpponentSize): SizeInfo {
  const s = OPPONENT_SIZES.find((x) => x.id === size);
  if (!s) throw new RangeError(`unknown opponent size ${String(size)}`);
  return s;
}

export interface OpponentInput {
  readonly tier: OpponentTier;
  readonly size?: OpponentSize;
  /** Protection of the opponent's gear. */
  readonly protection?: number;
  /** Major opponents only: FOR adds to damage, DEX to protection, CON to hit points. */
  readonly characteristics?: Partial<Characteristics>;
  /** Minor opponents may carry one value per group instead of characteristics. */
  readonly physique?: number;
  readonly mental?: number;
}

export interface OpponentStatBlock {
  readonly major: boolean;
  readonly hp: number;
  readonly hpBreakdown: { readonly tier: number; readonly size: number; readonly con: number };
  readonly damage: {
    readonly sides: number;
    readonly modifier: number;
    /** "D8", "D6+3", "D4-3" (a zero modifier is omitted). */
    readonly formula: string;
    readonly breakdown: { readonly size: number; readonly for: number };
  };
  readonly protection: number;
  readonly protectionBreakdown: { readonly gear: number; readonly dex: number };
  /** Size modifiers to the characters' moves against it, zeros omitted. */
  readonly moveModifiers: Readonly<Partial<Record<SizedMove, number>>>;
  /** Non-zero characteristics of a major opponent. */
  readonly characteristics: Readonly<Partial<Record<CharacteristicId, number>>>;
  readonly physique?: number;
  readonly mental?: number;
  /** Bonus of its morale roll: Mystique for a major opponent, Mental otherwise. */
  readonly moraleBonus: number;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : `${n}`;
}

export function opponentStatBlock({
  tier,
  size = "normal",
  protection = 0,
  characteristics,
  physique,
  mental,
}: OpponentInput): OpponentStatBlock {
  const t = tierInfo(tier);
  const s = sizeInfo(size);
  assertIntegerIn(protection, 0, Number.MAX_SAFE_INTEGER, "protection");
  const major = characteristics !== undefined;
  if (major && (physique !== undefined || mental !== undefined)) {
    throw new RangeError("a major opponent has characteristics, not Physique/Mental values");
  }
  const chars: Partial<Record<CharacteristicId, number>> = {};
  for (const id of CHARACTERISTIC_IDS) {
    const v = characteristics?.[id];
    if (v === undefined) continue;
    assertIntegerIn(v, -2, 4, id);
    if (v !== 0) chars[id] = v;
  }
  if (physique !== undefined) assertIntegerIn(physique, -2, 4, "physique");
  if (mental !== undefined) assertIntegerIn(mental, -2, 4, "mental");
  const con = chars.con ?? 0;
  const str = chars.for ?? 0;
  const dex = chars.dex ?? 0;
  const modifier = s.damage + str;
  const moveModifiers: Partial<Record<SizedMove, number>> = {};
  for (const [move, v] of Object.entries(s.moves) as [SizedMove, number][]) if (v !== 0) moveModifiers[move] = v;
  return {
    major,
    // Never below 1: a small non-combatant still has a hit point.
    hp: Math.max(1, t.hp + s.hp + con),
    hpBreakdown: { tier: t.hp, size: s.hp, con },
    damage: {
      sides: t.damageDie,
      modifier,
      formula: `D${t.damageDie}${modifier === 0 ? "" : signed(modifier)}`,
      breakdown: { size: s.damage, for: str },
    },
    protection: protection + dex,
    protectionBreakdown: { gear: protection, dex },
    moveModifiers,
    characteristics: chars,
    ...(physique !== undefined && physique !== 0 ? { physique } : {}),
    ...(mental !== undefined && mental !== 0 ? { mental } : {}),
    moraleBonus: major ? (chars.mys ?? 0) : (mental ?? 0),
  };
}

/** Damage an opponent takes, whether it is out (0 HP) and whether its side now rolls morale (any wound). */
export function opponentHit({ hp, damage, protection = 0 }: { hp: number; damage: number; protection?: number }): {
  hp: number;
  taken: number;
  out: boolean;
  moraleCheck: boolean;
} {
  assertIntegerIn(hp, 0, Number.MAX_SAFE_INTEGER, "hp");
  const taken = damageTaken({ damage, protection });
  const after = Math.max(0, hp - taken);
  return { hp: after, taken, out: after === 0, moraleCheck: taken > 0 };
}

export interface MoraleRoll {
  readonly dice: readonly number[];
  /** From help and hindrance (advantageLevel). */
  readonly advantage?: number;
  /** Mystique (major opponents, allies) or Mental (minor opponents). */
  readonly mystique: number;
}

/** Morale: a Mystique roll when the side takes wounds; on a failure they flee or rout. */
export function moraleCheck({ dice, advantage = 0, mystique }: MoraleRoll): MoveResult & { flees: boolean } {
  assertInteger(mystique, "mystique");
  const r = resolveMove({ dice, advantage, bonus: mystique });
  return { ...r, flees: r.value < 0 };
}

export function fleeOdds({ advantage = 0, mystique }: { advantage?: number; mystique: number }): number {
  const o = bandOdds({ advantage, bonus: mystique });
  return o.echec + o.echecCritique;
}

export interface ExampleOpponent {
  readonly id: string;
  readonly name: Localized;
  readonly input: OpponentInput;
  readonly protectionGear: Localized;
  readonly weapon: { readonly name: Localized; readonly tags: readonly Localized[] };
  readonly metiers: readonly { readonly name: Localized; readonly mastery: number }[];
  readonly actions: readonly Localized[];
}

const TAG = {
  allonge: { fr: "allonge", en: "reach" },
  proche: { fr: "proche", en: "close" },
  lance: { fr: "lancé", en: "thrown" },
} as const;

export const EXAMPLE_OPPONENTS: readonly ExampleOpponent[] = [
  {
    id: "gardeBenet",
    name: { fr: "Garde benêt", en: "Dim-witted guard" },
    input: { tier: "fortune", protection: 1, mental: -1 },
    protectionGear: { fr: "Gambisson de cuir élimé", en: "Worn leather gambeson" },
    weapon: { name: { fr: "Épieu", en: "Boar spear" }, tags: [TAG.allonge, TAG.proche, TAG.lance] },
    metiers: [{ name: { fr: "Soldat", en: "Soldier" }, mastery: 1 }],
    actions: [],
  },
  {
    id: "cheveuxDOr",
    name: { fr: "Cheveux d'or, mercenaire", en: "Goldenhair, mercenary" },
    input: { tier: "entraine", protection: 2, characteristics: { dex: 2, con: 1, mys: 1 } },
    protectionGear: { fr: "Armure de cuir et bouclier", en: "Leather armour and shield" },
    weapon: { name: { fr: "Épée courte ou stylets", en: "Short sword or stilettos" }, tags: [TAG.proche, TAG.lance] },
    metiers: [{ name: { fr: "Mercenaire", en: "Mercenary" }, mastery: 2 }],
    actions: [
      { fr: "Jamais sans Ligg Dha", en: "Never without Ligg Dha" },
      { fr: "Vicieuse les armes en main", en: "Vicious with a blade in hand" },
      { fr: "Souple comme un chat", en: "Supple as a cat" },
    ],
  },
];
