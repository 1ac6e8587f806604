/**
 * Data models of Trinités: the `trinite` (an Adam' with Deva and Archonte, 8-box lines) and `humain` (4-box lines)
 * actors, and the `tr-` items. Every number declares its range and integer-ness; derived values come from the rules
 * core through derived.ts.
 */
import { trinites as T } from "../../rules/index.ts";
import type * as U from "../../rules/trinites/upkeep.ts";
import { BaseActorModel, BaseItemModel, baseActorSchema, baseItemSchema } from "../data/models.ts";
import { booleanField, choiceField, integerField, textField } from "../data/fields.ts";
import { deriveActor, type ActorKind, type TrinitesActorSource, type TrinitesDerived } from "./derived.ts";
import { followReserves } from "./karma-follow.ts";
import type { UpkeepResult } from "./actor-updates.ts";
import * as upkeep from "./actor-methods.ts";
type MigrationSource = Parameters<typeof foundry.abstract.DataModel.migrateData>[0];

const L = (key: string) => `QUINTETTE.Trinites.Field.${key}`;

/** Largest stored counter (debts, credits, XP). */
export const COUNTER_MAX = 9999;
/** How many picks an actor remembers to refuse a debt twice for the same message. */
export const DEBT_LOG_SIZE = 50;

function signsSchema() {
  const entries = T.SIGN_IDS.map((id) => [
    id,
    integerField({ min: T.SIGN_BONUS_MIN, max: T.SIGN_BONUS_MAX, initial: 0, label: `QUINTETTE.Trinites.Sign.${id}` }),
  ]);
  return new foundry.data.fields.SchemaField(
    Object.fromEntries(entries) as Record<T.SignId, ReturnType<typeof integerField>>,
  );
}

function skillSchema(id: T.SkillId) {
  return new foundry.data.fields.SchemaField({
    base: integerField({ min: 0, max: T.SKILL_BASE_MAX, initial: 0, label: `QUINTETTE.Trinites.Skill.${id}` }),
    /** Several per skill (Arts (Peinture), Arts (Sculpture)); blanks are rows being edited, dropped on use. */
    specialites: new foundry.data.fields.ArrayField(textField({ label: L("Speciality") })),
  });
}

/**
 * Older actors kept one speciality per skill in `specialite`: it joins `specialites` (rules core
 * `withOldSpeciality`) before schema cleaning drops the undeclared key. Mutates and returns `source`.
 */
export function migrateSpecialities<S extends object>(source: S): S {
  const skills = (source as { competences?: unknown }).competences;
  if (typeof skills !== "object" || skills === null) return source;
  for (const skill of Object.values(skills as Record<string, unknown>)) {
    if (typeof skill !== "object" || skill === null || !("specialite" in skill)) continue;
    const row = skill as { specialite?: unknown; specialites?: unknown };
    const old = row.specialite;
    delete row.specialite;
    if (typeof old !== "string" || !old.trim()) continue;
    row.specialites = T.withOldSpeciality(Array.isArray(row.specialites) ? row.specialites : [], old);
  }
  return source;
}

function skillsSchema() {
  const entries = T.SKILL_IDS.map((id) => [id, skillSchema(id)]);
  return new foundry.data.fields.SchemaField(
    Object.fromEntries(entries) as Record<T.SkillId, ReturnType<typeof skillSchema>>,
  );
}

/** Life as remaining hit points (token bar); −1 means dead (a box had to be checked when all were). */
function lifeSchema(kind: ActorKind) {
  const max = T.maxHitPoints(T.BOXES_PER_LINE[kind]);
  return new foundry.data.fields.SchemaField({
    value: integerField({ min: -1, max, initial: max, label: L("Life") }),
    max: integerField({ min: max, max, initial: max, label: L("LifeMax") }),
    /** The last wound was non-lethal: no hourly loss while unconscious. */
    nonLetal: booleanField({ label: L("NonLethal") }),
  });
}

/** A Karma reserve: `value` the reserve (temporary score), `max` the permanent score. */
function karmaSchema(label: string) {
  return new foundry.data.fields.SchemaField({
    value: integerField({ min: 0, max: T.KARMA_MAX, initial: 0, label }),
    max: integerField({ min: 0, max: T.KARMA_MAX, initial: 0, label }),
  });
}

function spiritCounter(label: string) {
  return new foundry.data.fields.SchemaField({
    deva: integerField({ min: 0, max: COUNTER_MAX, initial: 0, label: `${label}Deva` }),
    archonte: integerField({ min: 0, max: COUNTER_MAX, initial: 0, label: `${label}Archonte` }),
  });
}

