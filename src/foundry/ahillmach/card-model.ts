/**
 * The Ahill-Mach cards as Foundry data (issue 22): ChatMessage sub-types whose `data` schema states every field of a
 * roll card (moves, characteristics, morale, fainting, end of scene, recovery) and of a damage card, so a card that
 * breaks it is refused by every client's model and ignored by every reader (Foundry's server runs no system data
 * model). The schema bounds what an author may write; it is never the authority: the band is read again from the dice,
 * the damage card applied only when a GM's client wrote it (chat/author.ts), the initiative from the GM's records.
 */
import type { ahillmach } from "../../rules/index.ts";
import { CardModel } from "../chat/card-model.ts";
import { finite, flag, list, text } from "../chat/card-fields.ts";

export const ROLL_CARD_TYPE = "ahillmach-roll";
export const DAMAGE_CARD_TYPE = "ahillmach-damage";

/** Every roll kind but the damage card's. */
export const ROLL_KINDS: ahillmach.RollKind[] = [
  "move",
  "characteristic",
  "morale",
  "fainting",
  "sceneEnd",
  "recovery",
];
const BANDS = ["echecCritique", "echec", "partielle", "totale", "reussiteCritique"];
const SIDES = ["personnages", "opposants"];

function schema(fields: Record<string, foundry.data.fields.DataField.Any>, nullable = false) {
  return new foundry.data.fields.SchemaField(fields, {
    required: true,
    nullable,
    ...(nullable ? { initial: null } : {}),
  });
}

const number = (nullable = false) => finite({ nullable });
const target = () => schema({ uuid: text(300), name: text(300) });

function option() {
  return schema({
    id: text(100),
    key: text(200, { nullable: true }),
    text: text(1000),
    chosen: flag(),
    times: number(),
    repeatable: flag(),
    changesDamage: flag(),
    hintKey: text(200, { nullable: true }),
  });
}

/** Fields an older roll card may lack (added over time), with the value a card without them meant. */
const ROLL_DEFAULTS: Record<string, unknown> = {
  initiative: null,
  damageRolled: false,
  level: null,
  targets: [],
  protects: null,
  sceneEnd: null,
  chosenCount: 0,
  xpAwarded: false,
};

export class AhillMachRollCardModel extends CardModel {
  static override defineData(): foundry.data.fields.DataField.Any {
    return schema({
      rollKind: text(20, { choices: ROLL_KINDS }),
      moveId: text(60, { nullable: true }),
      characteristic: text(20, { nullable: true }),
      helpers: number(),
      hinderers: number(),
      advantage: number(),
      advantageKey: text(200),
      poolFormula: text(40),
      bonus: number(),
      appliedBonus: number(),
      capped: flag(),
      surpass: flag(),
      parts: list(schema({ label: text(300), value: number(), signed: text(20) }), 30),
      appliedSigned: text(20),
      kept: list(number(), 2),
      keptSum: number(),
      total: number(),
      band: text(20, { choices: BANDS }),
      value: number(),
      answerKey: text(200),
      bandNameKey: text(200),
      bandKey: text(200, { nullable: true }),
      bandText: text(2000),
      keepsInitiative: flag(),
      initiative: schema(
        {
          before: text(20, { choices: SIDES }),
          after: text(20, { choices: SIDES }),
          roller: text(20, { choices: SIDES }),
          afterKey: text(200),
        },
        true,
      ),
      xp: number(),
      xpAwarded: flag(),
      penchantPoints: number(),
      options: list(option(), 30),
      picks: number(),
      chosenCount: number(),
      outcomeDetail: text(200, { nullable: true }),
      damage: schema({ die: number(), modifier: number(), name: text(300) }, true),
      damageRolled: flag(),
      level: number(true),
      targets: list(target(), 50),
      protects: schema({ uuid: text(300), name: text(300) }, true),
      sceneEnd: schema({ score: number(), penchant: text(300), reactionKey: text(200), level: number() }, true),
    });
  }

  /** Older roll cards (flag cards included): the fields added since, with what their absence meant. */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    const data = source.data;
    if (data && typeof data === "object" && !Array.isArray(data)) {
      const d = data as Record<string, unknown>;
      for (const [key, value] of Object.entries(ROLL_DEFAULTS))
        if (d[key] === undefined) d[key] = structuredClone(value);
    }
    return super.migrateData(source);
  }
}

export class AhillMachDamageCardModel extends CardModel {
  static override defineData(): foundry.data.fields.DataField.Any {
    return schema({
      formula: text(200),
      faces: list(number(), 100),
      amount: number(),
      source: text(300),
      targets: list(target(), 50),
    });
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    const data = source.data;
    if (data && typeof data === "object" && !Array.isArray(data)) {
      const d = data as Record<string, unknown>;
      if (d.targets === undefined) d.targets = [];
    }
    return super.migrateData(source);
  }
}
