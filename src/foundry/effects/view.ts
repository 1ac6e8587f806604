/**
 * What the Effects tab shows, pure: the sheets (through `context.ts`, loaded at their first render) and the gallery
 * fixtures build it from plain facts. An actor's rows are its own effects and those its items transfer (with the item
 * named as their source); an item's rows are its own. A value an effect changes is listed with where it comes from:
 * "base 12, +1 Bénédiction".
 */
import { isModifiable, type ChangeLike } from "./keys.ts";

/** v13's `CONST.ACTIVE_EFFECT_MODES` numbers by the names v14 uses as change types. */
const MODE_NAMES = ["custom", "multiply", "add", "downgrade", "upgrade", "override"] as const;
export type ChangeKind = (typeof MODE_NAMES)[number] | "subtract";

export function changeKind(change: ChangeLike): ChangeKind {
  const named = [...MODE_NAMES, "subtract"] as readonly string[];
  if (typeof change.type === "string" && named.includes(change.type)) return change.type as ChangeKind;
  return MODE_NAMES[change.mode ?? 2] ?? "custom";
}

export interface EffectFacts {
  id: string;
  name: string;
  img: string;
  disabled: boolean;
  /** Active: not disabled and not suppressed. */
  active: boolean;
  changes: readonly ChangeLike[];
  /** Set when the effect lives on an owned item and reaches the actor by transfer. */
  item?: { id: string; name: string } | undefined;
}

export interface EffectRow {
  id: string;
  /** The owned item holding a transferred effect ("" for the document's own). */
  itemId: string;
  name: string;
  img: string;
  disabled: boolean;
  /** Shown under the name: the item it comes from, or nothing. */
  source: string;
  /** Localization key of the toggle button (enable or disable). */
  toggleLabel: string;
  cssClass: string;
}

export interface ModifiedValue {
  key: string;
  label: string;
  value: string;
  /** "base 12, +1 Bénédiction". */
  text: string;
}

export interface EffectsContext {
  rows: EffectRow[];
  empty: boolean;
  modified: ModifiedValue[];
  /** Modified field path → its explanation, for templates and the rendered fields' tooltips. */
  tooltips: Record<string, string>;
  editable: boolean;
  /** The part is a tab (actor and tabbed item sheets) or a section under the sheet (card-like item sheets). */
  tabbed: boolean;
  cssClass: string;
}

export interface Formatter {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${Math.abs(n)}`;
}

/** One step of a modified value, by change kind: "+1 Bénédiction", "×2 Rage", "= 14 Potion". */
export function describeChange(change: ChangeLike, effectName: string): string {
  const raw = String(change.value ?? "");
  const n = Number(raw);
  const numeric = raw.trim() !== "" && Number.isFinite(n);
  const v = numeric ? n : raw;
  switch (changeKind(change)) {
    case "add":
      return `${numeric ? signed(n) : `+${raw}`} ${effectName}`;
    case "subtract":
      return `${numeric ? signed(-n) : `−${raw}`} ${effectName}`;
    case "multiply":
      return `×${v} ${effectName}`;
    case "upgrade":
      return `≥ ${v} ${effectName}`;
    case "downgrade":
      return `≤ ${v} ${effectName}`;
    case "override":
      return `= ${v} ${effectName}`;
    default:
      return effectName;
  }
}

/**
 * The values the effects change on an actor of `actorType`, in application order (by priority, as Foundry sorts
 * them: a change's own priority, else its mode × 10). Only fields the rules let effects touch are listed.
 */
export function modifiedValues(
  actorType: string,
  effects: readonly EffectFacts[],
  read: { base(key: string): unknown; value(key: string): unknown; label(key: string): string },
  i18n: Formatter,
): ModifiedValue[] {
  const steps = new Map<string, { order: number; text: string }[]>();
  for (const effect of effects) {
    if (!effect.active) continue;
    for (const change of effect.changes) {
      const key = change.key ?? "";
      if (!isModifiable(actorType, key)) continue;
      const order = change.priority ?? (change.mode ?? 2) * 10;
      const list = steps.get(key) ?? [];
      list.push({ order, text: describeChange(change, effect.name) });
      steps.set(key, list);
    }
  }
  return [...steps.entries()].map(([key, list]) => {
    const base = i18n.format("QUINTETTE.Effects.Base", { value: String(read.base(key) ?? "") });
    const ordered = list.sort((a, b) => a.order - b.order).map((s) => s.text);
    return { key, label: read.label(key), value: String(read.value(key) ?? ""), text: [base, ...ordered].join(", ") };
  });
}

export function effectRows(effects: readonly EffectFacts[], i18n: Formatter): EffectRow[] {
  return effects.map((e) => ({
    id: e.id,
    itemId: e.item?.id ?? "",
    name: e.name,
    img: e.img || "icons/svg/aura.svg",
    disabled: e.disabled,
    source: e.item ? i18n.format("QUINTETTE.Effects.FromItem", { name: e.item.name }) : "",
    toggleLabel: e.disabled ? "QUINTETTE.Effects.Enable" : "QUINTETTE.Effects.Disable",
    cssClass: e.disabled ? "disabled" : "",
  }));
}

export function buildEffectsContext(
  rows: EffectRow[],
  modified: ModifiedValue[],
  { editable, tabbed, active }: { editable: boolean; tabbed: boolean; active: boolean },
): EffectsContext {
  return {
    rows,
    empty: rows.length === 0,
    modified,
    tooltips: Object.fromEntries(modified.map((m) => [m.key, m.text])),
    editable,
    tabbed,
    cssClass: tabbed ? `tab${active ? " active" : ""}` : "",
  };
}
