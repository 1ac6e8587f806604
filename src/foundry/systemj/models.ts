/**
 * SYSTEMJ data models. Personnages (`sj-personnage`, PJ and PNJ) and créatures share one model; créatures have no
 * language skills. Every number declares its range and integer-ness; derived values come from the rules core.
 */
import { systemj } from "../../rules/index.ts";
import { baseActorSchema, baseItemSchema } from "../data/models.ts";
import { booleanField, choiceField, integerField, resourceField, textField } from "../data/fields.ts";

const { ATTRIBUTE_IDS, SCORE_MAX, WEAPON_BONUS_MAX, WEAPON_FAMILIES, combatScores, skillsFor } = systemj;

export { ACTOR_TYPES, ITEM_KINDS, ITEM_TYPES, isSystemJItemType } from "./types.ts";
export type { SystemJActorType, SystemJItemType } from "./types.ts";
import type { SystemJItemType } from "./types.ts";
import { migrateActorSystemSource } from "../migrations/steps.ts";
type MigrationSource = Parameters<typeof foundry.abstract.DataModel.migrateData>[0];

/** Hit points and armour points cap: generous, the source gives no maximum. */
export const POINTS_MAX = 999;
export const QUANTITY_MAX = 9999;
export const RANGE_MAX = 10_000;

const score = (label: string, initial = 0) => integerField({ min: 0, max: SCORE_MAX, initial, label });

function attributesSchema() {
  const entries = ATTRIBUTE_IDS.map((id) => [id, score(`QUINTETTE.SystemJ.Attribute.${id}`, 50)] as const);
  return new foundry.data.fields.SchemaField(
    Object.fromEntries(entries) as Record<systemj.AttributeId, ReturnType<typeof score>>,
  );
}

function skillsSchema(entity: "personnage" | "creature") {
  const entries = skillsFor(entity).map((s) => [s.id, score(`QUINTETTE.SystemJ.Skill.${s.id}`)] as const);
  return new foundry.data.fields.SchemaField(
    Object.fromEntries(entries) as Partial<Record<systemj.GenericSkillId, ReturnType<typeof score>>>,
  );
}

/** Scores of the world's primary special skills, matched by name with the world setting's list. */
function specialsSchema() {
  const f = foundry.data.fields;
  return new f.ArrayField(
    new f.SchemaField({
      name: textField({ label: "QUINTETTE.SystemJ.Special.Name" }),
      score: score("QUINTETTE.SystemJ.Special.Score"),
    }),
  );
}

function actorSchema(entity: "personnage" | "creature") {
  return {
    ...baseActorSchema(),
    attributes: attributesSchema(),
    skills: skillsSchema(entity),
    specials: specialsSchema(),
    hitPoints: resourceField({ max: POINTS_MAX, value: 10, label: "QUINTETTE.SystemJ.HitPoints" }),
    /** Current value stored; the maximum is derived from the armour cards in hand (the stored max is not read). */
    armourPoints: resourceField({ max: POINTS_MAX, value: 0, label: "QUINTETTE.SystemJ.ArmourPoints" }),
    /** PJ or PNJ for personnages; a créature's kind in free text otherwise. */
    role: textField({ label: "QUINTETTE.SystemJ.RoleField" }),
    /** The languages a personnage speaks, named on the sheet (comma separated); unused by créatures. */
    languages: textField({ label: "QUINTETTE.SystemJ.Sheet.Languages" }),
  };
}
export type SystemJActorSchema = ReturnType<typeof actorSchema>;

abstract class SystemJActorModelBase extends foundry.abstract.TypeDataModel<SystemJActorSchema, Actor.Implementation> {
  /** Old biography keys, before schema cleaning drops them (see migrateActorSystemSource). */
  static override migrateData(source: MigrationSource): MigrationSource {
    migrateActorSystemSource(source);
    return super.migrateData(source);
  }

  static readonly entity: "personnage" | "creature" = "personnage";