function resourcesSchema() {
  const f = foundry.data.fields;
  return new f.ArrayField(
    new f.SchemaField({
      nom: textField({ label: L("ResourceName") }),
      base: integerField({ min: 0, max: T.SKILL_BASE_MAX, initial: 0, label: L("Resource") }),
    }),
  );
}

function commonActorSchema(kind: ActorKind) {
  return {
    ...baseActorSchema(),
    signes: signsSchema(),
    competences: skillsSchema(),
    vie: lifeSchema(kind),
    ressources: resourcesSchema(),
    xp: new foundry.data.fields.SchemaField({
      total: integerField({ min: 0, max: COUNTER_MAX, initial: 0, label: L("XpTotal") }),
      depense: integerField({ min: 0, max: COUNTER_MAX, initial: 0, label: L("XpSpent") }),
      /** What the XP bought, newest last (the sheet's spend buttons write it): row, target, new value, price. */
      historique: new foundry.data.fields.ArrayField(
        new foundry.data.fields.SchemaField({
          quoi: textField(),
          cible: textField(),
          valeur: integerField({ min: 0, max: COUNTER_MAX, initial: 0 }),
          cout: integerField({ min: 0, max: COUNTER_MAX, initial: 0 }),
          dettes: integerField({ min: 0, max: COUNTER_MAX, initial: 0 }),
        }),
      ),
    }),
    concept: textField({ label: L("Concept") }),
    /**
     * Prudences and Dangers waiting for the next reactions (rules core's ReactionBonuses): each covers one more
     * successive reaction; a reaction spends one of each; they lapse at the actor's next turn.
     */
    reactions: new foundry.data.fields.SchemaField({
      prudence: integerField({ min: 0, max: T.REACTION_BONUS_MAX, initial: 0, label: L("Prudences") }),
      danger: integerField({ min: 0, max: T.REACTION_BONUS_MAX, initial: 0, label: L("Dangers") }),
    }),
    /** Encouragement and intimidation waiting for the next action or reaction (influence.ts), spent by it. */
    influences: new foundry.data.fields.SchemaField({
      encourager: influenceSlotSchema(),
      intimider: influenceSlotSchema(),
    }),
  };
}

/** One pending encouragement or intimidation: `sur` empty when nothing waits. */
function influenceSlotSchema() {
  const f = foundry.data.fields;
  return new f.SchemaField({
    sur: new f.StringField({ required: true, blank: true, choices: ["", "action", "reaction"], initial: "" }),
    valeur: integerField({ min: -3, max: 3, initial: 0 }),
    source: textField(),
    message: textField(),
  });
}

function triniteSchema() {
  const f = foundry.data.fields;
  return {
    ...commonActorSchema("trinite"),
    deva: karmaSchema(L("Deva")),
    archonte: karmaSchema(L("Archonte")),
    adam: karmaSchema(L("Adam")),
    dettes: spiritCounter(L("Debt")),
    credits: spiritCounter(L("Credit")),
    /** Karma spent in the current combat round (one Lumière and one Ténèbres at most). */
    depenseRound: new f.SchemaField({
      combat: textField(),
      round: integerField({ min: 0, max: 100000, initial: 0 }),
      lumiere: integerField({ min: 0, max: 1, initial: 0 }),
      tenebres: integerField({ min: 0, max: 1, initial: 0 }),
    }),
    /** Chat messages whose pick already added its debt (a pick relayed twice adds nothing). */
    dettesMessages: new f.ArrayField(new f.StringField({ required: true, blank: false })),
    nomDeva: textField({ label: L("DevaName") }),
    nomArchonte: textField({ label: L("ArchonteName") }),
  };
}

export type TriniteSchema = ReturnType<typeof triniteSchema>;
export type HumainSchema = ReturnType<typeof humainSchema>;
function humainSchema() {
  return commonActorSchema("humain");
}

type Derived = { derived: TrinitesDerived };

/** The stored data derivations read (both actor models have it). */
function sourceOf(model: object, kind: ActorKind): TrinitesActorSource {
  const m = model as unknown as TrinitesActorSource; // the model's initialized fields have exactly this shape
  const source: TrinitesActorSource = { signes: m.signes, competences: m.competences, vie: m.vie, xp: m.xp };
  // Set one by one: a conditional spread here cost more than the derivation itself.
  if (kind === "trinite") {
    source.deva = m.deva;
    source.archonte = m.archonte;
    source.adam = m.adam;
    source.dettes = m.dettes;
    source.credits = m.credits;
  }
  return source;
}

/** What both Trinités actors share: the specialities' migration and the upkeep every actor has. */
abstract class TrinitesActorModel<S extends TriniteSchema | HumainSchema> extends BaseActorModel<
  S,
  Record<never, never>,
  Derived
