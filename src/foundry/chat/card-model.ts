/**
 * Card data as Foundry data: a chat card is a ChatMessage of a card sub-type (`documentTypes.ChatMessage`) whose
 * `system` is a `CardModel`. The schema states every field's type, length and range. Foundry's server runs no system
 * data model, so a card write that breaks it (its author's, from the console) is stored as sent; every client's model
 * refuses it as it builds the message, and readers ignore the card (`readCard`).
 *
 * Rule sets give their cards' `data` its own schema with a subclass (`static defineData`) registered for their
 * rule set and kinds (`registerCardModel`); `postCard` picks the sub-type from the state. Cards posted before this
 * lived in `flags.quintette.card` of a base message: `readCard` reads them through the same model (`migrateData`,
 * then validation), and `writeCard` keeps them there.
 */
import { storedToken } from "../trust/hash.ts";
import { isPlainRecord } from "../trust/validate.ts";
import { finite, flag, integer, jsonObject, label, list, text } from "./card-fields.ts";
import type { CardState } from "./types.ts";

/** The shared card sub-type (rule sets add their own in system.json and template.json). */
export const CARD_TYPE = "card";

/** Done tokens kept (as `withDone` keeps them). */
const DONE_KEPT = 500;

function defineEnvelope() {
  const f = foundry.data.fields;
  const die = new f.SchemaField({
    faces: integer(0, 10_000, 6),
    value: finite(),
    chain: list(finite(), 100),
    tone: text(10, { choices: ["neutral", "light", "dark"] }),
    kept: flag({ nullable: true }),
    label: label({ nullable: true }),
  });
  const button = new f.SchemaField({
    action: text(100),
    label: label(),
    icon: text(200),
    args: jsonObject({ primitivesOnly: true, maxKeys: 30 }),
    audience: text(10, { choices: ["roller", "gm", "anyone", "owners"] }),
    exclusive: flag({ optional: true }),
    owner: text(300, { nullable: true, optional: true }),
  });
  const followUp = new f.SchemaField(
    { action: text(100), label: label(), icon: text(200), done: flag() },
    { required: true, nullable: true, initial: null },
  );
  const applied = new f.SchemaField({
    id: text(300),
    action: text(100),
    targetUuid: text(300),
    targetName: text(300),
    summary: label(),
    undo: jsonObject({ nullable: true }),
    undone: flag(),
    userId: text(64),
    effect: text(100, { nullable: true, optional: true }),
    followUp,
  });
  const outcome = new f.SchemaField(
    {
      label: label(),
      tone: text(10, { choices: ["success", "failure", "critical", "fumble", "neutral"] }),
      detail: label({ nullable: true }),
    },
    { required: true, nullable: true, initial: null },
  );
  return {
    version: integer(1, 1, 1),
    ruleset: text(40),
    kind: text(60),
    rollerId: text(64),
    actorUuid: text(300, { nullable: true }),
    actorName: text(300),
    img: text(1000, { nullable: true }),
    title: label(),
    subtitle: label({ nullable: true }),
    dice: list(die, 100),
    outcome,
    buttons: list(button, 60),
    damage: jsonObject({ nullable: true }),
    applied: list(applied, 300),
    done: list(text(100), DONE_KEPT),
    revision: integer(0, Number.MAX_SAFE_INTEGER, 0),
    body: text(300, { nullable: true, templatePath: true }),
  };
}

type CardSchema = ReturnType<typeof defineEnvelope> & { data: foundry.data.fields.DataField.Any };

