/**
 * L'Œil Noir cards as Foundry data (issue 22): ChatMessage sub-types whose `data` schema states every field of a
 * duel card and of a plain check card, so a card that breaks it is refused and ignored by every reader. The schema
 * bounds a player's input; it is never the duel's state: the GM's record is (duel-store.ts). Registered at init in
 * every world (a world that plays another rule set renders these cards read only, with their note).
 */
import { CardModel, registerCardModel } from "../chat/card-model.ts";
import { flag, integer, list, text } from "../chat/card-fields.ts";
import { RULESET } from "./duel.ts";

export const DUEL_CARD_TYPE = "oeilnoir-duel";
export const CHECK_CARD_TYPE = "oeilnoir-check";

type Fields = Record<string, foundry.data.fields.DataField.Any>;

/** An object; a `nullable` one starts null, which is also what an older card without it meant. */
function schema(fields: Fields, nullable = false) {
  return new foundry.data.fields.SchemaField(fields, {
    required: true,
    nullable,
    ...(nullable ? { initial: null } : {}),
  });
}

const NULLABLE = { nullable: true };
const OPTIONAL = { optional: true };
/** Every number on a card is a whole number of modest size (values, dice, PI, EV). */
const int = () => integer(-10_000, 10_000, 0);
const nint = () =>
  new foundry.data.fields.NumberField({
    required: true,
    nullable: true,
    integer: true,
    min: -10_000,
    max: 10_000,
    initial: null,
  });
/** A number an older card (or a blow that has none) leaves out: absent stays absent. */
const oint = () =>
  new foundry.data.fields.NumberField({ required: false, nullable: false, integer: true, min: -10_000, max: 10_000 });
const name = () => text(300);
/** A list an older card (or a duel that has none) leaves out: absent stays absent. */
const optionalList = (element: foundry.data.fields.DataField.Any, max: number) =>
  new foundry.data.fields.ArrayField(element, { required: false, nullable: true, initial: undefined, max });
const uuid = () => text(300, NULLABLE);

function d20Fields(): Fields {
  return { d20: integer(1, 20, 1), value: int(), success: flag(), critical: flag(), fumble: flag() };
}
const d20 = (nullable = false) => schema(d20Fields(), nullable);

function fumble() {
  return schema(
    {
      table: text(10, { choices: ["attack", "parry"] }),
      who: text(10, { choices: ["attacker", "defender"] }),
      d20: integer(1, 20, 1),
      key: text(200, NULLABLE),
      iniChange: int(),
      detail: text(100, NULLABLE),
      check: schema(
        {
          kind: text(20, { choices: ["controleDuCorps", "AG", "DE"] }),
          quality: int(),
          enc: int(),
          value: int(),
          result: d20(true),
        },
        true,
      ),
      weaponUuid: text(300, { nullable: true, optional: true }),
      freeAttack: schema(
        {
          attackerUuid: uuid(),
          attackerName: name(),
          weaponUuid: uuid(),
          defenderUuid: uuid(),
          defenderName: name(),
          parryPenalty: int(),
          unparryable: flag(),
          attackModifier: int(),
          messageId: text(64, NULLABLE),
        },
        true,
      ),
    },
    true,
  );
}

function duel() {
  return schema({
    v: integer(1, 1, 1),
    attacker: schema({
      uuid: uuid(),
      name: name(),
      weaponUuid: uuid(),
      weaponName: name(),
      breakage: nint(),
      piDice: int(),
      piBonus: int(),
      woundKind: text(20, { choices: ["normal", "carreau", "coupCible", "sansArme", "coupDuPlat", "piEnd"] }),
      ranged: flag(),
      kind: text(20, OPTIONAL),
      endurance: flag(OPTIONAL),
      unarmed: flag(OPTIONAL),
      armed: flag(OPTIONAL),
    }),
    defender: schema(
      {
        uuid: uuid(),
        name: name(),
        prd: nint(),
        situation: schema({ prd: int(), dodge: nint() }, true),
        weapons: optionalList(schema({ id: text(64), name: name() }), 30),
        canDodge: flag(OPTIONAL),
        exhausted: flag(OPTIONAL),
      },
      true,
    ),
    attack: d20(),
    parry: schema(
      { ...d20Fields(), againstCritical: flag(), dodge: flag(OPTIONAL), weaponName: text(300, OPTIONAL) },
      true,
    ),
    declined: flag(),
    breakage: schema({ dice: list(int(), 10), factor: int(), broken: flag() }, true),
    fumble: fumble(),
    damage: schema({ faces: list(int(), 50), pi: int(), critical: flag() }, true),
    hit: schema(
      {
        pr: int(),
        damage: int(),
        endurance: oint(),
        wounds: int(),
        seriousWound: int(),
        totalWounds: int(),
        thresholds: list(int(), 10),
        evBefore: int(),
        evAfter: int(),
        status: text(40),
        volonteTarget: nint(),
        volonte: oint(),
        dying: schema({ d6: int(), rounds: int() }, true),
      },
      true,
    ),
    volonte: d20(true),
    stage: text(20, {
      choices: ["awaitDefender", "awaitParry", "missed", "parried", "hit", "damaged", "applied"],
    }),
    standing: d20(true),
    free: schema({ parryPenalty: int(), unparryable: flag(), attackModifier: int() }, true),
    rescue: optionalList(
      schema({
        healerName: name(),
        skill: int(),
        modifier: int(),
        ev: int(),
        test: d20(),
        pointsLeft: nint(),
        rounds: nint(),
        damage: schema({ d6: int(), evAfter: int(), status: text(40) }, true),
      }),
      50,
    ),
    situation: schema({ prd: int(), dodge: nint() }, true),
    closed: flag(OPTIONAL),
  });
}

export class OeilNoirDuelCardModel extends CardModel {
  static override defineData(): foundry.data.fields.DataField.Any {
    return schema({ duel: duel() });
  }
}

export class OeilNoirCheckCardModel extends CardModel {
  static override defineData(): foundry.data.fields.DataField.Any {
    return schema({ check: schema({ v: integer(1, 1, 1), label: text(200), test: d20() }) });
  }
}

/** L'Œil Noir's card sub-types (the registration's `cardTypes`, registered at init in every world). */
export const OEILNOIR_CARD_TYPES = [
  { type: DUEL_CARD_TYPE, model: OeilNoirDuelCardModel, kinds: ["attack"] },
  { type: CHECK_CARD_TYPE, model: OeilNoirCheckCardModel, kinds: ["check"] },
];

/** Registers them outside the registry's init (the test worlds do). */
export function registerOeilNoirCardModels(): void {
  for (const { type, model, kinds } of OEILNOIR_CARD_TYPES) registerCardModel(type, model, { ruleset: RULESET, kinds });
}
