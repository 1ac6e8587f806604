/**
 * Combatant data (`CONFIG.Combatant.dataModels.base`): the per-combatant state rule sets share. Every field has an
 * initial value, so combatants created by Foundry itself (token HUD, drag to the tracker) are valid as they come.
 */
function defineCombatantSchema() {
  const fields = foundry.data.fields;
  return {
    /** Column or step of the round (Trinités' place, SYSTEMJ's choice step…); empty when unused. */
    phase: new fields.StringField({ required: true, blank: true, initial: "" }),
    /** Secondary order key inside the same initiative (base INI for L'Œil Noir). */
    tiebreak: new fields.NumberField({
      required: true,
      nullable: true,
      integer: true,
      initial: null,
      min: -999,
      max: 999,
    }),
    /** Acted this round. */
    acted: new fields.BooleanField({ required: true, initial: false }),
    /** Holds their action (waiting). */
    waiting: new fields.BooleanField({ required: true, initial: false }),
    /** A rule-set marker shown in the tracker (Ahill-Mach: holds the initiative). */
    marker: new fields.BooleanField({ required: true, initial: false }),
    /**
     * The initiative as only a GM sets it (Trinités' score): an owner may write its combatant's `initiative`, never
     * its `system`, so the GM's client puts this back over a player's write (issue 22). Null: not rolled.
     */
    score: new fields.NumberField({
      required: true,
      nullable: true,
      integer: true,
      initial: null,
      min: -999,
      max: 999,
    }),
    /** Damage at which pain was last counted (Trinités' pain mark), written by the GM only. */
    painAt: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 0, min: 0, max: 999 }),
  };
}

export type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

export class CombatantData extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation> {
  static override defineSchema(): CombatantSchema {
    return defineCombatantSchema();
  }
}

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Combatant: { base: typeof CombatantData };
  }
}
