/**
 * Ahill-Mach sheets. Actors extend the shared base sheet (tabs, edit mode, items, biography, drops, range checks);
 * the item sheet extends the shared one (header, tabs, description, effects) with a details part.
 * Roll buttons (`data-action="roll" data-roll="…"`) and the rest and damage buttons go through `api.ts`.
 */
import { ahillmach } from "../../rules/index.ts";
import type { OpposantModel, PersonnageModel } from "./models.ts";
import { QuintetteActorSheet } from "../sheets/actor-sheet.ts";
import { act } from "../api/rolls.ts";
import { actorOfCombatant, hasMarker } from "./combat.ts";
import { hpAfterEdit, metiersOf } from "./derive.ts";
import { lastTickedAfter } from "./sheet-form.ts";
import {
  itemSheetData,
  opposantSheetData,
  personnageSheetData,
  type ConflictFacts,
  type MoveItemFacts,
} from "./sheet-context.ts";
import { missingMoves, moveItemData } from "./compendium.ts";
import { QuintetteItemSheet } from "../sheets/item-sheet.ts";
import type { SheetTabSpec } from "../sheets/context.ts";

type Part = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

// The rule set's localization prefix, as card.ts has it.
const K = (key: string) => `QUINTETTE.AhillMach.${key}`;

const T = "systems/quintette/templates/ahillmach/sheets";
export const SHEET_TEMPLATES = {
  personnage: `${T}/personnage-main.hbs`,
  opposant: `${T}/opposant-main.hbs`,
  item: `${T}/item.hbs`,
} as const;
/** The item sheet's own tab, before the shared description and effects tabs. */
export const ITEM_TABS: SheetTabSpec[] = [
  { id: "details", label: "QUINTETTE.Sheet.Tabs.Details", icon: "fa-solid fa-list" },
];

/** Whether the actor is in the active combat, and whether its side holds the initiative there. */
export function conflictFacts(actor: { uuid: string | null }): ConflictFacts {
  const combat = game.combat;
  const mine = combat?.combatants.contents.find(
    (c) => (actorOfCombatant(c) as { uuid?: string } | null)?.uuid === actor.uuid,
  );
  return { inConflict: !!mine, holds: mine ? hasMarker(mine) : false };
}

function moveFacts(actor: Actor.Implementation): MoveItemFacts[] {
  return actor.items.contents
    .filter((i) => i.type === "am-action")
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || (a.name ?? "").localeCompare(b.name ?? ""))
    .map((i) => {
      const s = i.system as { moveId: string; characteristic: string };
      return {
        id: i.id ?? "",
        name: i.name ?? "",
        img: i.img ?? "",
        moveId: s.moveId,
        characteristic: s.characteristic,
      };
    });
}

/**
 * A submission that changes the maximum HP (class, CON, level; tier, size, CON) and leaves HP alone keeps a
 * creature at full health at full health, so a new character's HP follow the class and CON picked on the sheet.
 */
function withFullHpKept(
  actor: Actor.Implementation,
  data: { system?: Record<string, unknown> },
): { system?: Record<string, unknown> } {
  if (!data.system) return data;
  const hp = (actor.system as { hp: { value: number; max: number } }).hp;
  const source = actor._source.system as Record<string, unknown>;
  const value = hpAfterEdit(actor.type, { system: source, hp: hp.value, max: hp.max }, data.system);
  if (value === null) return data;
  const submittedHp = (data.system.hp ?? {}) as Record<string, unknown>;
  return { ...data, system: { ...data.system, hp: { ...submittedHp, value } } };
}

