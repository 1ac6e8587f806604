/**
 * Context preparation of the base sheets, pure: sheets pass plain facts about the document and the viewer, and get
 * back exactly what the templates read. The gallery fixtures call the same functions, so a fixture proves the real
 * context fits the template.
 */

export interface SheetTabSpec {
  id: string;
  /** Localization key. */
  label: string;
  /** Font Awesome classes. */
  icon: string;
}

export interface SheetTab extends SheetTabSpec {
  group: string;
  active: boolean;
  /** `active` or empty: on the tab link and on the part's section. */
  cssClass: string;
}

import { TAB_GROUP } from "./embed.ts";

export { TAB_GROUP, canEmbed } from "./embed.ts";

/** Tabs with the active one marked; an unknown active id falls back to the first tab. */
export function prepareTabs(specs: readonly SheetTabSpec[], activeId: string | undefined): Record<string, SheetTab> {
  const active = specs.some((t) => t.id === activeId) ? activeId : specs[0]?.id;
  const tabs: Record<string, SheetTab> = {};
  for (const spec of specs) {
    const on = spec.id === active;
    tabs[spec.id] = { ...spec, group: TAB_GROUP, active: on, cssClass: on ? "active" : "" };
  }
  return tabs;
}

export interface OwnedItemLike {
  id: string | null;
  name: string;
  img: string | null;
  type: string;
  sort?: number;
}

export interface ItemRow {
  id: string;
  name: string;
  img: string;
  type: string;
}

export interface ItemGroup {
  type: string;
  /** Localization key of the type's plural heading (`TYPES.Item.tr-arme`). */
  label: string;
  items: ItemRow[];
  /** The type belongs to the actor's rule set: the group shows its create button in edit mode. */
  canCreate: boolean;
  empty: boolean;
}

const DEFAULT_ITEM_IMG = "icons/svg/item-bag.svg";

/**
 * Owned items grouped by type: first the rule set's item types in their declared order (empty ones too, so edit mode
 * can create one), then any other type the actor happens to own (from another rule set), alphabetically.
 */
export function groupItems(items: Iterable<OwnedItemLike>, rulesetItemTypes: readonly string[]): ItemGroup[] {
  const byType = new Map<string, ItemRow[]>();
  const sorted = [...items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name));
  for (const item of sorted) {
    if (!item.id) continue;
    const rows = byType.get(item.type) ?? [];
    rows.push({ id: item.id, name: item.name, img: item.img || DEFAULT_ITEM_IMG, type: item.type });
    byType.set(item.type, rows);
  }
  const others = [...byType.keys()].filter((t) => !rulesetItemTypes.includes(t)).sort();
  return [...rulesetItemTypes, ...others].map((type) => {
    const rows = byType.get(type) ?? [];
    return {
      type,
      label: `TYPES.Item.${type}`,
      items: rows,
      canCreate: rulesetItemTypes.includes(type),
      empty: rows.length === 0,
    };
  });
}

export interface ActorFacts {
  id: string;
  uuid: string;
  name: string;
  img: string;
  type: string;
  items: Iterable<OwnedItemLike>;
  /** `system` as the templates read it (data model instance or plain). */
  system: unknown;
  /** Stored values, for inputs in edit mode. */
  source: unknown;
}

export interface ViewerFacts {
  /** The viewer may edit (owner or GM, sheet not locked). */
  editable: boolean;
  /** Limited permission: reduced sheet. */
  limited: boolean;
  /** Edit mode toggled on (meaningful only when editable). */
  editMode: boolean;
}

export interface ActorSheetOptions {
  rulesetId: string;
  rulesetItemTypes: readonly string[];
  tabs: readonly SheetTabSpec[];
  activeTab?: string;
  /** Biography as enriched HTML (TextEditor.enrichHTML), and its stored source. */
  biography: { enriched: string; value: string };
}