/** The shared card envelope; `data` is the rule set's (a bounded JSON object unless a subclass defines it). */
export class CardModel extends foundry.abstract.TypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema(): CardSchema {
    return { ...defineEnvelope(), data: this.defineData() };
  }

  /** The schema of the card's `data`; rule sets override it (a `SchemaField` of their card's fields). */
  static defineData(): foundry.data.fields.DataField.Any {
    return jsonObject();
  }

  /**
   * Older cards (stored in `flags.quintette.card`, or before a field existed): a missing version is 1, and `done`
   * tokens are stored in their bounded form (`storedToken`), as the executor now compares them. Rule sets that
   * migrate their `data` call `super.migrateData` first.
   */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    if (source.version === undefined) source.version = 1;
    if (Array.isArray(source.done)) {
      const done = source.done as unknown[];
      source.done = done.map((t) => (typeof t === "string" ? storedToken(t) : t)).slice(-DONE_KEPT);
    }
    return super.migrateData(source) as Record<string, unknown>;
  }
}

interface CardTypeEntry {
  type: string;
  model: typeof CardModel;
  ruleset: string;
  kinds: string[] | null;
}
const cardTypes: CardTypeEntry[] = [];

/**
 * Registers a card sub-type: its model serves the cards of `ruleset` (of `kinds` only, when given). The type must
 * be declared in `system.json` and `template.json` (`ChatMessage`). Call at init.
 */
export function registerCardModel(
  type: string,
  model: typeof CardModel,
  match: { ruleset: string; kinds?: string[] },
): void {
  const entry = { type, model, ruleset: match.ruleset, kinds: match.kinds ?? null };
  const at = cardTypes.findIndex((e) => e.type === type);
  if (at >= 0) cardTypes[at] = entry;
  else cardTypes.push(entry);
  Object.assign(CONFIG.ChatMessage.dataModels, { [type]: model });
}

/** The shared model, registered at init by `registerChatHooks`. */
export function registerCardModels(): void {
  Object.assign(CONFIG.ChatMessage.dataModels, { [CARD_TYPE]: CardModel });
  for (const e of cardTypes) Object.assign(CONFIG.ChatMessage.dataModels, { [e.type]: e.model });
}

function entryFor(state: Pick<CardState, "ruleset" | "kind">): CardTypeEntry | undefined {
  return (
    cardTypes.find((e) => e.ruleset === state.ruleset && e.kinds?.includes(state.kind)) ??
    cardTypes.find((e) => e.ruleset === state.ruleset && !e.kinds)
  );
}

/** The sub-type a new card of this rule set and kind is posted as. */
export function cardTypeFor(state: Pick<CardState, "ruleset" | "kind">): string {
  return entryFor(state)?.type ?? CARD_TYPE;
}

/** Whether a message type is a card sub-type. */
export function isCardType(type: unknown): boolean {
  return type === CARD_TYPE || cardTypes.some((e) => e.type === type);
}

function modelOf(type: unknown, raw: unknown): typeof CardModel {
  const byType = cardTypes.find((e) => e.type === type)?.model;
  if (byType) return byType;
  if (isPlainRecord(raw) && typeof raw.ruleset === "string" && typeof raw.kind === "string") {
    return entryFor({ ruleset: raw.ruleset, kind: raw.kind })?.model ?? CardModel;
  }
  return CardModel;
}

/**
 * JSON with sorted keys, to compare two data trees whatever their key order. An absent key and a null one are the
 * same (an optional field absent from an older card starts null); cleaning a null where none is allowed gives a
 * non-null value, which still differs.
 */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isPlainRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .filter((k) => v[k] !== null && v[k] !== undefined)
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/**
 * A plain card state from raw data (a legacy flag, or a card whose model was not built): migrated, then validated by
 * the model of its sub-type (or of its rule set and kind). Strict: data that Foundry's cleaning would have to repair
 * (a null where none is allowed, a missing label, a number out of range) is refused, as the hand-written checks
 * refused it before. Null when it fails. Never throws.
 */
export function cardFromSource(raw: unknown, type?: unknown): CardState | null {
  if (!isPlainRecord(raw)) return null;
  try {
    const Model = modelOf(type, raw);
    const migrated = Model.migrateData(structuredClone(raw));
    const model = new Model(structuredClone(migrated) as never, { strict: true } as never);
    const state = model.toObject() as unknown as CardState;
    return canonical(state) === canonical(migrated) ? state : null;
  } catch {
    return null;
  }
}
