/**
 * Data models of L'Œil Noir: every number with its range and integer-ness, every vocabulary with its choices; the
 * derived values come from the rules core through derive.ts. Schemas are built inside `defineSchema` only.
 */
import { BaseActorModel, BaseItemModel, baseActorSchema, baseItemSchema } from "../data/models.ts";
import { booleanField, choiceField, integerField, resourceField, textField } from "../data/fields.ts";
import {
  ABILITY_KEYS,
  COMBAT_SKILL_KEYS,
  RANGED_SKILL_KEYS,
  deriveAdversaire,
  deriveHeros,
  type AdversaireDerived,
  type HerosDerived,
  type PlainItem,
} from "./derive.ts";
import { COMBAT_SKILLS, CONFINED_SPACE, type CombatSkillKey } from "../../rules/oeilnoir/index.ts";

const CONFINED_CLASSES = Object.keys(CONFINED_SPACE);
import { lowEvModuleOn } from "./settings.ts";
import { boundName } from "../trust/bound.ts";

const L = "QUINTETTE.OeilNoir.";

function choices(keys: readonly string[], prefix: string): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, `${prefix}.${k}`]));
}

const quality = (key: string) => integerField({ min: 1, max: 30, initial: 12, label: `${L}Quality.${key}` });

function herosSchema() {
  const f = foundry.data.fields;
  const skill = (key: CombatSkillKey) =>
    new f.SchemaField(
      {
        points: integerField({ min: 0, max: 30, initial: 0, label: `${L}Skill.points` }),
        toAttack: integerField({ min: 0, max: 30, initial: 0, label: `${L}Skill.toAttack` }),
        // EncE = Enc − allowance: the rules core's value to start with, editable on the sheet.
        allowance: integerField({
          min: 0,
          max: 10,
          initial: COMBAT_SKILLS[key].allowance,
          label: `${L}Skill.allowance`,
        }),
      },
      { label: `${L}CombatSkill.${key}` },
    );
  return {
    ...baseActorSchema(),
    qualities: new f.SchemaField({
      CO: quality("CO"),
      IN: quality("IN"),
      AG: quality("AG"),
      FO: quality("FO"),
      DE: quality("DE"),
      CN: quality("CN"),
    }),
    ev: resourceField({ min: -60, max: 200, value: 30, label: `${L}EV` }),
    endurance: resourceField({ max: 200, value: 30, label: `${L}Endurance` }),
    ae: resourceField({ max: 200, value: 0, label: `${L}AE` }),
    wounds: integerField({ min: 0, max: 20, initial: 0, label: `${L}Wounds` }),
    // Passed the Volonté check to fight on at 1…5 EV; the next blow asks again.
    fightsOn: booleanField({ initial: false, label: `${L}FightsOn` }),
    // Saved while dying (Médecine / Blessures from the card); the next blow or a return above 0 EV ends it.
    stabilized: booleanField({ initial: false, label: `${L}Stabilized` }),
    // In frenzy (Frénétique): a state toggled on the sheet; without the ability it does nothing.
    frenzy: booleanField({ initial: false, label: `${L}Frenzy` }),
    vitesse: integerField({ min: 1, max: 20, initial: 8, label: `${L}Vitesse` }),
    volonte: integerField({ min: 0, max: 30, initial: 10, label: `${L}Volonte` }),
    artDeLaGuerre: integerField({ min: 0, max: 30, initial: 0, label: `${L}ArtDeLaGuerre` }),
    // Médecine / Blessures, the value a rescue of the dying is rolled under.
    medecine: integerField({ min: 0, max: 30, initial: 0, label: `${L}Medecine` }),
    skills: new f.SchemaField(
      Object.fromEntries(COMBAT_SKILL_KEYS.map((key) => [key, skill(key)])) as Record<
        CombatSkillKey,
        ReturnType<typeof skill>
      >,
    ),
    ranged: new f.SchemaField({
      arcs: new f.SchemaField({
        points: integerField({ min: 0, max: 30, initial: 0, label: `${L}RangedSkill.arcs` }),
      }),
      arbaletes: new f.SchemaField({
        points: integerField({ min: 0, max: 30, initial: 0, label: `${L}RangedSkill.arbaletes` }),
      }),
      armesDeJet: new f.SchemaField({
        points: integerField({ min: 0, max: 30, initial: 0, label: `${L}RangedSkill.armesDeJet` }),
      }),
    }),
  };
}
export type HerosSchema = ReturnType<typeof herosSchema>;

