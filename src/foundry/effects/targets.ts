/**
 * Which actor types an effect on a document lands on, and what each lets effects change, read at use
 * (`CONFIG.QUINTETTE.effectKeys` through `keys.ts`): an actor's own type; an owned item's owner's type; an item no
 * actor owns, every actor type of its rule set (any of them may own it later). The Effects tab is shown only where one
 * of them allows a key; the effect config sheet offers and checks keys against them.
 */
import { activeRulesetId, rulesetOfType } from "../ruleset.ts";
import { allowedKeys } from "./keys.ts";
import type { EffectTarget, SchemaLike } from "./key-choices.ts";

interface DocLike {
  documentName?: string;
  type?: string;
  parent?: unknown;
}

function target(type: string): EffectTarget {
  const models = CONFIG.Actor.dataModels as unknown as Record<string, { schema?: unknown } | undefined>;
  const model = models[type];
  return {
    type,
    typeLabel: `TYPES.Actor.${type}`,
    patterns: allowedKeys(type),
    schema: model?.schema as SchemaLike | undefined,
  };
}

/** The actor types changes on `doc` (an Actor or an Item) reach, and the rule set they belong to. */
export function targetsOf(doc: DocLike | null | undefined): { ruleset: string; targets: EffectTarget[] } {
  const owner = doc?.documentName === "Item" ? (doc.parent as DocLike | null | undefined) : doc;
  if (owner?.documentName === "Actor" && owner.type) {
    return { ruleset: rulesetOfType(owner.type)?.id ?? activeRulesetId(), targets: [target(owner.type)] };
  }
  const ruleset = doc?.type ? rulesetOfType(doc.type) : undefined;
  return {
    ruleset: ruleset?.id ?? activeRulesetId(),
    targets: (ruleset?.actorTypes ?? []).map((spec) => target(spec.type)),
  };
}

/** Whether effects on `doc` can change anything: the Effects tab is absent where they cannot (Jetons). */
export function effectsAllowed(doc: DocLike | null | undefined): boolean {
  return targetsOf(doc).targets.some((t) => t.patterns.length > 0);
}