export interface ActorSheetContext {
  actor: { id: string; uuid: string; name: string; img: string; type: string };
  system: unknown;
  systemSource: unknown;
  typeLabel: string;
  rulesetClass: string;
  editable: boolean;
  editMode: boolean;
  playMode: boolean;
  limited: boolean;
  /** Label and icon of the play/edit toggle. */
  modeToggle: { label: string; icon: string; pressed: boolean };
  sheetTabs: Record<string, SheetTab>;
  tabList: SheetTab[];
  itemGroups: ItemGroup[];
  biography: { enriched: string; value: string; field: string; empty: boolean };
}

export function buildActorSheetContext(
  actor: ActorFacts,
  viewer: ViewerFacts,
  options: ActorSheetOptions,
): ActorSheetContext {
  const editMode = viewer.editable && viewer.editMode && !viewer.limited;
  const tabs = viewer.limited ? {} : prepareTabs(options.tabs, options.activeTab);
  return {
    actor: { id: actor.id, uuid: actor.uuid, name: actor.name, img: actor.img, type: actor.type },
    system: actor.system,
    systemSource: actor.source,
    typeLabel: `TYPES.Actor.${actor.type}`,
    rulesetClass: options.rulesetId,
    editable: viewer.editable && !viewer.limited,
    editMode,
    playMode: !editMode,
    limited: viewer.limited,
    modeToggle: editMode
      ? { label: "QUINTETTE.Sheet.PlayMode", icon: "fa-solid fa-dice-d20", pressed: true }
      : { label: "QUINTETTE.Sheet.EditMode", icon: "fa-solid fa-pen-to-square", pressed: false },
    sheetTabs: tabs,
    tabList: Object.values(tabs),
    itemGroups: viewer.limited ? [] : groupItems(actor.items, options.rulesetItemTypes),
    biography: {
      enriched: options.biography.enriched,
      value: options.biography.value,
      field: "system.biography",
      empty: !options.biography.value.trim(),
    },
  };
}

export interface ItemFacts {
  id: string;
  uuid: string;
  name: string;
  img: string;
  type: string;
  system: unknown;
  source: unknown;
  /** Name of the owning actor, when embedded. */
  ownerName: string | null;
}

export interface ItemSheetContext {
  item: { id: string; uuid: string; name: string; img: string; type: string };
  system: unknown;
  systemSource: unknown;
  typeLabel: string;
  rulesetClass: string;
  ownerName: string | null;
  editable: boolean;
  editMode: boolean;
  playMode: boolean;
  limited: boolean;
  modeToggle: { label: string; icon: string; pressed: boolean };
  sheetTabs: Record<string, SheetTab>;
  tabList: SheetTab[];
  description: { enriched: string; value: string; field: string; empty: boolean };
}

export function buildItemSheetContext(
  item: ItemFacts,
  viewer: ViewerFacts,
  options: {
    rulesetId: string;
    tabs: readonly SheetTabSpec[];
    activeTab?: string;
    description: { enriched: string; value: string };
  },
): ItemSheetContext {
  const editMode = viewer.editable && viewer.editMode && !viewer.limited;
  const tabs = viewer.limited ? {} : prepareTabs(options.tabs, options.activeTab);
  return {
    item: { id: item.id, uuid: item.uuid, name: item.name, img: item.img, type: item.type },
    system: item.system,
    systemSource: item.source,
    typeLabel: `TYPES.Item.${item.type}`,
    rulesetClass: options.rulesetId,
    ownerName: item.ownerName,
    editable: viewer.editable && !viewer.limited,
    editMode,
    playMode: !editMode,
    limited: viewer.limited,
    modeToggle: editMode
      ? { label: "QUINTETTE.Sheet.PlayMode", icon: "fa-solid fa-eye", pressed: true }
      : { label: "QUINTETTE.Sheet.EditMode", icon: "fa-solid fa-pen-to-square", pressed: false },
    sheetTabs: tabs,
    tabList: Object.values(tabs),
    description: {
      enriched: options.description.enriched,
      value: options.description.value,
      field: "system.description",
      empty: !options.description.value.trim(),
    },
  };
}
