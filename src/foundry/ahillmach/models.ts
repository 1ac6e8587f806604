/**
 * Ahill-Mach data models: every stored number declares its range and integer-ness; everything that follows from the
 * rules (max HP, effective characteristics, level from XP, opponent stat block) is derived through the rules core in
 * `prepareDerivedData`, never stored.
 */
import { ahillmach } from "../../rules/index.ts";
import { BaseActorModel, BaseItemModel, baseActorSchema, baseItemSchema } from "../data/models.ts";
import { booleanField, choiceField, htmlField, integerField, resourceField, textField } from "../data/fields.ts";
import { derivePersonnage, deriveOpposant, type OpposantDerived, type PersonnageDerived } from "./derive.ts";
import { creationDefaults, type ActorCreationData } from "./compendium.ts";

const { CHARACTERISTIC_IDS, CHARACTERISTIC_MIN, CHARACTERISTIC_MAX, CLASS_IDS, MOVE_IDS } = ahillmach;

export const ACTOR_TYPES = { personnage: "personnage", opposant: "opposant" } as const;
export const ITEM_TYPES = { action: "am-action", equipement: "am-equipement", metier: "am-metier" } as const;

/** Generous caps where the source sets none (stored values only; the rules core checks the rest). */
export const HP_MAX = 99;
export const XP_MAX = 999;
export const PROTECTION_MAX = 10;
export const GEAR_BONUS_MAX = 5;
export const PENCHANT_POINTS_MAX = 99;

const L = (key: string) => `QUINTETTE.AhillMach.${key}`;

function choices<const T extends string>(ids: readonly T[], prefix: string): Record<T, string> {
  return Object.fromEntries(ids.map((id) => [id, L(`${prefix}.${id}`)])) as Record<T, string>;
}

const characteristic = (id: string, initial = 0) =>
  integerField({ min: CHARACTERISTIC_MIN, max: CHARACTERISTIC_MAX, initial, label: L(`Characteristic.${id}`) });

/** The six characteristics; defaults to the first creation array (2, 1, 1, 1, 0, −1), a valid new character. */
function characteristicsSchema(initial: Record<ahillmach.CharacteristicId, number>) {
  return new foundry.data.fields.SchemaField({
    for: characteristic("for", initial.for),
    dex: characteristic("dex", initial.dex),
    con: characteristic("con", initial.con),
    int: characteristic("int", initial.int),
    mys: characteristic("mys", initial.mys),
    aur: characteristic("aur", initial.aur),
  });
}

const FIRST_ARRAY = { for: 2, dex: 1, con: 1, int: 1, mys: 0, aur: -1 } as const;
const ZEROES = { for: 0, dex: 0, con: 0, int: 0, mys: 0, aur: 0 } as const;

/** Which creation array the sheet offers: the values must be a permutation of it (free after creation). */
export const CREATION_CHOICES = ["a", "b", "libre"] as const;
export type CreationChoice = (typeof CREATION_CHOICES)[number];

function statesSchema() {
  const f = foundry.data.fields;
  const state = (id: string) => booleanField({ label: L(`State.${id}`) });
  return new f.SchemaField({
    for: state("faible"),
    dex: state("maladresse"),
    con: state("malade"),
    int: state("inepte"),
    mys: state("confus"),
    aur: state("disgrace"),
  });
}

/** The Se surpasser scene record, mirroring the rules core's SurpassScene. */
function sceneSchema() {
  const f = foundry.data.fields;
  return new f.SchemaField({
    active: booleanField({ label: L("Scene.Active") }),
    /** Mystique at the start of the scene (states included): −3 is a −2 with Confus. */
    mystique: integerField({
      min: CHARACTERISTIC_MIN - 1,
      max: CHARACTERISTIC_MAX,
      initial: 0,
      label: L("Scene.Mystique"),
    }),
    uses: integerField({ min: 0, max: CHARACTERISTIC_MAX, initial: 0, label: L("Scene.Uses") }),
    boosted: new f.ArrayField(
      new f.StringField({ required: true, blank: false, choices: choices(CHARACTERISTIC_IDS, "Characteristic") }),
      { label: L("Scene.Boosted") },
    ),
    penchantIndex: new f.NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: 0,
      max: 1,
      initial: null,
      label: L("Scene.PenchantIndex"),
    }),
    penchant: integerField({ min: 0, max: PENCHANT_POINTS_MAX, initial: 0, label: L("Scene.Penchant") }),
  });
}

