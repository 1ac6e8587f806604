/** The seven moves as data: characteristic, what each band means (in our own words) and the options to pick. */
import type { CharacteristicId, Localized } from "./characteristics";
import type { Band } from "./resolution";

export type MoveId =
  "taillerEnPieces" | "salve" | "defendre" | "discernerLaRealite" | "etalerSaScience" | "negocier" | "defierLeDanger";

export interface MoveOption {
  readonly id: string;
  readonly text: Localized;
  /** Each pick spends one held option on one consequence: the same one may be picked again (Défendre). */
  readonly repeatable?: boolean;
  /** What the answer tells (Discerner's questions: the line under each question in the source). */
  readonly hint?: Localized;
}

export interface Move {
  readonly id: MoveId;
  readonly name: Localized;
  /** The characteristic rolled, or "context" when the player picks it from `contextCharacteristics`. */
  readonly characteristic: CharacteristicId | "context";
  readonly trigger: Localized;
  /** What the band means for this move, shown on the chat card. */
  readonly bands: Readonly<Record<Band, Localized>>;
  readonly options: readonly MoveOption[];
  /** How many options the player picks on each band (absent: none). */
  readonly picks: Readonly<Partial<Record<Band, number>>>;
  /** For Défier le danger: which characteristic fits which way of acting. */
  readonly contextCharacteristics?: Readonly<Partial<Record<CharacteristicId, Localized>>>;
  /** Whether a protagonist without the initiative may still use it. */
  readonly withoutInitiative: boolean;
}

const FAIL: Localized = {
  fr: "NON : le MJ fait intervenir la fiction contre vous. Vous gagnez 1 XP.",
  en: "NO: the GM turns the fiction against you. You gain 1 XP.",
};
const CRIT_FAIL: Localized = {
  fr: "NON ET : comme un échec, en pire (un état peut s'ajouter). Vous gagnez 2 XP.",
  en: "NO AND: as a failure, only worse (a state may follow). You gain 2 XP.",
};

function critical(total: Localized): Localized {
  return { fr: `OUI ET : ${total.fr} Et un bénéfice en plus.`, en: `YES AND: ${total.en} And an extra benefit.` };
}

const tailleTotale: Localized = {
  fr: "Vos dégâts portent, vous évitez la riposte et gardez l'initiative.",
  en: "Your damage lands, you avoid the counter and keep the initiative.",
};
const salveTotale: Localized = {
  fr: "En plein dans le mille : infligez vos dégâts, l'initiative reste à vous.",
  en: "A clean hit: deal your damage, the initiative stays yours.",
};
const defendreTotale: Localized = {
  fr: "Gardez trois options pendant que vous défendez, et reprenez l'initiative.",
  en: "Hold three options while you defend, and take the initiative back.",
};
const discernerTotale: Localized = {
  fr: "Posez trois questions de la liste ; +1 à la prochaine action qui s'en sert.",
  en: "Ask three questions from the list; +1 to the next action that uses an answer.",
};
const scienceTotale: Localized = {
  fr: "Le MJ vous apprend quelque chose d'intéressant et d'utile.",
  en: "The GM tells you something interesting and useful.",
};
const negocierTotale: Localized = {
  fr: "Il accepte, pourvu que vous promettiez d'abord ce qu'il veut.",
  en: "They agree, provided you first promise what they want.",
};
const defierTotale: Localized = {
  fr: "Vous y arrivez sans subir le danger.",
  en: "You pull it off without suffering the danger.",
};

