/**
 * The base actor sheet every rule set extends: tabs, a play/edit toggle, portrait (file picker in edit mode), rich-text
 * biography, owned items grouped by type with create/edit/delete, item drops, `data-action="roll"` buttons that roll
 * their `data-roll` key through the actor's rule set (`api/rolls.ts`: the roll dialog, or its defaults with the
 * fast-roll key held), a reduced sheet for limited viewers, and refusal of out-of-range edits. A rule set adds parts
 * and tabs (`composeParts`, `SHEET_TABS`) and answers roll keys in its runtime's `rolls`. Every actor sheet carries the
 * rule set's creation guide (`creation.ts`) in its context and the guide's two buttons.
 */
import { configureHandlebarsParts, HandlebarsActorSheet } from "./mixed.ts";
import { roll } from "../api/rolls.ts";
import { fastRollHeld } from "../api/keybindings.ts";
import { activeRulesetId, rulesetOfType, getRuleset } from "../ruleset.ts";
import { buildActorSheetContext, type ActorSheetContext, type SheetTabSpec } from "./context.ts";
import { canEmbed, TAB_GROUP } from "./embed.ts";
import { ACTOR_SHEET_PARTS } from "./parts.ts";
import { CREATION_ACTIONS, creationHeaderControl, creationOf } from "./creation.ts";
import type { CreationView } from "./creation-view.ts";
import { HANDLERS as ITEM_HANDLERS } from "./item-actions.ts";
import { templatesLoaded } from "../templates/loaded.ts";
import { mergeIndexedArrays, screenSubmission } from "./submission.ts";
import { EFFECTS_PART, EFFECTS_TAB, effectsContext, withEffectsPart, withEffectsTab } from "../effects/sheet.ts";
import { EFFECT_HANDLERS, markModified } from "../effects/actions.ts";
import type { EffectsContext } from "../effects/view.ts";
import { canDragStart, defineSheetMethods, liftedFromAnother, onDragStart } from "./drag-start.ts";

type Part = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

