/**
 * Optional module: situational modifiers to AT and PRD. All values are penalties (positive = harder, negative =
 * easier), as the source writes them; subtract them from the values. The source's own table is missing from
 * our copy: values it does not state are our choices (docs/rules/oeilnoir.md).
 */
import { assertRange, roundHalfUp } from "./validate";

export interface AtPrd {
  at: number;
  prd: number;
}

const add = (a: AtPrd, b: AtPrd): AtPrd => ({ at: a.at + b.at, prd: a.prd + b.prd });
const ZERO: AtPrd = { at: 0, prd: 0 };

/** Wrong hand: 9 on AT and PRD, 3 less for each of Main Gauche, Combat à Deux Mains I and II (never a bonus). */
export function wrongHand(input: { mainGauche?: boolean; deuxMainsI?: boolean; deuxMainsII?: boolean }): AtPrd & {
  strengthBonusAllowed: boolean;
} {
  const n = [input.mainGauche, input.deuxMainsI, input.deuxMainsII].filter(Boolean).length;
  const p = Math.max(0, 9 - 3 * n);
  return { at: p, prd: p, strengthBonusAllowed: input.deuxMainsI ?? false };
}

export type Position = "debout" | "agenouille" | "couche";

/** Own position: lying 3, kneeling 1 (a kneeling dodge is 4 harder; lying, no dodge nor Orientation). */
export const OWN_POSITION: Readonly<Record<Position, AtPrd & { dodge: number | null }>> = {
  debout: { at: 0, prd: 0, dodge: 0 },
  agenouille: { at: 1, prd: 1, dodge: 4 },
  couche: { at: 3, prd: 3, dodge: null },
};

/** Fighting someone on the ground is easier: against lying AT −3 / PRD −5, against kneeling AT −1 / PRD −3. */
export const OPPONENT_POSITION: Readonly<Record<Position, AtPrd>> = {
  debout: ZERO,
  agenouille: { at: -1, prd: -3 },
  couche: { at: -3, prd: -5 },
};

export type ConfinedClass = "ample" | "moyenne" | "infanterie" | "lance" | "courte";

/**
 * Confined space, by weapon class: long swung weapons (chains, whips, staves, two-handed flails, axes, maces and
 * swords) AT 6 / PRD 2; axes and maces, swords and sabres AT 2; infantry weapons AT 2 / PRD 2; spears PRD 2.
 * Demi-Épée removes it when usable with the weapon.
 */
export const CONFINED_SPACE: Readonly<Record<ConfinedClass, AtPrd>> = {
  ample: { at: 6, prd: 2 },
  moyenne: { at: 2, prd: 0 },
  infanterie: { at: 2, prd: 2 },
  lance: { at: 0, prd: 2 },
  courte: ZERO,
};

export type Light = "jour" | "crepuscule" | "lune" | "etoiles" | "obscurite" | "invisible";

/** Light and visibility (not cumulative with each other). Only moonlight is stated by the source. */
export const LIGHT: Readonly<Record<Light, AtPrd>> = {
  jour: ZERO,
  crepuscule: { at: 1, prd: 1 },
  lune: { at: 3, prd: 3 },
  etoiles: { at: 5, prd: 5 },
  obscurite: { at: 8, prd: 8 },
  invisible: { at: 8, prd: 8 },
};

export type Water = "aucune" | "genoux" | "taille" | "epaules" | "sousLEau";

/** Water depth (not cumulative with each other). Only knee-deep is stated by the source. */
export const WATER: Readonly<Record<Water, AtPrd>> = {
  aucune: ZERO,
  genoux: { at: 0, prd: 2 },
  taille: { at: 2, prd: 4 },
  epaules: { at: 4, prd: 6 },
  sousLEau: { at: 6, prd: 6 },
};

/** A flying opponent. */
export const FLYING_OPPONENT: AtPrd = { at: 2, prd: 4 };

export interface Situation {
  position?: Position;
  opponentPosition?: Position;
  confined?: ConfinedClass;
  demiEpee?: boolean;
  light?: Light;
  /** Vision dans la Pénombre halves light penalties; Nyctalope turns each bad light into 2. */
  sight?: "normale" | "penombre" | "nyctalope";
  water?: Water;
  /** Combat dans l'Eau halves water penalties; water peoples ignore them under water only. */
  waterFighter?: boolean;
  peupleDeLEau?: boolean;
  flyingOpponent?: boolean;
  wrongHand?: { mainGauche?: boolean; deuxMainsI?: boolean; deuxMainsII?: boolean };
  /** Anything else the GM adds. */
  other?: AtPrd;
}

const half = (m: AtPrd): AtPrd => ({ at: roundHalfUp(m.at / 2), prd: roundHalfUp(m.prd / 2) });

/** Sum of the situational penalties; different circumstances add up. */
export function situationalModifiers(s: Situation): AtPrd {
  let total = ZERO;
  total = add(total, OWN_POSITION[s.position ?? "debout"]);
  total = add(total, OPPONENT_POSITION[s.opponentPosition ?? "debout"]);
  if (s.confined && !s.demiEpee) total = add(total, CONFINED_SPACE[s.confined]);
  const light = s.light ?? "jour";
  let lightMod = LIGHT[light];
  if (light !== "jour" && light !== "invisible") {
    if (s.sight === "penombre") lightMod = half(lightMod);
    else if (s.sight === "nyctalope") lightMod = { at: 2, prd: 2 };
  }
  total = add(total, lightMod);
  const water = s.water ?? "aucune";
  let waterMod = WATER[water];
  if (s.peupleDeLEau && water === "sousLEau") waterMod = ZERO;
  else if (s.waterFighter) waterMod = half(waterMod);
  total = add(total, waterMod);
  if (s.flyingOpponent) total = add(total, FLYING_OPPONENT);
  if (s.wrongHand) {
    const w = wrongHand(s.wrongHand);
    total = add(total, { at: w.at, prd: w.prd });
  }
  if (s.other) {
    assertRange("other.at", s.other.at, -20, 20);
    assertRange("other.prd", s.other.prd, -20, 20);
    total = add(total, s.other);
  }
  return total;
}

