/**
 * The Trinités cards as Foundry data (issue 22): ChatMessage sub-types whose `data` schema states every field of a
 * test card (tests, attacks, reactions, initiative) and of the GM's regeneration card, so a card that breaks it is
 * refused and ignored by every reader. The schema bounds a player's input; it is never the authority: the result is
 * computed again from the dice (`verifiedData`), the damage read on the roller's weapon, the confrontation from the
 * reaction cards themselves. Registered at init in every world (a world that plays another rule set renders these
 * cards read only, with their note).
 */
import { CardModel, registerCardModel } from "../chat/card-model.ts";
import { finite, flag, integer, jsonObject, list, text } from "../chat/card-fields.ts";
import { RULESET } from "./card-data.ts";

export const TEST_CARD_TYPE = "trinites-test";
export const REGEN_CARD_TYPE = "trinites-regeneration";
export const TEST_KINDS = ["test", "attack", "reaction", "initiative"];

const SPIRITS = ["deva", "archonte"];
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

/** Every number a test card holds is a whole number of modest size (scores, dice, margins, shifts). */
const int = () => integer(-10_000, 10_000, 0);
/** A number an older card may lack (null then, what its absence meant). */
const absentInt = () => finite({ nullable: true });
const id = (nullable = false) => text(300, { nullable });
const ids = () => list(text(300), 50);
const maybe = (max: number, choices?: string[]) =>
  text(max, { optional: true, nullable: true, ...(choices ? { choices } : {}) });

function resolved(nullable = false) {
  return schema(
    { natural: int(), final: int(), success: flag(), fumble: flag(), automaticFailure: flag(), margin: int() },
    nullable,
  );
}

function setup() {
  return schema({
    rollerId: text(64),
    actorUuid: id(true),
    actorName: text(300),
    img: text(1000, NULLABLE),
    trinite: flag(),
    adamKarma: text(10, { choices: ["lumiere", "tenebres", "aucun"] }),
    skill: text(40, NULLABLE),
    speciality: text(300),
    score: int(),
    difficulty: int(),
    freeActions: int(),
    previousFailures: int(),
    modifier: int(),
    breakdown: list(schema({ key: text(200), value: int() }), 40),
    prime: text(40, NULLABLE),
    penalties: list(text(40), 20),
    weapon: schema(
      {
        itemId: text(64, { optional: true }),
        name: text(300),
        damage: int(),
        swordKind: flag(),
        area: flag(),
        steps: list(text(20, { choices: ["moitie", "plusMoitie"] }), 10),
        precise: flag(),
        nonLethal: flag(),
      },
      true,
    ),
    targets: list(
      schema({
        uuid: id(),
        name: text(300),
        kind: maybe(10, ["trinite", "humain"]),
        protection: absentInt(),
      }),
      50,
    ),
    opposes: schema({ messageId: text(64), key: id() }, true),
    initiative: schema({ combatantId: text(64), combatId: text(64), surprised: flag() }, true),
    combatAction: maybe(40),
    action: maybe(20, ["encourager", "intimider"]),
    selfShift: schema({ always: int(), onSuccess: int() }, true),
    targetReaction: absentInt(),
    nextReaction: absentInt(),
    turn: schema({ combatId: text(64), round: int(), combatantId: text(64) }, true),
  });
}

export class TrinitesTestCardModel extends CardModel {
  static override defineData(): foundry.data.fields.DataField.Any {
    return schema({
      setup: setup(),
      // A die's chain: the d12 and each roll it exploded into.
      chains: schema({ deva: list(integer(1, 12, 1), 100), archonte: list(integer(1, 12, 1), 100) }),
      results: schema({ deva: resolved(), archonte: resolved(true) }),
      suggested: text(10, { choices: SPIRITS }),
      pick: text(10, { nullable: true, choices: SPIRITS }),
      result: resolved(true),
      debt: text(10, { nullable: true, choices: SPIRITS }),
      opposition: list(
        schema({
          key: id(),
          name: text(300),
          messageId: text(64),
          final: int(),
          success: flag(),
          winner: text(10, { choices: ["a", "b", "egalite", "aucun"] }),
        }),
        50,
      ),
      // What the body shows, derived from the rest by the writer (display only, like SYSTEMJ's `view`).
      ranking: list(jsonObject(), 50),
      turnEnd: jsonObject({ nullable: true }),
      turnEndApplied: flag({ optional: true }),
      influence: schema(
        { use: text(20, { choices: ["initiative", "action", "reaction"] }), given: ids(), refused: ids() },
        true,
      ),
      influenceView: jsonObject({ nullable: true }),
      influenceChoose: flag({ optional: true }),
      reactable: flag({ optional: true }),
    });
  }
}

/** The GM's regeneration card (only a GM's client writes it; typed all the same). */
export class TrinitesRegenCardModel extends CardModel {
  static override defineData(): foundry.data.fields.DataField.Any {
    return schema({ combatId: text(64), round: integer(0, 1_000_000, 0), regenerated: flag() });
  }
}

/** Trinités' card sub-types (the registration's `cardTypes`, registered at init in every world). */
export const TRINITES_CARD_TYPES = [
  { type: TEST_CARD_TYPE, model: TrinitesTestCardModel, kinds: TEST_KINDS },
  { type: REGEN_CARD_TYPE, model: TrinitesRegenCardModel, kinds: ["regeneration"] },
];

/** Registers them outside the registry's init (the test worlds do). */
export function registerTrinitesCardModels(): void {
  for (const { type, model, kinds } of TRINITES_CARD_TYPES) registerCardModel(type, model, { ruleset: RULESET, kinds });
}
