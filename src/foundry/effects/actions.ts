/**
 * The Effects tab's buttons: create (then Foundry's ActiveEffectConfig opens), edit, enable/disable, delete after
 * confirming. A row names its effect by `data-effect-id`; an effect an owned item transfers also by the item's
 * `data-item-id`.
 */
import { escapeHtml } from "../trust/bound.ts";

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
    // The effect's name is its owner's text: shown as text, never as HTML.
    content: `<p>${escapeHtml(game.i18n?.format("QUINTETTE.Effects.DeleteConfirm", { name: effect.name }) ?? effect.name)}</p>`,
  });
  if (confirmed) await effect.delete();
}

/** The Effects tab's actions, by name: spread into a sheet's `DEFAULT_OPTIONS.actions`. */
export const EFFECT_HANDLERS: Record<
  "createEffect" | "editEffect" | "toggleEffect" | "deleteEffect",
  (this: SheetLike, event: Event, target: HTMLElement) => Promise<void> | void
> = {
  createEffect: onCreateEffect,
  editEffect: onEditEffect,
  toggleEffect: onToggleEffect,
  deleteEffect: onDeleteEffect,
};

/**
 * After render: a field an effect changes says so in its tooltip and is marked (`.modified`). The tooltip holds
 * effects' names (their owners' text): `data-tooltip-text`, shown as text (`data-tooltip` is rendered as HTML).
 */
export function markModified(root: unknown, tooltips: Record<string, string>): void {
  if (!root || typeof (root as Partial<HTMLElement>).querySelectorAll !== "function") return;
  for (const [key, text] of Object.entries(tooltips)) {
    for (const el of (root as HTMLElement).querySelectorAll<HTMLElement>(`[name="${key}"], [data-modified="${key}"]`)) {
      el.dataset.tooltipText = text;
      el.classList.add("modified");
    }
  }
}
