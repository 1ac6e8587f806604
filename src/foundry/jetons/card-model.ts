/**
 * The Jetons question card as Foundry data (issue 22): a ChatMessage sub-type whose `data` schema states every field of
 * the question, so a card that breaks it is refused by every client's model and ignored by every reader (Foundry's
 * server runs no system data model). Only the GM's client writes these cards (the GM authors them); the schema bounds
 * what a reader may meet.
 */
import { jetons as J } from "../../rules/index.ts";
import { CardModel, registerCardModel } from "../chat/card-model.ts";
import { flag, jsonObject, list, text } from "../chat/card-fields.ts";

export const QUESTION_CARD_TYPE = "jetons-question";

const f = () => foundry.data.fields;

function schema(fields: Record<string, foundry.data.fields.DataField.Any>, nullable = false) {
  return new (f().SchemaField)(fields, { required: true, nullable, ...(nullable ? { initial: null } : {}) });
}

function count(min: number, max: number, nullable = false) {
  return new (f().NumberField)({ required: true, nullable, integer: true, min, max, initial: nullable ? null : min });
}

const HASH = 64;
const SIDES = () => ({ joueur: text(HASH, { nullable: true }), mj: text(HASH, { nullable: true }) });

function outcomeField() {
  return schema(
    {
      winner: text(10, { choices: ["joueur", "mj", "egalite"] }),
      playerTotal: count(0, 1_000_000),
      gmTotal: count(0, 1_000_000),
      toCollective: count(0, 1_000_000),
      returnedToPlayer: count(0, 1_000_000),
      pivot: count(-1000, 1000),
      mayRebid: flag(),
      advantageSpent: flag(),
      advantageGained: flag(),
      conditionAllowed: flag(),
      forfeit: flag({ optional: true }),
    },
    true,
  );
}

export class JetonsQuestionCardModel extends CardModel {
  static override defineData(): foundry.data.fields.DataField.Any {
    return schema({
      question: schema({
        id: text(200),
        status: text(20, { choices: [...J.QUESTION_STATUSES] }),
        text: text(300),
        round: count(1, 10_000),
        traits: list(schema({ name: text(200), points: count(1, 2), ticked: flag(), struck: flag() }), 50),
        advantageAvailable: flag(),
        advantageUsed: flag(),
        advantageRefused: flag(),
        conditions: count(0, 1000),
        negativeTraits: count(0, 1000),
        playerBase: count(-1000, 1000, true),
        oppositionBase: count(-1000, 1000, true),
        pivot: count(-1000, 1000, true),
        commitments: schema(SIDES()),
        bids: schema({ joueur: count(0, 1_000_000, true), mj: count(0, 1_000_000, true) }),
        pastCommitments: list(text(HASH), 500),
        outcome: outcomeField(),
      }),
      conditions: list(schema({ name: text(200), permanent: flag(), ticked: flag() }), 100),
      weakness: schema({ name: text(300), ticked: flag() }),
      extraConditions: count(0, 20),
      extraNegative: count(0, 20),
      advantageLabel: text(300),
      movement: schema(
        {
          bid: count(0, 1_000_000),
          toCollective: count(0, 1_000_000),
          returnedToPlayer: count(0, 1_000_000),
          reserveAfter: count(0, 1_000_000),
          collectiveAfter: count(0, 1_000_000),
        },
        true,
      ),
      recorded: schema({ advantage: text(300, { nullable: true }), condition: text(300, { nullable: true }) }),
      // What the template shows, derived on every write by question-view.ts (display only).
      view: jsonObject(),
    });
  }
}

/** At init, for every rule set (cards of another rule set still open). */
export function registerJetonsCardModels(): void {
  registerCardModel(QUESTION_CARD_TYPE, JetonsQuestionCardModel, { ruleset: "jetons", kinds: ["question"] });
}