export const MOVES: readonly Move[] = [
  {
    id: "taillerEnPieces",
    name: { fr: "Tailler en pièces", en: "Hack to pieces" },
    characteristic: "for",
    trigger: { fr: "Attaquer un ennemi au corps à corps.", en: "Attack an enemy in melee." },
    bands: {
      echecCritique: CRIT_FAIL,
      echec: FAIL,
      partielle: {
        fr: "Vos dégâts portent mais l'ennemi riposte ; l'initiative peut vous échapper.",
        en: "Your damage lands but the enemy strikes back; you may lose the initiative.",
      },
      totale: tailleTotale,
      reussiteCritique: critical(tailleTotale),
    },
    options: [
      {
        id: "plus1d6",
        text: { fr: "+1d6 dégâts, en vous exposant à l'attaque ennemie.", en: "+1d6 damage, exposing yourself." },
      },
    ],
    picks: { totale: 1, reussiteCritique: 1 },
    withoutInitiative: false,
  },
  {
    id: "salve",
    name: { fr: "Salve", en: "Volley" },
    characteristic: "dex",
    trigger: { fr: "Viser et tirer sur un ennemi à distance.", en: "Aim and shoot at a distant enemy." },
    bands: {
      echecCritique: CRIT_FAIL,
      echec: FAIL,
      partielle: {
        fr: "Infligez vos dégâts et choisissez une option ; l'initiative peut vous échapper.",
        en: "Deal your damage and pick one option; you may lose the initiative.",
      },
      totale: salveTotale,
      reussiteCritique: critical(salveTotale),
    },
    options: [
      {
        id: "danger",
        text: { fr: "Vous vous exposez (au choix du MJ).", en: "You put yourself in danger (GM's call)." },
      },
      { id: "moins1d6", text: { fr: "Tir au jugé : −1d6 dégâts.", en: "Snap shot: −1d6 damage." } },
      { id: "munition", text: { fr: "Plusieurs essais : 1 munition épuisée.", en: "Several tries: 1 ammo used up." } },
    ],
    picks: { partielle: 1 },
    withoutInitiative: false,
  },
  {
    id: "defendre",
    name: { fr: "Défendre", en: "Defend" },
    characteristic: "con",
    trigger: {
      fr: "Protéger une personne, un objet ou un lieu d'une attaque (esquiver, se couvrir).",
      en: "Shield a person, object or place from an attack (dodge, take cover).",
    },
    bands: {
      echecCritique: CRIT_FAIL,
      echec: FAIL,
      partielle: {
        fr: "Gardez une option, à dépenser quand vous ou votre protégé êtes attaqués.",
        en: "Hold one option, to spend when you or your charge are attacked.",
      },
      totale: defendreTotale,
      reussiteCritique: critical(defendreTotale),
    },
    options: [
      {
        id: "rediriger",
        text: { fr: "Attirer l'attaque sur vous.", en: "Draw the attack onto yourself." },
        repeatable: true,
      },
      {
        id: "moitie",
        text: { fr: "Réduire de moitié l'effet ou les dégâts.", en: "Halve the effect or damage." },
        repeatable: true,
      },
      {
        id: "allie",
        repeatable: true,
        text: {
          fr: "Un allié a +1 à sa prochaine action contre l'attaquant.",
          en: "An ally gets +1 against the attacker.",
        },
      },
      {
        id: "niveau",
        text: { fr: "Infliger autant de dégâts que votre niveau.", en: "Deal damage equal to your level." },
      },
    ],
    picks: { partielle: 1, totale: 3, reussiteCritique: 3 },
    withoutInitiative: true,
  },
  {
    id: "discernerLaRealite",
    name: { fr: "Discerner la réalité", en: "Discern reality" },
    characteristic: "mys",
    trigger: {
      fr: "Observer attentivement une situation ou une personne.",
      en: "Study a situation or a person closely.",
    },
    bands: {
      echecCritique: CRIT_FAIL,
      echec: FAIL,
      partielle: {
        fr: "Posez une question de la liste ; +1 à la prochaine action qui s'en sert.",
        en: "Ask one question from the list; +1 to the next action that uses the answer.",
      },
      totale: discernerTotale,
      reussiteCritique: critical(discernerTotale),
    },
    options: [
      {
        id: "passe",
        text: { fr: "Que s'est-il passé ici récemment ?", en: "What happened here recently?" },
        hint: {
          fr: "Les menaces : qui, combien ; ce que le lieu a vécu dernièrement.",
          en: "The threats: who, how many; what the place went through lately.",
        },
      },
      {
        id: "avenir",
        text: { fr: "Que va-t-il se passer ?", en: "What is about to happen?" },
        hint: {
          fr: "D'où et comment les menaces vont surgir ; les tactiques qu'elles emploieront.",
          en: "Where and how the threats will come from; the tactics they will use.",
        },
      },
      {
        id: "attention",
        text: { fr: "À quoi dois-je être attentif ?", en: "What should I watch out for?" },
        hint: { fr: "Les menaces visibles : où, combien.", en: "The visible threats: where, how many." },
      },
      {
        id: "utile",
        text: {
          fr: "Qu'est-ce qui, ici, pourrait m'être utile ou précieux ?",
          en: "What here could be useful or valuable to me?",
        },
        hint: {
          fr: "Ce qui peut vous aider : les objets qui vous donnent l'avantage.",
          en: "What can help you: the objects that give you the edge.",
        },
      },
      {
        id: "maitre",
        text: { fr: "Qui maîtrise vraiment la situation ici ?", en: "Who is really in control here?" },
        hint: {
          fr: "Les stratèges : qui ils sont, où ils se tiennent.",
          en: "The strategists: who, and where they are.",
        },
      },
      {
        id: "faux",
        text: { fr: "Qu'est-ce qui n'est pas ce qu'il paraît ici ?", en: "What here is not what it seems?" },
        hint: { fr: "Les menaces cachées : où, combien.", en: "The hidden threats: where, how many." },
      },
    ],
    picks: { partielle: 1, totale: 3, reussiteCritique: 3 },
    withoutInitiative: false,
  },
  {
    id: "etalerSaScience",
    name: { fr: "Étaler sa science", en: "Show off your knowledge" },
    characteristic: "int",
    trigger: { fr: "Faire appel à ce que vous savez d'un sujet.", en: "Draw on what you know about a subject." },
    bands: {
      echecCritique: CRIT_FAIL,
      echec: FAIL,
      partielle: {
        fr: "Le MJ vous apprend quelque chose d'intéressant ; à vous de le rendre utile.",
        en: "The GM tells you something interesting; making it useful is up to you.",
      },
      totale: scienceTotale,
      reussiteCritique: critical(scienceTotale),
    },
    options: [],
    picks: {},
    withoutInitiative: false,
  },
  {
    id: "negocier",
    name: { fr: "Négocier", en: "Negotiate" },
    characteristic: "aur",
    trigger: {
      fr: "Traiter avec un PNJ quand vous avez de quoi marchander.",
      en: "Deal with an NPC when you have leverage.",
    },
    bands: {
      echecCritique: CRIT_FAIL,
      echec: FAIL,
      partielle: {
        fr: "Il accepte si vous prouvez sur-le-champ que vous tiendrez parole.",
        en: "They agree if you prove right away that you will keep your word.",
      },
      totale: negocierTotale,
      reussiteCritique: critical(negocierTotale),
    },
    options: [],
    picks: {},
    withoutInitiative: false,
  },
  {
    id: "defierLeDanger",
    name: { fr: "Défier le danger", en: "Defy danger" },
    characteristic: "context",
    trigger: {
      fr: "Agir malgré une menace imminente ou subir une catastrophe (contre-attaque, rompre le combat, mouvement).",
      en: "Act despite an imminent threat or weather a disaster (counter-attack, break off, movement).",
    },
    bands: {
      echecCritique: CRIT_FAIL,
      echec: FAIL,
      partielle: {
        fr: "Vous flanchez : le MJ propose une situation qui empire, un marché pénible ou un choix amer.",
        en: "You falter: the GM offers a worse situation, a hard bargain or an ugly choice.",
      },
      totale: defierTotale,
      reussiteCritique: critical(defierTotale),
    },
    options: [],
    picks: {},
    contextCharacteristics: {
      for: { fr: "En force.", en: "By force." },
      dex: { fr: "Vite, ou en esquivant.", en: "Quickly, or by dodging." },
      con: { fr: "En encaissant.", en: "By enduring." },
      int: { fr: "Par ingéniosité.", en: "By ingenuity." },
      mys: { fr: "Par patience, volonté ou perception.", en: "By patience, will or perception." },
      aur: { fr: "Par le charme ou l'aisance sociale.", en: "By charm or social grace." },
    },
    withoutInitiative: true,
  },
];