/** What one fighter brings to an exchange: where he stands, how he sees, his weapon's class, his hand. */
export interface FighterSituation {
  position?: Position;
  sight?: Situation["sight"];
  waterFighter?: boolean;
  peupleDeLEau?: boolean;
  /** The class of the weapon he fights with, for a confined space. */
  confined?: ConfinedClass;
  demiEpee?: boolean;
  wrongHand?: Situation["wrongHand"];
  /** He flies (his opponent fights a flying creature). */
  flying?: boolean;
}

/** One attack: the two fighters and what they share (light, water, a confined space). */
export interface ExchangeSituation {
  attacker?: FighterSituation;
  defender?: FighterSituation;
  light?: Light;
  water?: Water;
  /** The place is too narrow: each fighter's weapon class counts. */
  confinedSpace?: boolean;
  /** Anything else the GM adds: `at` to the attacker, `prd` to the defender. */
  other?: AtPrd;
}

function sideOf(self: FighterSituation, opponent: FighterSituation, shared: ExchangeSituation): Situation {
  return {
    position: self.position ?? "debout",
    opponentPosition: opponent.position ?? "debout",
    ...(shared.confinedSpace && self.confined ? { confined: self.confined } : {}),
    demiEpee: self.demiEpee ?? false,
    light: shared.light ?? "jour",
    ...(self.sight ? { sight: self.sight } : {}),
    water: shared.water ?? "aucune",
    waterFighter: self.waterFighter ?? false,
    peupleDeLEau: self.peupleDeLEau ?? false,
    flyingOpponent: opponent.flying ?? false,
    ...(self.wrongHand ? { wrongHand: self.wrongHand } : {}),
  };
}

/**
 * The penalties of one attack, each on the fighter the source puts it on: the attacker's attack comes from his own
 * situation (his position, the defender's position, his weapon, his hand, a flying defender), the defender's parry
 * from his own (his position, the attacker's position, his weapon, a flying attacker). The wrong hand also loses
 * the PI/FO bonus unless Combat à Deux Mains I.
 */
export function exchangeModifiers(
  s: ExchangeSituation,
): AtPrd & { strengthBonusAllowed: boolean; dodge: number | null } {
  const attacker = s.attacker ?? {};
  const defender = s.defender ?? {};
  const at = situationalModifiers(sideOf(attacker, defender, s)).at;
  const prd = situationalModifiers(sideOf(defender, attacker, s)).prd;
  if (s.other) {
    assertRange("other.at", s.other.at, -20, 20);
    assertRange("other.prd", s.other.prd, -20, 20);
  }
  const strengthBonusAllowed = attacker.wrongHand ? wrongHand(attacker.wrongHand).strengthBonusAllowed : true;
  // The parry's modifiers hold for a dodge too, except the defender's own position: kneeling 4, lying no dodge.
  const own = OWN_POSITION[defender.position ?? "debout"];
  const dodge = own.dodge === null ? null : prd - own.prd + own.dodge + (s.other?.prd ?? 0);
  return { at: at + (s.other?.at ?? 0), prd: prd + (s.other?.prd ?? 0), strengthBonusAllowed, dodge };
}

/**
 * Dodge instead of a parry (ours, the source names it without a value): the PRD base (after wounds) minus the
 * armour's whole Enc (after Habitude de la Protection), never below 0.
 */
export function dodgeValue(input: { prdBase: number; enc: number }): number {
  return Math.max(0, input.prdBase - Math.max(0, input.enc));
}

/**
 * The range the situation of an exchange can move the defender's parry (or, with `dodge`, his dodge) by (penalties
 * positive), over every choice the attack dialog offers (positions, confined space, light, water, a flying
 * opponent, the wrong hand): what `exchangeModifiers` can give the defender without the GM's `other`. The GM's
 * client refuses a card's situation outside it: it was not made by the dialog (issue 12).
 */
export function situationalPrdRange(options: { dodge?: boolean } = {}): { min: number; max: number } {
  const extremes = (values: readonly number[]) => ({ min: Math.min(...values), max: Math.max(...values) });
  const own = Object.values(OWN_POSITION).map((m) => (options.dodge ? m.dodge : m.prd));
  const parts = [
    extremes(own.filter((v): v is number => v !== null)),
    extremes(Object.values(OPPONENT_POSITION).map((m) => m.prd)),
    extremes([0, ...Object.values(CONFINED_SPACE).map((m) => m.prd)]),
    extremes(Object.values(LIGHT).map((m) => m.prd)),
    extremes(Object.values(WATER).map((m) => m.prd)),
    extremes([0, FLYING_OPPONENT.prd]),
    extremes([0, wrongHand({}).prd]),
  ];
  return parts.reduce((a, b) => ({ min: a.min + b.min, max: a.max + b.max }), { min: 0, max: 0 });
}
