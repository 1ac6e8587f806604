/**
 * The SYSTEMJ fight card as Foundry data (issue 22): a ChatMessage sub-type whose `data` schema states every field of
 * the exchange, so a card that breaks it is refused by every client's model and ignored by every reader (Foundry's
 * server runs no system data model). The schema bounds a player's input; it is never the state of the fight (the GM's
 * record is: exchange-store.ts).
 */
import { CardModel, registerCardModel } from "../chat/card-model.ts";
import { flag, finite, integer, jsonObject, LabelArgField, list, text } from "../chat/card-fields.ts";

export const EXCHANGE_CARD_TYPE = "systemj-exchange";

const PHASES = ["detection", "followForce", "followStealth", "sight", "defence", "counter", "hit", "miss"];
const OUTCOMES = ["echecCritique", "echec", "justesse", "moyenne", "notable", "reussiteCritique"];

function schema(fields: Record<string, foundry.data.fields.DataField.Any>, nullable = false) {
  return new foundry.data.fields.SchemaField(fields, {
    required: true,
    nullable,
    ...(nullable ? { initial: null } : {}),
  });
}

const fighter = () => schema({ uuid: text(300), name: text(300) });
const weapon = () => schema({ name: text(300), damage: text(100), family: text(40) });

function testField() {
  return schema({
    label: text(300),
    score: integer(0, 10_000, 0),
    // A whole number or "automatique" (what a dialog produces; the GM's client checks it with parseModifier).
    modifier: new LabelArgField({ required: true, nullable: false }),
    target: finite(),
    roll: integer(0, 99, 0),
    rollText: text(4),
    outcome: text(20, { choices: OUTCOMES }),
    success: flag(),
    critical: flag(),
    role: text(20),
    by: text(10, { choices: ["attacker", "defender"] }),
  });
}

export class SystemJExchangeCardModel extends CardModel {
  static override defineData(): foundry.data.fields.DataField.Any {
    return schema({
      exchange: schema({
        mode: text(20, { choices: ["meleeForce", "meleeStealth", "ranged"] }),
        attacker: fighter(),
        defender: fighter(),
        weapon: weapon(),
        counterWeapon: weapon(),
        phase: text(20, { choices: PHASES }),
        options: list(text(10, { choices: ["dodge", "parry", "block"] }), 3),
        missReason: text(40, { nullable: true }),
        hitTarget: text(10, { nullable: true, choices: ["defender", "attacker"] }),
        tests: list(testField(), 10),
        damage: new foundry.data.fields.NumberField({
          required: true,
          nullable: true,
          integer: true,
          min: 0,
          max: 100_000,
          initial: null,
        }),
      }),
      // What the body template shows, derived from the exchange by cards.ts (display only).
      view: jsonObject(),
    });
  }
}

/** At init, for every rule set (cards of another rule set still open). */
export function registerSystemJCardModels(): void {
  registerCardModel(EXCHANGE_CARD_TYPE, SystemJExchangeCardModel, { ruleset: "systemj", kinds: ["exchange"] });
}
