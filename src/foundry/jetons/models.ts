/**
 * Data model of the Jetons `archetype` actor: the two-word archetype, traits worth 1 or 2 points (P in all), one
 * weakness, the personal reserve (J at creation), the single temporary-advantage slot, conditions, and the lock a
 * sealed bid puts on the reserve. Derived: the creation check from the rules core against the world's P.
 */
import { jetons as J } from "../../rules/index.ts";
import { BaseActorModel, baseActorSchema } from "../data/models.ts";
import { booleanField, integerField, textField } from "../data/fields.ts";
import { deriveArchetype, type ArchetypeDerived, type ArchetypeSource } from "./derive.ts";
import { MAX_TOKENS, traitPoints } from "./settings.ts";

export { deriveArchetype, type ArchetypeDerived, type ArchetypeSource };

const L = (key: string) => `QUINTETTE.Jetons.Field.${key}`;

/** Most traits and conditions a sheet holds (keeps a bad import from growing without bound). */
export const MAX_TRAITS = 12;
export const MAX_CONDITIONS = 20;

function archetypeSchema() {
  const f = foundry.data.fields;
  return {
    ...baseActorSchema(),
    archetype: textField({ label: L("Archetype") }),
    traits: new f.ArrayField(
      new f.SchemaField({
        name: textField({ label: L("TraitName") }),
        points: integerField({ min: 1, max: 2, initial: 1, label: L("TraitPoints") }),
      }),
      { label: L("Traits") },
    ),
    weakness: textField({ label: L("Weakness") }),
    tokens: integerField({ min: 0, max: MAX_TOKENS, initial: J.DEFAULT_STARTING_TOKENS, label: L("Tokens") }),
    advantage: new f.SchemaField({
      active: booleanField({ label: L("AdvantageActive") }),
      label: textField({ label: L("AdvantageLabel") }),
    }),
    conditions: new f.ArrayField(
      new f.SchemaField({
        name: textField({ label: L("ConditionName") }),
        permanent: booleanField({ label: L("ConditionPermanent") }),
      }),
      { label: L("Conditions") },
    ),
    /** Advantages bought for automatic actions, newest last (written by the GM's client at purchase). */
    purchases: new f.ArrayField(
      new f.SchemaField({
        text: textField({ label: L("PurchaseText") }),
        /** Lapsed once the character acted again (issue 25); unset on records from before: read by position. */
        lapsed: booleanField({ label: L("PurchaseLapsed") }),
      }),
      { label: L("Purchases") },
    ),
    /** Id of the chat message whose sealed bid freezes the reserve; empty when none. */
    bidLock: textField({ label: L("BidLock") }),
  };
}
export type ArchetypeSchema = ReturnType<typeof archetypeSchema>;

type Derived = { derived: ArchetypeDerived };

export class ArchetypeModel extends BaseActorModel<ArchetypeSchema, Record<never, never>, Derived> {
  static override defineSchema(): ArchetypeSchema {
    return archetypeSchema();
  }

  override prepareDerivedData(): void {
    const source = this as unknown as ArchetypeSource; // the initialized fields have exactly this shape
    this.derived = deriveArchetype(source, traitPoints());
  }
}

declare global {
  interface QuintetteActorModels {
    archetype: typeof ArchetypeModel;
  }
}

/** The archetype data of an actor, or null for another type. */
export function archetypeData(actor: { type: string; system: unknown } | null | undefined): ArchetypeSource | null {
  if (!actor || actor.type !== "archetype") return null;
  return actor.system as ArchetypeSource;
}