function personnageSchema() {
  return {
    ...baseActorSchema(),
    classId: choiceField(choices(CLASS_IDS, "Class"), { initial: "guerrier", label: L("Field.Class") }),
    level: integerField({ min: ahillmach.MIN_LEVEL, max: ahillmach.MAX_LEVEL, initial: 1, label: L("Field.Level") }),
    xp: integerField({ min: 0, max: XP_MAX, initial: 0, label: L("Field.Xp") }),
    creation: choiceField(choices(CREATION_CHOICES, "Creation"), { initial: "a", label: L("Field.Creation") }),
    characteristics: characteristicsSchema(FIRST_ARRAY),
    /** `max` is derived from the class, CON and level (the stored max is ignored). */
    hp: resourceField({ max: HP_MAX, value: 17, label: L("Field.Hp") }),
    states: statesSchema(),
    /** The characteristic of the fainting test: the last state ticked. */
    lastTicked: new foundry.data.fields.StringField({
      required: true,
      blank: true,
      initial: "",
      choices: choices(CHARACTERISTIC_IDS, "Characteristic"),
      label: L("Field.LastTicked"),
    }),
    /** Knocked out by a failed fainting test (set by that test, cleared by hand: the rules say nothing of waking). */
    fainted: booleanField({ label: L("Field.Fainted") }),
    penchant1: textField({ label: L("Field.Penchant1") }),
    penchant2: textField({ label: L("Field.Penchant2") }),
    scene: sceneSchema(),
  };
}
export type PersonnageSchema = ReturnType<typeof personnageSchema>;

/** A new actor's defaults (token bar on HP; a personnage's seven moves), before it is stored. */
function applyCreationDefaults(parent: Actor.Implementation | null, data: unknown): void {
  const update = creationDefaults((data ?? {}) as ActorCreationData, game.i18n?.lang ?? "fr");
  // The update mixes dotted token paths and embedded item data, which Actor.UpdateData does not describe.
  if (update && parent) parent.updateSource(update as Actor.UpdateData);
}

export class PersonnageModel extends BaseActorModel<PersonnageSchema> {
  static override defineSchema(): PersonnageSchema {
    return personnageSchema();
  }

  /** Derived through the rules core (see derive.ts). */
  declare derived: PersonnageDerived;

  protected override async _preCreate(
    ...args: Parameters<foundry.abstract.TypeDataModel<PersonnageSchema, Actor.Implementation>["_preCreate"]>
  ): Promise<boolean | void> {
    if ((await super._preCreate(...args)) === false) return false;
    applyCreationDefaults(this.parent, args[0]);
  }

  override prepareDerivedData(): void {
    // `contents`: an array in Foundry and in the double (whose Map iterates entries).
    this.derived = derivePersonnage(this, this.parent?.items?.contents ?? []);
    this.hp.max = this.derived.maxHp;
  }
}

export const TIERS = ahillmach.OPPONENT_TIERS.map((t) => t.id);
export const SIZES = ahillmach.OPPONENT_SIZES.map((s) => s.id);
export const SIDES = ["opposants", "personnages"] as const satisfies readonly ahillmach.Side[];

function opposantSchema() {
  const group = (key: string) =>
    new foundry.data.fields.NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: CHARACTERISTIC_MIN,
      max: CHARACTERISTIC_MAX,
      initial: null,
      label: L(`Field.${key}`),
    });
  return {
    ...baseActorSchema(),
    tier: choiceField(choices(TIERS, "Tier"), { initial: "fortune", label: L("Field.Tier") }),
    size: choiceField(choices(SIZES, "Size"), { initial: "normal", label: L("Field.Size") }),
    /** Protection of its gear; a major opponent adds DEX. */
    protection: integerField({ min: 0, max: PROTECTION_MAX, initial: 0, label: L("Field.Protection") }),
    major: booleanField({ label: L("Field.Major") }),
    characteristics: characteristicsSchema(ZEROES),
    /** Minor opponents: one value per group, empty when it is 0. */
    physique: group("Physique"),
    mental: group("Mental"),
    /** `max` is derived from tier, size and CON. */
    hp: resourceField({ max: HP_MAX, value: 6, label: L("Field.Hp") }),
    weapon: textField({ label: L("Field.Weapon") }),
    tags: textField({ label: L("Field.Tags") }),
    protectionGear: textField({ label: L("Field.ProtectionGear") }),
    /** Its side in a conflict: an ally fights with the characters (and holds the initiative with them). */
    side: choiceField(choices(SIDES, "Side"), { initial: "opposants", label: L("Field.Side") }),
    actions: htmlField({ label: L("Field.Actions") }),
  };
}
export type OpposantSchema = ReturnType<typeof opposantSchema>;

export class OpposantModel extends BaseActorModel<OpposantSchema> {
  static override defineSchema(): OpposantSchema {
    return opposantSchema();
  }

  declare derived: OpposantDerived;

  protected override async _preCreate(
    ...args: Parameters<foundry.abstract.TypeDataModel<OpposantSchema, Actor.Implementation>["_preCreate"]>
  ): Promise<boolean | void> {
    if ((await super._preCreate(...args)) === false) return false;
    applyCreationDefaults(this.parent, args[0]);
  }

  override prepareDerivedData(): void {
    this.derived = deriveOpposant(this);
    this.hp.max = this.derived.stats.hp;
  }
}

/* ---------------------------------------------------------------- items */