export class PersonnageSheet extends QuintetteActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["ahillmach", "personnage"],
    position: { width: 760, height: 820 },
    actions: { amAddMoves: PersonnageSheet.#onAddMoves, amRest: PersonnageSheet.#onRest },
  };

  static override PARTS: Record<string, Part> = QuintetteActorSheet.composeParts({
    main: { template: SHEET_TEMPLATES.personnage, scrollable: [""] },
  });

  static override SHEET_TABS = [
    { id: "main", label: K("Sheet.Main"), icon: "fa-solid fa-user-shield" },
    ...QuintetteActorSheet.SHEET_TABS,
  ];

  protected override async _prepareContext(
    options: Parameters<QuintetteActorSheet["_prepareContext"]>[0],
  ): ReturnType<QuintetteActorSheet["_prepareContext"]> {
    const context = await super._prepareContext(options);
    const system = this.document.system as PersonnageModel;
    return Object.assign(context, {
      ahillmach: personnageSheetData(system, moveFacts(this.document), conflictFacts(this.document)),
    });
  }

  /** Ticking a state makes it the last ticked (the fainting test's characteristic), as the rules read it. */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): object {
    const data = super._processFormData(event, form, formData) as { system?: Record<string, unknown> };
    const states = data.system?.states;
    if (data.system && states && typeof states === "object") {
      const stored = this.document.system as PersonnageModel;
      const last = lastTickedAfter(stored.states, stored.lastTicked, states as Record<string, unknown>);
      if (last !== null) data.system.lastTicked = last;
    }
    return withFullHpKept(this.document, data);
  }

  static async #onRest(this: PersonnageSheet): Promise<void> {
    if (this.isEditable) await act(this.document, "amRest");
  }

  /** Adds the rules moves the character lacks, in the user's language. */
  static async #onAddMoves(this: PersonnageSheet): Promise<void> {
    const missing = new Set(missingMoves(this.document.items.contents));
    const lang = game.i18n?.lang === "en" ? "en" : "fr";
    const data = ahillmach.MOVES.filter((m) => missing.has(m.id)).map((m) => moveItemData(m, lang));
    // Plain item data of a registered sub-type; Item.CreateData wants the system typed per sub-type.
    if (data.length) await this.document.createEmbeddedDocuments("Item", data as Item.CreateData[]);
  }
}

export class OpposantSheet extends QuintetteActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["ahillmach", "opposant"],
    position: { width: 680, height: 720 },
    actions: { amDamage: OpposantSheet.#onDamage },
  };

  static override PARTS: Record<string, Part> = QuintetteActorSheet.composeParts({
    main: { template: SHEET_TEMPLATES.opposant, scrollable: [""] },
  });

  static override SHEET_TABS = [
    { id: "main", label: K("Sheet.Profile"), icon: "fa-solid fa-skull" },
    ...QuintetteActorSheet.SHEET_TABS,
  ];

  protected override async _prepareContext(
    options: Parameters<QuintetteActorSheet["_prepareContext"]>[0],
  ): ReturnType<QuintetteActorSheet["_prepareContext"]> {
    const context = await super._prepareContext(options);
    const system = this.document.system as OpposantModel;
    const enrichedActions = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      (system as { actions?: string }).actions ?? "",
      { secrets: this.document.isOwner, relativeTo: this.document },
    );
    return Object.assign(context, {
      ahillmach: {
        ...opposantSheetData(
          system,
          conflictFacts(this.document),
          game.i18n?.lang ?? "fr",
          metiersOf(this.document.items.contents),
        ),
        actions: { enriched: enrichedActions, value: (system as { actions?: string }).actions ?? "" },
      },
    });
  }

  /** Changing tier, size or CON keeps an unhurt opponent at full health. */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): object {
    const data = super._processFormData(event, form, formData) as { system?: Record<string, unknown> };
    return withFullHpKept(this.document, data);
  }

  /** The opponent's damage die into a damage card (`api.ts`). */
  static async #onDamage(this: OpposantSheet) {
    await act(this.document, "amDamage");
  }
}

/** The shared item sheet with this rule set's details tab (one part for the three item types). */
export class AhillMachItemSheet extends QuintetteItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["ahillmach"],
    position: { width: 560, height: 640 },
  };

  static override PARTS: Record<string, Part> = QuintetteItemSheet.composeParts({
    details: { template: SHEET_TEMPLATES.item, scrollable: [""] },
  });

  static override SHEET_TABS = [...ITEM_TABS, ...QuintetteItemSheet.SHEET_TABS];

  protected override async _prepareContext(options: Parameters<QuintetteItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const item = this.document;
    // Fields are live in edit mode only (the shared play/edit toggle); the description is the shared part's.
    return Object.assign(context, {
      am: itemSheetData(
        { id: item.id, name: item.name, img: item.img ?? null, type: item.type, system: item.system },
        context.editMode,
        context.description.enriched,
      ),
    });
  }
}