> {
  /** Single specialities, before schema cleaning drops them (old biography keys: BaseActorModel). */
  static override migrateData(source: MigrationSource): MigrationSource {
    migrateSpecialities(source);
    return super.migrateData(source);
  }

  /* Document methods: the rules that change the actor between rolls (actor-methods.ts, rules core upkeep.ts). */
  async clickLifeBox(index: number): Promise<UpkeepResult> {
    return upkeep.clickLifeBox(this, index);
  }
  async harm(choice: U.HarmChoice): Promise<UpkeepResult> {
    return upkeep.harm(this, choice);
  }
  async rest(): Promise<UpkeepResult> {
    return upkeep.rest(this);
  }
  async spendXp(target: U.XpTarget, options: { first?: T.Spirit } = {}): Promise<UpkeepResult> {
    return upkeep.spendXp(this, target, options.first);
  }
}

export class TriniteModel extends TrinitesActorModel<TriniteSchema> {
  static override defineSchema(): TriniteSchema {
    return triniteSchema();
  }

  /** A reserve at its score follows a new score while nothing is spent (karma-follow.ts, issue 25). */
  protected override async _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel<TriniteSchema, Actor.Implementation>["_preUpdate"]>
  ): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    followReserves(
      { deva: this.deva, archonte: this.archonte, adam: this.adam },
      args[0] as Parameters<typeof followReserves>[1],
    );
  }

  override prepareDerivedData(): void {
    // A reserve never exceeds its permanent score (the GM may have lowered the score after the reserve was filled).
    this.deva.value = Math.min(this.deva.value, this.deva.max);
    this.archonte.value = Math.min(this.archonte.value, this.archonte.max);
    const derived = deriveActor(sourceOf(this, "trinite"), "trinite");
    // The Adam' Karma's maximum follows from Deva and Archonte: never stored out of step.
    this.adam.max = derived.karma?.adamValue ?? 0;
    this.adam.value = Math.min(this.adam.value, this.adam.max);
    this.vie.max = derived.life.max;
    this.derived = derived;
  }

  /* Karma and experience between rolls: only a Trinité has them. */
  async spendKarma(pool: T.KarmaPool): Promise<UpkeepResult> {
    return upkeep.spendKarma(this, pool);
  }
  async regenerate(kind: T.KarmaKind, pool?: T.KarmaPool): Promise<UpkeepResult> {
    return upkeep.regenerate(this, kind, pool);
  }
  async refill(moment: "aube" | "crepuscule"): Promise<UpkeepResult> {
    return upkeep.refill(this, moment);
  }
  async payDebts(options: { first?: T.Spirit } = {}): Promise<UpkeepResult> {
    return upkeep.payDebts(this, options.first);
  }
}

export class HumainModel extends TrinitesActorModel<HumainSchema> {
  static override defineSchema(): HumainSchema {
    return humainSchema();
  }

  override prepareDerivedData(): void {
    const derived = deriveActor(sourceOf(this, "humain"), "humain");
    this.vie.max = derived.life.max;
    this.derived = derived;
  }
}

/* Items ------------------------------------------------------------------------------------------------------- */

const choices = <const Ids extends readonly string[]>(ids: Ids, prefix: string) =>
  Object.fromEntries(ids.map((id) => [id, `${prefix}${id}`])) as Record<Ids[number], string>;

export const BLADE_CHOICES = choices(
  T.BLADE_KINDS.map((b) => b.id),
  "QUINTETTE.Trinites.Blade.",
);
export const WEAPON_SKILLS = ["corpsACorps", "melee", "tir", "force"] as const;
export const MATERIAL_IDS = ["verreTissu", "plastiqueCorde", "bois", "pierre", "metal"] as const;

function weaponSchema() {
  return {
    ...baseItemSchema(),
    degats: integerField({ min: 0, max: 50, initial: 2, label: L("Damage") }),
    competence: choiceField(choices(WEAPON_SKILLS, "QUINTETTE.Trinites.Skill."), {
      initial: "melee",
      label: L("Skill"),
    }),
    lame: choiceField(BLADE_CHOICES, { initial: "aucune", label: L("Blade") }),
    /** Range in metres; 0 for a melee weapon. */
    portee: integerField({ min: 0, max: 5000, initial: 0, label: L("Range") }),
    zone: booleanField({ label: L("Area") }),
    equipee: booleanField({ initial: true, label: L("Equipped") }),
    /** Values that are Quintette's suggestions, not the source's (rules core `weaponSuggestions`; the packs set them). */
    suggere: new foundry.data.fields.SchemaField({
      degats: booleanField({ label: L("SuggestedDamage") }),
      portee: booleanField({ label: L("SuggestedRange") }),
    }),
  };
}

