/**
 * Strict reading of what any client may have written: a stored card (its author can rewrite it from the console)
 * and the rule sets' `card.data`. A value of the wrong type, length or range makes the whole card invalid: it is
 * ignored (and logged once), never thrown into a tracker, a sheet or a render hook. Pure: no Foundry global.
 */
import type {
  AppliedEntry,
  CardButton,
  CardDie,
  CardOutcome,
  CardState,
  JsonObject,
  JsonPrimitive,
  JsonValue,
  Label,
} from "../chat/types.ts";

type Check<T> = (value: unknown) => value is T;

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const str =
  (max: number): Check<string> =>
  (v): v is string =>
    typeof v === "string" && v.length <= max;
const finite: Check<number> = (v): v is number => typeof v === "number" && Number.isFinite(v);
const int =
  (min: number, max: number): Check<number> =>
  (v): v is number =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const bool: Check<boolean> = (v): v is boolean => typeof v === "boolean";
const oneOf =
  <T extends string>(...values: T[]): Check<T> =>
  (v): v is T =>
    typeof v === "string" && (values as string[]).includes(v);
const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (v): v is T | null =>
    v === null || check(v);
const arrayOf =
  <T>(check: Check<T>, max: number): Check<T[]> =>
  (v): v is T[] =>
    Array.isArray(v) && v.length <= max && v.every((x) => check(x));

/** JSON of bounded size and depth (no functions, no NaN, no class instances). */
export function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  if (depth > 10) return false;
  if (value === null || typeof value === "boolean") return true;
  if (typeof value === "string") return value.length <= 10_000;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.length <= 500 && value.every((v) => isJsonValue(v, depth + 1));
  if (isPlainRecord(value)) {
    const entries = Object.entries(value);
    return entries.length <= 500 && entries.every(([k, v]) => k.length <= 200 && isJsonValue(v, depth + 1));
  }
  return false;
}
const isJsonObject: Check<JsonObject> = (v): v is JsonObject => isPlainRecord(v) && isJsonValue(v);

const labelArg = (v: unknown) => v === undefined || str(1000)(v) || finite(v);
const isLabel: Check<Label> = (v): v is Label =>
  isPlainRecord(v) &&
  str(200)(v.key) &&
  labelArg(v.name) &&
  labelArg(v.value) &&
  labelArg(v.target) &&
  labelArg(v.detail);

const primitive: Check<JsonPrimitive> = (v): v is JsonPrimitive => v === null || bool(v) || finite(v) || str(1000)(v);

const isDie: Check<CardDie> = (v): v is CardDie =>
  isPlainRecord(v) &&
  int(0, 10_000)(v.faces) &&
  finite(v.value) &&
  arrayOf(finite, 100)(v.chain) &&
  oneOf("neutral", "light", "dark")(v.tone) &&
  nullable(bool)(v.kept) &&
  nullable(isLabel)(v.label);

const isOutcome: Check<CardOutcome> = (v): v is CardOutcome =>
  isPlainRecord(v) &&
  isLabel(v.label) &&
  oneOf("success", "failure", "critical", "fumble", "neutral")(v.tone) &&
  nullable(isLabel)(v.detail);

const isArgs = (v: unknown): boolean =>
  isPlainRecord(v) && Object.keys(v).length <= 30 && Object.values(v).every((x) => primitive(x));

const isButton: Check<CardButton> = (v): v is CardButton =>
  isPlainRecord(v) &&
  str(100)(v.action) &&
  isLabel(v.label) &&
  str(200)(v.icon) &&
  isArgs(v.args) &&
  oneOf("roller", "gm", "anyone", "owners")(v.audience);

const isFollowUp = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (isPlainRecord(v) && str(100)(v.action) && isLabel(v.label) && str(200)(v.icon) && bool(v.done));

const isApplied: Check<AppliedEntry> = (v): v is AppliedEntry =>
  isPlainRecord(v) &&
  str(300)(v.id) &&
  str(100)(v.action) &&
  str(300)(v.targetUuid) &&
  str(300)(v.targetName) &&
  isLabel(v.summary) &&
  (v.undo === null || isJsonObject(v.undo)) &&
  bool(v.undone) &&
  str(64)(v.userId) &&
  isFollowUp(v.followUp) &&
  (v.effect === undefined || nullable(str(100))(v.effect));

const isDamage = (v: unknown): boolean => isJsonObject(v) && finite(v.amount);

/** A rule set's body template: only this system's own templates may be rendered from a card. */
const isBody = (v: unknown): boolean =>
  v === null || (str(300)(v) && v.startsWith("systems/quintette/templates/") && !v.includes(".."));

/** Every field of a stored card, with its type, length and range. */
export function isValidCardState(value: unknown): value is CardState {
  if (!isPlainRecord(value)) return false;
  const v = value;
  return (
    v.version === 1 &&
    str(40)(v.ruleset) &&
    str(60)(v.kind) &&
    str(64)(v.rollerId) &&
    nullable(str(300))(v.actorUuid) &&
    str(300)(v.actorName) &&
    nullable(str(1000))(v.img) &&
    isLabel(v.title) &&
    nullable(isLabel)(v.subtitle) &&
    arrayOf(isDie, 100)(v.dice) &&
    nullable(isOutcome)(v.outcome) &&
    arrayOf(isButton, 60)(v.buttons) &&
    (v.damage === null || isDamage(v.damage)) &&
    arrayOf(isApplied, 300)(v.applied) &&
    arrayOf(str(300), 1000)(v.done) &&
    int(0, Number.MAX_SAFE_INTEGER)(v.revision) &&
    isJsonObject(v.data) &&
    isBody(v.body)
  );
}