export const MOVE_IDS: readonly MoveId[] = MOVES.map((m) => m.id);

export function moveById(id: string): Move {
  const move = MOVES.find((m) => m.id === id);
  if (!move) throw new RangeError(`unknown move ${id}`);
  return move;
}

/** How many options the move lets the player pick on this band (0 when none). */
export function optionPicks(moveId: MoveId, band: Band): number {
  return moveById(moveId).picks[band] ?? 0;
}

/** Dice each damage-changing option adds to the hit's damage (+1d6 Tailler en pièces, −1d6 Salve). */
export const DAMAGE_OPTION_D6: Readonly<Record<string, number>> = { plus1d6: 1, moins1d6: -1 };

/**
 * Whether picking this option changes the damage of the hit. Such an option must be picked before the damage is
 * rolled: once the damage is rolled, it can no longer be picked (the roll would not show it).
 */
export function optionChangesDamage(optionId: string): boolean {
  return Object.hasOwn(DAMAGE_OPTION_D6, optionId);
}

/** Whether an option may still be picked, given whether the damage of the hit was already rolled. */
export function optionPickable(optionId: string, damageRolled: boolean): boolean {
  return !(damageRolled && optionChangesDamage(optionId));
}

/** Ammunition an option uses up (Salve's "several tries": one), 0 for the others. */
export function ammunitionSpent(optionId: string): number {
  return optionId === "munition" ? 1 : 0;
}

/** The quantity left once an option is picked, or null when too little is left to pick it. */
export function ammunitionAfter(quantity: number, optionId: string): number | null {
  const spent = ammunitionSpent(optionId);
  return quantity >= spent ? quantity - spent : null;
}

/** Whether the move lets the same option be picked more than once (each pick spent on a separate attack). */
export function optionRepeatable(moveId: MoveId, optionId: string): boolean {
  return moveById(moveId).options.find((o) => o.id === optionId)?.repeatable === true;
}
