/**
 * The Ahill-Mach compendia as data, built from the rules core so they cannot drift from it: the seven moves
 * (`am-action` items), the eleven classes (a journal, one page per class with its starting HP), the two example
 * opponents (`opposant` actors with their métier) and the penchant table (a RollTable read by score).
 * `scripts/ahillmach-packs.ts` writes these into packs-src/; a unit test checks the files still match. Pure: no
 * Foundry global, so the script, the sheets and the tests share it. Texts are French (the world's language) and
 * in our own words; names stay French.
 */
import { ahillmach } from "../../rules/index.ts";
import { maxHpOf } from "./derive.ts";

type Lang = "fr" | "en";
type Json = Record<string, unknown>;

export const AHILLMACH_PACKS = {
  actions: "ahillmach-actions",
  classes: "ahillmach-classes",
  opposants: "ahillmach-opposants",
  tables: "ahillmach-tables",
} as const;
export type AhillMachPack = (typeof AHILLMACH_PACKS)[keyof typeof AHILLMACH_PACKS];

/** system.json `packs`: labels (language keys `QUINTETTE.Packs.<pack>`, Foundry localizes them) and document types. */
export const PACK_MANIFEST: Record<AhillMachPack, { label: string; type: string }> = {
  "ahillmach-actions": { label: "QUINTETTE.Packs.ahillmach-actions", type: "Item" },
  "ahillmach-classes": { label: "QUINTETTE.Packs.ahillmach-classes", type: "JournalEntry" },
  "ahillmach-opposants": { label: "QUINTETTE.Packs.ahillmach-opposants", type: "Actor" },
  "ahillmach-tables": { label: "QUINTETTE.Packs.ahillmach-tables", type: "RollTable" },
};

const SOURCE = "Ahill-Mach";
const MOVE_IMG: Record<ahillmach.MoveId, string> = {
  taillerEnPieces: "icons/svg/sword.svg",
  salve: "icons/svg/target.svg",
  defendre: "icons/svg/shield.svg",
  discernerLaRealite: "icons/svg/eye.svg",
  etalerSaScience: "icons/svg/book.svg",
  negocier: "icons/svg/mystery-man.svg",
  defierLeDanger: "icons/svg/hazard.svg",
};