/** ActorSheetV2's drop handlers for Items and effects (in Foundry v13, missing from fvtt-types 13.345.1). */
interface ActorSheetDrops {
  _onDropItem(this: unknown, event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null>;
  _onDropActiveEffect(
    this: unknown,
    event: DragEvent,
    effect: ActiveEffect.Implementation,
  ): Promise<ActiveEffect.Implementation | null>;
}

interface ActorSheetRenderContext extends ActorSheetContext, foundry.applications.sheets.ActorSheetV2.RenderContext {
  /** The rule set's creation guide for this actor (`creation.ts`), null when there is none to show. */
  creation: CreationView | null;
  effects: EffectsContext;
}

/** Sheet-level helpers shared with the item sheet. */
export function rulesetIdOf(type: string): string {
  return rulesetOfType(type)?.id ?? activeRulesetId();
}

export function notifyAll(messages: readonly string[]): void {
  for (const message of messages) ui.notifications?.warn(message);
}

export class QuintetteActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["quintette", "sheet", "actor"],
    position: { width: 720, height: 780 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: QuintetteActorSheet.#onToggleMode,
      ...ITEM_HANDLERS,
      roll: QuintetteActorSheet.#onRoll,
      ...CREATION_ACTIONS,
      ...EFFECT_HANDLERS,
    },
  };

  /** Parts every actor sheet has, before and after the rule set's own. */
  static readonly HEAD_PARTS: Record<string, Part> = {
    header: { template: ACTOR_SHEET_PARTS.header },
    tabs: { template: ACTOR_SHEET_PARTS.tabs },
  };
  static readonly TAIL_PARTS: Record<string, Part> = {
    items: { template: ACTOR_SHEET_PARTS.items, scrollable: [""] },
    effects: { template: EFFECTS_PART, scrollable: [""] },
    biography: { template: ACTOR_SHEET_PARTS.biography, scrollable: [""] },
    limited: { template: ACTOR_SHEET_PARTS.limited },
  };

  /** Header and tabs, then the rule set's parts, then items, biography and the limited view. */
  static composeParts(ruleset: Record<string, Part> = {}): Record<string, Part> {
    return { ...QuintetteActorSheet.HEAD_PARTS, ...ruleset, ...QuintetteActorSheet.TAIL_PARTS };
  }

  static override PARTS: Record<string, Part> = QuintetteActorSheet.composeParts();

  /** Tabs in order; a rule set puts its own first: `[{ id: "main", … }, ...QuintetteActorSheet.SHEET_TABS]`. */
  static SHEET_TABS: SheetTabSpec[] = [
    { id: "items", label: "QUINTETTE.Sheet.Tabs.Items", icon: "fa-solid fa-suitcase" },
    EFFECTS_TAB,
    { id: "biography", label: "QUINTETTE.Sheet.Tabs.Biography", icon: "fa-solid fa-feather" },
  ];

  /** Edit mode (inputs) versus play mode (values and roll buttons). */
  editMode = false;

  /** The class's tabs; Effects only where the rule set lets effects change this actor. */
  get sheetTabs(): SheetTabSpec[] {
    return withEffectsTab((this.constructor as typeof QuintetteActorSheet).SHEET_TABS, this.document);
  }

  // The mixin's member, out of the narrowed base type (see mixed.ts).
  protected _configureRenderParts(
    options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions,
  ): Record<string, Part> {
    const parts = withEffectsPart(configureHandlebarsParts(HandlebarsActorSheet, this, options), this.document);
    if (this.document.limited) return { header: parts.header!, limited: parts.limited! };
    delete parts.limited;
    return parts;
  }

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ActorSheetV2["_prepareContext"]>[0],
  ): Promise<ActorSheetRenderContext> {
    // Its parts include partials loaded at init (templates/loaded.ts).
    await templatesLoaded();
    const base = await super._prepareContext(options);
    const actor = this.document;
    const rulesetId = rulesetIdOf(actor.type);
    const system = actor.system as { biography?: unknown };
    const value = typeof system.biography === "string" ? system.biography : "";
    const enriched = await foundry.applications.ux.TextEditor.implementation.enrichHTML(value, {
      secrets: actor.isOwner,
      relativeTo: actor,
    });
    if (!this.tabGroups[TAB_GROUP]) this.tabGroups[TAB_GROUP] = this.sheetTabs[0]?.id ?? "items";
    const context = buildActorSheetContext(
      {
        id: actor.id ?? "",
        uuid: actor.uuid ?? "",
        name: actor.name,
        img: actor.img ?? "",
        type: actor.type,
        items: actor.items.contents.map((i) => ({
          id: i.id,
          name: i.name,
          img: i.img ?? null,
          type: i.type,
          sort: i.sort,
        })),
        system: actor.system,
        source: actor._source.system,
      },
      { editable: this.isEditable, limited: actor.limited, editMode: this.editMode },
      {
        rulesetId,
        rulesetItemTypes: getRuleset(rulesetId)?.itemTypes.map((t) => t.type) ?? [],
        tabs: this.sheetTabs,
        activeTab: this.tabGroups[TAB_GROUP],
        biography: { enriched, value },
      },
    );
    const effects = effectsContext(this, { tabbed: true, active: !!context.sheetTabs.effects?.active });
    return { ...base, ...context, effects, creation: creationOf(actor, this.isEditable) };
  }

  /** The header menu, with "open the creation guide again" once its owner closed it. */
  protected override _getHeaderControls() {
    const controls = super._getHeaderControls();
    const reopen = creationHeaderControl(this.document, this.isEditable);
    return reopen ? [...controls, reopen] : controls;
  }

  /** Fields an effect changes say where their value comes from. */
  protected override async _onRender(
    context: ActorSheetRenderContext,
    options: foundry.applications.sheets.ActorSheetV2.RenderOptions,
  ): Promise<void> {
    await super._onRender(context, options);
    markModified(this.element, context.effects.tooltips);
  }

  /** Screens the form: out-of-range values are refused (notified, dropped, re-rendered); arrays merge by index. */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): object {
    const expanded = super._processFormData(event, form, formData) as Record<string, unknown>;
    return screenForm(this, expanded);
  }

  /** Embeds a copy of an item unless it is already this actor's or belongs to another rule set. */
  async embedItem(item: { parent?: unknown; type: string; toObject(): object }): Promise<boolean> {
    const actor = this.document;
    if (item.parent === actor) return false;
    if (!canEmbed(actor.type, item.type, (t) => rulesetOfType(t)?.id)) {
      ui.notifications?.warn(game.i18n?.localize("QUINTETTE.Sheet.WrongRuleset") ?? "QUINTETTE.Sheet.WrongRuleset");
      return false;
    }
    await actor.createEmbeddedDocuments("Item", [item.toObject() as Item.CreateData]);
    return true;
  }

  /** Switches between play and edit mode (the header button and the keybinding). */
  async toggleMode(): Promise<void> {
    if (!this.isEditable) return;
    this.editMode = !this.editMode;
    await this.render();
  }

  static async #onToggleMode(this: QuintetteActorSheet) {
    await this.toggleMode();
  }

  static async #onRoll(this: QuintetteActorSheet, event: PointerEvent, target: HTMLElement) {
    const key = target.dataset.roll;
    if (!key) return;
    const itemId = rowItemId(target);
    await roll(this.document, key, { skipDialog: fastRollHeld(event), ...(itemId ? { itemId } : {}) });
  }
}

