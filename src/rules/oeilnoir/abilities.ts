/** Special abilities, advantages and disadvantages that the combat rules use, with their effects as data. */

export type AbilityKey =
  | "reflexeDeCombat"
  | "instinctDuCombat"
  | "danseurDeLames"
  | "habitudeDeLaProtection"
  | "vigilance"
  | "enFer"
  | "osDeVerre"
  | "tenace"
  | "mainGauche"
  | "combatADeuxMainsI"
  | "combatADeuxMainsII"
  | "visionPenombre"
  | "nyctalope"
  | "combatDansLEau"
  | "peupleDeLEau"
  | "demiEpee"
  | "frenetique";

export interface Ability {
  key: AbilityKey;
  label: string;
  kind: "capaciteSpeciale" | "avantage" | "desavantage";
  /** Short effect in our own words. */
  effect: string;
  /** Flat INI bonus. */
  ini?: number;
  /** D6 rolled for initiative. */
  initiativeDice?: 2;
  /** Shift of the three wound thresholds. */
  woundThresholds?: number;
  /** Multiplier of CN for the dying time and the death limit. */
  cnFactor?: number;
  /** Stays standing at EV 1…5. */
  ignoresKnockout?: boolean;
  /** Enc reduction per level (I, II, III). */
  encReduction?: readonly [number, number, number];
  /** Wrong-hand penalty removed (situational module); Combat à Deux Mains I also keeps the PI/FO bonus. */
  wrongHandTraining?: number;
}

export const ABILITIES: Readonly<Record<AbilityKey, Ability>> = {
  reflexeDeCombat: {
    key: "reflexeDeCombat",
    label: "Réflexe de combat",
    kind: "capaciteSpeciale",
    effect: "+4 to initiative.",
    ini: 4,
  },
  instinctDuCombat: {
    key: "instinctDuCombat",
    label: "Instinct du combat",
    kind: "capaciteSpeciale",
    effect: "+2 more to initiative; may switch attack and defence actions during the round.",
    ini: 2,
  },
  danseurDeLames: {
    key: "danseurDeLames",
    label: "Danseur de lames",
    kind: "capaciteSpeciale",
    effect: "Rolls 2D6 instead of 1D6 for initiative.",
    initiativeDice: 2,
  },
  habitudeDeLaProtection: {
    key: "habitudeDeLaProtection",
    label: "Habitude de la Protection",
    kind: "capaciteSpeciale",
    effect: "Used to armour: lowers its Enc (I: −1 for one armour, II: −1 for any, III: −2).",
    encReduction: [1, 1, 2],
  },
  vigilance: {
    key: "vigilance",
    label: "Vigilance",
    kind: "capaciteSpeciale",
    effect: "Orientation takes one action and no Intuition check.",
  },
  enFer: {
    key: "enFer",
    label: "En Fer",
    kind: "avantage",
    effect: "Wound thresholds +2; not out of the fight at EV 1–5.",
    woundThresholds: 2,
    ignoresKnockout: true,
  },
  osDeVerre: {
    key: "osDeVerre",
    label: "Os de Verre",
    kind: "desavantage",
    effect: "Wound thresholds −2.",
    woundThresholds: -2,
  },
  tenace: {
    key: "tenace",
    label: "Tenace",
    kind: "avantage",
    effect: "Not out of the fight at EV 1–5; dying lasts 1.5 × as long and death comes only below −1.5 × CN.",
    cnFactor: 1.5,
    ignoresKnockout: true,
  },
  mainGauche: {
    key: "mainGauche",
    label: "Main Gauche",
    kind: "capaciteSpeciale",
    effect: "Trained with the off hand: the wrong-hand penalty is 3 lower.",
    wrongHandTraining: 3,
  },
  combatADeuxMainsI: {
    key: "combatADeuxMainsI",
    label: "Combat à Deux Mains I",
    kind: "capaciteSpeciale",
    effect: "The wrong-hand penalty is 3 lower, and the off hand keeps the PI/FO bonus.",
    wrongHandTraining: 3,
  },
  combatADeuxMainsII: {
    key: "combatADeuxMainsII",
    label: "Combat à Deux Mains II",
    kind: "capaciteSpeciale",
    effect: "The wrong-hand penalty is 3 lower again.",
    wrongHandTraining: 3,
  },
  visionPenombre: {
    key: "visionPenombre",
    label: "Vision dans la Pénombre",
    kind: "avantage",
    effect: "Sees in poor light: light penalties halved.",
  },
  nyctalope: {
    key: "nyctalope",
    label: "Nyctalope",
    kind: "avantage",
    effect: "Sees at night: any bad light costs only 2/2.",
  },
  combatDansLEau: {
    key: "combatDansLEau",
    label: "Combat dans l'Eau",
    kind: "capaciteSpeciale",
    effect: "Trained to fight in water: water penalties halved.",
  },
  peupleDeLEau: {
    key: "peupleDeLEau",
    label: "Peuple de l'Eau",
    kind: "avantage",
    effect: "Born to the water: no penalty fighting under water.",
  },
  demiEpee: {
    key: "demiEpee",
    label: "Demi-Épée",
    kind: "capaciteSpeciale",
    effect: "Shortened grip: the weapon's confined-space penalty does not apply.",
  },
  frenetique: {
    key: "frenetique",
    label: "Frénétique",
    kind: "avantage",
    effect: "Frenzy (Rage Sanguinaire), a state toggled on the sheet: while it lasts, no wound or low-EV penalty.",
  },
};