/** Owned items in the plain shape derive.ts reads. */
export function plainItems(actor: Actor.Implementation | null | undefined): PlainItem[] {
  // Items may not be attached yet while the actor is being constructed.
  const items: Item.Implementation[] | undefined = actor?.items?.contents;
  if (!items) return [];
  return items.map((item) => ({
    id: item.id ?? "",
    name: boundName(item),
    type: item.type,
    system: item.system,
  }));
}

export class HerosModel extends BaseActorModel<HerosSchema> {
  static override defineSchema(): HerosSchema {
    return herosSchema();
  }

  /** Set in prepareDerivedData. */
  derived!: HerosDerived;

  override prepareDerivedData(): void {
    this.derived = deriveHeros(this, plainItems(this.parent), lowEvModuleOn());
  }
}

function adversaireSchema() {
  const f = foundry.data.fields;
  return {
    ...baseActorSchema(),
    weaponName: textField({ label: `${L}WeaponName` }),
    at: integerField({ min: 0, max: 30, initial: 12, label: `${L}AT` }),
    prd: integerField({ min: 0, max: 30, initial: 8, label: `${L}PRD` }),
    iniBase: integerField({ min: 0, max: 40, initial: 10, label: `${L}INI` }),
    pi: new f.SchemaField({
      dice: integerField({ min: 0, max: 6, initial: 1, label: `${L}PiDice` }),
      bonus: integerField({ min: -5, max: 30, initial: 3, label: `${L}PiBonus` }),
    }),
    pr: integerField({ min: 0, max: 20, initial: 1, label: `${L}PR` }),
    cn: integerField({ min: 1, max: 30, initial: 12, label: `${L}Quality.CN` }),
    ev: resourceField({ min: -60, max: 300, value: 25, label: `${L}EV` }),
    endurance: resourceField({ max: 300, value: 25, label: `${L}Endurance` }),
    wounds: integerField({ min: 0, max: 20, initial: 0, label: `${L}Wounds` }),
    // Passed the Volonté check to fight on at 1…5 EV; the next blow asks again.
    fightsOn: booleanField({ initial: false, label: `${L}FightsOn` }),
    // Saved while dying (Médecine / Blessures from the card); the next blow or a return above 0 EV ends it.
    stabilized: booleanField({ initial: false, label: `${L}Stabilized` }),
    // In frenzy (Frénétique): a state toggled on the sheet; without the ability it does nothing.
    frenzy: booleanField({ initial: false, label: `${L}Frenzy` }),
    vitesse: integerField({ min: 1, max: 20, initial: 8, label: `${L}Vitesse` }),
    volonte: integerField({ min: 0, max: 30, initial: 8, label: `${L}Volonte` }),
    // Agility, for the checks a fumble asks (stay up, get up).
    ag: integerField({ min: 1, max: 30, initial: 12, label: `${L}Quality.AG` }),
    // Intuition, for the Orientation check.
    in: integerField({ min: 1, max: 30, initial: 12, label: `${L}Quality.IN` }),
    // Dodge instead of a parry.
    esquive: integerField({ min: 0, max: 30, initial: 6, label: `${L}Dodge` }),
    // Its weapon is a real one (it can be dropped or broken by a fumble), or claws and teeth.
    armed: booleanField({ initial: true, label: `${L}Armed` }),
    // Its weapon slipped or flew away: it fights bare-handed until it picks it up.
    weaponDropped: booleanField({ label: `${L}Dropped` }),
    weaponBroken: booleanField({ label: `${L}Broken` }),
    // Its weapon's class in a confined space (issue 25): the GM says how long and swung it is.
    weaponClass: choiceField(choices(CONFINED_CLASSES, `${L}Confined`), {
      initial: "courte",
      label: `${L}WeaponClass`,
    }),
  };
}
export type AdversaireSchema = ReturnType<typeof adversaireSchema>;

export class AdversaireModel extends BaseActorModel<AdversaireSchema> {
  static override defineSchema(): AdversaireSchema {
    return adversaireSchema();
  }

  derived!: AdversaireDerived;

  override prepareDerivedData(): void {
    this.derived = deriveAdversaire(this, plainItems(this.parent), lowEvModuleOn());
  }
}

const mod = (min: number, max: number, label: string) => integerField({ min, max, initial: 0, label: `${L}${label}` });

