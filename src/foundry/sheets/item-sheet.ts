/**
 * The base item sheet: header with image and name, tabs, a play/edit toggle, the rich-text description, and refusal
 * of out-of-range edits. A rule set adds its details part and tab (`composeParts`, `SHEET_TABS`).
 */
import { configureHandlebarsParts, HandlebarsItemSheet } from "./mixed.ts";
import { buildItemSheetContext, type ItemSheetContext, type SheetTabSpec } from "./context.ts";
import { TAB_GROUP } from "./embed.ts";
import { ITEM_SHEET_PARTS } from "./parts.ts";
import { HANDLERS as ITEM_HANDLERS } from "./item-actions.ts";
import { templatesLoaded } from "../templates/loaded.ts";
import { rulesetIdOf, screenForm } from "./actor-sheet.ts";
import { EFFECTS_PART, EFFECTS_TAB, effectsContext, withEffectsPart, withEffectsTab } from "../effects/sheet.ts";
import { EFFECT_HANDLERS } from "../effects/actions.ts";
import type { EffectsContext } from "../effects/view.ts";
import { canDragStart, defineSheetMethods, DRAG_SELECTOR, liftedFromAnother, onDragStart } from "./drag-start.ts";

type Part = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

/** ItemSheetV2's drag members (14.x declares them, 13.345.1 does not): set below. */
interface DragMembers {
  _canDragStart(selector: string): boolean;
  _onDragStart(event: DragEvent): Promise<void>;
}

export class QuintetteItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["quintette", "sheet", "item"],
    position: { width: 560, height: 600 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: QuintetteItemSheet.#onToggleMode,
      editPortrait: ITEM_HANDLERS.editPortrait,
      ...EFFECT_HANDLERS,
    },
  };

  static readonly HEAD_PARTS: Record<string, Part> = {
    header: { template: ITEM_SHEET_PARTS.header },
    tabs: { template: ITEM_SHEET_PARTS.tabs },
  };
  static readonly TAIL_PARTS: Record<string, Part> = {
    description: { template: ITEM_SHEET_PARTS.description, scrollable: [""] },
    effects: { template: EFFECTS_PART, scrollable: [""] },
  };

  static composeParts(ruleset: Record<string, Part> = {}): Record<string, Part> {
    return { ...QuintetteItemSheet.HEAD_PARTS, ...ruleset, ...QuintetteItemSheet.TAIL_PARTS };
  }

  static override PARTS: Record<string, Part> = QuintetteItemSheet.composeParts();

  /** A rule set puts its details tab first: `[{ id: "details", … }, ...QuintetteItemSheet.SHEET_TABS]`. */
  static SHEET_TABS: SheetTabSpec[] = [
    { id: "description", label: "QUINTETTE.Sheet.Tabs.Description", icon: "fa-solid fa-book-open" },
    EFFECTS_TAB,
  ];

  editMode = false;

  /** The class's tabs; Effects only where the rule set lets effects change the actors this item may reach. */
  get sheetTabs(): SheetTabSpec[] {
    return withEffectsTab((this.constructor as typeof QuintetteItemSheet).SHEET_TABS, this.document);
  }

  // The mixin's member, out of the narrowed base type (see mixed.ts).
  protected _configureRenderParts(
    options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions,
  ): Record<string, Part> {
    return withEffectsPart(configureHandlebarsParts(HandlebarsItemSheet, this, options), this.document);
  }

  protected override async _prepareContext(
    options: Parameters<InstanceType<typeof foundry.applications.sheets.ItemSheetV2>["_prepareContext"]>[0],
  ): Promise<
    foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation> &
      ItemSheetContext & { effects: EffectsContext }
  > {
    // Its parts include partials loaded at init (templates/loaded.ts).
    await templatesLoaded();
    const base = await super._prepareContext(options);
    const item = this.document;
    const system = item.system as { description?: unknown };
    const value = typeof system.description === "string" ? system.description : "";
    const enriched = await foundry.applications.ux.TextEditor.implementation.enrichHTML(value, {
      secrets: item.isOwner,
      relativeTo: item,
    });
    if (!this.tabGroups[TAB_GROUP]) this.tabGroups[TAB_GROUP] = this.sheetTabs[0]?.id ?? "description";
    const context = buildItemSheetContext(
      {
        id: item.id ?? "",
        uuid: item.uuid ?? "",
        name: item.name,
        img: item.img ?? "",
        type: item.type,
        system: item.system,
        source: item._source.system,
        ownerName: item.actor?.name ?? null,
      },
      { editable: this.isEditable, limited: item.limited, editMode: this.editMode },
      {
        rulesetId: rulesetIdOf(item.type),
        tabs: this.sheetTabs,
        activeTab: this.tabGroups[TAB_GROUP],
        description: { enriched, value },
      },
    );
    // A sheet without tabs (a SYSTEMJ card) shows its effects under the rest.
    const tabbed = (this.constructor as typeof QuintetteItemSheet).SHEET_TABS.some((t) => t.id === EFFECTS_TAB.id);
    const effects = effectsContext(this, { tabbed, active: !!context.sheetTabs.effects?.active });
    return { ...base, ...context, effects };
  }

  /** Binds drag starts where ItemSheetV2 does not (v13): effect rows drag out as their effects. */
  protected override async _onRender(
    context: Awaited<ReturnType<QuintetteItemSheet["_prepareContext"]>>,
    options: Parameters<InstanceType<typeof foundry.applications.sheets.ItemSheetV2>["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    if (!("_dragDrop" in foundry.applications.sheets.ItemSheetV2.prototype)) this.#dragStarts().bind(this.element);
  }

  #dragDrop: { bind(html: HTMLElement): unknown } | undefined;
  /** Drag starts only, wired as ActorSheetV2's (v14's ItemSheetV2 has its own, drops included). */
  #dragStarts(): { bind(html: HTMLElement): unknown } {
    const self = this as unknown as DragMembers;
    this.#dragDrop ??= new foundry.applications.ux.DragDrop.implementation({
      dragSelector: DRAG_SELECTOR,
      permissions: { dragstart: (selector) => self._canDragStart(selector ?? DRAG_SELECTOR) },
      callbacks: { dragstart: (event) => void self._onDragStart(event) },
    });
    return this.#dragDrop;
  }

  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): object {
    const expanded = super._processFormData(event, form, formData) as Record<string, unknown>;
    return screenForm(this, expanded);
  }

  static async #onToggleMode(this: QuintetteItemSheet) {
    if (!this.isEditable) return;
    this.editMode = !this.editMode;
    await this.render();
  }
}

/**
 * v14's ItemSheetV2 creates a dropped effect on the item (v13's binds no drop): refused when lifted from a character
 * the user does not own, as on the actor sheet.
 */
async function onDropActiveEffect(this: QuintetteItemSheet, event: DragEvent, effect: { parent?: unknown }) {
  if (liftedFromAnother(this.document.actor ?? this.document, effect)) {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.Sheet.NotYourItem") ?? "QUINTETTE.Sheet.NotYourItem");
    return null;
  }
  const base = foundry.applications.sheets.ItemSheetV2.prototype as unknown as {
    _onDropActiveEffect(this: unknown, event: DragEvent, effect: unknown): Promise<unknown>;
  };
  return base._onDropActiveEffect.call(this, event, effect);
}

// Only the item's owner or a GM drags its effects out (`drag-start.ts`).
defineSheetMethods(QuintetteItemSheet.prototype, {
  _canDragStart: canDragStart,
  _onDragStart: onDragStart,
  _onDropActiveEffect: onDropActiveEffect,
});
