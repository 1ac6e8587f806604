/**
 * The archetype sheet: the shared actor sheet with a "Character" tab (archetype, reserve, traits within P, weakness,
 * temporary advantage, conditions), and the buttons of play (`api.ts`): ask a question, buy an advantage, see the
 * reserve.
 */
import { act } from "../api/rolls.ts";
import { QuintetteActorSheet } from "../sheets/actor-sheet.ts";
import { archetypeData, type ArchetypeDerived, MAX_CONDITIONS, MAX_TRAITS } from "./models.ts";
import { collectiveTokens } from "./settings.ts";
import { archetypeView } from "./view.ts";

export const ARCHETYPE_PART = "systems/quintette/templates/jetons/sheet/archetype.hbs";

function withoutItems<T>(parts: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(parts).filter(([id]) => id !== "items"));
}

/** The submitted form without the GM's fields (temporary advantage, conditions). */
export function withoutGMFields<T extends { system?: Record<string, unknown> }>(data: T): T {
  if (!data.system) return data;
  const { advantage: _advantage, conditions: _conditions, ...system } = data.system;
  return { ...data, system };
}

export class ArchetypeSheet extends QuintetteActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["jetons", "archetype"],
    position: { width: 640, height: 760 },
    actions: {
      askQuestion: ArchetypeSheet.#onAsk,
      buyAdvantage: ArchetypeSheet.#onBuy,
      openReserve: ArchetypeSheet.#onOpenReserve,
      addTrait: ArchetypeSheet.#onAddTrait,
      removeTrait: ArchetypeSheet.#onRemoveTrait,
      addCondition: ArchetypeSheet.#onAddCondition,
      removeCondition: ArchetypeSheet.#onRemoveCondition,
    },
  };
  // Jetons has no item types, so the sheet drops the shared items tab and part.
  static override PARTS = withoutItems(
    QuintetteActorSheet.composeParts({ jetons: { template: ARCHETYPE_PART, scrollable: [""] } }),
  );
  static override SHEET_TABS = [
    { id: "jetons", label: "QUINTETTE.Jetons.Sheet.Character", icon: "fa-solid fa-coins" },
    ...QuintetteActorSheet.SHEET_TABS.filter((tab) => tab.id !== "items"),
  ];

  protected override async _prepareContext(options: Parameters<QuintetteActorSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const system = archetypeData(this.document);
    if (!system) return context;
    const derived = (this.document.system as { derived: ArchetypeDerived }).derived;
    return {
      ...context,
      je: archetypeView(system, derived, {
        isGM: game.user?.isGM ?? false,
        collective: collectiveTokens(),
      }),
    };
  }

  /** A player's form never carries the advantage or the conditions: the GM gives and removes them. */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): object {
    const data = super._processFormData(event, form, formData) as { system?: Record<string, unknown> };
    return game.user?.isGM ? data : withoutGMFields(data);
  }

  static async #onAsk(this: ArchetypeSheet) {
    await act(this.document, "jeAsk");
  }

  /**
   * Reads what the advantage is from the field beside the button (`data-field`, unnamed: the sheet's form never
   * submits it); nothing is bought without it.
   */
  static async #onBuy(this: ArchetypeSheet, _event: PointerEvent, target: HTMLElement) {
    const input = target.closest(".je-play")?.querySelector<HTMLInputElement>('[data-field="buyText"]');
    const bought = await act(this.document, "jeBuy", { text: input?.value ?? "" });
    if (bought === true && input) input.value = "";
  }

  static async #onOpenReserve(this: ArchetypeSheet) {
    await act(this.document, "jeReserve");
  }

  static async #onAddTrait(this: ArchetypeSheet) {
    const system = archetypeData(this.document);
    if (!system || !this.isEditable || system.traits.length >= MAX_TRAITS) return;
    await this.document.update({ system: { traits: [...system.traits, { name: "", points: 1 }] } });
  }

  static async #onRemoveTrait(this: ArchetypeSheet, _event: PointerEvent, target: HTMLElement) {
    const system = archetypeData(this.document);
    const index = Number(target.dataset.index);
    if (!system || !this.isEditable) return;
    await this.document.update({ system: { traits: system.traits.filter((_, i) => i !== index) } });
  }

  static async #onAddCondition(this: ArchetypeSheet) {
    const system = archetypeData(this.document);
    if (!system || !this.isEditable || !game.user?.isGM || system.conditions.length >= MAX_CONDITIONS) return;
    await this.document.update({ system: { conditions: [...system.conditions, { name: "", permanent: false }] } });
  }

  static async #onRemoveCondition(this: ArchetypeSheet, _event: PointerEvent, target: HTMLElement) {
    const system = archetypeData(this.document);
    const index = Number(target.dataset.index);
    if (!system || !this.isEditable || !game.user?.isGM) return;
    await this.document.update({ system: { conditions: system.conditions.filter((_, i) => i !== index) } });
  }
}