function meleeSchema() {
  const f = foundry.data.fields;
  return {
    ...baseItemSchema(),
    skill: choiceField(choices(COMBAT_SKILL_KEYS, `${L}CombatSkill`), { initial: "epees", label: `${L}Skill.label` }),
    pi: new f.SchemaField({
      dice: integerField({ min: 0, max: 6, initial: 1, label: `${L}PiDice` }),
      bonus: integerField({ min: -5, max: 20, initial: 3, label: `${L}PiBonus` }),
    }),
    piFo: new f.SchemaField({
      threshold: integerField({ min: 0, max: 30, initial: 12, label: `${L}PiFoThreshold` }),
      step: integerField({ min: 1, max: 10, initial: 4, label: `${L}PiFoStep` }),
    }),
    ini: mod(-3, 3, "INI"),
    at: mod(-5, 5, "AT"),
    prd: mod(-5, 5, "PRD"),
    breakage: integerField({ min: -10, max: 20, initial: 1, label: `${L}Breakage` }),
    equipped: booleanField({ initial: true, label: `${L}Equipped` }),
    broken: booleanField({ label: `${L}Broken` }),
    // Slipped or thrown away by a fumble: unusable until picked up.
    dropped: booleanField({ label: `${L}Dropped` }),
  };
}
export type MeleeSchema = ReturnType<typeof meleeSchema>;
export class MeleeWeaponModel extends BaseItemModel<MeleeSchema> {
  static override defineSchema(): MeleeSchema {
    return meleeSchema();
  }
}

function rangedSchema() {
  const f = foundry.data.fields;
  return {
    ...baseItemSchema(),
    skill: choiceField(choices(RANGED_SKILL_KEYS, `${L}RangedSkill`), { initial: "arcs", label: `${L}Skill.label` }),
    pi: new f.SchemaField({
      dice: integerField({ min: 0, max: 6, initial: 1, label: `${L}PiDice` }),
      bonus: integerField({ min: -5, max: 20, initial: 4, label: `${L}PiBonus` }),
    }),
    at: mod(-5, 5, "AT"),
    range: integerField({ min: 0, max: 1000, initial: 50, label: `${L}Range` }),
    ammo: integerField({ min: 0, max: 999, initial: 20, label: `${L}Ammo` }),
    equipped: booleanField({ initial: true, label: `${L}Equipped` }),
    broken: booleanField({ label: `${L}Broken` }),
    dropped: booleanField({ label: `${L}Dropped` }),
  };
}
export type RangedSchema = ReturnType<typeof rangedSchema>;
export class RangedWeaponModel extends BaseItemModel<RangedSchema> {
  static override defineSchema(): RangedSchema {
    return rangedSchema();
  }
}

function armourSchema() {
  return {
    ...baseItemSchema(),
    pr: integerField({ min: 0, max: 10, initial: 1, label: `${L}PR` }),
    enc: integerField({ min: 0, max: 10, initial: 1, label: `${L}Enc` }),
    equipped: booleanField({ initial: true, label: `${L}Equipped` }),
  };
}
export type ArmourSchema = ReturnType<typeof armourSchema>;
export class ArmourModel extends BaseItemModel<ArmourSchema> {
  static override defineSchema(): ArmourSchema {
    return armourSchema();
  }
}

function shieldSchema() {
  return {
    ...baseItemSchema(),
    at: mod(-5, 5, "AT"),
    prd: mod(-5, 10, "PRD"),
    ini: mod(-3, 3, "INI"),
    breakage: integerField({ min: -10, max: 20, initial: 2, label: `${L}Breakage` }),
    equipped: booleanField({ initial: true, label: `${L}Equipped` }),
  };
}
export type ShieldSchema = ReturnType<typeof shieldSchema>;
export class ShieldModel extends BaseItemModel<ShieldSchema> {
  static override defineSchema(): ShieldSchema {
    return shieldSchema();
  }
}

function abilitySchema() {
  return {
    ...baseItemSchema(),
    key: choiceField(choices([...ABILITY_KEYS, "autre"], `${L}Ability`), {
      initial: "autre",
      label: `${L}AbilityKey`,
    }),
    level: integerField({ min: 0, max: 3, initial: 1, label: `${L}Level` }),
  };
}
export type AbilitySchema = ReturnType<typeof abilitySchema>;
export class AbilityModel extends BaseItemModel<AbilitySchema> {
  static override defineSchema(): AbilitySchema {
    return abilitySchema();
  }
}

export const ACTOR_MODELS = { heros: HerosModel, adversaire: AdversaireModel } as const;
export const ITEM_MODELS = {
  "on-arme-melee": MeleeWeaponModel,
  "on-arme-distance": RangedWeaponModel,
  "on-armure": ArmourModel,
  "on-bouclier": ShieldModel,
  "on-capacite": AbilityModel,
} as const;

declare global {
  interface QuintetteActorModels {
    heros: typeof HerosModel;
    adversaire: typeof AdversaireModel;
  }
  interface QuintetteItemModels {
    "on-arme-melee": typeof MeleeWeaponModel;
    "on-arme-distance": typeof RangedWeaponModel;
    "on-armure": typeof ArmourModel;
    "on-bouclier": typeof ShieldModel;
    "on-capacite": typeof AbilityModel;
  }
}