  /** Derived: combat scores without any card's bonus (the sheet adds each weapon's). */
  declare combat: systemj.CombatScores;
  /** Derived: armour points the equipped armour cards give, which is the maximum of `armourPoints`. */
  declare armourFromCards: number;

  override prepareDerivedData(): void {
    const a = this.attributes;
    this.combat = combatScores({ FOR: a.FOR, RES: a.RES, AGI: a.AGI, RAP: a.RAP, CHA: a.CHA });
    const cards: systemj.ArmourCard[] = [];
    for (const item of this.parent?.items ?? []) {
      const sys: unknown = item.system;
      if (sys instanceof SystemJArmourModel) cards.push({ inHand: sys.equipped, armourPoints: sys.armourPoints });
    }
    this.armourFromCards = systemj.armourFromCards(cards);
    // The maximum follows the armour cards in hand; the current value never exceeds it.
    const derived = systemj.derivedArmour(this.armourPoints.value, this.armourFromCards);
    this.armourPoints.max = derived.max;
    this.armourPoints.value = derived.value;
  }

  /** The armour points once the owned `item` is taken in hand or put away; null: not an armour, or no change. */
  armourOnEquip(item: Item.Implementation, equip: boolean): { value: number; max: number } | null {
    const card: unknown = item.system;
    if (!(card instanceof SystemJArmourModel) || card.equipped === equip) return null;
    return systemj.armourAfterEquip(this.armourPoints, card.armourPoints, equip);
  }

  /** Writes the armour points `armourOnEquip` gave. */
  async writeArmour(armour: { value: number; max: number } | null): Promise<void> {
    if (!armour || !this.parent) return;
    await this.parent.update({
      "system.armourPoints.value": armour.value,
      "system.armourPoints.max": armour.max,
    } as Actor.UpdateData);
  }

  /**
   * Document method: takes the owned card `itemId` in hand (`equipped`, default: the other way round) or puts it away.
   * An armour card brings its points, put away the value drops to the new maximum (rules core `armourAfterEquip`).
   * Resolves false when the item is not an owned card that can be in hand.
   */
  async equip(itemId: string, equipped?: boolean): Promise<boolean> {
    const item = this.parent?.items.get(itemId);
    const was = (item?.system as { equipped?: unknown } | undefined)?.equipped;
    if (!item || typeof was !== "boolean") return false;
    const equip = equipped ?? !was;
    if (equip === was) return true;
    // Read before the card's own update: the maximum then follows the cards in hand.
    const armour = this.armourOnEquip(item, equip);
    await item.update({ "system.equipped": equip } as Item.UpdateData);
    await this.writeArmour(armour);
    return true;
  }
}

export class SystemJPersonnageModel extends SystemJActorModelBase {
  static override readonly entity = "personnage" as const;
  static override defineSchema(): SystemJActorSchema {
    return actorSchema("personnage");
  }
}

export class SystemJCreatureModel extends SystemJActorModelBase {
  static override readonly entity = "creature" as const;
  static override defineSchema(): SystemJActorSchema {
    return actorSchema("creature");
  }
}

export type SystemJActorModel = SystemJPersonnageModel | SystemJCreatureModel;

/* ---------------------------------------------------------------- items */

function cardBase() {
  return { ...baseItemSchema() };
}

export function weaponFamilyChoices(): Record<systemj.WeaponFamily, string> {
  return Object.fromEntries(WEAPON_FAMILIES.map((f) => [f.id, `QUINTETTE.SystemJ.WeaponFamily.${f.id}`])) as Record<
    systemj.WeaponFamily,
    string
  >;
}

const bonus = (label: string) => integerField({ min: -WEAPON_BONUS_MAX, max: WEAPON_BONUS_MAX, initial: 0, label });
const equipped = () => booleanField({ initial: false, label: "QUINTETTE.SystemJ.Card.Equipped" });
const quantity = () =>
  integerField({ min: 0, max: QUANTITY_MAX, initial: 1, label: "QUINTETTE.SystemJ.Card.Quantity" });

