/**
 * What the effect config sheet's Changes tab says about keys, pure: the concrete fields an effect may change (each
 * allowed pattern expanded through the actor type's schema, `system.signes.*` → one key per sign, with the field's
 * label), the line explaining that other keys do nothing in this game, and each stored change whose key applies
 * nowhere, with why. The sheet (`config-sheet.ts`) and the gallery build it from the same facts.
 */
import { matchesAny, type ChangeLike } from "./keys.ts";

/** The keys section's template, a part of the effect config sheet's Changes tab. */
export const EFFECT_KEYS_PART = "systems/quintette/templates/shared/effect-config/keys.hbs";

/** A data schema as far as the expansion reads it: nested fields (a SchemaField's `fields`) and a label key. */
export interface SchemaLike {
  fields?: Record<string, SchemaLike> | undefined;
  label?: string | undefined;
}

/** An actor type an effect on this document lands on. */
export interface EffectTarget {
  type: string;
  /** Localization key of the type's name (`TYPES.Actor.heros`). */
  typeLabel: string;
  /** The patterns the world allows for this type now (`keys.ts` `allowedKeys`). */
  patterns: readonly string[];
  /** The type's `system` schema; without one, a pattern's `*` cannot be expanded and only plain keys are offered. */
  schema?: SchemaLike | undefined;
}

export interface Formatter {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

export interface KeyChoice {
  key: string;
  label: string;
}

export interface FlaggedChange {
  /** The change's position on the effect (its row in Foundry's list). */
  index: number;
  key: string;
  reason: string;
}

export interface EffectKeysContext {
  /** The `<datalist>` id the key inputs point at (unique per sheet). */
  listId: string;
  choices: KeyChoice[];
  /** Why other keys do nothing: one line naming the game and the actor type(s). */
  intro: string;
  /** The rule set's own reason (what its rules keep for themselves). */
  why: string;
  /** No key is allowed: every change of this effect does nothing. */
  none: boolean;
  /** The first `FLAGGED_MAX` changes that do nothing, and how many more there are. */
  flagged: FlaggedChange[];
  moreFlagged: number;
  /** The list of keys starts open on an effect without changes yet (what can it change?), closed otherwise. */
  listOpen: boolean;
  /** The part is a section of the Changes tab: `tab` and `active` when that tab is shown. */
  cssClass: string;
}

/** The concrete keys of one pattern, through the schema (`*`: every field at that level), each with its label key. */
export function expandPattern(pattern: string, schema: SchemaLike | undefined): { key: string; label: string }[] {
  const parts = pattern.split(".");
  if (parts[0] !== "system") return parts.includes("*") ? [] : [{ key: pattern, label: "" }];
  let found: { path: string[]; field: SchemaLike | undefined }[] = [{ path: ["system"], field: schema }];
  for (const part of parts.slice(1)) {
    found = found.flatMap(({ path, field }) => {
      const fields = field?.fields;
      if (part !== "*") return [{ path: [...path, part], field: fields?.[part] }];
      return Object.entries(fields ?? {}).map(([name, sub]) => ({ path: [...path, name], field: sub }));
    });
  }
  return found.map(({ path, field }) => ({ key: path.join("."), label: field?.label ?? "" }));
}

/**
 * The keys to offer, in the order the patterns and schemas give them, each once. A key several targets accept is
 * labelled once; when targets differ (an item no actor owns yet), a key's label names the types that accept it.
 */
export function keyChoices(targets: readonly EffectTarget[], i18n: Formatter): KeyChoice[] {
  const byKey = new Map<string, { label: string; types: string[] }>();
  for (const target of targets) {
    for (const pattern of target.patterns) {
      for (const { key, label } of expandPattern(pattern, target.schema)) {
        const entry = byKey.get(key) ?? { label: label ? i18n.localize(label) : key, types: [] };
        entry.types.push(i18n.localize(target.typeLabel));
        byKey.set(key, entry);
      }
    }
  }
  const several = targets.length > 1;
  return [...byKey.entries()].map(([key, { label, types }]) => ({
    key,
    label: several ? `${label} — ${types.join(", ")}` : label,
  }));
}

/** A key is its writer's text: the lines quote at most this much of it. */
export const KEY_SHOWN_MAX = 80;
/** At most this many flagged changes are listed (an effect may hold any number of rows); the rest are counted. */
export const FLAGGED_MAX = 20;

const shown = (key: string) => (key.length > KEY_SHOWN_MAX ? `${key.slice(0, KEY_SHOWN_MAX)}…` : key);

/** Why a change to `key` does nothing on these targets, or null when one of them accepts it (or it is empty). */
export function refusalOf(key: string, targets: readonly EffectTarget[], game: string, i18n: Formatter): string | null {
  if (!key || targets.some((t) => matchesAny(t.patterns, key))) return null;
  const types = targets.map((t) => i18n.localize(t.typeLabel)).join(", ");
  return i18n.format("QUINTETTE.Effects.Config.Refused", { key: shown(key), types, game });
}

/** The stored changes whose key no target accepts, with why; a change without a key yet is not flagged. */
export function flaggedChanges(
  changes: readonly ChangeLike[],
  targets: readonly EffectTarget[],
  game: string,
  i18n: Formatter,
): FlaggedChange[] {
  return changes.flatMap((change, index) => {
    const key = typeof change.key === "string" ? change.key : "";
    const reason = refusalOf(key, targets, game, i18n);
    return reason === null ? [] : [{ index, key: shown(key), reason }];
  });
}

/** The game's name, as the sheet's lines say it. */
export const gameName = (ruleset: string, i18n: Formatter): string => i18n.localize(`QUINTETTE.Ruleset.${ruleset}`);

export function buildKeysContext(
  facts: { targets: readonly EffectTarget[]; changes: readonly ChangeLike[]; ruleset: string; listId: string },
  options: { active: boolean },
  i18n: Formatter,
): EffectKeysContext {
  const game = gameName(facts.ruleset, i18n);
  const types = facts.targets.map((t) => i18n.localize(t.typeLabel)).join(", ");
  const choices = keyChoices(facts.targets, i18n);
  const none = facts.targets.every((t) => t.patterns.length === 0);
  const flagged = flaggedChanges(facts.changes, facts.targets, game, i18n);
  return {
    listId: facts.listId,
    choices,
    intro: i18n.format(none ? "QUINTETTE.Effects.Config.NoKeys" : "QUINTETTE.Effects.Config.Intro", { game, types }),
    why: i18n.localize(`QUINTETTE.Effects.Config.Why.${facts.ruleset}`),
    none,
    flagged: flagged.slice(0, FLAGGED_MAX),
    moreFlagged: Math.max(0, flagged.length - FLAGGED_MAX),
    listOpen: facts.changes.length === 0,
    cssClass: `tab${options.active ? " active" : ""}`,
  };
}