/** A 16-character id, stable across builds: a prefix padded with zeros, then the index. */
function packId(prefix: string, index: number): string {
  const n = String(index);
  return `${prefix}${"0".repeat(16 - prefix.length - n.length)}${n}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const charName = (id: ahillmach.CharacteristicId, lang: Lang) =>
  ahillmach.CHARACTERISTICS.find((c) => c.id === id)!.name[lang];

/** The description of a rules move: when to roll it, with what, and what a hit does. */
function moveDescription(move: ahillmach.Move, lang: Lang): string {
  const fr = lang === "fr";
  const parts = [`<p>${escapeHtml(move.trigger[lang])}</p>`];
  if (move.characteristic === "context") {
    const ways = Object.entries(move.contextCharacteristics ?? {}).map(
      ([id, text]) =>
        `<li><strong>${charName(id as ahillmach.CharacteristicId, lang)}</strong> : ${escapeHtml(text[lang])}</li>`,
    );
    parts.push(
      `<p>${fr ? "La caractéristique dépend de la manière d'agir :" : "The characteristic depends on how you act:"}</p>`,
      `<ul>${ways.join("")}</ul>`,
    );
  } else {
    parts.push(
      `<p><strong>${fr ? "Caractéristique" : "Characteristic"} :</strong> ${charName(move.characteristic, lang)}</p>`,
    );
  }
  if (move.id === "taillerEnPieces" || move.id === "salve") {
    parts.push(
      `<p>${
        fr
          ? "Sur une réussite, la carte propose de lancer les dégâts de l'arme équipée ; la protection de la cible les réduit."
          : "On a success the card offers to roll the equipped weapon's damage; the target's protection reduces it."
      }</p>`,
    );
  }
  // Questions with what their answer tells (Discerner): the hint lines stay with the move in the compendium.
  const hinted = move.options.filter((o) => o.hint);
  if (hinted.length) {
    const items = hinted.map(
      (o) => `<li><strong>${escapeHtml(o.text[lang])}</strong><br />${escapeHtml(o.hint?.[lang] ?? "")}</li>`,
    );
    parts.push(`<ul>${items.join("")}</ul>`);
  }
  if (move.withoutInitiative) {
    parts.push(
      `<p>${
        fr
          ? "Utilisable sans avoir l'initiative ; une réussite totale ou critique la reprend."
          : "Usable without the initiative; a total or critical success takes it back."
      }</p>`,
    );
  }
  return parts.join("");
}

/** The item data of a rules move (the sheets and cards read its texts from the rules core through `moveId`). */
export function moveItemData(move: ahillmach.Move, lang: Lang = "fr") {
  const bands = Object.fromEntries(ahillmach.BANDS.map((b) => [b, move.bands[b][lang]])) as Record<
    ahillmach.Band,
    string
  >;
  const picks = Object.fromEntries(ahillmach.BANDS.map((b) => [b, move.picks[b] ?? 0])) as Record<
    ahillmach.Band,
    number
  >;
  return {
    name: move.name[lang],
    type: "am-action",
    img: MOVE_IMG[move.id],
    system: {
      description: moveDescription(move, lang),
      source: SOURCE,
      moveId: move.id,
      characteristic: move.characteristic,
      trigger: move.trigger[lang],
      bands,
      options: move.options.map((o) => o.text[lang]),
      picks,
      withoutInitiative: move.withoutInitiative,
      dealsDamage: move.id === "taillerEnPieces" || move.id === "salve",
    },
  };
}

/** The seven moves as item data, in the order of the rules. */
export function sevenMoves(lang: Lang = "fr") {
  return ahillmach.MOVES.map((m) => moveItemData(m, lang));
}

/** The rules moves an actor lacks, from its owned items. */
export function missingMoves(items: Iterable<{ type: string; system: unknown }>): ahillmach.MoveId[] {
  const owned = new Set<string>();
  for (const item of items) {
    if (item.type === "am-action") owned.add(String((item.system as { moveId?: unknown } | null)?.moveId ?? ""));
  }
  return ahillmach.MOVE_IDS.filter((id) => !owned.has(id));
}

function itemDoc(id: string, data: ReturnType<typeof moveItemData>, sort: number): Json {
  return {
    _id: id,
    _key: `!items!${id}`,
    ...data,
    effects: [],
    folder: null,
    sort,
    ownership: { default: 0 },
    flags: {},
  };
}

/* ---------------------------------------------------------------- classes */

/** Our own short portraits of the classes (the source only names them and says they are meant to be broad). */
const CLASS_TEXT: Record<ahillmach.ClassId, string> = {
  assassin:
    "Tueur patient qui frappe là où on ne l'attend pas : lame courte, poison, déguisement. Certains servent une guilde, d'autres une cause, d'autres leur bourse.",
  barbare:
    "Venu des marges du monde policé, il compte sur sa vigueur et sa fureur plus que sur l'escrime. Chasseur des steppes, pillard repenti ou gardien de son clan.",
  barde:
    "Conteur, musicien ou beau parleur : il entraîne les foules, colporte les nouvelles et sait un peu de tout. Sa parole est son arme la plus sûre.",
  chaman:
    "Passeur entre les vivants et les esprits : il écoute les ancêtres, les bêtes et les lieux, et en tire présages et faveurs, à ses risques.",
  clerc:
    "Serviteur d'un dieu ou d'un culte, soigneur, prêcheur ou inquisiteur. Sa foi le tient debout et lui ouvre des portes… ou lui en ferme.",
  druide:
    "Gardien d'un équilibre naturel, lié à une forêt, un fleuve ou une montagne. Il connaît les plantes, les saisons et le langage des bêtes.",
  eclaireur:
    "Pisteur, guide ou sentinelle, il ouvre la route et voit venir le danger avant les autres. Il préfère frapper de loin et disparaître.",
  guerrier:
    "Soldat, mercenaire, garde du corps ou champion d'arène : le combat est son métier, et il encaisse mieux que quiconque.",
  magicien:
    "Érudit des arts occultes qui plie le monde par l'étude et la volonté. Fragile au contact, il compense par ce qu'il sait.",
  paladin:
    "Combattant lié par un serment (un dieu, un ordre, un suzerain). Aussi solide qu'un guerrier, il porte en plus le poids de sa parole.",
  voleur:
    "Crocheteur, tire-laine, contrebandier ou espion : il vit d'adresse et de ruse, et sait filer quand l'affaire tourne mal.",
};

export const CLASSES_JOURNAL_ID = "amClasses0000001";

function signedFr(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}

/** One page per class: portrait, starting HP (base + CON) and its growth; flags carry the class id and base. */
function classPage(c: ahillmach.CharacterClass, index: number): Json {
  const id = packId("amClassPage", index + 1);
  const examples = [-1, 0, 1, 2].map((con) => `CON ${signedFr(con)} : ${ahillmach.startingHp(c.id, con)} PV`);
  return {
    _id: id,
    _key: `!journal.pages!${CLASSES_JOURNAL_ID}.${id}`,
    name: c.name.fr,
    type: "text",
    title: { show: true, level: 1 },
    text: {
      format: 1,
      content:
        `<p>${escapeHtml(CLASS_TEXT[c.id])}</p>` +
        `<p><strong>Points de vie au niveau 1 :</strong> ${c.baseHp} + CON (${examples.join(", ")}).</p>` +
        `<p>Chaque niveau au-delà du premier ajoute 1 point de vie maximum.</p>`,
    },
    sort: (index + 2) * 100000,
    ownership: { default: -1 },
    flags: { quintette: { ahillmach: { classId: c.id, baseHp: c.baseHp } } },
  };
}

function classesOverview(): Json {
  const id = packId("amClassPage", 0);
  const rows = [...ahillmach.CLASSES]
    .sort((a, b) => b.baseHp - a.baseHp || a.name.fr.localeCompare(b.name.fr, "fr"))
    .map((c) => `<tr><td>${c.name.fr}</td><td>${c.baseHp} + CON</td></tr>`)
    .join("");
  return {
    _id: id,
    _key: `!journal.pages!${CLASSES_JOURNAL_ID}.${id}`,
    name: "Vue d'ensemble",
    type: "text",
    title: { show: true, level: 1 },
    text: {
      format: 1,
      content:
        "<p>Les onze classes sont volontairement larges : deux personnages de la même classe peuvent n'avoir presque rien en commun. " +
        "La classe fixe surtout les points de vie de départ ; le reste se construit avec les caractéristiques, les métiers et les penchants.</p>" +
        "<p>Sur la fiche, choisissez la classe dans la liste (mode édition) : les points de vie maximum en découlent " +
        "(base de la classe + CON, puis +1 par niveau après le premier).</p>" +
        `<table><thead><tr><th>Classe</th><th>PV de départ</th></tr></thead><tbody>${rows}</tbody></table>`,
    },
    sort: 100000,
    ownership: { default: -1 },
    flags: {},
  };
}

export function classesJournal(): Json {
  return {
    _id: CLASSES_JOURNAL_ID,
    _key: `!journal!${CLASSES_JOURNAL_ID}`,
    name: "Les classes",
    pages: [classesOverview(), ...ahillmach.CLASSES.map(classPage)],
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}

/* ---------------------------------------------------------------- opponents */

const OPPONENT_TEXT: Record<string, { img: string; biography: string }> = {
  gardeBenet: {
    img: "icons/svg/mystery-man.svg",
    biography:
      "<p>Un garde recruté à la va-vite, plus doué pour bâiller à son poste que pour le tenir. Seul, il cède vite ; en groupe, il fait nombre.</p>" +
      "<p>Opposant mineur : pas de caractéristiques, seulement un Mental de −1 (son moral est fragile).</p>",
  },
  cheveuxDOr: {
    img: "icons/svg/sword.svg",
    biography:
      "<p>Mercenaire vive et sans scrupules, qui se bat à la lame courte ou lance ses stylets. Rapide, elle esquive plus qu'elle ne pare.</p>" +
      "<p>Opposant majeur : sa Dextérité s'ajoute à sa protection, sa Constitution à ses points de vie.</p>",
  },
};

function opponentDoc(example: ahillmach.ExampleOpponent, index: number): Json {
  const id = packId("amOpposant", index + 1);
  const stats = ahillmach.opponentStatBlock(example.input);
  const chars = example.input.characteristics;
  const text = OPPONENT_TEXT[example.id] ?? { img: "icons/svg/mystery-man.svg", biography: "" };
  const items = example.metiers.map((m, i) => {
    const itemId = packId(`amOppMetier${index + 1}`, i + 1);
    return {
      _id: itemId,
      _key: `!actors.items!${id}.${itemId}`,
      name: m.name.fr,
      type: "am-metier",
      img: "icons/svg/item-bag.svg",
      system: { description: "", source: SOURCE, mastery: m.mastery },
      effects: [],
      folder: null,
      sort: (i + 1) * 100000,
      ownership: { default: 0 },
      flags: {},
    };
  });
  return {
    _id: id,
    _key: `!actors!${id}`,
    name: example.name.fr,
    type: "opposant",
    img: text.img,
    system: {
      biography: text.biography,
      notes: "",
      tier: example.input.tier,
      size: example.input.size ?? "normal",
      protection: example.input.protection ?? 0,
      major: chars !== undefined,
      characteristics: Object.fromEntries(ahillmach.CHARACTERISTIC_IDS.map((c) => [c, chars?.[c] ?? 0])),
      physique: example.input.physique ?? null,
      mental: example.input.mental ?? null,
      hp: { value: stats.hp, max: stats.hp },
      weapon: example.weapon.name.fr,
      tags: example.weapon.tags.map((t) => t.fr).join(", "),
      protectionGear: example.protectionGear.fr,
      side: "opposants",
      actions: example.actions.length
        ? `<ul>${example.actions.map((a) => `<li>${escapeHtml(a.fr)}</li>`).join("")}</ul>`
        : "",
    },
    prototypeToken: {
      name: example.name.fr,
      actorLink: false,
      disposition: -1,
      displayBars: 20,
      bar1: { attribute: "hp" },
      bar2: { attribute: null },
    },
    items,
    effects: [],
    folder: null,
    sort: (index + 1) * 100000,
    ownership: { default: 0 },
    flags: {},
  };
}

export function exampleOpponents(): Json[] {
  return ahillmach.EXAMPLE_OPPONENTS.map(opponentDoc);
}

/* ---------------------------------------------------------------- penchant table */

export const PENCHANT_TABLE_ID = "amPenchants00001";

export function penchantTable(): Json {
  const results = ahillmach.PENCHANT_TABLE.map((row, i) => {
    const id = packId("amPenchantRow", i + 1);
    return {
      _id: id,
      _key: `!tables.results!${PENCHANT_TABLE_ID}.${id}`,
      type: "text",
      name: row.level === 5 ? "5 et plus" : String(row.level),
      description: row.text.fr,
      img: "icons/svg/d20-grey.svg",
      range: [row.level, row.level],
      weight: 1,
      drawn: false,
      flags: {},
    };
  });
  return {
    _id: PENCHANT_TABLE_ID,
    _key: `!tables!${PENCHANT_TABLE_ID}`,
    name: "Réactions des penchants",
    img: "icons/svg/d20-black.svg",
    description:
      "<p>Ce n'est pas une table à tirer au hasard : on y lit la ligne du score de penchant atteint à la fin d'une scène où le personnage s'est surpassé " +
      "(points accumulés moins la valeur du jet de Mystique de fin de scène). Un score de 0 ou moins : rien ne se passe ; 5 ou plus : la dernière ligne. " +
      "La carte de fin de scène affiche déjà la réaction ; cette table sert de référence au MJ.</p>",
    formula: "1d5",
    replacement: true,
    displayRoll: true,
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
    results,
  };
}

/* ---------------------------------------------------------------- all packs */

/** Every pack's documents, keyed by pack name; each document is written to packs-src/<pack>/<_id>.json. */
export function packDocuments(): Record<AhillMachPack, Json[]> {
  return {
    "ahillmach-actions": sevenMoves("fr").map((m, i) => itemDoc(packId("amMove", i + 1), m, (i + 1) * 100000)),
    "ahillmach-classes": [classesJournal()],
    "ahillmach-opposants": exampleOpponents(),
    "ahillmach-tables": [penchantTable()],
  };
}

/* ---------------------------------------------------------------- new actors */

/** What creation data may already say (the parts the defaults look at). */
export interface ActorCreationData {
  type?: string;
  items?: readonly { type?: string; system?: unknown }[];
  prototypeToken?: { actorLink?: boolean; bar1?: { attribute?: string | null } };
  system?: unknown;
}

/**
 * Defaults for a new Ahill-Mach actor, or null when nothing is to change: the token bar shows HP (the manifest's
 * primary attribute belongs to another rule set) and a personnage created without any move gets the seven (in the
 * creator's language), so a fresh sheet can play at once.
 */
export function creationDefaults(data: ActorCreationData, lang: string): Record<string, unknown> | null {
  const update: Record<string, unknown> = {};
  const token = data.prototypeToken ?? {};
  if (token.bar1?.attribute === undefined) update["prototypeToken.bar1.attribute"] = "hp";
  // A new actor starts at full health for its class and CON (or tier, size and CON), unless its HP are given.
  const system = (data.system ?? {}) as { hp?: { value?: unknown } };
  const max = maxHpOf(data.type, system as Record<string, unknown>);
  if (max !== null && typeof system.hp?.value !== "number") update["system.hp.value"] = max;
  if (data.type === "personnage") {
    const items = data.items ?? [];
    if (!items.some((i) => i.type === "am-action")) {
      update.items = [...items, ...sevenMoves(lang === "en" ? "en" : "fr")];
    }
  }
  return Object.keys(update).length ? update : null;
}