function objectSchema() {
  return {
    ...cardBase(),
    equipped: equipped(),
    /** Fit for combat: held in hand, it lets its holder parry and block (no DEF). */
    combatFit: booleanField({ initial: false, label: "QUINTETTE.SystemJ.Card.CombatFit" }),
  };
}
function weaponSchema() {
  return {
    ...cardBase(),
    equipped: equipped(),
    att: bonus("QUINTETTE.SystemJ.Card.Att"),
    def: bonus("QUINTETTE.SystemJ.Card.Def"),
    /** Metres; 0 for a melee weapon. */
    range: integerField({ min: 0, max: RANGE_MAX, initial: 0, label: "QUINTETTE.SystemJ.Card.Range" }),
    /** Damage formula in Foundry dice syntax (`1d6+2`); checked when rolled. */
    damage: textField({ initial: "1d6", label: "QUINTETTE.SystemJ.Card.Damage" }),
    family: choiceField(weaponFamilyChoices(), { initial: "corpsACorps", label: "QUINTETTE.SystemJ.Card.Family" }),
  };
}
function armourSchema() {
  return {
    ...cardBase(),
    equipped: equipped(),
    armourPoints: integerField({ min: 0, max: POINTS_MAX, initial: 2, label: "QUINTETTE.SystemJ.ArmourPoints" }),
  };
}
function stockSchema() {
  return { ...cardBase(), quantity: quantity() };
}
function plainSchema() {
  return cardBase();
}
function skillCardSchema() {
  return { ...cardBase(), score: score("QUINTETTE.SystemJ.Card.Score", 30) };
}

export class SystemJObjectModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof objectSchema>,
  Item.Implementation
> {
  static override defineSchema() {
    return objectSchema();
  }
}
export class SystemJWeaponModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof weaponSchema>,
  Item.Implementation
> {
  static override defineSchema() {
    return weaponSchema();
  }
  get ranged(): boolean {
    return WEAPON_FAMILIES.find((f) => f.id === this.family)?.ranged ?? false;
  }
}
export class SystemJArmourModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof armourSchema>,
  Item.Implementation
> {
  static override defineSchema() {
    return armourSchema();
  }
}
export class SystemJStockModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof stockSchema>,
  Item.Implementation
> {
  static override defineSchema() {
    return stockSchema();
  }
}
export class SystemJPlainCardModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof plainSchema>,
  Item.Implementation
> {
  static override defineSchema() {
    return plainSchema();
  }
}
export class SystemJSkillCardModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof skillCardSchema>,
  Item.Implementation
> {
  static override defineSchema() {
    return skillCardSchema();
  }
}

/** The data model of each item type. */
export const ITEM_MODELS = {
  "sj-objet": SystemJObjectModel,
  "sj-arme": SystemJWeaponModel,
  "sj-armure": SystemJArmourModel,
  "sj-consommable": SystemJStockModel,
  "sj-munition": SystemJStockModel,
  "sj-titre": SystemJPlainCardModel,
  "sj-livre": SystemJPlainCardModel,
  "sj-plan": SystemJPlainCardModel,
  "sj-sort": SystemJPlainCardModel,
  "sj-capacite": SystemJPlainCardModel,
  "sj-competence": SystemJSkillCardModel,
} as const satisfies Record<SystemJItemType, unknown>;

/** HTML fields of every SYSTEMJ type (system.json `documentTypes` and template.json list the same). */
export const ACTOR_HTML_FIELDS = ["biography", "notes"] as const;
export const ITEM_HTML_FIELDS = ["description"] as const;

/*
 * No DataModelConfig merge here: a second rule set declaring `Actor`/`Item` in it conflicts (TS2717). The
 * adapters narrow `system` with `instanceof` on these classes instead (see systemOf in documents.ts).
 */
