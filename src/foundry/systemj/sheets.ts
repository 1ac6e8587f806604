/**
 * SYSTEMJ sheets. The actor sheet extends the shared base sheet (header, tabs, edit/play mode, biography, drops,
 * validation) with a main tab (attributes, skills, special skills, combat) and the hand of cards; the item sheet is
 * a card, its colour set by the card's family.
 */
import type { systemj } from "../../rules/index.ts";
import { QuintetteActorSheet, rowItemId } from "../sheets/actor-sheet.ts";
import { QuintetteItemSheet } from "../sheets/item-sheet.ts";
import type { SheetTabSpec } from "../sheets/context.ts";
import { EFFECTS_PART, EFFECTS_TAB } from "../effects/sheet.ts";
import { roll } from "../api/rolls.ts";
import { fastRollHeld } from "../api/keybindings.ts";
import { systemOf } from "./fighters.ts";
import { SystemJCreatureModel } from "./models.ts";
import { itemCardContext, systemjActorContext, type ActorData, type CardItem } from "./sheet-context.ts";
import { worldSpecials } from "./settings.ts";

type Part = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;
import { ACTOR_PARTS, ITEM_CARD } from "./sheet-paths.ts";

export { ACTOR_PARTS, ITEM_CARD };

function plainItems(items: Iterable<Item.Implementation>): CardItem[] {
  return [...items].map((i) => ({
    id: i.id ?? "",
    name: i.name ?? "",
    img: i.img ?? "icons/svg/item-bag.svg",
    type: i.type,
    system: (i.system ?? {}) as Record<string, unknown>,
  }));
}

function composeActorParts(): Record<string, Part> {
  const parts = QuintetteActorSheet.composeParts({
    main: { template: ACTOR_PARTS.main, scrollable: [""] },
    cards: { template: ACTOR_PARTS.cards, scrollable: [""] },
  });
  // The hand of cards replaces the generic item list.
  delete parts.items;
  return parts;
}

export class SystemJActorSheet extends QuintetteActorSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["systemj"],
    position: { width: 760, height: 820 },
    actions: {
      attack: SystemJActorSheet.#onAttack,
      toggleEquip: SystemJActorSheet.#onToggleEquip,
    },
  };

  static override PARTS: Record<string, Part> = composeActorParts();

  static override SHEET_TABS = [
    { id: "main", label: "QUINTETTE.SystemJ.Sheet.Tabs.Main", icon: "fa-solid fa-user" },
    { id: "cards", label: "QUINTETTE.SystemJ.Sheet.Tabs.Cards", icon: "fa-solid fa-layer-group" },
    EFFECTS_TAB,
    { id: "biography", label: "QUINTETTE.Sheet.Tabs.Biography", icon: "fa-solid fa-feather" },
  ];

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ActorSheetV2["_prepareContext"]>[0],
  ): Promise<Awaited<ReturnType<QuintetteActorSheet["_prepareContext"]>>> {
    const context = await super._prepareContext(options);
    const model = systemOf(this.document);
    if (!model) return context;
    const data: ActorData = {
      attributes: { ...model.attributes },
      // The schema's skill set depends on the entity (no language for créatures): read it as a partial record.
      skills: { ...(model.skills as Partial<Record<systemj.GenericSkillId, number>>) },
      specials: model.specials.map((s) => ({ name: s.name, score: s.score })),
      hitPoints: { ...model.hitPoints },
      armourPoints: { ...model.armourPoints },
      role: model.role,
      languages: model.languages,
    };
    const entity = model instanceof SystemJCreatureModel ? "creature" : "personnage";
    return Object.assign(
      context,
      systemjActorContext(data, entity, plainItems(this.document.items), worldSpecials(), model.armourFromCards),
    );
  }

  /** An attack button: its `data-roll` key (`attack.<mode>`) with the row's weapon card, as a roll button does. */
  static async #onAttack(this: SystemJActorSheet, event: PointerEvent, target: HTMLElement) {
    const itemId = rowItemId(target);
    const mode = target.dataset.mode;
    const key = target.dataset.roll ?? (mode ? `attack.${mode}` : "attack");
    await roll(this.document, key, { skipDialog: fastRollHeld(event), ...(itemId ? { itemId } : {}) });
  }

  static async #onToggleEquip(this: SystemJActorSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const item = this.document.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
    const model = systemOf(this.document);
    if (item?.id && model) await model.equip(item.id);
  }
}

/** A card-shaped item sheet: the card's face (family, kind, art, name, stats) and its text, in one part. */
export class SystemJItemSheet extends QuintetteItemSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["systemj", "sj-card-sheet"],
    position: { width: 380, height: 640 },
  };

  static override PARTS: Record<string, Part> = {
    card: { template: ITEM_CARD, scrollable: [".sj-card-text"] },
    effects: { template: EFFECTS_PART },
  };

  static override SHEET_TABS: SheetTabSpec[] = [];

  // A card has no play/edit toggle: whoever may edit it edits it in place (the art button needs edit mode).
  override editMode = true;

  protected override async _prepareContext(options: Parameters<QuintetteItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const item = this.document;
    const card = itemCardContext(
      { id: item.id ?? "", name: item.name ?? "", img: item.img ?? "", type: item.type, system: cardSystem(item) },
      { editable: context.editable, owner: item.parent?.name ?? null },
    );
    return { ...context, ...card, uuid: item.uuid };
  }

  /**
   * Ticking "En main" on an owned armour card does what the actor sheet's hand button does to the armour points.
   * The return type is left to inference: v13 resolves void, v14 the submit result.
   */
  protected override async _processSubmitData(...args: Parameters<QuintetteItemSheet["_processSubmitData"]>) {
    const item = this.document;
    const equipped = (args[2] as { system?: { equipped?: unknown } }).system?.equipped;
    const model = systemOf(item.actor);
    const armour = model && typeof equipped === "boolean" ? model.armourOnEquip(item, equipped) : null;
    const result = await super._processSubmitData(...args);
    await model?.writeArmour(armour);
    return result;
  }
}

function cardSystem(item: Item.Implementation): Record<string, unknown> {
  return (item.system ?? {}) as Record<string, unknown>;
}