function armourSchema() {
  return {
    ...baseItemSchema(),
    protection: integerField({ min: 0, max: 20, initial: 1, label: L("Protection") }),
    equipee: booleanField({ initial: true, label: L("Equipped") }),
    /** The protection is Quintette's suggestion: the source prices no armour (rules core `armourSuggestions`). */
    suggere: new foundry.data.fields.SchemaField({
      protection: booleanField({ label: L("SuggestedProtection") }),
    }),
  };
}

function auraSchema() {
  return {
    ...baseItemSchema(),
    origine: choiceField(choices(["ascendant", "descendant"] as const, "QUINTETTE.Trinites.AuraOrigin."), {
      initial: "ascendant",
      label: L("AuraOrigin"),
    }),
    deploiement: textField({ label: L("Deployment") }),
  };
}

function versetSchema() {
  return {
    ...baseItemSchema(),
    karma: choiceField(choices(["lumiere", "tenebres"] as const, "QUINTETTE.Trinites.KarmaKind."), {
      initial: "lumiere",
      label: L("KarmaKind"),
    }),
    cout: integerField({ min: 0, max: T.KARMA_MAX, initial: 1, label: L("KarmaCost") }),
    pendant: textField({ label: L("Counterpart") }),
  };
}

function atoutSchema() {
  return {
    ...baseItemSchema(),
    rang: integerField({ min: 1, max: 99, initial: 1, label: L("Rank") }),
  };
}

function objectSchema() {
  return {
    ...baseItemSchema(),
    quantite: integerField({ min: 0, max: 9999, initial: 1, label: L("Quantity") }),
    materiau: choiceField(choices(MATERIAL_IDS, "QUINTETTE.Trinites.Material."), {
      initial: "metal",
      label: L("Material"),
    }),
    pv: integerField({ min: 0, max: 24, initial: 2, label: L("ObjectHp") }),
    /** Boxes checked on the object's single life line (issue 25). */
    usure: integerField({ min: 0, max: 24, initial: 0, label: L("ObjectDamage") }),
    arme: booleanField({ label: L("WeaponOrArmour") }),
  };
}

type WeaponSchema = ReturnType<typeof weaponSchema>;
type ArmourSchema = ReturnType<typeof armourSchema>;
type AuraSchema = ReturnType<typeof auraSchema>;
type VersetSchema = ReturnType<typeof versetSchema>;
type AtoutSchema = ReturnType<typeof atoutSchema>;
type ObjectSchema = ReturnType<typeof objectSchema>;

export class WeaponModel extends BaseItemModel<WeaponSchema> {
  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }
  /** Falls under the sword rule against Trinités. */
  get swordKind(): boolean {
    return T.isSwordKind(this.lame as T.BladeKind);
  }
}

export class ArmourModel extends BaseItemModel<ArmourSchema> {
  static override defineSchema(): ArmourSchema {
    return armourSchema();
  }
}

export class AuraModel extends BaseItemModel<AuraSchema> {
  static override defineSchema(): AuraSchema {
    return auraSchema();
  }
}

export class VersetModel extends BaseItemModel<VersetSchema> {
  static override defineSchema(): VersetSchema {
    return versetSchema();
  }
}

export class AtoutModel extends BaseItemModel<AtoutSchema> {
  static override defineSchema(): AtoutSchema {
    return atoutSchema();
  }
}

export class ObjectModel extends BaseItemModel<ObjectSchema> {
  static override defineSchema(): ObjectSchema {
    return objectSchema();
  }
  /** Protection by material (weapons and armour one more). */
  get protection(): number {
    return T.objectProtection(this.materiau as T.Material, Boolean(this.arme));
  }
}

export const ACTOR_MODELS = { trinite: TriniteModel, humain: HumainModel } as const;
export const ITEM_MODELS = {
  "tr-arme": WeaponModel,
  "tr-armure": ArmourModel,
  "tr-aura": AuraModel,
  "tr-verset": VersetModel,
  "tr-atout": AtoutModel,
  "tr-objet": ObjectModel,
} as const;

declare global {
  interface QuintetteActorModels {
    trinite: typeof TriniteModel;
    humain: typeof HumainModel;
  }
  interface QuintetteItemModels {
    "tr-arme": typeof WeaponModel;
    "tr-armure": typeof ArmourModel;
    "tr-aura": typeof AuraModel;
    "tr-verset": typeof VersetModel;
    "tr-atout": typeof AtoutModel;
    "tr-objet": typeof ObjectModel;
  }
}