export const MOVE_CHOICES = [...MOVE_IDS, "libre"] as const;
export type MoveChoice = (typeof MOVE_CHOICES)[number];
export const MOVE_CHARACTERISTICS = [...CHARACTERISTIC_IDS, "context"] as const;
const BAND_IDS = ahillmach.BANDS;
export const PICKS_MAX = 6;
export const OPTIONS_MAX = 8;

function actionSchema() {
  const f = foundry.data.fields;
  const bandText = (band: string) => textField({ label: L(`Band.${band}`) });
  const picks = (band: string) => integerField({ min: 0, max: PICKS_MAX, initial: 0, label: L(`Band.${band}`) });
  return {
    ...baseItemSchema(),
    /** A move of the rules (its texts come from the rules core, in each reader's language) or a free one. */
    moveId: choiceField(choices(MOVE_CHOICES, "MoveId"), { initial: "libre", label: L("Field.Move") }),
    characteristic: choiceField(choices(MOVE_CHARACTERISTICS, "Characteristic"), {
      initial: "for",
      label: L("Field.Characteristic"),
    }),
    /** Free moves only: the trigger, the text per band, the options and how many to pick per band. */
    trigger: textField({ label: L("Field.Trigger") }),
    bands: new f.SchemaField({
      echecCritique: bandText("echecCritique"),
      echec: bandText("echec"),
      partielle: bandText("partielle"),
      totale: bandText("totale"),
      reussiteCritique: bandText("reussiteCritique"),
    }),
    options: new f.ArrayField(textField({ label: L("Field.Option") }), { label: L("Field.Options") }),
    picks: new f.SchemaField({
      echecCritique: picks("echecCritique"),
      echec: picks("echec"),
      partielle: picks("partielle"),
      totale: picks("totale"),
      reussiteCritique: picks("reussiteCritique"),
    }),
    withoutInitiative: booleanField({ label: L("Field.WithoutInitiative") }),
    /** Whether a success deals the character's damage (Tailler en pièces, Salve). */
    dealsDamage: booleanField({ label: L("Field.DealsDamage") }),
  };
}
export type ActionSchema = ReturnType<typeof actionSchema>;

export class ActionModel extends BaseItemModel<ActionSchema> {
  static override defineSchema(): ActionSchema {
    return actionSchema();
  }
  static readonly bands = BAND_IDS;
}

export const GEAR_KINDS = ["arme", "armure", "objet"] as const;
export const DAMAGE_DICE = ["0", "4", "6", "8", "10", "12"] as const;

function equipementSchema() {
  return {
    ...baseItemSchema(),
    kind: choiceField(choices(GEAR_KINDS, "GearKind"), { initial: "objet", label: L("Field.GearKind") }),
    equipped: booleanField({ initial: true, label: L("Field.Equipped") }),
    /** Added to rolls where the gear helps (under the +5 cap). */
    bonus: integerField({ min: 0, max: GEAR_BONUS_MAX, initial: 0, label: L("Field.GearBonus") }),
    /** A weapon's damage die ("0": none) and modifier. */
    damageDie: choiceField(choices(DAMAGE_DICE, "Die"), { initial: "0", label: L("Field.DamageDie") }),
    damageModifier: integerField({ min: -5, max: 10, initial: 0, label: L("Field.DamageModifier") }),
    protection: integerField({ min: 0, max: PROTECTION_MAX, initial: 0, label: L("Field.Protection") }),
    tags: textField({ label: L("Field.Tags") }),
    quantity: integerField({ min: 0, max: 999, initial: 1, label: L("Field.Quantity") }),
  };
}
export type EquipementSchema = ReturnType<typeof equipementSchema>;

export class EquipementModel extends BaseItemModel<EquipementSchema> {
  static override defineSchema(): EquipementSchema {
    return equipementSchema();
  }
}

function metierSchema() {
  return {
    ...baseItemSchema(),
    mastery: integerField({
      min: ahillmach.METIER_MASTERY_MIN,
      max: ahillmach.METIER_MASTERY_MAX,
      initial: ahillmach.STARTING_METIER_MASTERY,
      label: L("Field.Mastery"),
    }),
  };
}
export type MetierSchema = ReturnType<typeof metierSchema>;

export class MetierModel extends BaseItemModel<MetierSchema> {
  static override defineSchema(): MetierSchema {
    return metierSchema();
  }
}

/** HTML fields per type: system.json `documentTypes` and template.json list exactly these. */
export const HTML_FIELDS = {
  personnage: ["biography", "notes"],
  opposant: ["biography", "notes", "actions"],
  "am-action": ["description"],
  "am-equipement": ["description"],
  "am-metier": ["description"],
} as const;

declare global {
  interface QuintetteActorModels {
    personnage: typeof PersonnageModel;
    opposant: typeof OpposantModel;
  }
  interface QuintetteItemModels {
    "am-action": typeof ActionModel;
    "am-equipement": typeof EquipementModel;
    "am-metier": typeof MetierModel;
  }
}