/** The owned item a roll button's row names (`data-item-id` on an ancestor); tests' plain targets have no ancestors. */
export function rowItemId(target: HTMLElement): string | undefined {
  const row = "closest" in target ? target.closest<HTMLElement>("[data-item-id]") : null;
  return row?.dataset.itemId || undefined;
}

/**
 * ActorSheetV2 handles drops itself (the `dropActorSheetData` hook, sorting, effects, folders) and hands a dropped
 * Item to `_onDropItem`, which working v13 systems override (draw-steel, daggerheart). Ours refuses an item of a
 * character the user does not own (an observer lifts nothing, `drag-start.ts`) or of another rule set, then lets
 * Foundry sort or create.
 */
async function onDropItem(
  this: QuintetteActorSheet,
  event: DragEvent,
  item: Item.Implementation,
): Promise<Item.Implementation | null> {
  if (liftedFromAnother(this.document, item)) return refuse("QUINTETTE.Sheet.NotYourItem");
  if (item.parent !== this.document && !canEmbed(this.document.type, item.type, (t) => rulesetOfType(t)?.id)) {
    return refuse("QUINTETTE.Sheet.WrongRuleset");
  }
  return baseDrops()._onDropItem.call(this, event, item);
}

/** A dropped effect: refused when lifted from another's character, else Foundry's (a copy on this actor). */
async function onDropActiveEffect(
  this: QuintetteActorSheet,
  event: DragEvent,
  effect: ActiveEffect.Implementation,
): Promise<ActiveEffect.Implementation | null> {
  if (liftedFromAnother(this.document, effect)) return refuse("QUINTETTE.Sheet.NotYourItem");
  return baseDrops()._onDropActiveEffect.call(this, event, effect);
}

function baseDrops(): ActorSheetDrops {
  return foundry.applications.sheets.ActorSheetV2.prototype as unknown as ActorSheetDrops;
}
function refuse(key: string): null {
  ui.notifications?.warn(game.i18n?.localize(key) ?? key);
  return null;
}

// ActorSheetV2's drop and drag members (`drag-start.ts`: only the owner or a GM drags from the sheet).
defineSheetMethods(QuintetteActorSheet.prototype, {
  _onDropItem: onDropItem,
  _onDropActiveEffect: onDropActiveEffect,
  _canDragStart: canDragStart,
  _onDragStart: onDragStart,
});

/** Shared by the actor and item sheets: screen an expanded form object against the document's system schema. */
export function screenForm(
  sheet: { document: { system: unknown; _source: { system?: unknown } }; render(): unknown },
  expanded: Record<string, unknown>,
): Record<string, unknown> {
  const system = sheet.document.system as { schema?: { getField(path: string | string[]): unknown } };
  const stored = (sheet.document._source.system ?? {}) as Record<string, unknown>;
  const merged =
    expanded.system && typeof expanded.system === "object"
      ? { ...expanded, system: mergeIndexedArrays(expanded.system as Record<string, unknown>, stored) }
      : expanded;
  const flat = foundry.utils.flattenObject(merged) as Record<string, unknown>;
  const i18n = {
    localize: (k: string) => game.i18n?.localize(k) ?? k,
    format: (k: string, d: Record<string, string | number>) =>
      game.i18n?.format(k, Object.fromEntries(Object.entries(d).map(([n, v]) => [n, String(v)]))) ?? k,
  };
  const { accepted, messages } = screenSubmission(flat, system.schema, i18n);
  if (messages.length) {
    notifyAll(messages);
    void sheet.render();
  }
  return foundry.utils.expandObject(accepted) as Record<string, unknown>;
}
