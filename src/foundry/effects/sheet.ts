/**
 * The Effects tab every actor and item sheet has: its part, tab and actions (create, edit with Foundry's
 * ActiveEffectConfig sheet, enable/disable, delete). A row names its effect by `data-effect-id`, and an effect an
 * owned item transfers also by `data-item-id` of that item. The context comes from `sheet-context.ts`, imported at
 * render so that a world's entry does not carry it.
 */
import type { EffectsContext } from "./view.ts";

export const EFFECTS_PART = "systems/quintette/templates/shared/sheet/effects.hbs";
export const EFFECTS_TAB = { id: "effects", label: "QUINTETTE.Effects.Tab", icon: "fa-solid fa-bolt" };

interface EffectDoc {
  id: string | null;
  name: string;
  disabled: boolean;
  update(changes: object): Promise<unknown>;
  delete(): Promise<unknown>;
  sheet?: { render(force?: boolean): unknown } | null;
}
interface EffectHolder {
  effects: { get(id: string): EffectDoc | undefined };
  items?: { get(id: string): { effects: { get(id: string): EffectDoc | undefined } } | undefined };
  createEmbeddedDocuments(name: "ActiveEffect", data: object[]): Promise<unknown>;
}
interface SheetLike {
  document: unknown;
  isEditable: boolean;
}

export async function effectsContext(
  sheet: SheetLike,
  options: { tabbed: boolean; active: boolean },
): Promise<EffectsContext> {
  const { effectsContextOf } = await import("./sheet-context.ts");
  return effectsContextOf(sheet.document as Parameters<typeof effectsContextOf>[0], {
    ...options,
    editable: sheet.isEditable,
  });
}

/** The effect a row names: the document's own, or one on the owned item the row names. */
export function effectOf(doc: EffectHolder, target: HTMLElement): EffectDoc | undefined {
  const row = "closest" in target ? (target.closest<HTMLElement>("[data-effect-id]") ?? target) : target;
  const { effectId = "", itemId = "" } = row.dataset;
  const holder = itemId ? doc.items?.get(itemId) : doc;
  return holder?.effects.get(effectId);
}

async function onCreateEffect(this: SheetLike) {
  if (!this.isEditable) return;
  const doc = this.document as EffectHolder;
  const name = game.i18n?.localize("QUINTETTE.Effects.New") ?? "QUINTETTE.Effects.New";
  const created = (await doc.createEmbeddedDocuments("ActiveEffect", [{ name, img: "icons/svg/aura.svg" }])) as
    EffectDoc[] | undefined;
  created?.[0]?.sheet?.render(true);
}

function onEditEffect(this: SheetLike, _event: Event, target: HTMLElement) {
  effectOf(this.document as EffectHolder, target)?.sheet?.render(true);
}

async function onToggleEffect(this: SheetLike, _event: Event, target: HTMLElement) {
  if (!this.isEditable) return;
  const effect = effectOf(this.document as EffectHolder, target);
  await effect?.update({ disabled: !effect.disabled });
}

async function onDeleteEffect(this: SheetLike, _event: Event, target: HTMLElement) {
  if (!this.isEditable) return;
  const effect = effectOf(this.document as EffectHolder, target);
  if (!effect) return;
  const confirmed = await foundry.applications.api.DialogV2.confirm({
    window: { title: "QUINTETTE.Effects.Delete" },
    content: `<p>${game.i18n?.format("QUINTETTE.Effects.DeleteConfirm", { name: effect.name }) ?? effect.name}</p>`,
  });
  if (confirmed) await effect.delete();
}

/** Spread into a sheet's `DEFAULT_OPTIONS.actions`. */
export const EFFECT_ACTIONS = {
  createEffect: onCreateEffect,
  editEffect: onEditEffect,
  toggleEffect: onToggleEffect,
  deleteEffect: onDeleteEffect,
};

/** After render: a field an effect changes says so in its tooltip and is marked (`.modified`). */
export function markModified(root: unknown, tooltips: Record<string, string>): void {
  if (!root || typeof (root as Partial<HTMLElement>).querySelectorAll !== "function") return;
  for (const [key, text] of Object.entries(tooltips)) {
    for (const el of (root as HTMLElement).querySelectorAll<HTMLElement>(`[name="${key}"], [data-modified="${key}"]`)) {
      el.dataset.tooltip = text;
      el.classList.add("modified");
    }
  }
}
