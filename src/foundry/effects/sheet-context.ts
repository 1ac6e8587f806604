/** Reads an actor's or item's effects into the Effects tab's context (`view.ts`). */
import { buildEffectsContext, effectRows, modifiedValues, type EffectFacts, type EffectsContext } from "./view.ts";
import type { ChangeLike } from "./keys.ts";

interface EffectDoc {
  id: string | null;
  name: string;
  img?: string | null;
  disabled: boolean;
  active: boolean;
  changes?: readonly ChangeLike[];
  system?: unknown;
  parent?: unknown;
}

/** v14 keeps an effect's changes in `system.changes`, v13 in `changes`. */
export function changesOf(effect: EffectDoc): readonly ChangeLike[] {
  const sys = effect.system as { changes?: unknown } | undefined;
  if (Array.isArray(sys?.changes)) return sys.changes as ChangeLike[];
  return effect.changes ?? [];
}

function factsOf(effect: EffectDoc, holder: unknown): EffectFacts {
  const parent = effect.parent as { documentName?: string; id?: string | null; name?: string } | null | undefined;
  const fromItem = parent && parent !== holder && parent.documentName === "Item";
  return {
    id: effect.id ?? "",
    name: effect.name,
    img: effect.img ?? "",
    disabled: effect.disabled,
    active: effect.active,
    changes: changesOf(effect),
    item: fromItem ? { id: parent.id ?? "", name: parent.name ?? "" } : undefined,
  };
}

const i18n = {
  localize: (key: string) => game.i18n?.localize(key) ?? key,
  format: (key: string, data: Record<string, string>) => game.i18n?.format(key, data) ?? key,
};

/** The field's label from the document's schema (`system.qualities.CO` → "Courage"), else the path. */
function labelOf(doc: { system?: unknown }, key: string): string {
  const schema = (doc.system as { schema?: { getField(path: string): unknown } } | undefined)?.schema;
  const field = schema?.getField(key.replace(/^system\./, "")) as { label?: string } | undefined;
  return field?.label ? i18n.localize(field.label) : key;
}

type Holder = {
  documentName?: string;
  type: string;
  system?: unknown;
  _source: object;
  /** Foundry's documents always have one; a stand-in document without effects shows none. */
  effects?: Iterable<EffectDoc>;
  allApplicableEffects?: () => Iterable<EffectDoc>;
};

export function effectsContextOf(
  doc: Holder,
  options: { editable: boolean; tabbed: boolean; active: boolean },
): EffectsContext {
  const isActor = doc.documentName === "Actor";
  const effects = [...((isActor && doc.allApplicableEffects ? doc.allApplicableEffects() : doc.effects) ?? [])];
  const facts = effects.map((e) => factsOf(e, doc));
  const modified = isActor
    ? modifiedValues(
        doc.type,
        facts,
        {
          base: (key) => foundry.utils.getProperty(doc._source, key),
          value: (key) => foundry.utils.getProperty(doc, key),
          label: (key) => labelOf(doc, key),
        },
        i18n,
      )
    : [];
  return buildEffectsContext(effectRows(facts, i18n), modified, options);
}
